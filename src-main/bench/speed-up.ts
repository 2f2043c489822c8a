/**
 * Bench `experiment speed-up` (issue 26): the same 8-seed, 2-arm, 30-level Carillon experiment
 * on 1 and on 2 workers, alternating (so a change in the machine's load falls on both), three
 * times each; the best of each is kept. Also the main thread's share of the experiment's CPU
 * (all threads) on 2 workers, and the speed-up Amdahl's law allows with that share serial at 8,
 * 16 and 32 workers: S(N) = 1 / (s + (1 − s) / N). The machine's load average is written with
 * the figures, since the other helpers share its cores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ApiArgs } from '../../src-shared/api';
import { openStudio } from '../studio';
import { localClient } from '../local-client';
import type { BenchCase, BenchRow } from './cases';
import { cpuSeconds, mainThreadSeconds, settled } from './experiments';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const REPEATS = 3;
const EXPERIMENT: Omit<ApiArgs<'experiments.create'>, 'seeds'> = {
  base: { game: 'carillon', levels: 30 },
  variants: [{ changes: { 'rules.spacing': 18 } }],
};

interface Timing {
  wall: number;
  cpu: number;
  main: number | null;
  load: number;
}

/** One experiment on `workers` workers in a fresh studio whose workers are warm. */
async function timeOnce(workers: number): Promise<Timing> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-bench-speed-up-'));
  const service = openStudio({ dbPath: join(dir, 'bench.db'), workers, transport: 'cli' });
  try {
    const api = localClient(service);
    // Every worker loads the game's code first, as in a studio that is already open.
    const warm = await api.call('runs.create', { game: 'carillon', seed: 1, levels: 4 });
    await service.engine.waitFor(warm.id);
    const c0 = process.cpuUsage();
    const m0 = mainThreadSeconds();
    const t0 = performance.now();
    const made = await api.call('experiments.create', { ...EXPERIMENT, seeds: SEEDS });
    if (made.experimentId === null) throw new Error(made.confirm.message);
    const end = await settled(service, made.experimentId);
    // Its results (which wait for the shipped figures worked out on the pool) end it.
    await api.call('experiments.results', { experimentId: made.experimentId });
    const wall = (performance.now() - t0) / 1000;
    const cpu = cpuSeconds(process.cpuUsage(c0));
    const m1 = mainThreadSeconds();
    if (end.status !== 'done') throw new Error(`the experiment ended ${end.status}`);
    return { wall, cpu, main: m0 !== null && m1 !== null ? m1 - m0 : null, load: loadavg()[0]! };
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Amdahl's law: the speed-up on `n` workers when a share `serial` of the work cannot be spread. */
function amdahl(serial: number, n: number): number {
  return 1 / (serial + (1 - serial) / n);
}

export const speedUpBenchCases: BenchCase[] = [
  {
    name: 'experiment speed-up',
    run: async () => {
      const one: Timing[] = [];
      const two: Timing[] = [];
      for (let rep = 0; rep < REPEATS; rep++) {
        one.push(await timeOnce(1));
        two.push(await timeOnce(2));
        process.stderr.write(
          `bench: speed-up ${rep + 1}/${REPEATS}: 1 worker ${one[rep]!.wall.toFixed(2)} s, 2 workers ${two[rep]!.wall.toFixed(2)} s (load ${two[rep]!.load.toFixed(2)})\n`,
        );
      }
      const best = (ts: Timing[]): Timing => ts.reduce((a, b) => (b.wall < a.wall ? b : a));
      const b1 = best(one);
      const b2 = best(two);
      // The share is taken from the run with the least main-thread CPU for its whole (the quietest).
      const shares = two.filter((t) => t.main !== null).map((t) => t.main! / t.cpu);
      const share = shares.length ? Math.min(...shares) : Number.NaN;
      const label = 'experiment speed-up (carillon, 8 seeds × 2 arms × 30 levels)';
      const rows: BenchRow[] = [
        { name: `${label}: 1 worker, wall (best of ${REPEATS})`, value: b1.wall, unit: 's' },
        { name: `${label}: 2 workers, wall (best of ${REPEATS})`, value: b2.wall, unit: 's' },
        { name: `${label}: speed-up 1 → 2 workers`, value: b1.wall / b2.wall, unit: '×', budget: '≥ 1.8×' },
        { name: `${label}: 2 workers, CPU all threads`, value: b2.cpu, unit: 's' },
        {
          name: `${label}: main thread's share of the CPU (2 workers)`,
          value: share * 100,
          unit: '%',
          budget: '≤ 3 %',
        },
        ...[8, 16, 32].map((n) => ({
          name: `${label}: Amdahl's projected speed-up on ${n} workers`,
          value: amdahl(share, n),
          unit: '×',
        })),
        { name: `${label}: load average (1 min) at the best 2-worker run`, value: b2.load, unit: '' },
        {
          name: `${label}: load average (1 min), highest over the runs`,
          value: Math.max(...[...one, ...two].map((t) => t.load)),
          unit: '',
        },
      ];
      return rows;
    },
  },
];
