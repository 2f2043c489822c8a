/**
 * Pack I/O shared by every game: stable serialisation (same object → same bytes) and
 * schema errors that name the level and the field.
 */
import { z } from 'zod';
import { designerErrorMap } from '../schema/designer-errors';
import { seedSchema } from '../schema/seed';
import { parseJsonStrict } from '../strict-json';

/**
 * The envelope every game's pack shares: format, version, seed, rules, plan and the levels.
 * Extra fields are allowed at every level (the spec's packs may carry more).
 */
export function packSchema<R extends z.ZodType, P extends z.ZodType, L extends z.ZodType>(
  format: string,
  version: number,
  rules: R,
  plan: P,
  level: L,
) {
  return z.looseObject({
    format: z.literal(format),
    version: z.literal(version),
    // The one seed domain (schema/seed.ts): a pack with a negative or fractional seed is refused.
    seed: seedSchema,
    rules,
    plan,
    levels: z.array(level),
  });
}

export class PackFormatError extends Error {
  constructor(
    message: string,
    readonly problems: { level: number | null; field: string; message: string }[],
  ) {
    super(message);
    this.name = 'PackFormatError';
  }
}

/**
 * Serialise a pack: two-space indentation, object keys in insertion order (codecs build
 * objects in a fixed order), a trailing newline. Non-finite numbers are refused.
 */
export function stringifyPack(pack: unknown): string {
  return (
    JSON.stringify(
      pack,
      (key, value: unknown) => {
        if (typeof value === 'number' && !Number.isFinite(value)) {
          throw new Error(`pack field "${key}" is not a finite number`);
        }
        return value;
      },
      2,
    ) + '\n'
  );
}

/** Round to d decimals in a way that is stable across platforms for our value ranges. */
export function roundTo(x: number, d: number): number {
  const f = 10 ** d;
  const r = Math.round(x * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

/**
 * Parse JSON text, with an error that says where it broke. As import reads a pack: one
 * leading BOM is skipped, and a key twice in one object is refused, naming it.
 */
export function parseJsonText(text: string, source = 'pack'): unknown {
  const parsed = parseJsonStrict(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (parsed.ok) return parsed.value;
  throw new PackFormatError(`${source} ${parsed.problem}`, [
    { level: null, field: '(file)', message: parsed.problem },
  ]);
}

/** Turn a zod path such as ['levels', 3, 'dots', 2, 'size'] into "level 4: dots[2].size". */
export function describeIssuePath(
  path: readonly PropertyKey[],
  levels: unknown,
): { level: number | null; field: string } {
  let level: number | null = null;
  let rest = path;
  if (path[0] === 'levels' && typeof path[1] === 'number') {
    const raw = Array.isArray(levels) ? (levels[path[1]] as { level?: unknown } | undefined) : undefined;
    level = raw && typeof raw.level === 'number' ? raw.level : path[1] + 1;
    rest = path.slice(2);
  }
  let field = '';
  for (const p of rest) {
    if (typeof p === 'number') field += `[${p}]`;
    else field += field ? `.${String(p)}` : String(p);
  }
  return { level, field: field || '(root)' };
}

/** Validate a pack object with a schema; throw PackFormatError listing every problem. */
export function parseWithSchema<T>(schema: z.ZodType<T>, json: unknown, format: string): T {
  // Problems in a designer's words ("must be a finite number"), never zod's own.
  const result = schema.safeParse(json, { error: designerErrorMap });
  if (result.success) return result.data;
  const levels = (json as { levels?: unknown } | null)?.levels;
  const problems = result.error.issues.map((issue) => {
    const where = describeIssuePath(issue.path, levels);
    return { ...where, message: issue.message };
  });
  const lines = problems.map(
    (p) => `${p.level === null ? 'pack' : `level ${p.level}`}: ${p.field}: ${p.message}`,
  );
  throw new PackFormatError(`malformed ${format}:\n  ${lines.join('\n  ')}`, problems);
}
