/**
 * Starting a top-up (issue 23): check what was asked against the run (finished, its own, the
 * levels in its plan, the size guard), work out each level slot's first new index and target,
 * store the top-up and queue the run. Refusals name the field and store nothing.
 */
import { ApiError, BadArgument, type RunDetail } from '../../src-shared/api';
import { gameById } from '../../src-shared/games/index';
import { levelsText } from '../../src-shared/ordering/level-ranges';
import type { TopUpArgs, TopUpSlot } from '../../src-shared/top-up';
import type { Db } from '../store/db';
import { loadOrdering } from '../store/orderings';
import { getRunScope } from '../store/runs';
import {
  dropPendingTopUp,
  forgetTopUp,
  highestIndices,
  insertTopUp,
  pendingTopUp,
  removalBlockers,
  runCandidatesTotal,
  topUpRows,
  type StoredTopUp,
} from '../store/top-ups';
import { MAX_CANDIDATES_PER_RUN } from './run-input';
import { sizeQuestion } from './size-guard';
import type { RunEngine } from './run-engine';

/** Why this run cannot take a top-up now (a sentence), or null. */
function runRefusal(
  run: RunDetail,
  db: Db,
  engine: Pick<RunEngine, 'isActive' | 'heldElsewhere'>,
): string | null {
  if (run.dataProblem) return run.dataProblem;
  if (run.status === 'imported')
    return `run ${run.id} is an imported pack and read-only; it has no pools to top up`;
  const elsewhere = engine.heldElsewhere(run.id);
  if (elsewhere) return elsewhere;
  if (engine.isActive(run.id) || run.status === 'queued' || run.status === 'running')
    return `run ${run.id} is still generating; wait for it to finish, then top it up`;
  if (run.status !== 'done')
    return `run ${run.id} is ${run.status}; resume it to finish first (only a finished run can be topped up)`;
  if (run.experiment)
    return `run ${run.id} is a run of experiment ${run.experiment.id} (“${run.experiment.name}”); its results stay as its runs were made, so it is not topped up`;
  if (getRunScope(db, run.id))
    return `run ${run.id} is an experiment's quick run (some level slots only); it has no order to top up`;
  return null;
}

/** The checked top-up: each chosen slot with its first new index and target. */
export function checkTopUp(
  db: Db,
  engine: Pick<RunEngine, 'isActive' | 'heldElsewhere'>,
  run: RunDetail,
  args: TopUpArgs & { confirm: boolean },
): TopUpSlot[] {
  const refusal = runRefusal(run, db, engine);
  if (refusal) throw new ApiError('conflict', refusal, [{ field: 'runId', message: refusal }]);
  const game = gameById(run.game);
  const count = game.levelCount(run.plan);
  const outside = args.levels.filter((l) => l > count);
  if (outside.length)
    throw new BadArgument([
      {
        field: 'levels',
        message: `${levelsText(outside)} ${outside.length === 1 ? 'is' : 'are'} outside the plan of run ${run.id} (levels 1–${count})`,
      },
    ]);
  const levels = [...new Set(args.levels)].sort((a, b) => a - b);
  const asked = levels.length * args.candidates;
  const total = runCandidatesTotal(db, run.id);
  if (total + asked > MAX_CANDIDATES_PER_RUN)
    throw new BadArgument([
      {
        field: 'candidates',
        message: `${levels.length} level${levels.length === 1 ? '' : 's'} × ${args.candidates} would give run ${run.id} ${(total + asked).toLocaleString('en')} candidates; a run holds at most ${MAX_CANDIDATES_PER_RUN.toLocaleString('en')}`,
      },
    ]);
  // The size guard new runs and experiments go through.
  const question = sizeQuestion(
    db,
    game.id,
    asked,
    `this top-up makes ${asked.toLocaleString('en')} candidates (${levels.length} levels × ${args.candidates})`,
    args.confirm,
  );
  if (question)
    throw new ApiError('conflict', question.message, [{ field: 'confirm', message: question.message }]);
  const sizes = game.poolSizes(run.plan, run.rules);
  const highest = highestIndices(db, run.id);
  const targets = new Map(
    (loadOrdering(db, run.id, 'automatic')?.levels ?? []).map((l) => [l.level, l.target]),
  );
  // A slot's new indices start after every stored one (and never below the plan's pool).
  return levels.map((level) => ({
    slot: level - 1,
    from: Math.max(sizes[level - 1] ?? 0, (highest.get(level - 1) ?? -1) + 1),
    target: targets.get(level) ?? null,
  }));
}

/** Store a checked top-up and queue its run; if the run cannot be queued, nothing stays. */
export function startTopUp(
  db: Db,
  engine: Pick<RunEngine, 'enqueue'>,
  runId: number,
  args: TopUpArgs,
  slots: TopUpSlot[],
): number {
  const levels = slots.map((s) => s.slot + 1);
  const id = insertTopUp(
    db,
    runId,
    {
      levels,
      candidates: args.candidates,
      ...(args.untilNear !== undefined ? { untilNear: args.untilNear } : {}),
    },
    slots,
    new Date().toISOString(),
  );
  try {
    engine.enqueue(runId);
  } catch (e) {
    forgetTopUp(db, id);
    throw e;
  }
  return id;
}

/**
 * Drop the run's pending top-up (one a cancel, a close or a failure left part-way) instead of
 * resuming it: refused, naming why, while the run is queued, running or held by another
 * process, when it has no pending top-up, or while any candidate it made has been worked on.
 */
export function dropTopUp(
  db: Db,
  engine: Pick<RunEngine, 'isActive' | 'heldElsewhere'>,
  run: RunDetail,
): { topUp: StoredTopUp; removed: number } {
  const refuse = (message: string): never => {
    throw new ApiError('conflict', message, [{ field: 'runId', message }]);
  };
  const elsewhere = engine.heldElsewhere(run.id);
  if (elsewhere) refuse(elsewhere);
  if (engine.isActive(run.id) || run.status === 'queued' || run.status === 'running')
    refuse(`run ${run.id} is still generating; cancel it first, then drop its top-up`);
  const topUp = pendingTopUp(db, run.id);
  if (!topUp) return refuse(`run ${run.id} has no top-up left part-way to drop`);
  const made = topUpRows(db, run.id, topUp.slots, topUp.candidates).map((r) => r.id);
  const blocked = removalBlockers(db, run.id, made);
  if (blocked) refuse(`cannot drop the top-up of ${levelsText(topUp.levels)}: ${blocked}. Nothing changed`);
  return { topUp, removed: dropPendingTopUp(db, topUp) };
}
