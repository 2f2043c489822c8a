/**
 * What differs between two settings (a run's, a preset's, a variant's), in plain words:
 * "Dot spacing: 14 → 18", "Stretch 4 (levels 50–96), fewest taps: 4 → 5". Labels come from
 * the game's `fields` (Game.fields); a rule without one is named by its path. Each line keeps
 * its path, so a screen can link it to the field. Pure.
 */
import type { FieldInfo } from '../game';
import type { AnyGame } from '../games/index';

export interface DiffLine {
  /** The setting's path, as a variant change names it: `rules.spacing`, `plan.3.taps`. */
  field: string;
  /** The whole line in words. */
  text: string;
  a: unknown;
  b: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as a designer reads it. */
export function plainValue(v: unknown): string {
  if (v === undefined || v === null) return 'not set';
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(6)));
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) {
    const shown = v.slice(0, 12).map(plainValue).join(', ');
    return v.length > 12 ? `${shown}, … (${v.length} values)` : shown;
  }
  if (isPlainObject(v))
    return Object.entries(v)
      .map(([k, x]) => `${k} ${plainValue(x)}`)
      .join(', ');
  return String(v);
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A rule's name: its own label, with its parent group's label when the own one is generic ("Small dot radius"). */
function ruleName(fields: Record<string, FieldInfo>, path: string[]): string {
  const key = path.join('.');
  const own = fields[key]?.label;
  if (path.length > 1) {
    const parent = fields[path.slice(0, -1).join('.')]?.label;
    if (parent && own) return `${parent} ${own.charAt(0).toLowerCase()}${own.slice(1)}`;
    if (parent) return `${parent}: ${path[path.length - 1]}`;
  }
  return own ?? key;
}

/** Every leaf that differs between two JSON values, as paths (objects are walked; lists and numbers are leaves). */
function leafDiffs(
  a: unknown,
  b: unknown,
  path: string[],
  out: { path: string[]; a: unknown; b: unknown }[],
): void {
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) leafDiffs(a[k], b[k], [...path, k], out);
    return;
  }
  if (!sameValue(a, b)) out.push({ path, a, b });
}

function line(field: string, name: string, a: unknown, b: unknown): DiffLine {
  return { field, text: `${name}: ${plainValue(a)} → ${plainValue(b)}`, a, b };
}

/** The lines that differ between settings `a` and `b` of one game (empty when they are the same). */
export function settingsDiff(
  game: AnyGame,
  a: { plan: unknown; rules: unknown },
  b: { plan: unknown; rules: unknown },
): DiffLine[] {
  const fields = game.fields ?? { rules: {}, plan: {} };
  const out: DiffLine[] = [];
  const rules: { path: string[]; a: unknown; b: unknown }[] = [];
  leafDiffs(a.rules, b.rules, [], rules);
  for (const d of rules)
    out.push(line(['rules', ...d.path].join('.'), ruleName(fields.rules, d.path), d.a, d.b));

  const rowsA = Array.isArray(a.plan) ? (a.plan as unknown[]) : [];
  const rowsB = Array.isArray(b.plan) ? (b.plan as unknown[]) : [];
  const stagesA = safeStages(game, a.plan),
    stagesB = safeStages(game, b.plan);
  const Stage = game.words.stage.charAt(0).toUpperCase() + game.words.stage.slice(1);
  const rowName = (i: number): string => {
    const s = stagesA[i] ?? stagesB[i];
    return `${Stage} ${i + 1}${s ? ` (level${s.first === s.last ? ` ${s.first}` : `s ${s.first}–${s.last}`})` : ''}`;
  };
  for (let i = 0; i < Math.max(rowsA.length, rowsB.length); i++) {
    const ra = rowsA[i],
      rb = rowsB[i];
    if (ra === undefined || rb === undefined) {
      const s = (ra === undefined ? stagesB : stagesA)[i];
      const where = s ? ` (levels ${s.first}–${s.last})` : '';
      out.push({
        field: `plan.${i}`,
        text: `${Stage} ${i + 1}${where}: only in ${ra === undefined ? 'B' : 'A'}`,
        a: ra ?? null,
        b: rb ?? null,
      });
      continue;
    }
    const diffs: { path: string[]; a: unknown; b: unknown }[] = [];
    leafDiffs(ra, rb, [], diffs);
    for (const d of diffs) {
      const label = fields.plan[d.path.join('.')]?.label ?? d.path.join('.');
      out.push(
        line(
          ['plan', String(i), ...d.path].join('.'),
          `${rowName(i)}, ${label.charAt(0).toLowerCase()}${label.slice(1)}`,
          d.a,
          d.b,
        ),
      );
    }
  }
  return out;
}

function safeStages(game: AnyGame, plan: unknown): { first: number; last: number }[] {
  try {
    return game.stages(plan);
  } catch {
    return [];
  }
}
