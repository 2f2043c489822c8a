/**
 * Experiment benches (`npm run bench -- --only experiment`):
 * - `experiment carillon`: 3 arms (the base and 2 variants) × 8 seeds over the whole Carillon
 *   plan, 24 full sets, on 2 workers (budget < 60 s);
 * - `experiment apsis`: 6 level slots × 24 candidates × 3 arms × 8 seeds, a quick experiment
 *   (budget < 20 s);
 * - `experiment phases <game>`: one whole default set in a fresh studio, split into start-up
 *   (opening the studio and the pool until the first candidate is stored), generate (of which
 *   store: the main thread writing candidates), order, duplicates and export; and the
 *   near-duplicate pass's tasks re-run afterwards on this thread alone (CPU, steady under load)
 *   with the levels they send (each is parsed and prepared once per task).
 * Wall time, and CPU time of every thread of the process (main and workers), and of the main
 * thread alone where Linux says (the rest is the workers').
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import type { ApiArgs, ExperimentDetail } from '../../src-shared/api';
import { openStudio } from '../studio';
import type { Service } from '../service';
import type { BenchCase, BenchRow } from './cases';
import { localClient } from '../local-client';
import { gameById, type GameId } from '../../src-shared/games/index';
import { openDatabase } from '../store/db';
import { passTasks } from '../runs/near-duplicates';
import runTask from '../jobs/worker';

const WORKERS = 2;
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * The experiment once it is no longer queued or running: woken by its status events (and a
 * slow poll as a safety net), not a fast poll: a 25 ms poll of experiments.get, when it still
 * counted every run's stored candidates, cost the main thread more than storing them.
 */
async function settled(service: Service, experimentId: number): Promise<ExperimentDetail> {
  for (;;) {
    const e = await localClient(service).call('experiments.get', { experimentId });
    if (e.status !== 'queued' && e.status !== 'running') return e;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 1000);
      const off = service.on('experiment.changed', (c) => {
        if (c.experimentId === experimentId && c.status !== 'queued' && c.status !== 'running') done();
      });
      function done(): void {
        clearTimeout(timer);
        off();
        resolve();
      }
    });
  }
}

const cpuSeconds = (c: NodeJS.CpuUsage): number => (c.user + c.system) / 1e6;

/**
 * The main thread's CPU seconds so far (Linux: /proc/self/schedstat is the main thread's; null
 * elsewhere). Brought up to date only at a scheduler tick or switch, so good to a few ms: fine
 * over a whole experiment, not for one job. All threads minus this is the workers' share.
 */
