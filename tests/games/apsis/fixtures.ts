import type { PoolCandidate } from '../../../src-shared/game';
import type { ApsisLevel, ApsisPlan } from '../../../src-shared/games/apsis/index';
import { defaultApsisPlan, defaultApsisRules, generateCandidate, truncatePlan } from '../../../src-shared/games/apsis/index';

/** A: orbit 2 at 0° cw (path down x = 170); B: orbit 3 at 44° cw stands in that path. */
export const chainLevel: ApsisLevel = {
  orbits: 3,
  arrows: [
    { orbit: 2, angle: 0, heading: 'cw', length: 'short' },
    { orbit: 3, angle: 44, heading: 'cw', length: 'short' },
  ],
};

/** Two arrows in each other's way: never clears. */
export const cycleLevel: ApsisLevel = {
  orbits: 3,
  arrows: [
    { orbit: 2, angle: 0, heading: 'cw', length: 'short' },
    { orbit: 2, angle: 25, heading: 'ccw', length: 'short' },
  ],
};

const poolCache = new Map<string, PoolCandidate<ApsisLevel>[][]>();

/** Pools for the first n levels of the default plan (generated in-process, cached per file). */
export function pools(n: number, poolSize = 12, seed = 7): { plan: ApsisPlan; pools: PoolCandidate<ApsisLevel>[][] } {
  const plan = truncatePlan(defaultApsisPlan, n).map((s) => ({ ...s, poolSize }));
  const key = `${n}/${poolSize}/${seed}`;
  let p = poolCache.get(key);
  if (!p) {
    p = [];
    for (let slot = 0; slot < n; slot++) {
      const list: PoolCandidate<ApsisLevel>[] = [];
      for (let index = 0; index < poolSize; index++) {
        const c = generateCandidate({ rules: defaultApsisRules, plan, seed, slot, index });
        if (c.level) list.push({ id: `${slot}:${index}`, slot, index, level: c.level, metrics: c.metrics });
      }
      p.push(list);
    }
    poolCache.set(key, p);
  }
  return { plan, pools: p };
}
