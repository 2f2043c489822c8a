/**
 * Bench: a steered recompute with 10 pins on a whole Apsis run (the default plan, 150 levels),
 * through the API as the Ordering page calls it, and how the API answers while it runs (the
 * recompute runs on a worker: the game's search and the fill around the pins both).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { openStudio } from '../studio';
import type { BenchCase } from './cases';
import { localClient } from '../local-client';

const PIN_LEVELS = [5, 20, 35, 50, 65, 80, 95, 110, 125, 140];

export const steerBenchCases: BenchCase[] = [
  {
    name: 'steer',
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'studio-bench-steer-'));
      const service = openStudio({ dbPath: join(dir, 'bench.db'), workers: 2, transport: 'cli' });
      const api = localClient(service);
      try {
        const created = await api.call('runs.create', { game: 'apsis', seed: 7 });
        const run = await service.engine.waitFor(created.id);
        if (run.status !== 'done') throw new Error(`the Apsis run ended ${run.status}`);
        // A designer's pins: at each level, another candidate of its pool (the best fit after the one shipping).
        const pin: { level: number; candidateId: number }[] = [];
        for (const level of PIN_LEVELS) {
          const s = await api.call('orderings.swapOptions', { runId: run.id, kind: 'automatic', level });
          const other = s.options.find((o) => o.candidateId !== s.current);
          if (other) pin.push({ level, candidateId: other.candidateId });
        }
        if (pin.length !== PIN_LEVELS.length)
          throw new Error(`only ${pin.length} levels had another candidate to pin`);
        // The first recompute loads the game's code into a worker; the designer's next ones do not.
        const t0 = performance.now();
        await api.call('orderings.steer', { runId: run.id, clear: true });
        const coldMs = performance.now() - t0;

        const times: number[] = [];
        const latencies: number[] = [];
        let stall = 0;
        for (let rep = 0; rep < 3; rep++) {
          const loop = monitorEventLoopDelay({ resolution: 5 });
          loop.enable();
          let done = false;
          const start = performance.now();
          const steering = api.call('orderings.steer', { runId: run.id, clear: true, pin }).then((r) => {
            done = true;
            return r;
          });
          // Meanwhile: a small API call every 25 ms, as a page polling its run would.
          while (!done) {
            const q0 = performance.now();
            await api.call('runs.get', { runId: run.id });
            latencies.push(performance.now() - q0);
            await new Promise((r) => setTimeout(r, 25));
          }
          const r = await steering;
          times.push(performance.now() - start);
          loop.disable();
          stall = Math.max(stall, loop.max / 1e6);
          const held = pin.every((p) => r.ordering.levels[p.level - 1]?.candidateId === p.candidateId);
          if (!held) throw new Error('a pin did not hold in the steered order');
        }
        // The same recompute with nothing fixed: the game's own search and the round trip alone.
        const bare: number[] = [];
        for (let rep = 0; rep < 3; rep++) {
          const b0 = performance.now();
          await api.call('orderings.steer', { runId: run.id, clear: true });
          bare.push(performance.now() - b0);
        }
        bare.sort((a, b) => a - b);
        times.sort((a, b) => a - b);
        latencies.sort((a, b) => a - b);
        const p = (q: number): number =>
          latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
        return [
          {
            name: 'steer: recompute with 10 pins, whole Apsis run (150 levels, median of 3)',
            value: times[1]!,
            unit: 'ms',
            budget: '< 2000 ms',
          },
          {
            name: "steer: the same with no pins (the game's own search and the round trip, median of 3)",
            value: bare[1]!,
            unit: 'ms',
          },
          { name: 'steer: first recompute (worker loads the game)', value: coldMs, unit: 'ms' },
          {
            name: `steer: API call during the recompute, median (${latencies.length} calls)`,
            value: p(0.5),
            unit: 'ms',
          },
          {
            name: 'steer: API call during the recompute, slowest',
            value: latencies[latencies.length - 1] ?? Number.NaN,
            unit: 'ms',
          },
          { name: "steer: main thread's longest stall during the recompute", value: stall, unit: 'ms' },
        ];
      } finally {
        await service.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
