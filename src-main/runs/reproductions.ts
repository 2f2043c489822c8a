/**
 * The studio's reproduce checks (runs.reproduce): one job per run at a time, made on the
 * studio's own worker pool (runs/reproduce.ts makes the run again in a scratch database through
 * the engine, like any run), so the API's thread only stores candidates in batches and compares
 * them in chunks that give the thread back. Each job's progress only moves forward: most of it
 * is the run made again (its own overall progress), the last part the comparison. Progress and
 * the verdict are pushed as `run.reproduce` events; the last job per run is kept for
 * runs.reproduction until the studio closes.
 */
import { ApiError, type ReproduceJob, type RunProgress } from '../../src-shared/api';
import type { Db } from '../store/db';
import type { WorkerPool } from '../jobs/pool';
import { reproduceRun, reproducibleRun, ReproduceError, type ScratchStudio } from './reproduce';

/** The share of a job's progress that making the run again takes; comparing is the rest. */
const MAKING = 0.9;

export interface Reproductions {
  /** Start a check of `runId` (refused, in a sentence, when it cannot be reproduced); one under way is answered as it is. */
  start(runId: number): ReproduceJob;
  /** The run's check under way, or its last one (null: none). */
  get(runId: number): ReproduceJob | null;
  /** Stop every check under way (the studio is closing); each ends failed. */
  close(): Promise<void>;
}

/** The studio's own pool, lent to a scratch studio: its close leaves the pool to its owner. */
export function lentPool(pool: WorkerPool): WorkerPool {
  return {
    get size() {
      return pool.size;
    },
    get stopped() {
      return pool.stopped;
    },
    run: (task, signal, budgetMs) => pool.run(task, signal, budgetMs),
    threadIds: () => pool.threadIds(),
    close: () => Promise.resolve(),
  };
}

export function createReproductions(opts: {
  db: Db;
  /** Opens the scratch studio a run is made again in (the service: on its own pool, lent). */
  open: (scratchPath: string) => ScratchStudio;
  emit: (job: ReproduceJob) => void;
}): Reproductions {
  const jobs = new Map<number, ReproduceJob>();
  const running = new Map<number, { abort: AbortController; done: Promise<void> }>();
  const publish = (job: ReproduceJob): void => {
    jobs.set(job.runId, job);
    opts.emit(job);
  };

  function progressOf(job: ReproduceJob, p: RunProgress): ReproduceJob {
    const overall = Math.max(job.overall, Math.min(MAKING, p.overall * MAKING));
    const stage =
      p.status === 'running' || p.status === 'queued' ? `making the run again: ${p.stage}` : job.stage;
    return { ...job, overall, stage };
  }

  return {
    start(runId) {
      const under = jobs.get(runId);
      if (under?.state === 'running') return under;
      try {
        reproducibleRun(opts.db, runId);
      } catch (e) {
        if (e instanceof ReproduceError)
          throw new ApiError(/does not exist/.test(e.message) ? 'not-found' : 'conflict', e.message);
        throw e;
      }
      let job: ReproduceJob = {
        runId,
        state: 'running',
        overall: 0,
        stage: 'making the run again',
        startedAt: new Date().toISOString(),
        finishedAt: null,
        report: null,
        error: null,
      };
      publish(job);
      const abort = new AbortController();
      const done = reproduceRun(opts.db, runId, {
        open: opts.open,
        signal: abort.signal,
        onProgress: (p) => {
          let next = progressOf(job, p);
          if (p.status === 'done')
            next = { ...next, overall: MAKING, stage: 'comparing with what is stored' };
          if (next.overall === job.overall && next.stage === job.stage) return;
          job = next;
          publish(job);
        },
      }).then(
        (report) => {
          job = {
            ...job,
            state: 'done',
            overall: 1,
            stage: 'done',
            finishedAt: new Date().toISOString(),
            report,
          };
          publish(job);
        },
        (e: unknown) => {
          const why = e instanceof Error ? e.message.split('\n')[0]! : String(e);
          job = {
            ...job,
            state: 'failed',
            stage: 'failed',
            finishedAt: new Date().toISOString(),
            error: abort.signal.aborted ? 'the studio closed before the check finished' : why,
          };
          publish(job);
        },
      );
      running.set(runId, {
        abort,
        done: done.finally(() => running.delete(runId)),
      });
      return job;
    },
    get: (runId) => jobs.get(runId) ?? null,
    async close() {
      for (const r of running.values()) r.abort.abort();
      await Promise.all([...running.values()].map((r) => r.done));
    },
  };
}
