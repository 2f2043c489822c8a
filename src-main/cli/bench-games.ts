/** Benchmarks of the two engines: whole sets on the pool, solving, ordering, near-duplicates. */
import { performance } from 'node:perf_hooks';
import type { PoolCandidate } from '../../src-shared/game';
import { apsisGame, duplicatePairs as apsisDuplicatePairs, orderPools as apsisOrderPools, type ApsisLevel, type ApsisPack } from '../../src-shared/games/apsis/index';
import {
  buildField,
  carillonGame,
  duplicatePairs as carillonDuplicatePairs,
  fewestByTheorem,
  solveSearch,
  type CarillonPack,
} from '../../src-shared/games/carillon/index';
import { generateSet, type GeneratedSet } from '../engine/generate-set';
import { createPool } from '../engine/pool';
import type { BenchCase, BenchRow } from './bench-cases';
import { timeMedian } from './bench-cases';

async function fullSet(game: typeof carillonGame | typeof apsisGame, workers: number): Promise<{ set: GeneratedSet; ms: number }> {
  const pool = createPool({ workers });
  try {
    // Warm the workers (module load, JIT) on a tiny run so the figure is the steady cost.
    await generateSet({ game, seed: 1, plan: game.truncatePlan(game.defaultPlan as never, 2), rules: game.defaultRules, pool });
    const t0 = performance.now();
    const set = await generateSet({ game, seed: 7, plan: game.defaultPlan, rules: game.defaultRules, pool });
    return { set, ms: performance.now() - t0 };
  } finally {
    await pool.close();
  }
}

export const gameBenchCases: BenchCase[] = [
  {
    name: 'carillon',
    run: async () => {
      const rows: BenchRow[] = [];
      const two = await fullSet(carillonGame, 2);
      rows.push({ name: 'carillon default set, 2 workers (120 levels × 16)', value: two.ms / 1000, unit: 's', budget: '< 20 s' });
      rows.push({ name: 'carillon candidates per second, 2 workers', value: two.set.candidates / (two.set.timings.generateMs / 1000), unit: '/s' });
      rows.push({ name: 'carillon ordering + dedup pass', value: two.set.timings.orderMs, unit: 'ms' });
      const one = await fullSet(carillonGame, 1);
      rows.push({ name: 'carillon default set, 1 worker', value: one.ms / 1000, unit: 's' });
      const pack = two.set.pack as CarillonPack;
      const fields = carillonGame.packLevels(pack).map((l) => buildField(l.dots, carillonGame.defaultRules));
      const solveAll = (): void => {
        for (let i = 0; i < fields.length; i++) {
          const f = fields[i]!;
          const s = solveSearch(f);
          if (s.fewest !== fewestByTheorem(f) || s.fewest !== pack.levels[i]!.taps) throw new Error(`bench: level ${i + 1} solved wrong`);
        }
      };
      solveAll();
      rows.push({ name: 'carillon solve whole pack (search + theorem)', value: timeMedian(solveAll, 7), unit: 'ms', budget: '< 50 ms' });
      const levels = carillonGame.packLevels(pack);
      rows.push({ name: 'carillon every-pair near-duplicate check', value: timeMedian(() => void carillonDuplicatePairs(levels, carillonGame.defaultRules), 3), unit: 'ms', budget: '< 1000 ms' });
      rows.push({ name: 'carillon verify whole pack', value: timeMedian(() => void carillonGame.verifyPack(pack), 3), unit: 'ms' });
      return rows;
    },
  },
  {
    name: 'apsis',
    run: async () => {
      const rows: BenchRow[] = [];
      const two = await fullSet(apsisGame, 2);
      rows.push({ name: 'apsis default set, 2 workers (150 levels × 12)', value: two.ms / 1000, unit: 's', budget: '< 30 s' });
      rows.push({ name: 'apsis builds per second, 2 workers', value: two.set.tries / (two.set.timings.generateMs / 1000), unit: '/s' });
      const one = await fullSet(apsisGame, 1);
      rows.push({ name: 'apsis default set, 1 worker', value: one.ms / 1000, unit: 's' });
      rows.push({ name: 'apsis builds per second, 1 worker', value: one.set.tries / (one.set.timings.generateMs / 1000), unit: '/s' });
      const pools = two.set.pools as PoolCandidate<ApsisLevel>[][];
      rows.push({
        name: 'apsis ordering search (with dedup)',
        value: timeMedian(() => void apsisOrderPools({ rules: apsisGame.defaultRules, plan: apsisGame.defaultPlan, pools }), 3),
        unit: 'ms',
      });
      const pack = two.set.pack as ApsisPack;
      const levels = apsisGame.packLevels(pack);
      rows.push({ name: 'apsis every-pair near-duplicate check', value: timeMedian(() => void apsisDuplicatePairs(levels, apsisGame.defaultRules), 3), unit: 'ms', budget: '< 1000 ms' });
      rows.push({ name: 'apsis verify whole pack', value: timeMedian(() => void apsisGame.verifyPack(pack), 3), unit: 'ms' });
      return rows;
    },
  },
];
