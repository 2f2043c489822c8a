/**
 * Checking an experiment before anything is stored or run: the base's settings (a run's or
 * the game's defaults), each variant's changes laid over them (every path and value checked
 * against the game's schemas, naming the field), the scope against the plan, and its size and
 * estimated time for the size guard a new run shares (runs/size-guard.ts).
 */
import { ApiError, BadArgument, fieldList, type ApiParsedArgs } from '../../src-shared/api';
import { gameById, type AnyGame } from '../../src-shared/games/index';
import { applyChanges, type Changes } from '../../src-shared/experiments/changes';
import { plainValue } from '../../src-shared/experiments/diff';
import type { ExperimentArm, ExperimentScope } from '../../src-shared/experiments/types';
import type { FieldIssue } from '../../src-shared/schema/designer-errors';
import { gameFieldLabel } from '../../src-shared/field-label';
import type { Db } from '../store/db';
import { getRun } from '../store/runs';
import { checkRunInput, MAX_CANDIDATES_PER_RUN } from '../runs/run-input';
import { estimatedSeconds } from '../runs/size-guard';

export type CreateArgs = ApiParsedArgs<'experiments.create'>;

export interface CheckedExperiment {
  game: AnyGame;
  baseRunId: number | null;
  arms: ExperimentArm[];
  seeds: number[];
  scope: ExperimentScope;
  /** Candidates per run, by arm. */
  perRun: number[];
  candidates: number;
  estimatedSeconds: number;
}

function refuse(fields: FieldIssue[]): never {
  throw new BadArgument(fields, fieldList(fields));
}

/**
 * A variant's (or the base's) field in the game's words: "variant 2’s dot spacing", or the
 * path as typed when the game has no label for it, or the path names nothing ("variant 1’s
 * “rules.spacng”": a path that is not there is quoted as the designer typed it, 0-based rows).
 */
function armField(game: AnyGame, arm: string, path: string, message = ''): string {
  const label = /^is not (in|a)\b/.test(message) ? null : gameFieldLabel(game, path);
  const named = label ? label[0]!.toLowerCase() + label.slice(1) : path.includes('.') ? `“${path}”` : path;
  return `${arm}’s ${named}`;
}

/** A variant's name from its changes when none is given: "spacing 18, plan.3.taps 4". */
function variantName(changes: Changes): string {
  const text = Object.entries(changes)
    .map(([path, v]) => `${path.startsWith('rules.') ? path.slice(6) : path} ${plainValue(v)}`)
    .join(', ');
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** Candidates one run of these settings makes in this scope. */
function runCandidates(game: AnyGame, plan: unknown, rules: unknown, scope: ExperimentScope): number {
  return scope.kind === 'slots'
    ? scope.slots.length * scope.candidates
    : game.poolSizes(plan, rules).reduce((a, b) => a + b, 0);
}

export function checkExperiment(db: Db, args: CreateArgs): CheckedExperiment {
  let game: AnyGame;
  let base: { plan: unknown; rules: unknown };
  let baseRunId: number | null = null;
  if ('runId' in args.base) {
    const run = getRun(db, args.base.runId);
    if (!run)
      throw new ApiError('not-found', `run ${args.base.runId} does not exist`, [
        { field: 'base.runId', message: 'no such run' },
      ]);
    if (run.dataProblem)
      throw new ApiError('conflict', run.dataProblem, [{ field: 'base.runId', message: run.dataProblem }]);
    game = gameById(run.game);
    base = { plan: run.plan, rules: run.rules };
    baseRunId = run.id;
  } else {
    game = gameById(args.base.game);
    const levels = args.base.levels;
    if (levels !== undefined && levels > game.levelCount(game.defaultPlan)) {
      refuse([
        {
          field: 'base.levels',
          message: `must be at most ${game.levelCount(game.defaultPlan)}, the levels the ${game.title} plan holds`,
        },
      ]);
    }
    base = {
      plan: levels === undefined ? game.defaultPlan : game.truncatePlan(game.defaultPlan, levels),
      rules: game.defaultRules,
    };
  }

  const fields: FieldIssue[] = [];
  const arms: ExperimentArm[] = [{ arm: 0, name: 'base', changes: {}, plan: base.plan, rules: base.rules }];
  const names = new Set<string>(['base']);
  args.variants.forEach((v, i) => {
    const at = `variants.${i}`;
    if (Object.keys(v.changes).length === 0) {
      fields.push({
        field: `${at}.changes`,
        message: 'a variant needs at least one change (e.g. rules.spacing: 18)',
      });
      return;
    }
    const applied = applyChanges(game, base, v.changes);
    for (const issue of applied.issues)
      fields.push({
        field: `${at}.changes.${issue.field}`,
        message: issue.message,
        label: armField(game, `variant ${i + 1}`, issue.field, issue.message),
      });
    if (applied.issues.length) return;
    const name = v.name && v.name.length > 0 ? v.name : variantName(v.changes);
    if (names.has(name.toLowerCase()))
      fields.push({
        field: `${at}.name`,
        message: `"${name}" names another arm; give each variant its own name`,
      });
    names.add(name.toLowerCase());
    arms.push({ arm: i + 1, name, changes: v.changes, plan: applied.plan, rules: applied.rules });
  });
  if (fields.length) refuse(fields);

  const scope = args.scope as ExperimentScope;
  const perRun: number[] = [];
  for (const arm of arms) {
    const at = arm.arm === 0 ? 'base' : `variants.${arm.arm - 1}`;
    if (scope.kind === 'slots') {
      const levels = game.levelCount(arm.plan);
      scope.slots.forEach((slot, k) => {
        // Named once, for the first arm whose plan is too short.
        const field = `scope.slots.${k}`;
        if (slot >= levels && !fields.some((f) => f.field === field)) {
          fields.push({
            field,
            label: `level ${slot + 1}`,
            message: `is past the ${arm.arm === 0 ? 'base' : `variant "${arm.name}"`}'s plan, which has levels 1-${levels}`,
          });
        }
      });
      if (new Set(scope.slots).size !== scope.slots.length)
        fields.push({ field: 'scope.slots', message: 'names a level slot twice' });
    } else {
      // The whole-plan checks of a new run (level and candidate bounds), named under the arm.
      try {
        checkRunInput(game, { plan: arm.plan, rules: arm.rules });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        for (const f of e.fields ?? [{ field: '', message: e.message }])
          fields.push({
            field: `${at}.${f.field}`,
            message: f.message,
            label: armField(game, arm.arm === 0 ? 'the base' : `variant ${arm.arm}`, f.field, f.message),
          });
      }
    }
    const n = runCandidates(game, arm.plan, arm.rules, scope);
    if (n > MAX_CANDIDATES_PER_RUN)
      fields.push({
        field: scope.kind === 'slots' ? 'scope.candidates' : `${at}.rules`,
        message: `asks for ${n} candidates per run; at most ${MAX_CANDIDATES_PER_RUN}`,
      });
    perRun.push(n);
  }
  if (fields.length) refuse([...new Map(fields.map((f) => [`${f.field}\n${f.message}`, f])).values()]);

  const candidates = perRun.reduce((a, n) => a + n * args.seeds.length, 0);
  return {
    game,
    baseRunId,
    arms,
    seeds: args.seeds,
    scope,
    perRun,
    candidates,
    estimatedSeconds: estimatedSeconds(db, game.id, candidates),
  };
}
