/**
 * Import benchmark: a real pack checked in the import worker and stored, a hostile level
 * refused by the size limits, and the main thread's longest event-loop stall meanwhile (the
 * API must stay responsive while a pack is proved).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { openStudio } from '../studio';
import { localClient } from '../local-client';
import type { BenchCase } from './cases';

/** An Apsis pack whose one level has `arrows` arrows (refused before any proof). */
function hugeApsisLevel(arrows: number): string {
  return JSON.stringify({
    format: 'apsis-pack',
    version: 1,
    seed: 1,
    rules: {},
    plan: [],
    levels: [
      {
        level: 1,
        orbits: 6,
        depth: 1,
        free: 1,
        reads: 0,
        arrows: Array.from({ length: arrows }, (_, i) => ({
          orbit: 1 + (i % 6),
          angle: i % 360,
          heading: 'cw',
          length: 'short',
        })),
        solution: [0],
      },
    ],
  });
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; stallMs: number; value: T }> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  h.disable();
  return { ms, stallMs: h.max / 1e6, value };
}

export const importBenchCases: BenchCase[] = [
  {
    name: 'import',
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'studio-bench-import-'));
      const service = openStudio({ dbPath: join(dir, 'bench.db'), workers: 2, transport: 'cli' });
      try {
        const api = localClient(service);
        const run = await api.call('runs.create', { game: 'carillon', seed: 7, levels: 40 });
        await service.engine.waitFor(run.id);
        const pack = await api.call('packs.export', { runId: run.id, kind: 'automatic' });
        // Through the API (the same dispatch both transports call), the event loop watched.
        const good = await timed(() => service.dispatch('packs.import', { text: pack.text }));
        if (!good.value.ok)
          throw new Error(`import bench: the pack was refused: ${good.value.error.message}`);
        const hostile = await timed(() => service.dispatch('packs.import', { text: hugeApsisLevel(10_000) }));
        if (hostile.value.ok || !/at most 200/.test(hostile.value.error.message))
          throw new Error('import bench: the 10,000-arrow level was not refused by size');
        return [
          {
            name: 'import a 40-level Carillon pack (worker: parse, proof, metrics; then store)',
            value: good.ms,
            unit: 'ms',
          },
          {
            name: 'longest main-thread stall while it imports',
            value: good.stallMs,
            unit: 'ms',
            budget: '< 100 ms',
          },
          {
            name: 'refuse a 10,000-arrow Apsis level (worker start, parse, size check)',
            value: hostile.ms,
            unit: 'ms',
          },
          {
            name: 'longest main-thread stall while it is refused',
            value: hostile.stallMs,
            unit: 'ms',
            budget: '< 100 ms',
          },
        ];
      } finally {
        await service.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
