/**
 * Checking a new run's input before anything is written: the game, the seed, the plan and
 * the rules (through the game's schemas) and studio-wide sanity bounds. Every problem is an
 * ApiError naming its field in a designer's sentence (an unknown key is named, with the key
 * it most likely meant). Rules may be given in part, at any depth: left-out keys keep the
 * game's defaults.
 */
import { BadArgument, fieldList } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/game';
import { designerErrorMap, designerIssues } from '../../src-shared/schema/designer-errors';
import { withGameLabels } from '../../src-shared/field-label';

/** More candidates than this in one run is almost surely a typo in a pool size or plan. */
export const MAX_CANDIDATES_PER_RUN = 100_000;
export const MAX_LEVELS_PER_RUN = 1_000;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `over` laid on `base`: nested objects merge key by key; anything else (lists, null, numbers)
 * replaces. Keys are defined, not assigned, so a JSON `"__proto__"` key stays an own key the
 * rules schema then refuses by name (assigned, it became the object's prototype and vanished).
 */
export function mergeOver(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const value = Object.prototype.hasOwnProperty.call(base, k) ? mergeOver(base[k], v) : v;
    Object.defineProperty(out, k, { value, enumerable: true, configurable: true, writable: true });
  }
  return out;
}

/** Refuse the input, each rules or plan field named by the game's label for it. */
function fail(game: AnyGame, fields: { field: string; message: string }[]): never {
  throw new BadArgument(withGameLabels(game, fields), fieldList(fields));
}

export interface CheckedRun {
  plan: unknown;
  rules: unknown;
  levels: number;
  candidatesTotal: number;
}

export function checkRunInput(
  game: AnyGame,
  input: { plan?: unknown; rules?: unknown; levels?: number },
): CheckedRun {
  const fields: { field: string; message: string }[] = [];
  let plan: unknown = game.defaultPlan;
  let rules: unknown = game.defaultRules;
  if (input.plan !== undefined) {
    const parsed = game.planSchema.safeParse(input.plan, { error: designerErrorMap });
    if (parsed.success) plan = parsed.data;
    else
      fields.push(
        ...designerIssues(parsed.error, {
          prefix: 'plan',
          schema: game.planSchema,
          unknownKey: `is not a field of the ${game.title} plan`,
        }),
      );
  }
  if (input.rules !== undefined) {
    // Rules may be given in part, at any depth: the rest keep the game's defaults.
    const parsed = game.rulesSchema.safeParse(mergeOver(game.defaultRules, input.rules), {
      error: designerErrorMap,
    });
    if (parsed.success) rules = parsed.data;
    else
      fields.push(
        ...designerIssues(parsed.error, {
          prefix: 'rules',
          schema: game.rulesSchema,
          unknownKey: `is not a rule of ${game.title}`,
        }),
      );
  }
  if (fields.length) fail(game, fields);
  const cross = game.crossCheck?.(plan, rules) ?? [];
  if (cross.length) fail(game, cross);

  const total = game.levelCount(plan);
  if (input.levels !== undefined) {
    if (input.levels > total)
      fail(game, [{ field: 'levels', message: `must be at most ${total}, the levels the plan holds` }]);
    plan = game.truncatePlan(plan, input.levels);
  }
  const levels = game.levelCount(plan);
  if (levels > MAX_LEVELS_PER_RUN)
    fail(game, [{ field: 'plan', message: `holds ${levels} levels; at most ${MAX_LEVELS_PER_RUN}` }]);
  const candidatesTotal = game.poolSizes(plan, rules).reduce((a, b) => a + b, 0);
  if (candidatesTotal > MAX_CANDIDATES_PER_RUN) {
    fail(game, [
      {
        field: 'rules',
        message: `the plan and pool sizes ask for ${candidatesTotal} candidates; at most ${MAX_CANDIDATES_PER_RUN} per run`,
      },
    ]);
  }
  if (candidatesTotal === 0) fail(game, [{ field: 'plan', message: 'asks for no candidates at all' }]);
  return { plan, rules, levels, candidatesTotal };
}
