/**
 * The run pipeline: what a started run does, phase by phase — generate the pools
 * (generate-pools.ts), order them (finish.ts), find near-duplicates (near-duplicates.ts),
 * then mark it done and store its report (run-report.ts). A cancel, a close, a failure or a
 * lost lease ends it with the matching status (or, when lost, writes nothing more). Each
 * phase's time is stored with the run as it goes (at most every PHASES_EVERY_MS), adding to
 * what earlier attempts spent, so the report of a run resumed after a cancel or a crash counts
 * them all, and says how many times it was resumed. The
 * scheduler (jobs/scheduler.ts) decides when a run starts and hands it its share of the pool.
 */
import { performance } from 'node:perf_hooks';
import type { RunStatus } from '../../src-shared/api';
import { gameById, type AnyGame } from '../../src-shared/games/index';
import type { RunReport } from '../../src-shared/run-report';
import type { Db } from '../store/db';
import {
  countResume,
  getRun,
  getRunAttempts,
  getRunScope,
  setRunPhaseMs,
  setRunReport,
  setRunStatus,
} from '../store/runs';
import type { WorkerPool } from '../jobs/pool';
import type { PhaseMs, RunProgressTracker } from '../jobs/progress';
import { RunLostError, type ScheduledRun } from '../jobs/scheduler';
import { orderInWorkers, orderStoredPools } from './finish';
import { generatePools } from './generate-pools';
import { nearDuplicatePass } from './near-duplicates';
import { buildRunReport } from './run-report';
import { runTopUp } from './top-up-run';
import { pendingTopUp, type StoredTopUp } from '../store/top-ups';

/** The least time between two writes of a run's phase times (a crash loses at most this much). */
const PHASES_EVERY_MS = 500;

export interface RunPipelineOptions {
  db: Db;
  pool: WorkerPool;
  progress: RunProgressTracker;
  /** Jobs per worker task (default 4). */
  batchSize?: number;
  /** Slots on each side a candidate is compared with in the near-duplicate pass. */
  dedupWindow?: number;
}

export interface RunPipeline {
  /** Run one started run to its end; returns the status it ended with (null: it was lost). */
  execute(job: ScheduledRun): Promise<RunStatus | null>;
  /** Wall time of the run's generation phase in this process, in ms (undefined: not generated here). */
  generationMs(runId: number): number | undefined;
  /** Main-thread time spent storing the run's candidates in this process, in ms. */
  storeMs(runId: number): number | undefined;
}

