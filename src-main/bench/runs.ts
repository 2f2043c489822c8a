/**
 * Bench: how soon the pool serves a new run after a pathological one is cancelled (the
 * cancelled run's workers are still building when the cancel lands; see jobs/pool.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStudio } from '../studio';
import type { BenchCase } from './cases';
import { localClient } from '../local-client';

/** Every Apsis field at its bound: one candidate takes tens of seconds. */
const PATHOLOGICAL = {
  game: 'apsis' as const,
  seed: 1,
  plan: [
    {
      stage: 1,
      first: 1,
      last: 4,
      orbits: 3,
      arrows: [60, 60, 60, 60],
      long: true,
      diagonal: true,
      poolSize: 100,
    },
  ],
  rules: { validCandidates: 1000, maxTries: 100000, maxBuilds: 100 },
};

export const runBenchCases: BenchCase[] = [
  {
    name: 'cancel recovery',
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'studio-bench-cancel-'));
      const service = openStudio({ dbPath: join(dir, 'bench.db'), transport: 'cli' });
      try {
        const api = localClient(service);
        const heavy = await api.call('runs.create', PATHOLOGICAL);
        // Let every worker take a batch it will not finish for minutes.
        await new Promise((r) => setTimeout(r, 1000));
        const t0 = performance.now();
        await api.call('runs.cancel', { runId: heavy.id });
        await service.engine.waitFor(heavy.id);
        const small = await api.call('runs.create', { game: 'carillon', seed: 2, levels: 1 });
        let first = Number.NaN;
        const off = service.on('run.progress', (p) => {
          if (p.runId === small.id && p.stage === 'generate' && p.done > 0 && Number.isNaN(first))
            first = performance.now() - t0;
        });
        const done = await service.engine.waitFor(small.id);
        off();
        if (done.status !== 'done') throw new Error(`the run after the cancel ended ${done.status}`);
        return [
          {
            name: `cancel → next run's first candidate (${service.engine.workers} workers)`,
            value: first,
            unit: 'ms',
            budget: '≤ 1000 ms',
          },
          {
            name: `cancel → next 1-level run done (${service.engine.workers} workers)`,
            value: performance.now() - t0,
            unit: 'ms',
          },
        ];
      } finally {
        await service.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
