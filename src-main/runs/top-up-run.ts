/**
 * What a top-up does once the scheduler starts it (the run's pipeline hands it over while the
 * run has a pending top-up): make each chosen slot's new (slot, index) jobs on the worker pool,
 * store them as they come (so a cancel or a crash keeps them, and a resume makes only the
 * missing ones), trim a targeted level past its stop, recompute the automatic order, add the new
 * candidates' near-duplicate pairs, then, in one transaction: the outcome, the run's report and
 * one history entry holding every new row (undo removes them, redo writes the same bytes back).
 *
 * A targeted level ("until near") keeps its new indices up to the first, in index order, whose
 * candidate comes within δ of the target; jobs past a near one already seen are not handed out,
 * and any that finished anyway are removed at the end. The kept set never depends on which jobs
 * finished first, so the result is the same on any number of workers.
 */
import { performance } from 'node:perf_hooks';
import type { AnyGame } from '../../src-shared/games/index';
import type { RowChange } from '../../src-shared/history';
import type { RunReport } from '../../src-shared/run-report';
import { levelsText } from '../../src-shared/ordering/level-ranges';
import { firstNearSeen, keptThrough, topUpText, type TopUpOutcome } from '../../src-shared/top-up';
import { insertCandidates, type NewCandidate } from '../store/candidates';
import type { Db } from '../store/db';
import { recordChange } from '../store/history';
import { loadOrdering } from '../store/orderings';
import { setRunReport, setRunStatus } from '../store/runs';
import {
  candidateSnapshot,
  closestNewPair,
  deleteTopUpPast,
  finishTopUp,
  runCandidatesTotal,
  setRunCandidatesTotal,
  topUpRows,
  type StoredTopUp,
} from '../store/top-ups';
import { writeTransaction } from '../store/write-transaction';
import type { JobRef } from '../jobs/batches';
import type { WorkerPool } from '../jobs/pool';
import type { RunProgressTracker } from '../jobs/progress';
import type { ScheduledRun } from '../jobs/scheduler';
import type { GeneratedJob } from '../jobs/tasks';
import { orderInWorkers, orderStoredPools, type RunSpec } from './finish';
import { newCandidate } from './generate-pools';
import { topUpPairPass } from './near-duplicates';
import { buildRunReport } from './run-report';

/** Rows written per transaction at most, and the longest a finished job waits to be written. */
const FLUSH_ROWS = 64;
const FLUSH_MS = 250;

export interface TopUpContext {
  db: Db;
  pool: WorkerPool;
  progress: RunProgressTracker;
  batchSize: number;
  dedupWindow?: number;
}

/** Make the top-up's missing jobs; returns each targeted slot's last kept index. */
async function generateTopUp(
  ctx: TopUpContext,
  game: AnyGame,
  run: RunSpec,
  topUp: StoredTopUp,
  job: ScheduledRun,
): Promise<Map<number, number>> {
  const { db, pool } = ctx;
  const signal = job.signal;
  const count = topUp.candidates;
  const delta = topUp.untilNear;
  const targetOf = new Map(topUp.slots.map((s) => [s.slot, s.target]));
  const isNear = (slot: number, difficulty: number | null, proven: boolean): boolean => {
    const target = targetOf.get(slot) ?? null;
    return (
      delta !== undefined &&
      proven &&
      difficulty !== null &&
      target !== null &&
      Math.abs(difficulty - target) <= delta
    );
  };
  // What each slot's stored new indices answered (a resumed top-up starts from these).
  const near = new Map<number, Map<number, boolean>>(topUp.slots.map((s) => [s.slot, new Map()]));
  for (const r of topUpRows(db, run.id, topUp.slots, count))
    near.get(r.slot)!.set(r.index, isNear(r.slot, r.difficulty, r.proven));
  // Batches go round the slots, so every level moves on at once (and a targeted one can stop early).
  const work: JobRef[][] = [];
  for (let k = 0; k < count; k += ctx.batchSize)
    for (const s of topUp.slots) {
      const batch: JobRef[] = [];
      for (let i = s.from + k; i < Math.min(s.from + count, s.from + k + ctx.batchSize); i++)
        if (!near.get(s.slot)!.has(i)) batch.push({ slot: s.slot, index: i });
      if (batch.length) work.push(batch);
    }
  const total = topUp.slots.length * count;
  let done = total - work.reduce((n, b) => n + b.length, 0);
  const emit = (): void =>
    ctx.progress.emit(run.id, 'running', 'generate', done, total, 0, null, [
      { name: levelsText(topUp.levels), done, total },
    ]);
  emit();
  let buffered: NewCandidate[] = [];
  let lastFlush = performance.now();
  const flush = (): void => {
    if (buffered.length === 0) return;
    const rows = buffered;
    buffered = [];
    const gone = writeTransaction(db, () => {
      const loss = job.loss();
      if (!loss) insertCandidates(db, run.id, rows);
      return loss;
    });
    if (gone) job.abort(gone);
    lastFlush = performance.now();
    emit();
  };
  let handedOut = 0;
  if (work.length === 0) job.doneDemanding();
  try {
    await job.throughSlots(work, async (batch) => {
      if (++handedOut === work.length) job.doneDemanding();
      const slot = batch[0]!.slot;
      // Past a near index already seen nothing can be kept: such a batch is not made at all.
      const seen = delta === undefined ? null : firstNearSeen(near.get(slot)!);
      if (seen !== null && batch[0]!.index > seen) {
        done += batch.length;
        return;
      }
      const out = (await pool.run(
        { kind: 'generate', game: game.id, rules: run.rules, plan: run.plan, seed: run.seed, jobs: batch },
        signal,
      )) as GeneratedJob[];
      for (const j of out) {
        const c = newCandidate(game, j);
        near.get(j.slot)!.set(j.index, isNear(j.slot, c.difficulty, j.levelJson !== null));
        buffered.push(c);
      }
      done += out.length;
      if (buffered.length >= FLUSH_ROWS || performance.now() - lastFlush >= FLUSH_MS) flush();
    });
  } finally {
    flush();
  }
  const kept = new Map<number, number>();
  if (signal.aborted) return kept;
  for (const s of topUp.slots) {
    const last = keptThrough(s.from, count, near.get(s.slot)!);
    // Every index up to the stop has finished once the batches have: anything else is a bug.
    if (last === null) throw new Error(`the top-up of level ${s.slot + 1} did not finish its jobs`);
    kept.set(s.slot, last);
  }
  return kept;
}

