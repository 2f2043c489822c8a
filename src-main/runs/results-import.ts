/**
 * Checks a playtest results file in its own worker thread (results-worker.ts) under pack
 * import's caps (heap, time budget), so a hostile file costs that thread, never the API's
 * event loop. Main answers the worker's header with the export's levels (`lookup`, which may
 * refuse with an ApiError), and gets back the rows to store or a sentence.
 */
import { Worker } from 'node:worker_threads';
import { ApiError } from '../../src-shared/api';
import type { ImportLimits } from '../../src-shared/pack/import-limits';
import type { ResultsLimits } from '../../src-shared/playtest/results-limits';
import { resultsWorkerEntry } from '../paths';
import type { NewAttempt } from '../store/playtest-attempts';
import { sourceBootstrap } from './import-runner';
import type { ReplayInput, ReplayPhase, ResultsHeader } from './results-check';

type WorkerMessage =
  | { kind: 'read'; header: ResultsHeader }
  | { kind: 'rows'; rows: NewAttempt[] }
  | { kind: 'done'; reply: ReplayPhase };

/** The sentence of a results import stopped by packs.cancelImport (or the service closing). */
export const cancelled = (): ApiError =>
  new ApiError('conflict', 'the results import was cancelled; nothing was stored');

export function checkResultsInWorker(
  text: string,
  limits: { import: ImportLimits; results: ResultsLimits },
  lookup: (header: ResultsHeader) => ReplayInput,
  signal?: AbortSignal,
): Promise<{ header: ResultsHeader; rows: NewAttempt[] }> {
  if (signal?.aborted) return Promise.reject(cancelled());
  const entry = resultsWorkerEntry();
  const fromSource = entry.execArgv.length > 0;
  const worker = new Worker(fromSource ? sourceBootstrap(entry.filename) : entry.filename, {
    eval: fromSource,
    workerData: { text, limits: limits.results },
    resourceLimits: { maxOldGenerationSizeMb: limits.import.maxHeapMb, stackSizeMb: 4 },
    stdout: false,
    stderr: false,
  });
  const budget = limits.import.timeBudgetMs;
  return new Promise((resolve, reject) => {
    let settled = false;
    let header: ResultsHeader | null = null;
    const rows: NewAttempt[] = [];
    const settle = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      fn();
    };
    const onAbort = (): void => settle(() => reject(cancelled()));
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new ApiError(
              'bad-argument',
              `the results took longer than ${Math.round(budget / 1000)} s to check, the most an import may take; nothing was stored`,
            ),
          ),
        ),
      budget,
    );
    worker.on('message', (m: WorkerMessage) => {
      if (m.kind === 'read') {
        try {
          header = m.header;
          worker.postMessage({ input: lookup(m.header) });
        } catch (e) {
          settle(() => reject(e));
        }
        return;
      }
      if (m.kind === 'rows') {
        for (const r of m.rows) rows.push(r);
        return;
      }
      const reply = m.reply;
      settle(() => {
        if (reply.ok && header) resolve({ header, rows });
        else
          reject(
            new ApiError(
              'bad-argument',
              reply.ok ? 'the results worker answered out of turn' : reply.message,
            ),
          );
      });
    });
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ApiError(
                'bad-argument',
                `the results need more memory to check than an import may use (${limits.import.maxHeapMb} MB); nothing was stored`,
              )
            : new ApiError('internal', `the results could not be checked: ${err.message.split('\n')[0]}`),
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() =>
        reject(
          new ApiError(
            'internal',
            `the results worker stopped (exit code ${code}) before answering; nothing was stored`,
          ),
        ),
      ),
    );
  });
}
