/**
 * Bench: a top-up of 16 candidates for 6 Carillon levels of a whole default run (seed 7) on 2
 * workers, through the API as the Ordering page calls it: from the call to the recomputed
 * automatic order (the near-duplicate phase starting), and to the top-up's end (pairs and
 * history entry stored). Three top-ups on different stretches; the median is reported.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStudio } from '../studio';
import type { BenchCase } from './cases';
import { localClient } from '../local-client';

const STRETCHES = [
  [40, 41, 42, 43, 44, 45],
  [10, 11, 12, 13, 14, 15],
  [70, 71, 72, 73, 74, 75],
];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export const topUpBenchCases: BenchCase[] = [
  {
    name: 'top-up',
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'studio-bench-topup-'));
      const service = openStudio({ dbPath: join(dir, 'bench.db'), workers: 2, transport: 'cli' });
      const api = localClient(service);
      try {
        const created = await api.call('runs.create', { game: 'carillon', seed: 7 });
        const run = await service.engine.waitFor(created.id);
        if (run.status !== 'done') throw new Error(`the Carillon run ended ${run.status}`);
        const toOrder: number[] = [];
        const toEnd: number[] = [];
        for (const levels of STRETCHES) {
          let ordered = Number.NaN;
          const t0 = performance.now();
          const off = service.on('run.progress', (p) => {
            if (p.runId === run.id && p.stage === 'near-duplicates' && Number.isNaN(ordered))
              ordered = performance.now() - t0;
          });
          await api.call('runs.topUp', { runId: run.id, levels, candidates: 16 });
          const done = await service.engine.waitFor(run.id);
          toEnd.push(performance.now() - t0);
          off();
          if (done.status !== 'done') throw new Error(`the top-up ended ${done.status}`);
          toOrder.push(ordered);
        }
        return [
          {
            name: 'top-up: 16 candidates × 6 Carillon levels, call → recomputed order (2 workers, median of 3)',
            value: median(toOrder),
            unit: 'ms',
            budget: '< 1500 ms',
          },
          {
            name: 'top-up: the same, call → done (pairs and history entry stored)',
            value: median(toEnd),
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
