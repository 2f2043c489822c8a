/**
 * Import worker entry: one dedicated worker thread per pack check (not the run pool), so an
 * import, or the CLI's verify, can be held to its own heap cap and time budget and be
 * terminated on cancel without touching a run's workers. Reads { task, text, limits } from
 * workerData, posts one ImportCheck (task 'import') or VerifyCheck (task 'verify').
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportLimits } from '../../src-shared/pack/import-limits';
import { checkPackText, verifyPackText } from './import-check';

const input = workerData as { task?: 'import' | 'verify'; text: string; limits: ImportLimits };
parentPort?.postMessage(
  input.task === 'verify'
    ? verifyPackText(input.text, input.limits)
    : checkPackText(input.text, input.limits),
);