function mainThreadSeconds(): number | null {
  try {
    const ns = Number(readFileSync('/proc/self/schedstat', 'latin1').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e9 : null;
  } catch {
    return null;
  }
}

function experimentCase(
  name: string,
  budget: string,
  game: GameId,
  args: Omit<ApiArgs<'experiments.create'>, 'seeds'>,
): BenchCase {
  return {
    name,
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'studio-bench-exp-'));
      const service = openStudio({ dbPath: join(dir, 'bench.db'), workers: WORKERS, transport: 'cli' });
      try {
        // Warm the workers (module load, JIT) on a tiny run, as a studio that is already open would be.
        const warm = await localClient(service).call('runs.create', { game, seed: 1, levels: 2 });
        await service.engine.waitFor(warm.id);
        const c0 = process.cpuUsage();
        const m0 = mainThreadSeconds();
        const t0 = performance.now();
        const made = await localClient(service).call('experiments.create', { ...args, seeds: SEEDS });
        if (made.experimentId === null) throw new Error(made.confirm.message);
        const end = await settled(service, made.experimentId);
        const wall = (performance.now() - t0) / 1000;
        const cpu = cpuSeconds(process.cpuUsage(c0));
        const m1 = mainThreadSeconds();
        if (end.status !== 'done') throw new Error(`the experiment ended ${end.status}`);
        const r0 = performance.now();
        await localClient(service).call('experiments.results', { experimentId: made.experimentId });
        const resultsMs = performance.now() - r0;
        return [
          {
            name: `${name}: ${end.runs.length} runs, ${made.candidates} candidates, ${WORKERS} workers`,
            value: wall,
            unit: 's',
            budget,
          },
          { name: `${name}: CPU time, all threads`, value: cpu, unit: 's' },
          ...(m0 !== null && m1 !== null
            ? [{ name: `${name}: CPU time, main thread (store, reads, messages)`, value: m1 - m0, unit: 's' }]
            : []),
          { name: `${name}: per run (wall)`, value: wall / end.runs.length, unit: 's' },
          { name: `${name}: results (first read)`, value: resultsMs, unit: 'ms' },
        ];
      } finally {
        await service.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The run's near-duplicate pass, its tasks as the engine makes them, run again here on this
 * thread (nothing else runs in the process by then): the pass's CPU without other threads or
 * wall-clock waits, and how many levels its tasks send (each parsed and prepared per task).
 */
function dedupOnOneThread(
  dbPath: string,
  game: GameId,
  run: { id: number; plan: unknown; rules: unknown },
): { cpuMs: number; sent: number; tasks: number; candidates: number } {
  const db = openDatabase(dbPath);
  try {
    const tasks = passTasks(db, gameById(game), run, WORKERS);
    const sent = tasks.reduce((n, t) => n + t.ids.length, 0);
    const candidates = new Set(tasks.flatMap((t) => t.ids)).size;
    let best = Number.POSITIVE_INFINITY;
    for (let rep = 0; rep < 3; rep++) {
      const c0 = process.cpuUsage();
      for (const t of tasks) runTask(t.task);
      best = Math.min(best, cpuSeconds(process.cpuUsage(c0)) * 1000);
    }
    return { cpuMs: best, sent, tasks: tasks.length, candidates };
  } finally {
    db.close();
  }
}

/** One whole default set in a fresh studio, phase by phase. */
function phasesCase(game: GameId): BenchCase {
  return {
    name: `experiment phases ${game}`,
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'studio-bench-phases-'));
      const c0 = process.cpuUsage();
      const m0 = mainThreadSeconds();
      const t0 = performance.now();
      const service = openStudio({ dbPath: join(dir, 'bench.db'), workers: WORKERS, transport: 'cli' });
      try {
        let firstStored = Number.NaN;
        const off = service.on('run.progress', (p) => {
          if (p.stage === 'generate' && p.done > 0 && Number.isNaN(firstStored))
            firstStored = performance.now() - t0;
        });
        const run = await localClient(service).call('runs.create', { game, seed: 7 });
        const done = await service.engine.waitFor(run.id);
        off();
        if (done.status !== 'done') throw new Error(`the run ended ${done.status}: ${done.error}`);
        const e0 = performance.now();
        await localClient(service).call('packs.export', { runId: run.id, kind: 'automatic' });
        const exportMs = performance.now() - e0;
        const total = performance.now() - t0;
        const cpu = cpuSeconds(process.cpuUsage(c0));
        const m1 = mainThreadSeconds();
        const report = (await localClient(service).call('runs.report', { runId: run.id }))!;
        const phase = (n: string): number => report.phases.find((p) => p.name === n)?.ms ?? Number.NaN;
        const pass = dedupOnOneThread(
          join(dir, 'bench.db'),
          game,
          await localClient(service).call('runs.get', { runId: run.id }),
        );
        const rows: BenchRow[] = [
          {
            name: `${game} set phases: start-up (open, pool, first candidate stored)`,
            value: firstStored,
            unit: 'ms',
          },
          { name: `${game} set phases: generate`, value: phase('generate'), unit: 'ms' },
          {
            name: `${game} set phases: of which store (main thread)`,
            value: service.engine.storeSeconds(run.id) * 1000,
            unit: 'ms',
          },
          { name: `${game} set phases: order`, value: phase('order'), unit: 'ms' },
          { name: `${game} set phases: duplicates`, value: phase('near-duplicates'), unit: 'ms' },
          {
            name: `${game} set phases: duplicates, the pass's tasks re-run on one thread (CPU, best of 3)`,
            value: pass.cpuMs,
            unit: 'ms',
          },
          {
            name: `${game} set phases: duplicates, levels sent to the workers (${pass.tasks} tasks, ${pass.candidates} candidates)`,
            value: pass.sent,
            unit: 'levels',
          },
          { name: `${game} set phases: export`, value: exportMs, unit: 'ms' },
          { name: `${game} set phases: whole set, wall`, value: total, unit: 'ms' },
          { name: `${game} set phases: whole set, CPU all threads`, value: cpu * 1000, unit: 'ms' },
          ...(m0 !== null && m1 !== null
            ? [
                {
                  name: `${game} set phases: whole set, CPU main thread`,
                  value: (m1 - m0) * 1000,
                  unit: 'ms',
                },
              ]
            : []),
        ];
        for (const r of rows) process.stderr.write(`bench: ${r.name} ${r.value.toFixed(0)} ${r.unit}\n`);
        return rows;
      } finally {
        await service.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Six level slots spread over the Apsis plan (levels 5, 30, 55, 80, 105, 140). */
const APSIS_SLOTS = [4, 29, 54, 79, 104, 139];

export const experimentBenchCases: BenchCase[] = [
  experimentCase('experiment carillon', '< 60 s', 'carillon', {
    base: { game: 'carillon' },
    variants: [{ changes: { 'rules.spacing': 18 } }, { changes: { 'rules.orderMethod': 'greedy' } }],
  }),
  experimentCase('experiment apsis', '< 20 s', 'apsis', {
    base: { game: 'apsis' },
    variants: [{ changes: { 'rules.aimDepth': false } }, { changes: { 'rules.scoreDepth': 6 } }],
    scope: { kind: 'slots', slots: APSIS_SLOTS, candidates: 24 },
  }),
  phasesCase('carillon'),
  phasesCase('apsis'),
];
