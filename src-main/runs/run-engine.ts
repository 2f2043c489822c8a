/**
 * The run engine the service drives: the scheduler (jobs/scheduler.ts: queue, leases,
 * heartbeat, the pool's room) running the run pipeline (pipeline.ts: generate, order,
 * near-duplicates, report) with progress tracked per phase (jobs/progress.ts). A run is split
 * into (slot, index) jobs whose random streams depend only on the run seed, the slot and the
 * index, so a pack is the same bytes however many workers made it. Cancel stops promptly,
 * resume carries on from what is stored, and a crash leaves the run marked interrupted on the
 * next open. Its two listeners are guarded (jobs/listeners.ts): one that throws never stops a run.
 */
import type { RunProgress, RunStatus } from '../../src-shared/api';
import type { Db } from '../store/db';
import type { LeaseTiming } from '../store/leases';
import { jobFigures } from '../store/run-figures';
import type { WorkerPool } from '../jobs/pool';
import { guardListener } from '../jobs/listeners';
import { createProgressTracker } from '../jobs/progress';
import { createScheduler, type Scheduler } from '../jobs/scheduler';
import { createRunPipeline } from './pipeline';

export interface RunEngineOptions {
  db: Db;
  pool: WorkerPool;
  onProgress: (p: RunProgress) => void;
  onChanged: (runId: number, status: RunStatus) => void;
  /** Jobs per worker task (small keeps progress smooth and cancels prompt). */
  batchSize?: number;
  /** Slots on each side a candidate is compared with in the near-duplicate pass. */
  dedupWindow?: number;
  /** Lease heartbeat and staleness (tests shorten them and move the clock). */
  lease?: Partial<LeaseTiming>;
}

export interface RunEngine extends Scheduler {
  readonly workers: number;
  /** Figures for summaries: proven and failed jobs, build tries, generation time, duplicate pairs. */
  runStats(runId: number): {
    proven: number;
    failed: number;
    tries: number;
    genSeconds: number;
    pairs: number;
  };
  /** Main-thread seconds spent storing a run's candidates in this process (the bench's phase breakdown). */
  storeSeconds(runId: number): number;
}

export function createRunEngine(opts: RunEngineOptions): RunEngine {
  const { db, pool } = opts;
  // The engine's listeners are called from inside the scheduler and the pipeline: one that
  // throws is logged once and the run carries on (jobs/listeners.ts).
  const onProgress = guardListener('run.progress', opts.onProgress);
  const onChanged = guardListener('run.changed', opts.onChanged);
  const progress = createProgressTracker(onProgress);
  const pipeline = createRunPipeline({
    db,
    pool,
    progress,
    ...(opts.batchSize !== undefined ? { batchSize: opts.batchSize } : {}),
    ...(opts.dedupWindow !== undefined ? { dedupWindow: opts.dedupWindow } : {}),
  });
  const scheduler = createScheduler({
    db,
    pool,
    onChanged,
    execute: pipeline.execute,
    ...(opts.lease ? { lease: opts.lease } : {}),
  });
  return {
    ...scheduler,
    workers: pool.size,
    runStats(runId) {
      const f = jobFigures(db, runId);
      const wall = pipeline.generationMs(runId);
      return {
        proven: f.proven,
        failed: f.failed,
        tries: f.tries,
        genSeconds: (wall ?? f.ms / pool.size) / 1000,
        pairs: f.pairs,
      };
    },
    storeSeconds: (runId) => (pipeline.storeMs(runId) ?? 0) / 1000,
  };
}
