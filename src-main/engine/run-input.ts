/**
 * Checking a new run's input before anything is written: the game, the seed, the plan and
 * the rules (through the game's schemas) and studio-wide sanity bounds. Every problem is an
 * ApiError naming its field.
 */
import type { z } from 'zod';
import { ApiError } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/game';

/** More candidates than this in one run is almost surely a typo in a pool size or plan. */
export const MAX_CANDIDATES_PER_RUN = 100_000;
export const MAX_LEVELS_PER_RUN = 1_000;

function issues(prefix: string, error: z.ZodError): { field: string; message: string }[] {
  return error.issues.map((i) => ({ field: [prefix, ...i.path.map(String)].join('.'), message: i.message }));
}

function fail(fields: { field: string; message: string }[]): never {
  throw new ApiError('bad-argument', `runs.create: bad argument — ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`, fields);
}

export interface CheckedRun {
  plan: unknown;
  rules: unknown;
  levels: number;
  candidatesTotal: number;
}

export function checkRunInput(game: AnyGame, input: { plan?: unknown; rules?: unknown; levels?: number }): CheckedRun {
  const fields: { field: string; message: string }[] = [];
  let plan: unknown = game.defaultPlan;
  let rules: unknown = game.defaultRules;
  if (input.plan !== undefined) {
    const parsed = game.planSchema.safeParse(input.plan);
    if (parsed.success) plan = parsed.data;
    else fields.push(...issues('plan', parsed.error));
  }
  if (input.rules !== undefined) {
    // Rules may be given in part: the rest keep the game's defaults.
    const merged = typeof input.rules === 'object' && input.rules !== null && !Array.isArray(input.rules) ? { ...(game.defaultRules as object), ...(input.rules as object) } : input.rules;
    const parsed = game.rulesSchema.safeParse(merged);
    if (parsed.success) rules = parsed.data;
    else fields.push(...issues('rules', parsed.error));
  }
  if (fields.length) fail(fields);
  const cross = game.crossCheck?.(plan, rules) ?? [];
  if (cross.length) fail(cross);

  const total = game.levelCount(plan);
  if (input.levels !== undefined) {
    if (input.levels > total) fail([{ field: 'levels', message: `must be at most ${total}, the levels the plan holds` }]);
    plan = game.truncatePlan(plan, input.levels);
  }
  const levels = game.levelCount(plan);
  if (levels > MAX_LEVELS_PER_RUN) fail([{ field: 'plan', message: `holds ${levels} levels; at most ${MAX_LEVELS_PER_RUN}` }]);
  const candidatesTotal = game.poolSizes(plan, rules).reduce((a, b) => a + b, 0);
  if (candidatesTotal > MAX_CANDIDATES_PER_RUN) {
    fail([{ field: 'rules', message: `the plan and pool sizes ask for ${candidatesTotal} candidates; at most ${MAX_CANDIDATES_PER_RUN} per run` }]);
  }
  if (candidatesTotal === 0) fail([{ field: 'plan', message: 'asks for no candidates at all' }]);
  return { plan, rules, levels, candidatesTotal };
}
