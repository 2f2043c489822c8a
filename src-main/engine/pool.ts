/**
 * The worker pool: piscina over worker threads, sized to the cores. In the built app the
 * worker is `out/main/worker.js`; when running from source (tests), it is the `.ts` entry
 * loaded through tsx (see paths.ts).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { WorkerResult, WorkerTask } from './tasks';
import { workerEntry } from '../paths';

export interface WorkerPool {
  readonly size: number;
  run<T extends WorkerTask>(task: T, signal?: AbortSignal): Promise<WorkerResult<T>>;
  close(): Promise<void>;
  /** The threads now serving the pool (a cancel must not replace them). */
  threadIds(): number[];
}

export function defaultWorkerCount(): number {
  return Math.max(1, availableParallelism());
}

export function createPool(opts: { workers?: number } = {}): WorkerPool {
  const size = Math.max(1, Math.floor(opts.workers ?? defaultWorkerCount()));
  const entry = workerEntry();
  const piscina = new Piscina({
    filename: entry.filename,
    execArgv: entry.execArgv,
    minThreads: size,
    maxThreads: size,
    // Callers bound what they submit (the run engine's pool slots), so the queue itself needs no cap.
    maxQueue: Number.POSITIVE_INFINITY,
  });
  // Piscina reports a reply it no longer expects (a worker that answered just as its task
  // was dropped) as an 'error' event; unheard, that event would crash the process.
  piscina.on('error', (err: unknown) => {
    console.warn(`worker pool: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  });
  return {
    size,
    run: (task, signal) => runCooperatively(() => piscina.run(task) as Promise<WorkerResult<typeof task>>, signal),
    close: () => piscina.destroy(),
    threadIds: () => piscina.threads.map((t) => t.threadId),
  };
}

/**
 * Cancel without killing workers: a task already handed to a worker is short (a batch of a
 * few candidates), so it is left to finish and its reply ignored, while the caller's promise
 * rejects at once. Passing the signal to piscina instead would terminate the worker mid-task
 * and race its last reply against the abort, and restarting a worker costs more than the task.
 */
export function runCooperatively<R>(start: () => Promise<R>, signal?: AbortSignal): Promise<R> {
  if (!signal) return start();
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<R>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    start().then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const err = new Error('The task was cancelled');
  err.name = 'AbortError';
  return err;
}
