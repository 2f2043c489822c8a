/**
 * Playtest results worker entry: one thread per results import (like a pack import's, with
 * its heap cap and time budget). Reads { text, limits } from workerData and posts
 * { kind: 'read', header } (or { kind: 'done' } with a refusal); main answers with the export's
 * levels ({ input }), and the worker posts { kind: 'done', reply } with the rows or a refusal.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ResultsLimits } from '../../src-shared/playtest/results-limits';
import { readPhase, replayPhase, type ReplayInput } from './results-check';

const { text, limits } = workerData as { text: string; limits: ResultsLimits };
const read = readPhase(text, limits);
if (!read.ok) parentPort?.postMessage({ kind: 'done', reply: read });
else {
  parentPort?.postMessage({ kind: 'read', header: read.header });
  parentPort?.once('message', (m: { input: ReplayInput }) => {
    parentPort?.postMessage({ kind: 'done', reply: replayPhase(read.file, read.ids, m.input) });
  });
}
