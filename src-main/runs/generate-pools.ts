/**
 * The generation phase of a run: every (slot, index) job the plan needs and the database does
 * not hold yet goes to the worker pool in batches; finished candidates are written in batched
 * transactions as they come back. Progress counts per stage of the plan. A run with a scope
 * (an experiment's quick run) makes only the scope's slots, `candidates` each.
 */
import { performance } from 'node:perf_hooks';
import type { AnyGame } from '../../src-shared/games/index';
import { progressMeter } from '../../src-shared/progress';
import type { Db } from '../store/db';
import { insertCandidates, storedJobKeys, type NewCandidate } from '../store/candidates';
import { writeTransaction } from '../store/write-transaction';
import { getRunScope } from '../store/runs';
import { scopedPoolSizes } from '../../src-shared/experiments/scope';
import { allJobs, batches, type JobRef } from '../jobs/batches';
import type { WorkerPool } from '../jobs/pool';
import type { RunProgressTracker } from '../jobs/progress';
import type { ScheduledRun } from '../jobs/scheduler';
import type { GeneratedJob } from '../jobs/tasks';
import { planStages } from './plan-stages';
import { JOB_MS_METRIC } from './metrics';

/** A worker's generated job as the row the store keeps (a run's pools and a top-up's alike). */
export function newCandidate(game: AnyGame, j: GeneratedJob): NewCandidate {
  return {
    slot: j.slot,
    index: j.index,
    level: null,
    // Written in the worker; stored as it is.
    levelJson: j.levelJson,
    // The job's wall time rides along as a metric, so slow-to-prove candidates can be sorted out.
    metrics:
      j.levelJson === null
        ? {}
        : { ...j.candidate.metrics, [JOB_MS_METRIC.key]: Math.round(j.ms * 100) / 100 },
    difficulty: j.levelJson === null ? null : (j.candidate.metrics[game.difficulty] ?? null),
    proof: {
      tries: j.candidate.tries,
      ms: Math.round(j.ms * 100) / 100,
      ...(j.candidate.failure ? { failure: j.candidate.failure } : {}),
    },
  };
}

/** Rows written per transaction at most, and the longest a finished job waits to be written. */
const FLUSH_ROWS = 64;
const FLUSH_MS = 250;

export interface GenerateContext {
  db: Db;
  pool: WorkerPool;
  progress: RunProgressTracker;
  /** Jobs per worker task (small keeps progress smooth and cancels prompt). */
  batchSize: number;
  /** Told the main thread's time spent writing each batch (the bench's "store" phase). */
  onStored?: (ms: number) => void;
}

export interface GenerateRun {
  id: number;
  seed: number;
  plan: unknown;
  rules: unknown;
}

export async function generatePools(
  ctx: GenerateContext,
  game: AnyGame,
  run: GenerateRun,
  job: ScheduledRun,
): Promise<void> {
  const { db, pool } = ctx;
  const { id: runId, seed, plan, rules } = run;
  const signal = job.signal;
  // An experiment's quick run makes only its scope's slots (the same jobs a whole run makes there).
  const sizes = scopedPoolSizes(game.poolSizes(plan, rules), getRunScope(db, runId));
  const stages = planStages(game, plan);
  const stored = storedJobKeys(db, runId);
  const all = allJobs(sizes);
  const missing: JobRef[] = all.filter((j) => !stored.has(`${j.slot}:${j.index}`));
  const stageDone = stages.map(
    (s) => all.filter((j) => j.slot >= s.from && j.slot <= s.to && stored.has(`${j.slot}:${j.index}`)).length,
  );
  const stageTotal = stages.map((s) => sizes.slice(s.from, s.to + 1).reduce((a, b) => a + b, 0));
  const stageOf = (slot: number): number =>
    Math.max(
      0,
      stages.findIndex((s) => slot >= s.from && slot <= s.to),
    );
  let done = all.length - missing.length;
  // Candidates a resumed run had stored count as done, not as speed.
  const meter = progressMeter(all.length, Date.now(), undefined, done);
  let lastEmit = 0;
  const report = (force: boolean): void => {
    const now = Date.now();
    if (!force && now - lastEmit < 150) return;
    lastEmit = now;
    const snap = meter.update(done, now);
    ctx.progress.emit(
      runId,
      'running',
      'generate',
      done,
      all.length,
      snap.rate,
      snap.etaSeconds,
      stages.map((s, i) => ({ name: s.name, done: stageDone[i]!, total: stageTotal[i]! })),
    );
  };
  report(true);
  const work = batches(missing, ctx.batchSize);
  let handedOut = 0;
  if (work.length === 0) job.doneDemanding();
  // Finished jobs are written a few batches at a time (one transaction per FLUSH_ROWS rows or
  // FLUSH_MS), not one per batch: the store's main-thread time is mostly per commit.
  let buffered: NewCandidate[] = [];
  let lastFlush = performance.now();
  const flush = (): void => {
    if (buffered.length === 0) return;
    const rows = buffered;
    buffered = [];
    const s0 = performance.now();
    // The lease is checked (and taken back after a stall) in the same transaction as the write.
    const gone = writeTransaction(db, () => {
      const loss = job.loss();
      if (!loss) insertCandidates(db, runId, rows);
      return loss;
    });
    if (gone) {
      job.abort(gone);
      return;
    }
    lastFlush = performance.now();
    ctx.onStored?.(lastFlush - s0);
    for (const r of rows) stageDone[stageOf(r.slot)]!++;
    done += rows.length;
    report(false);
  };
  try {
    await job.throughSlots(work, async (batch) => {
      if (++handedOut === work.length) job.doneDemanding();
      const out = (await pool.run(
        { kind: 'generate', game: game.id, rules, plan, seed, jobs: batch },
        signal,
      )) as GeneratedJob[];
      for (const j of out) {
        buffered.push(newCandidate(game, j));
      }
      if (buffered.length >= FLUSH_ROWS || performance.now() - lastFlush >= FLUSH_MS) flush();
    });
  } finally {
    // A cancel that lands while batches are in flight still keeps the finished candidates.
    flush();
  }
  report(true);
}