export function createRunPipeline(opts: RunPipelineOptions): RunPipeline {
  const { db, pool, progress } = opts;
  const genMs = new Map<number, number>();
  const storeMs = new Map<number, number>();
  /** When each run's phase times were last written, and the stage of the event that wrote them. */
  const phasesWritten = new Map<number, number>();
  const lastStage = new Map<number, string>();

  /** Store the run's phase times so far (every attempt's); `force`: now, else at most every PHASES_EVERY_MS. */
  function storePhases(runId: number, force: boolean): void {
    const now = performance.now();
    if (!force && now - (phasesWritten.get(runId) ?? -Infinity) < PHASES_EVERY_MS) return;
    phasesWritten.set(runId, now);
    const ms: PhaseMs = {};
    for (const p of progress.phaseTimes(runId)) if (p.ms !== null) ms[p.name] = p.ms;
    setRunPhaseMs(db, runId, ms);
  }
  // Every progress event may store the phase times (throttled); a phase change always does.
  const emit: RunProgressTracker['emit'] = (runId, status, stage, ...rest) => {
    progress.emit(runId, status, stage, ...rest);
    storePhases(runId, lastStage.get(runId) !== stage);
    lastStage.set(runId, stage);
  };
  const tracked: RunProgressTracker = { ...progress, emit };

  /** The run's report, stored with it when it ends; a report that cannot be built never fails the run. */
  function storeReport(
    game: AnyGame,
    runId: number,
    status: RunReport['status'],
    error: string | null,
  ): void {
    try {
      storePhases(runId, true);
      phasesWritten.delete(runId);
      lastStage.delete(runId);
      setRunReport(
        db,
        runId,
        buildRunReport(
          db,
          game,
          runId,
          status,
          progress.phaseTimes(runId),
          getRunAttempts(db, runId).resumes,
          error,
        ),
      );
    } catch (e) {
      console.error(`run ${runId}: could not store its report:`, e);
    }
  }

  /**
   * A top-up through the run's own machinery: the same lease, cancel and progress; a cancel or a
   * close leaves the top-up pending and the run cancelled or interrupted, and a resume finishes
   * it. The run's start, finish and phase times stay the run's own.
   */
  async function executeTopUp(
    job: ScheduledRun,
    game: AnyGame,
    run: NonNullable<ReturnType<typeof getRun>>,
    topUp: StoredTopUp,
  ): Promise<RunStatus | null> {
    const { runId, signal } = job;
    progress.start(runId, game.phaseWeights);
    setRunStatus(db, runId, 'running', { error: null });
    job.changed('running');
    try {
      await runTopUp(
        {
          db,
          pool,
          progress,
          batchSize: opts.batchSize ?? 4,
          ...(opts.dedupWindow !== undefined ? { dedupWindow: opts.dedupWindow } : {}),
        },
        game,
        run,
        topUp,
        job,
      );
      return 'done';
    } catch (e) {
      const gone = signal.reason instanceof RunLostError ? signal.reason : job.loss();
      if (gone) {
        if (!signal.aborted) job.abort(gone);
        job.lost(gone);
        return null;
      }
      const status: RunStatus = signal.aborted ? (job.closing ? 'interrupted' : 'cancelled') : 'failed';
      const why =
        status === 'failed'
          ? `the top-up failed: ${e instanceof Error ? e.message : String(e)}; resume the run to try it again`
          : status === 'interrupted'
            ? 'the studio closed during a top-up; resume the run to finish it'
            : 'a top-up was cancelled; resume the run to finish it';
      setRunStatus(db, runId, status, { error: why });
      progress.emit(runId, status, status, 0, 1, 0, null, []);
      return status;
    }
  }

  async function execute(job: ScheduledRun): Promise<RunStatus | null> {
    const { runId, signal } = job;
    const run = getRun(db, runId);
    if (!run) {
      job.doneDemanding();
      return null;
    }
    const game = gameById(run.game);
    const t0 = performance.now();
    const gone = job.loss();
    if (gone) {
      job.doneDemanding();
      job.lost(gone);
      return null;
    }
    // A finished run with a pending top-up makes that top-up (top-up-run.ts), not the run again.
    const topUp = pendingTopUp(db, runId);
    if (topUp) return executeTopUp(job, game, run, topUp);
    // A run that started before (then was cancelled, failed, or its process closed or died) is resumed.
    if (run.startedAt !== null) countResume(db, runId);
    progress.start(runId, game.phaseWeights, getRunAttempts(db, runId).phaseMs);
    setRunStatus(db, runId, 'running', { startedAt: new Date().toISOString(), error: null });
    job.changed('running');
    try {
      const g0 = performance.now();
      await generatePools(
        {
          db,
          pool,
          progress: tracked,
          batchSize: opts.batchSize ?? 4,
          onStored: (ms) => storeMs.set(runId, (storeMs.get(runId) ?? 0) + ms),
        },
        game,
        run,
        job,
      );
      genMs.set(runId, (genMs.get(runId) ?? 0) + performance.now() - g0);
      if (signal.aborted) throw signal.reason;
      // An experiment's quick run (some slots only) ships nothing: it is not ordered.
      if (!getRunScope(db, runId)) {
        emit(runId, 'running', 'order', 0, 1, 0, null, []);
        await orderStoredPools(db, game, run, 'automatic', orderInWorkers(pool, signal));
        if (signal.aborted) throw signal.reason;
      }
      // The phase begins; its count of pools (total 0: not known yet) comes from the pass.
      emit(runId, 'running', 'near-duplicates', 0, 0, 0, null, []);
      await nearDuplicatePass(
        {
          db,
          pool,
          progress: tracked,
          ...(opts.dedupWindow !== undefined ? { dedupWindow: opts.dedupWindow } : {}),
        },
        game,
        run,
        job,
      );
      if (signal.aborted) throw signal.reason;
      const gone = job.loss();
      if (gone) throw gone;
      setRunStatus(db, runId, 'done', {
        finishedAt: new Date().toISOString(),
        durationMs: performance.now() - t0,
      });
      emit(runId, 'done', 'done', 1, 1, 0, 0, []);
      storeReport(game, runId, 'done', null);
      return 'done';
    } catch (e) {
      // Deleted or taken over under us: write nothing more, and tell the waiters why.
      const gone = signal.reason instanceof RunLostError ? signal.reason : job.loss();
      if (gone) {
        if (!signal.aborted) job.abort(gone);
        job.lost(gone);
        return null;
      }
      if (signal.aborted) {
        const closing = job.closing;
        const status: RunStatus = closing ? 'interrupted' : 'cancelled';
        setRunStatus(db, runId, status, {
          durationMs: performance.now() - t0,
          error: closing ? 'the studio closed during this run; resume it to carry on' : null,
        });
        emit(runId, status, status, 0, 1, 0, null, []);
        storeReport(
          game,
          runId,
          status,
          closing
            ? 'the studio closed during this run; resume it to carry on'
            : 'cancelled; resume it to carry on',
        );
        return status;
      }
      const message = e instanceof Error ? e.message : String(e);
      setRunStatus(db, runId, 'failed', { durationMs: performance.now() - t0, error: message });
      emit(runId, 'failed', 'failed', 0, 1, 0, null, []);
      storeReport(game, runId, 'failed', message);
      return 'failed';
    }
  }

  return { execute, generationMs: (runId) => genMs.get(runId), storeMs: (runId) => storeMs.get(runId) };
}
