/**
 * Bench `delete` (issue 21): deleting a 10,000-candidate run through the API, with every kind of
 * row that points at its candidates (metrics, near-duplicate pairs, triage marks, an order, a
 * history entry), while another call (`app.info`) is made every 10 ms. Reports how long the
 * delete took and the worst wait of a call made meanwhile (target: under 100 ms, the longest
 * one batch of the delete may hold the thread).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { localClient } from '../local-client';
import { setVerdicts } from '../store/candidates';
import { openDatabase, skipFsync } from '../store/db';
import { replacePairs } from '../store/duplicates';
import { recordChange } from '../store/history';
import { writePairTriage } from '../store/triage';
import { openStudio } from '../studio';
import type { BenchCase, BenchRow } from './cases';
import { insertStageRun } from './heavy-fixtures';

const CANDIDATES = 10_000;

/** Calls `call` every 10 ms until stopped; the longest any one waited past its time, and how many ran. */
function probe(call: () => Promise<unknown>): { stop: () => Promise<{ worst: number; calls: number }> } {
  let running = true;
  let worst = 0;
  let calls = 0;
  const loop = (async () => {
    while (running) {
      const due = performance.now() + 10;
      await new Promise((r) => setTimeout(r, 10));
      await call();
      calls++;
      worst = Math.max(worst, performance.now() - due);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { worst, calls };
    },
  };
}

export const deleteBenchCases: BenchCase[] = [
  {
    name: 'delete',
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'studio-bench-delete-'));
      const dbPath = join(dir, 'bench.db');
      const service = openStudio({ dbPath, workers: 1, transport: 'cli' });
      const api = localClient(service);
      try {
        // The run, written on a fixture connection that skips fsync.
        const fx = openDatabase(dbPath);
        skipFsync(fx);
        const { runId, ids } = insertStageRun(fx, CANDIDATES);
        const now = new Date().toISOString();
        const pairs = [];
        for (let i = 0; i + 1 < ids.length; i += 2)
          pairs.push({ a: ids[i]!, b: ids[i + 1]!, rule: 'copy', transform: 'identity', share: 0.9 });
        replacePairs(fx, runId, pairs);
        for (let i = 0; i + 1 < ids.length; i += 16)
          writePairTriage(fx, runId, { a: ids[i]!, b: ids[i + 1]!, fine: { by: 'bench', at: now } });
        recordChange(fx, runId, now, { kind: 'verdict', label: (scope) => `Approved ${scope}` }, () =>
          setVerdicts(fx, ids.slice(0, 500), 'approved'),
        );
        fx.close();

        process.stderr.write(`bench: delete: a ${CANDIDATES.toLocaleString('en')}-candidate run…\n`);
        const p = probe(() => api.call('app.info', {}));
        await new Promise((r) => setTimeout(r, 30));
        const t0 = performance.now();
        await api.call('runs.delete', { runId });
        const deleteMs = performance.now() - t0;
        const { worst, calls } = await p.stop();
        const rows: BenchRow[] = [
          {
            name: `delete: a ${CANDIDATES.toLocaleString('en')}-candidate run: took`,
            value: deleteMs,
            unit: 'ms',
          },
          {
            name: `delete: a ${CANDIDATES.toLocaleString('en')}-candidate run: worst wait of a call meanwhile`,
            value: worst,
            unit: 'ms',
            budget: '< 100 ms',
          },
          { name: `delete: calls answered meanwhile (one every 10 ms)`, value: calls, unit: 'calls' },
        ];
        return rows;
      } finally {
        await service.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
