/**
 * Runs one pack check (an import's, or the CLI's verify) in a dedicated worker thread with
 * resourceLimits and a time budget, so a pathological pack costs that thread, never the API's
 * event loop or the process. Each level's proof is held to a budget of its own, and a pack whose
 * levels show it cannot finish in time is refused at once (proof-pace.ts). Cancel (an
 * AbortSignal), the budgets and the heap cap all end in worker.terminate() and an ApiError
 * sentence saying nothing was stored.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ApiError } from '../../src-shared/api';
import type { ImportLimits } from '../../src-shared/pack/import-limits';
import { importWorkerEntry } from '../paths';
import type { ImportCheck, VerifyCheck } from './import-check';
import { createProofPace, levelTooLargeSentence } from './proof-pace';

/**
 * From source (tests), the .ts entry is imported once tsx's loader is registered inside the
 * worker (Node 20 does not apply `--import` hooks to a plain Worker's main script); the built
 * app loads out/main/import-worker.js directly.
 */
export function sourceBootstrap(filename: string): string {
  // tsx's "./esm/api" export for `import` (require.resolve would answer its CommonJS twin).
  const tsx = pathToFileURL(
    join(
      dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
      'dist',
      'esm',
      'api',
      'index.mjs',
    ),
  ).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(filename).href)}); });`;
}

/** What the import worker posts (import-worker.ts). */
type WorkerMessage =
  { kind: 'level'; level: number | null; of: number } | { kind: 'done'; reply: ImportCheck | VerifyCheck };

/** An import's check: the levels to store, or an ApiError saying why nothing was stored. */
export function checkInWorker(
  text: string,
  limits: ImportLimits,
  signal?: AbortSignal,
): Promise<Extract<ImportCheck, { ok: true }>> {
  return inWorker('import', text, limits, signal);
}

/**
 * `verify`'s check with import's limits, worker and time budget: the report, or an ApiError
 * with import's sentence when the pack is past a limit or not a pack.
 */
export function verifyInWorker(
  text: string,
  limits: ImportLimits,
): Promise<Extract<VerifyCheck, { ok: true }>> {
  return inWorker('verify', text, limits);
}

function inWorker(
  task: 'import',
  text: string,
  limits: ImportLimits,
  signal?: AbortSignal,
): Promise<Extract<ImportCheck, { ok: true }>>;
function inWorker(
  task: 'verify',
  text: string,
  limits: ImportLimits,
  signal?: AbortSignal,
): Promise<Extract<VerifyCheck, { ok: true }>>;
function inWorker(
  task: 'import' | 'verify',
  text: string,
  limits: ImportLimits,
  signal?: AbortSignal,
): Promise<Extract<ImportCheck | VerifyCheck, { ok: true }>> {
  if (signal?.aborted)
    return Promise.reject(new ApiError('conflict', 'the import was cancelled; nothing was stored'));
  const entry = importWorkerEntry();
  const fromSource = entry.execArgv.length > 0;
  const worker = new Worker(fromSource ? sourceBootstrap(entry.filename) : entry.filename, {
    eval: fromSource,
    workerData: { task, text, limits },
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, stackSizeMb: 4 },
    stdout: false,
    stderr: false,
  });
  const pace = createProofPace(performance.now(), limits.timeBudgetMs);
  return new Promise((resolve, reject) => {
    let settled = false;
    let levelTimer: ReturnType<typeof setTimeout> | undefined;
    const settle = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(levelTimer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      fn();
    };
    const onAbort = (): void =>
      settle(() => reject(new ApiError('conflict', 'the import was cancelled; nothing was stored')));
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new ApiError(
              'bad-argument',
              `the pack took longer than ${limits.timeBudgetMs >= 10_000 ? Math.round(limits.timeBudgetMs / 1000) : limits.timeBudgetMs / 1000} s to check, the most an import may take; nothing was stored`,
            ),
          ),
        ),
      limits.timeBudgetMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    const refuse = (sentence: string): void => settle(() => reject(new ApiError('bad-argument', sentence)));
    worker.on('message', (m: WorkerMessage) => {
      if (m.kind === 'level') {
        clearTimeout(levelTimer);
        const level = m.level;
        if (level !== null && Number.isFinite(limits.levelBudgetMs))
          levelTimer = setTimeout(
            () => refuse(levelTooLargeSentence(level, limits.levelBudgetMs)),
            limits.levelBudgetMs,
          );
        const tooSlow = pace.level(level, m.of, performance.now());
        if (tooSlow) refuse(tooSlow);
        return;
      }
      const reply = m.reply;
      settle(() => {
        if (reply.ok) resolve(reply);
        else reject(new ApiError('bad-argument', reply.message, reply.fields));
      });
    });
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() => {
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY')
          reject(
            new ApiError(
              'bad-argument',
              `the pack needs more memory to check than an import may use (${limits.maxHeapMb} MB); nothing was stored`,
            ),
          );
        else reject(new ApiError('internal', `the pack could not be checked: ${err.message.split('\n')[0]}`));
      }),
    );
    worker.once('exit', (code) =>
      settle(() =>
        reject(
          new ApiError(
            'internal',
            `the import worker stopped (exit code ${code}) before answering; nothing was stored`,
          ),
        ),
      ),
    );
  });
}
