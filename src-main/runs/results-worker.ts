/**
 * Playtest results worker entry: one thread per results import (like a pack import's, with
 * its heap cap and time budget). Reads { text, limits } from workerData and posts
 * { kind: 'read', header } (or { kind: 'done' } with a refusal); main answers with the export's
 * levels ({ input }), and the worker posts the rows ({ kind: 'rows' }, 500 a message), then
 * { kind: 'done', reply } (or only that, with a refusal).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ResultsLimits } from '../../src-shared/playtest/results-limits';
import { readPhase, replayPhase, type ReplayInput } from './results-check';

const ROWS_PER_MESSAGE = 500;
const { text, limits } = workerData as { text: string; limits: ResultsLimits };
const read = readPhase(text, limits);
if (!read.ok) parentPort?.postMessage({ kind: 'done', reply: read });
else {
  parentPort?.postMessage({ kind: 'read', header: read.header });
  parentPort?.once('message', (m: { input: ReplayInput }) => {
    const reply = replayPhase(read.file, read.ids, m.input);
    if (!reply.ok) parentPort?.postMessage({ kind: 'done', reply });
    else {
      // In chunks: main takes each in its own turn instead of one 10,000-row message in one go.
      for (let i = 0; i < reply.rows.length; i += ROWS_PER_MESSAGE)
        parentPort?.postMessage({ kind: 'rows', rows: reply.rows.slice(i, i + ROWS_PER_MESSAGE) });
      parentPort?.postMessage({ kind: 'done', reply: { ok: true, rows: [] } });
    }
  });
}
