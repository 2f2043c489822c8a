/** Benchmarks of the two engines: whole sets on the pool, solving, ordering, near-duplicates. */
import { performance } from 'node:perf_hooks';
import type { Game, PoolCandidate } from '../../src-shared/game';
import type { GameId } from '../../src-shared/games/index';
import {
  apsisGame,
  duplicatePairs as apsisDuplicatePairs,
  orderPools as apsisOrderPools,
  type ApsisPack,
} from '../../src-shared/games/apsis/index';
import {
  buildField,
  carillonGame,
  duplicatePairs as carillonDuplicatePairs,
  fewestByTheorem,
  solveSearch,
  type CarillonPack,
} from '../../src-shared/games/carillon/index';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStudio } from '../studio';
import { provenCandidates } from '../store/candidates';
import { openDatabase } from '../store/db';
import { writeExportTo } from '../export-files';
import type { BenchCase, BenchRow } from './cases';
import { timeMedian } from './cases';
import { localClient } from '../local-client';

interface FullSet<Level> {
  ms: number;
  pack: unknown;
  pools: PoolCandidate<Level>[][];
  stats: { proven: number; tries: number; genSeconds: number; pairs: number };
}

/** The CLI's whole pipeline (create run, generate, order, dedup, export) on a temporary database. */
async function fullSet<Rules, Plan, Level, Pack>(
  game: Game<Rules, Plan, Level, Pack, GameId>,
  workers: number,
): Promise<FullSet<Level>> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-bench-'));
  const service = openStudio({ dbPath: join(dir, 'bench.db'), workers, transport: 'cli' });
  try {
    // Warm the workers (module load, JIT) on a tiny run so the figure is the steady cost.
    const api = localClient(service);
    const warm = await api.call('runs.create', { game: game.id, seed: 1, levels: 2 });
    await service.engine.waitFor(warm.id);
    const t0 = performance.now();
    const run = await api.call('runs.create', { game: game.id, seed: 7 });
    const done = await service.engine.waitFor(run.id);
    if (done.status !== 'done') throw new Error(`bench run ended ${done.status}: ${done.error}`);
    const exported = await api.call('packs.export', { runId: run.id, kind: 'automatic' });
    writeExportTo(exported, join(dir, 'pack.json'), service.dbPath);
    const ms = performance.now() - t0;
    const db = openDatabase(join(dir, 'bench.db'));
    const sizes = game.poolSizes(game.defaultPlan, game.defaultRules);
    const pools: PoolCandidate<Level>[][] = sizes.map(() => []);
    // Read with the game's own reader (outside the timing), so the ordering below gets its levels typed.
    for (const c of provenCandidates(db, run.id))
      pools[c.slot]!.push({
        id: `${c.slot}:${c.index}`,
        slot: c.slot,
        index: c.index,
        level: game.parseLevel(c.level),
        metrics: c.metrics,
      });
    db.close();
    return { ms, pack: JSON.parse(exported.text), pools, stats: service.engine.runStats(run.id) };
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const gameBenchCases: BenchCase[] = [
  {
    name: 'carillon',
    run: async () => {
      const rows: BenchRow[] = [];
      const two = await fullSet(carillonGame, 2);
      rows.push({
        name: 'carillon default set, 2 workers (120 levels × 16, CLI pipeline)',
        value: two.ms / 1000,
        unit: 's',
        budget: '< 20 s',
      });
      rows.push({
        name: 'carillon candidates per second, 2 workers',
        value: two.stats.proven / two.stats.genSeconds,
        unit: '/s',
      });
      rows.push({
        name: 'carillon near-duplicate pairs stored (slot window ±2)',
        value: two.stats.pairs,
        unit: 'pairs',
      });
      const t0 = performance.now();
      carillonGame.order({
        rules: carillonGame.defaultRules,
        plan: carillonGame.defaultPlan,
        pools: two.pools,
      });
      rows.push({
        name: 'carillon ordering pass (with dedup against chosen)',
        value: performance.now() - t0,
        unit: 'ms',
      });
      const one = await fullSet(carillonGame, 1);
      rows.push({ name: 'carillon default set, 1 worker', value: one.ms / 1000, unit: 's' });
      rows.push({
        name: 'carillon candidates per second, 1 worker',
        value: one.stats.proven / one.stats.genSeconds,
        unit: '/s',
      });
      const pack = two.pack as CarillonPack;
      // Fields are built once, outside the timings: the rows time the solvers alone.
      const fields = carillonGame.packLevels(pack).map((l) => buildField(l.dots, carillonGame.defaultRules));
      const taps = pack.levels.map((l) => l.taps);
      const wrong = (how: string, i: number, got: number): Error =>
        new Error(`bench: level ${i + 1} ${how} gave ${got} taps, the pack says ${taps[i]}`);
      const searchAll = (): void => {
        for (let i = 0; i < fields.length; i++) {
          const fewest = solveSearch(fields[i]!).fewest;
          if (fewest !== taps[i]) throw wrong('by search', i, fewest);
        }
      };
      const theoremAll = (): void => {
        for (let i = 0; i < fields.length; i++) {
          const fewest = fewestByTheorem(fields[i]!);
          if (fewest !== taps[i]) throw wrong('by theorem', i, fewest);
        }
      };
      const solveAll = (): void => {
        for (let i = 0; i < fields.length; i++) {
          const f = fields[i]!;
          const s = solveSearch(f);
          if (s.fewest !== fewestByTheorem(f) || s.fewest !== taps[i])
            throw wrong('by search and theorem', i, s.fewest);
        }
      };
      // One untimed pass each (JIT, and the answers are checked before anything is timed).
      searchAll();
      theoremAll();
      solveAll();
      const n = fields.length;
      rows.push({
        name: `carillon solve whole pack by search (${n} levels)`,
        value: timeMedian(searchAll, 9),
        unit: 'ms',
        budget: '< 50 ms',
      });
      rows.push({
        name: `carillon prove whole pack by theorem (${n} levels)`,
        value: timeMedian(theoremAll, 15),
        unit: 'ms',
      });
      rows.push({
        name: 'carillon solve whole pack (search + theorem)',
        value: timeMedian(solveAll, 9),
        unit: 'ms',
        budget: '< 50 ms',
      });
      const levels = carillonGame.packLevels(pack);
      rows.push({
        name: 'carillon every-pair near-duplicate check',
        value: timeMedian(() => void carillonDuplicatePairs(levels, carillonGame.defaultRules), 3),
        unit: 'ms',
        budget: '< 1000 ms',
      });
      rows.push({
        name: 'carillon verify whole pack',
        value: timeMedian(() => void carillonGame.verifyPack(pack), 3),
        unit: 'ms',
      });
      return rows;
    },
  },
  {
    name: 'apsis',
    run: async () => {
      const rows: BenchRow[] = [];
      const two = await fullSet(apsisGame, 2);
      rows.push({
        name: 'apsis default set, 2 workers (150 levels × 9, CLI pipeline)',
        value: two.ms / 1000,
        unit: 's',
        budget: '< 8 s',
      });
      rows.push({
        name: 'apsis builds per second, 2 workers',
        value: two.stats.tries / two.stats.genSeconds,
        unit: '/s',
      });
      rows.push({
        name: 'apsis near-duplicate pairs stored (each slot against the rest of its stage, ≥ 2 ahead)',
        value: two.stats.pairs,
        unit: 'pairs',
      });
      const one = await fullSet(apsisGame, 1);
      rows.push({ name: 'apsis default set, 1 worker', value: one.ms / 1000, unit: 's' });
      rows.push({
        name: 'apsis builds per second, 1 worker',
        value: one.stats.tries / one.stats.genSeconds,
        unit: '/s',
      });
      const pools = two.pools;
      rows.push({
        name: 'apsis ordering search (with dedup)',
        value: timeMedian(
          () => void apsisOrderPools({ rules: apsisGame.defaultRules, plan: apsisGame.defaultPlan, pools }),
          3,
        ),
        unit: 'ms',
      });
      const pack = two.pack as ApsisPack;
      const levels = apsisGame.packLevels(pack);
      rows.push({
        name: 'apsis every-pair near-duplicate check',
        value: timeMedian(() => void apsisDuplicatePairs(levels, apsisGame.defaultRules), 3),
        unit: 'ms',
        budget: '< 1000 ms',
      });
      rows.push({
        name: 'apsis verify whole pack',
        value: timeMedian(() => void apsisGame.verifyPack(pack), 3),
        unit: 'ms',
      });
      return rows;
    },
  },
];
