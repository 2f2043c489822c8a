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
    // Callers bound what they submit (mapLimited), so the queue itself needs no cap.
    maxQueue: Number.POSITIVE_INFINITY,
  });
  return {
    size,
    run: (task, signal) => piscina.run(task, signal ? { signal } : {}),
    close: () => piscina.destroy(),
  };
}
