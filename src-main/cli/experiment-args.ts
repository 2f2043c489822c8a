/**
 * Reading the `experiment` command's flags: seeds as ranges ("1-8", "3,7,11-13"), variants
 * from --vary PATH=V1,V2,V3 (each value one variant; several --vary flags are zipped, and a
 * flag with one value applies to every variant), quick slots as level numbers. Each problem
 * is a CliInputError naming the flag, so the command exits 2 before anything is stored.
 */
import { readFieldValue } from '../../src-shared/schema/field-value';

export class CliInputError extends Error {
  constructor(
    readonly flag: string,
    message: string,
  ) {
    super(`${flag}: ${message}`);
    this.name = 'CliInputError';
  }
}

/** "1-8,12" -> [1..8, 12], in the order written; a seed twice is refused. */
export function parseNumberList(
  flag: string,
  text: string,
  opts: { min: number; max: number; most: number; what: string },
): number[] {
  const out: number[] = [];
  for (const part of text.split(',').map((s) => s.trim())) {
    const m = /^(\d+)(?:\s*[-–]\s*(\d+))?$/.exec(part);
    if (!m) throw new CliInputError(flag, `takes ${opts.what}s like 1-8 or 3,7,11, not "${part}"`);
    const a = Number(m[1]),
      b = m[2] === undefined ? a : Number(m[2]);
    if (b < a) throw new CliInputError(flag, `"${part}" runs backwards`);
    if (a < opts.min || b > opts.max)
      throw new CliInputError(flag, `${opts.what}s must be from ${opts.min} to ${opts.max}, not "${part}"`);
    if (b - a + 1 + out.length > opts.most)
      throw new CliInputError(flag, `at most ${opts.most} ${opts.what}s`);
    for (let v = a; v <= b; v++) {
      if (out.includes(v)) throw new CliInputError(flag, `names ${opts.what} ${v} twice`);
      out.push(v);
    }
  }
  return out;
}

/** Split on commas outside brackets, braces and quotes ({"radius":20,"reach":70} stays one value). */
export function splitValues(text: string): string[] {
  const out: string[] = [];
  let depth = 0,
    quoted = false,
    cur = '';
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '{' || ch === '[')) depth++;
    else if (!quoted && (ch === '}' || ch === ']')) depth--;
    if (ch === ',' && depth === 0 && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim());
}

export interface VariantSpec {
  name: string;
  changes: Record<string, unknown>;
}

/** --vary flags to variants: PATH=V1,V2 gives one variant per value; several flags are zipped. */
export function parseVary(flags: readonly string[], maxVariants: number): VariantSpec[] {
  if (flags.length === 0)
    throw new CliInputError('--vary', 'needs at least one change, e.g. --vary rules.spacing=14,18,22');
  const parsed = flags.map((f) => {
    const eq = f.indexOf('=');
    if (eq <= 0)
      throw new CliInputError('--vary', `takes PATH=VALUE[,VALUE...] (e.g. rules.spacing=14,18), not "${f}"`);
    const path = f.slice(0, eq).trim();
    const values = splitValues(f.slice(eq + 1));
    if (values.some((v) => v === '')) throw new CliInputError(`--vary ${path}`, 'has an empty value');
    // Each value read as the studio reads a field it does not know the type of (numbers,
    // true/false and JSON as such, else text); the API then checks it against the game's schemas.
    const read = values.map((v) => readFieldValue('any', v, path));
    const bad = read.find((r) => !r.ok);
    if (bad && !bad.ok) throw new CliInputError(`--vary ${path}`, bad.message);
    return { path, values: read.map((r) => (r.ok ? r.value : undefined)), texts: values };
  });
  const count = Math.max(...parsed.map((p) => p.values.length));
  if (count > maxVariants)
    throw new CliInputError(
      `--vary ${parsed.find((p) => p.values.length === count)!.path}`,
      `gives ${count} values; an experiment holds at most ${maxVariants} variants`,
    );
  for (const p of parsed) {
    if (p.values.length !== 1 && p.values.length !== count) {
      throw new CliInputError(
        `--vary ${p.path}`,
        `gives ${p.values.length} values; every --vary gives one value or ${count} (one per variant)`,
      );
    }
  }
  const seen = new Set<string>();
  for (const p of parsed) {
    if (seen.has(p.path)) throw new CliInputError(`--vary ${p.path}`, 'is given twice');
    seen.add(p.path);
  }
  return Array.from({ length: count }, (_, i) => {
    const changes: Record<string, unknown> = {};
    const name: string[] = [];
    for (const p of parsed) {
      const k = p.values.length === 1 ? 0 : i;
      changes[p.path] = p.values[k];
      name.push(`${p.path.replace(/^rules\./, '')}=${p.texts[k]}`);
    }
    return { name: name.join(' ').slice(0, 60), changes };
  });
}

/**
 * One refused field of experiments.create as a line naming the flag that set it: "--vary
 * rules.spacing (variant 2): must be at least 0", "--slots: level 10 is past the base's plan,
 * which has levels 1-4". The API's dotted field ("variants.1.changes.rules.spacing") is never printed.
 */
export function flagProblem(f: { field: string; message: string; label?: string }): string {
  const change = /^variants\.(\d+)\.changes\.(.+)$/.exec(f.field);
  if (change) return `--vary ${change[2]} (variant ${Number(change[1]) + 1}): ${f.message}`;
  const arm = /^(?:variants\.(\d+)|base)\.(rules|plan)\b/.exec(f.field);
  if (arm)
    return `--vary (${arm[1] === undefined ? 'the base' : `variant ${Number(arm[1]) + 1}`}): ${
      f.label ??
      f.field
        .split('.')
        .slice(arm[1] === undefined ? 1 : 2)
        .join('.')
    } ${f.message}`;
  const flags: [RegExp, string][] = [
    [/^seeds\b/, '--seeds'],
    [/^base\.levels$/, '--levels'],
    [/^base\.runId$/, '--base-run'],
    [/^base$/, '--game'],
    [/^scope\.slots\b/, '--slots'],
    [/^scope\.candidates$/, '--candidates'],
    [/^scope$/, '--slots'],
    [/^name$/, '--name'],
    [/^variants(\.\d+)?$/, '--vary'],
  ];
  const flag = flags.find(([re]) => re.test(f.field))?.[1];
  if (flag) return `${flag}: ${f.label ? `${f.label} ` : ''}${f.message}`;
  return `${f.label ?? f.field}: ${f.message}`;
}
