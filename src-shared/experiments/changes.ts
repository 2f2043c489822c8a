/**
 * A variant's changes: paths like `rules.spacing`, `rules.sizes.small.radius`, `plan.3.taps`
 * (plan rows 0-based, as every other plan field is named) laid over a base's rules and plan.
 * Each path is walked against the game's schemas before anything runs, so a misspelt rule is
 * named with the rule it most likely meant, a row past the plan's end names the rows it has,
 * and a value out of bounds gets the schema's own sentence, under the change's own path. Pure.
 */
import type { AnyGame } from '../games/index';
import {
  closestKey,
  designerErrorMap,
  designerIssues,
  keysAt,
  type FieldIssue,
} from '../schema/designer-errors';

export type Changes = Record<string, unknown>;

export interface Settings {
  plan: unknown;
  rules: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** Where a change path points: the part (rules or plan) and the keys inside it. */
function splitPath(path: string): { part: 'rules' | 'plan'; keys: string[] } | null {
  const parts = path.split('.');
  const head = parts[0];
  if ((head !== 'rules' && head !== 'plan') || parts.some((p) => p.trim() === '' || p !== p.trim()))
    return null;
  return { part: head, keys: parts.slice(1) };
}

/** Why a change path cannot be set on these settings (a designer's sentence), or null when it can. */
function checkPath(game: AnyGame, base: Settings, part: 'rules' | 'plan', keys: string[]): string | null {
  const schema = part === 'rules' ? game.rulesSchema : game.planSchema;
  let value: unknown = part === 'rules' ? base.rules : base.plan;
  if (keys.length === 0 && part === 'rules') return null;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const where = [part, ...keys.slice(0, i)].join('.');
    if (Array.isArray(value)) {
      const rows = value.length;
      const what =
        part === 'plan' && i === 0
          ? `the plan has ${rows} ${rows === 1 ? game.words.stage : game.words.stages}`
          : `${where} holds ${rows} value${rows === 1 ? '' : 's'}`;
      if (!/^\d+$/.test(key) || Number(key) >= rows)
        return `is not in the plan: ${what}, numbered 0-${rows - 1}`;
      value = value[Number(key)];
      continue;
    }
    const known = keysAt(
      schema,
      keys.slice(0, i).map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
    );
    if (!known.includes(key)) {
      const guess = closestKey(key, known);
      const sentence =
        part === 'rules' && i === 0
          ? `is not a rule of ${game.title}`
          : part === 'plan' && i === 1
            ? `is not a field of a ${game.title} ${game.words.stage}`
            : `is not a field of ${where}`;
      return `${sentence}${guess ? `; did you mean ${guess}?` : known.length ? `; known: ${known.join(', ')}` : ''}`;
    }
    value = isPlainObject(value) ? value[key] : undefined;
  }
  return null;
}

/** Set `value` at `keys` inside `root` (a copy is changed; missing objects on the way are made). */
function setAt(root: unknown, keys: string[], value: unknown): unknown {
  if (keys.length === 0) return clone(value);
  const out = Array.isArray(root) ? [...root] : isPlainObject(root) ? { ...root } : {};
  const [k, ...rest] = keys as [string, ...string[]];
  const slot = Array.isArray(out) ? Number(k) : k;
  (out as Record<string | number, unknown>)[slot] = setAt(
    (out as Record<string | number, unknown>)[slot],
    rest,
    value,
  );
  return out;
}

export interface AppliedChanges extends Settings {
  /** Problems, each naming the change's path (`rules.spacng`, `plan.3.taps`). Empty when the settings are valid. */
  issues: FieldIssue[];
}

/**
 * Lay `changes` over `base` and check the result with the game's schemas and cross-checks.
 * A bad path stops there (its value is never looked at); a bad value is named by the schema's
 * sentence under its path. The base itself is taken as valid (a stored run or the defaults).
 */
export function applyChanges(game: AnyGame, base: Settings, changes: Changes): AppliedChanges {
  const issues: FieldIssue[] = [];
  let rules = clone(base.rules);
  let plan = clone(base.plan);
  for (const [path, value] of Object.entries(changes)) {
    const split = splitPath(path);
    if (!split) {
      issues.push({
        field: path,
        message: 'is not a setting: a change names a rule (rules.spacing) or a plan field (plan.3.taps)',
      });
      continue;
    }
    const problem = checkPath(game, base, split.part, split.keys);
    if (problem) {
      issues.push({ field: path, message: problem });
      continue;
    }
    if (value === undefined) {
      issues.push({ field: path, message: 'needs a value' });
      continue;
    }
    if (split.part === 'rules') rules = setAt(rules, split.keys, value);
    else plan = setAt(plan, split.keys, value);
  }
  if (issues.length) return { rules, plan, issues };
  const r = game.rulesSchema.safeParse(rules, { error: designerErrorMap });
  if (r.success) rules = r.data;
  else
    issues.push(
      ...designerIssues(r.error, {
        prefix: 'rules',
        schema: game.rulesSchema,
        unknownKey: `is not a rule of ${game.title}`,
      }),
    );
  const p = game.planSchema.safeParse(plan, { error: designerErrorMap });
  if (p.success) plan = p.data;
  else
    issues.push(
      ...designerIssues(p.error, {
        prefix: 'plan',
        schema: game.planSchema,
        unknownKey: `is not a field of the ${game.title} plan`,
      }),
    );
  if (issues.length === 0) issues.push(...(game.crossCheck?.(plan, rules) ?? []));
  return { rules, plan, issues };
}
