/**
 * The worker pool: piscina over worker threads, sized to the cores. In the built app the
 * worker is `out/main/worker.js`; when running from source (tests), it is the `.ts` entry
 * loaded through tsx (see paths.ts).
 *
 * Cancel is cooperative first (the caller's promise rejects at once, a short batch is left to
 * finish and its reply ignored), then firm: a task still running `cancelGraceMs` after its
 * cancel has its worker terminated and replaced, so a pathological task cannot hold the pool.
 * Every task also has a time budget; past it, its worker is terminated and the task fails
 * with a sentence saying so.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { WorkerResult, WorkerTask } from './tasks';
import { workerEntry } from '../paths';

export interface WorkerPool {
  readonly size: number;
  /** Run a task; `budgetMs` overrides its time budget (taskBudgetMs). */
  run<T extends WorkerTask>(task: T, signal?: AbortSignal, budgetMs?: number): Promise<WorkerResult<T>>;
  close(): Promise<void>;
  /** The threads now serving the pool (a cancel of short tasks does not replace them). */
  threadIds(): number[];
  /** Tasks stopped by terminating their worker: still running past a cancel's deadline, or past their budget. */
  readonly stopped: number;
}

/** How long one candidate job may take (a default-plan job takes well under a second). */
const JOB_BUDGET_MS = 120_000;
/** How long an ordering or near-duplicate task may take. */
const TASK_BUDGET_MS = 600_000;
/** How long a cancelled task may keep its worker before the worker is terminated. */
const CANCEL_GRACE_MS = 200;

/** A task's time budget: per candidate job for generation, one figure for the rest. */
function taskBudgetMs(task: WorkerTask): number {
  return task.kind === 'generate' ? JOB_BUDGET_MS * Math.max(1, task.jobs.length) : TASK_BUDGET_MS;
}

/** A task ran past its time budget; its worker was terminated. */
export class TaskBudgetError extends Error {
  constructor(task: WorkerTask, budgetMs: number) {
    const what =
      task.kind === 'generate'
        ? `building ${task.jobs.length} candidate${task.jobs.length === 1 ? '' : 's'} of level ${task.jobs[0]!.slot + 1}`
        : task.kind === 'order'
          ? 'the ordering search'
          : task.kind === 'dedup'
            ? 'the near-duplicate check'
            : task.kind === 'prove'
              ? `the proof of level ${task.slot + 1}`
              : 'a worker task';
    super(
      `${what} ran past its time budget of ${Math.round(budgetMs / 1000)} s and was stopped; the plan or rules ask for more work per level than a run allows (lower the arrow or dot counts, or the tries)`,
    );
    this.name = 'TaskBudgetError';
  }
}

export function defaultWorkerCount(): number {
  return Math.max(1, availableParallelism());
}

export interface PoolOptions {
  workers?: number;
  /** After a cancel, how long a running task may keep its worker (default CANCEL_GRACE_MS). */
  cancelGraceMs?: number;
  /** Each task's time budget (default taskBudgetMs). */
  budgetMs?: (task: WorkerTask) => number;
}

export function createPool(opts: PoolOptions = {}): WorkerPool {
  const size = Math.max(1, Math.floor(opts.workers ?? defaultWorkerCount()));
  const graceMs = opts.cancelGraceMs ?? CANCEL_GRACE_MS;
  const budgetOf = opts.budgetMs ?? taskBudgetMs;
  const entry = workerEntry();
  const piscina = new Piscina({
    filename: entry.filename,
    execArgv: entry.execArgv,
    minThreads: size,
    maxThreads: size,
    // Callers bound what they submit (the run engine's pool slots), so the queue itself needs no cap.
    maxQueue: Number.POSITIVE_INFINITY,
  });
  // Piscina reports a reply it no longer expects (a worker that answered just as its task was
  // dropped or its worker terminated) as an 'error' event; unheard, that event would crash
  // the process. Heard, it is only a stray reply: the task's promise has already settled.
  piscina.on('error', (err: unknown) => {
    console.warn(`worker pool: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  });
  let stopped = 0;
  // Tasks go to piscina only when a worker is free, so every task piscina holds is running:
  // a cancel drops a task still waiting here at once, and gives a running one its grace.
  let inFlight = 0;
  const waiting: { start: () => void; fail: (e: Error) => void }[] = [];
  let closed = false;

  function run<T extends WorkerTask>(
    task: T,
    signal?: AbortSignal,
    budgetMs = budgetOf(task),
  ): Promise<WorkerResult<T>> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (closed) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise<WorkerResult<T>>((resolve, reject) => {
      let started = false;
      const timers: NodeJS.Timeout[] = [];
      // Aborting `hard` makes piscina terminate the task's worker and start a fresh one.
      const hard = new AbortController();
      const stop = (reason: Error): void => {
        if (hard.signal.aborted) return;
        stopped++;
        hard.abort(reason);
      };
      const onCancel = (): void => {
        reject(abortError(signal!));
        if (!started) {
          const i = waiting.findIndex((w) => w.start === start);
          if (i >= 0) waiting.splice(i, 1);
        } else
          timers.push(
            setTimeout(() => stop(new Error('cancelled, and still running past its deadline')), graceMs),
          );
      };
      const start = (): void => {
        started = true;
        inFlight++;
        timers.push(setTimeout(() => stop(new TaskBudgetError(task, budgetMs)), budgetMs));
        (piscina.run(task, { signal: hard.signal }) as Promise<WorkerResult<T>>)
          .then(resolve, (err: unknown) =>
            reject(hard.signal.reason instanceof TaskBudgetError ? hard.signal.reason : err),
          )
          .finally(() => {
            for (const t of timers) clearTimeout(t);
            signal?.removeEventListener('abort', onCancel);
            inFlight--;
            if (!closed) waiting.shift()?.start();
          });
      };
      signal?.addEventListener('abort', onCancel, { once: true });
      if (inFlight < size) start();
      else waiting.push({ start, fail: reject });
    });
  }

  return {
    size,
    run,
    close: async () => {
      closed = true;
      // Tasks still waiting for a worker never start (piscina would spawn threads for them).
      for (const w of waiting.splice(0)) w.fail(new Error('the worker pool is closed'));
      await piscina.destroy();
    },
    threadIds: () => piscina.threads.map((t) => t.threadId),
    get stopped() {
      return stopped;
    },
  };
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const err = new Error('The task was cancelled');
  err.name = 'AbortError';
  return err;
}
