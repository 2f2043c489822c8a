/** Shared test fixtures: random fields and an in-process generated subset of the default plan. */
import { streamFor } from '../../../src-shared/random/prng';
import type { PoolCandidate } from '../../../src-shared/game';
import {
  buildField,
  carillonGame,
  defaultCarillonPlan,
  defaultCarillonRules,
  generateCandidate,
  truncatePlan,
  type CarillonLevel,
  type CandidateDetail,
  type Dot,
  type DotSize,
  type Field,
} from '../../../src-shared/games/carillon/index';

export const rules = defaultCarillonRules;
const SIZES: DotSize[] = ['small', 'normal', 'big'];

export function dot(x: number, y: number, size: DotSize, color = 0): Dot {
  return { x, y, size, color };
}

/** A random field (no fairness rules): n dots in a box, so arrows of every kind appear. */
export function randomDots(key: number, n: number, box = 320): Dot[] {
  const rng = streamFor(4242, key);
  return Array.from({ length: n }, () =>
    dot(rng.range(0, box), rng.range(0, box), rng.pick(SIZES), rng.int(7)),
  );
}

export function randomFields(count: number, maxDots = 12, salt = 0): Field[] {
  const out: Field[] = [];
  for (let i = 0; i < count; i++) {
    const rng = streamFor(777, salt, i);
    const n = 1 + rng.int(maxDots);
    const box = rng.pick([200, 320, 480]);
    out.push(buildField(randomDots(salt * 100000 + i, n, box), rules));
  }
  return out;
}

export const SEED = 7;

/** Every candidate of the first `levels` levels of the default plan (generated in-process). */
export function generateSubset(
  levels: number,
  seed = SEED,
  perSlot = rules.poolSize,
): {
  plan: typeof defaultCarillonPlan;
  pools: PoolCandidate<CarillonLevel>[][];
  details: CandidateDetail[];
} {
  const plan = truncatePlan(defaultCarillonPlan, levels);
  const pools: PoolCandidate<CarillonLevel>[][] = [];
  const details: CandidateDetail[] = [];
  for (let slot = 0; slot < levels; slot++) {
    const pool: PoolCandidate<CarillonLevel>[] = [];
    for (let index = 0; index < perSlot; index++) {
      const c = generateCandidate({ rules, plan, seed, slot, index });
      details.push(c);
      if (c.level) pool.push({ id: `${slot}:${index}`, slot, index, level: c.level, metrics: c.metrics });
    }
    pools.push(pool);
  }
  return { plan, pools, details };
}

/** Order a subset and return the shipped levels. */
export function shipSubset(levels: number, seed = SEED) {
  const { plan, pools } = generateSubset(levels, seed);
  const ordering = carillonGame.order({ rules, plan, pools });
  const byId = new Map(pools.flat().map((c) => [c.id, c.level]));
  const shipped = ordering.levels.map((id) => (id ? byId.get(id)! : null));
  return { plan, pools, ordering, shipped };
}
