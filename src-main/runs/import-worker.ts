/**
 * Import worker entry: one dedicated worker thread per pack import (not the run pool), so an
 * import can be held to its own heap cap and time budget and be terminated on cancel without
 * touching a run's workers. Reads { text, limits } from workerData, posts one ImportCheck.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportLimits } from '../../src-shared/pack/import-limits';
import { checkPackText } from './import-check';

const input = workerData as { text: string; limits: ImportLimits };
parentPort?.postMessage(checkPackText(input.text, input.limits));
