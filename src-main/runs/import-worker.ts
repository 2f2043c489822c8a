/**
 * Import worker entry: one dedicated worker thread per pack check (not the run pool), so an
 * import, or the CLI's verify, can be held to its own heap cap and time budget and be
 * terminated on cancel without touching a run's workers. Reads { task, text, limits } from
 * workerData; posts { kind: 'level' } before each level's proof (the runner holds each level to
 * a budget), then one { kind: 'done' } with the ImportCheck (task 'import') or VerifyCheck
 * (task 'verify').
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportLimits } from '../../src-shared/pack/import-limits';
import { checkPackText, verifyPackText, type LevelProgress } from './import-check';

const input = workerData as { task?: 'import' | 'verify'; text: string; limits: ImportLimits };
const onLevel: LevelProgress = (level, of) => parentPort?.postMessage({ kind: 'level', level, of });
parentPort?.postMessage({
  kind: 'done',
  reply:
    input.task === 'verify'
      ? verifyPackText(input.text, input.limits, onLevel)
      : checkPackText(input.text, input.limits, onLevel),
});