/** Levels the order left empty. */
const shortOf = (o: { levels: { level: number; candidateId: number | null }[] } | null): number[] =>
  (o?.levels ?? []).filter((l) => l.candidateId === null).map((l) => l.level);

/** Run a pending top-up to its end (a cancel or a close leaves it pending, to resume). */
export async function runTopUp(
  ctx: TopUpContext,
  game: AnyGame,
  run: RunSpec,
  topUp: StoredTopUp,
  job: ScheduledRun,
): Promise<void> {
  const { db, pool } = ctx;
  const signal = job.signal;
  const kept = await generateTopUp(ctx, game, run, topUp, job);
  if (signal.aborted) throw signal.reason;
  const end = (from: number): number => from + topUp.candidates;
  // A targeted level's candidates past its stop go (only jobs that finished before the stop was known made them).
  if (topUp.untilNear !== undefined) {
    const gone = writeTransaction(db, () => {
      const loss = job.loss();
      if (!loss)
        for (const s of topUp.slots) deleteTopUpPast(db, run.id, s.slot, kept.get(s.slot)!, end(s.from));
      return loss;
    });
    if (gone) throw gone;
  }
  const rows = topUpRows(db, run.id, topUp.slots, topUp.candidates);
  const added = new Set(rows.map((r) => r.id));
  ctx.progress.emit(run.id, 'running', 'order', 0, 1, 0, null, []);
  await orderStoredPools(db, game, run, 'automatic', orderInWorkers(pool, signal));
  if (signal.aborted) throw signal.reason;
  ctx.progress.emit(run.id, 'running', 'near-duplicates', 0, 1, 0, null, []);
  await topUpPairPass(
    {
      db,
      pool,
      progress: ctx.progress,
      ...(ctx.dedupWindow !== undefined ? { dedupWindow: ctx.dedupWindow } : {}),
    },
    game,
    run,
    job,
    topUp.slots.map((s) => s.slot),
    added,
  );
  if (signal.aborted) throw signal.reason;

  const gone = writeTransaction(db, () => {
    const loss = job.loss();
    if (loss) return loss;
    const before = topUp.before;
    const order = loadOrdering(db, run.id, 'automatic');
    const beforeReport = before.report as RunReport | null;
    const made = topUp.slots.map((s) => {
      const count = rows.filter((r) => r.slot === s.slot).length;
      return { level: s.slot + 1, count, stoppedEarly: count < topUp.candidates };
    });
    const stillShort = shortOf(order);
    const outcome: TopUpOutcome = {
      made,
      filled: shortOf(before.order).filter((l) => !stillShort.includes(l)),
      stillShort,
      largestStep: { before: beforeReport?.difficulty?.largestStep?.step ?? null, after: null },
      closestPair: closestNewPair(db, run.id, added),
    };
    const total = before.candidatesTotal + rows.length;
    setRunCandidatesTotal(db, run.id, total);
    const report = buildRunReport(
      db,
      game,
      run.id,
      'done',
      beforeReport?.phases ?? [],
      beforeReport?.resumes ?? 0,
      null,
    );
    outcome.largestStep.after = report.difficulty?.largestStep?.step ?? null;
    const withTopUp: RunReport = { ...report, topUp: { id: topUp.id, asked: topUpText(topUp), outcome } };
    setRunReport(db, run.id, withTopUp);
    finishTopUp(db, topUp.id, outcome, new Date().toISOString());
    // One entry: every new row (before none), then the order, the top-up and the report it changed.
    recordChange(
      db,
      run.id,
      new Date().toISOString(),
      { kind: 'topup', label: (scope) => `Topped up ${scope}` },
      (): RowChange[] => [
        ...rows.map((r): RowChange => ({
          target: 'candidate',
          id: r.id,
          field: 'row',
          before: null,
          after: candidateSnapshot(db, r.id),
        })),
        { target: 'run', id: run.id, field: 'automatic-order', before: before.order, after: order },
        {
          target: 'run',
          id: run.id,
          field: 'topup',
          before: { topUpId: topUp.id, status: 'undone', candidatesTotal: before.candidatesTotal },
          after: { topUpId: topUp.id, status: 'done', candidatesTotal: runCandidatesTotal(db, run.id) },
        },
        { target: 'run', id: run.id, field: 'report', before: before.report, after: withTopUp },
      ],
    );
    setRunStatus(db, run.id, 'done', { error: null });
    return null;
  });
  if (gone) throw gone;
  ctx.progress.emit(run.id, 'done', 'done', 1, 1, 0, 0, []);
}
