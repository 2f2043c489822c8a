/**
 * The CPU of a whole default set, all threads (`--only "set cpu"`; issue 26). The machine is
 * shared, so CPU time is the figure, not wall: process.cpuUsage() is getrusage(RUSAGE_SELF),
 * which counts every thread of the process, the pool's workers included. Best of three runs
 * of seed 101 on 2 workers, each from run creation to the exported pack (what the CLI's
 * `generate` does), after a small warm-up run so module load and JIT are not counted.
 */
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameId } from '../../src-shared/games/index';
import { openStudio } from '../studio';
import { writeExportTo } from '../export-files';
import { localClient } from '../local-client';
import type { BenchCase, BenchRow } from './cases';

const RUNS = 3;
const WORKERS = 2;
const SEED = 101;

/**
 * Targets of issue 26 as ratios to main's CPU before the work, measured by this same case on
 * c95f1b1 on this 2-core machine (load average about 12): Apsis 5.57 s, Carillon 1.36 s. The
 * issue's absolute targets (6 s, 3 s) were set on a machine about twice as slow, and timed the
 * whole CLI process (start-up included), which this case leaves out. See docs/quality.md.
 */
const TARGETS: Record<'apsis' | 'carillon', { before: number; ratio: number; absolute: string }> = {
  apsis: { before: 5.57, ratio: 0.43, absolute: '≤ 6 s on the issue machine' },
  carillon: { before: 1.36, ratio: 0.54, absolute: '≤ 3 s on the issue machine' },
};

const cpuSeconds = (c: NodeJS.CpuUsage): number => (c.user + c.system) / 1e6;

async function setCpu(game: GameId): Promise<{ cpu: number; wall: number }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-bench-cpu-'));
  const service = openStudio({ dbPath: join(dir, 'bench.db'), workers: WORKERS, transport: 'cli' });
  try {
    const api = localClient(service);
    const warm = await api.call('runs.create', { game, seed: 1, levels: 2 });
    await service.engine.waitFor(warm.id);
    const out: { cpu: number; wall: number }[] = [];
    for (let k = 0; k < RUNS; k++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const run = await api.call('runs.create', { game, seed: SEED });
      const done = await service.engine.waitFor(run.id);
      if (done.status !== 'done') throw new Error(`bench run ended ${done.status}: ${done.error}`);
      const exported = await api.call('packs.export', { runId: run.id, kind: 'automatic' });
      writeExportTo(exported, join(dir, `pack-${k}.json`), service.dbPath);
      out.push({ cpu: cpuSeconds(process.cpuUsage(c0)), wall: (performance.now() - t0) / 1000 });
    }
    return out;
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function setCpuCase(game: 'apsis' | 'carillon'): BenchCase {
  return {
    name: `set cpu ${game}`,
    run: async () => {
      const load = loadavg()[0] ?? 0;
      const runs = await setCpu(game);
      const best = runs.reduce((a, b) => (b.cpu < a.cpu ? b : a));
      const t = TARGETS[game];
      const rows: BenchRow[] = [
        {
          name: `${game} default set (seed ${SEED}, ${WORKERS} workers): CPU time, all threads, best of ${RUNS}`,
          value: best.cpu,
          unit: 's',
          budget: `≤ ${(t.before * t.ratio).toFixed(2)} s here (${t.ratio} × ${t.before} s; ${t.absolute})`,
        },
        {
          name: `${game} default set: CPU as a ratio to main before issue 26 (${t.before} s)`,
          value: best.cpu / t.before,
          unit: '×',
          budget: `≤ ${t.ratio}`,
        },
        { name: `${game} default set: wall of that run`, value: best.wall, unit: 's' },
        { name: `${game} default set: machine load (1-minute average) at the start`, value: load, unit: '' },
      ];
      return rows;
    },
  };
}

export const setCpuBenchCases: BenchCase[] = [setCpuCase('carillon'), setCpuCase('apsis')];
