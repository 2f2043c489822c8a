import type { PoolCandidate } from '../../../src-shared/game';
import type { ApsisLevel, ApsisPlan, ApsisRules } from '../../../src-shared/games/apsis/index';
import {
  defaultApsisPlan,
  defaultApsisRules,
  generateCandidate,
  truncatePlan,
} from '../../../src-shared/games/apsis/index';

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
export function pools(
  n: number,
  poolSize = 12,
  seed = 7,
  rules: ApsisRules = defaultApsisRules,
): { plan: ApsisPlan; pools: PoolCandidate<ApsisLevel>[][] } {
  const plan = truncatePlan(defaultApsisPlan, n).map((s) => ({ ...s, poolSize }));
  const key = `${n}/${poolSize}/${seed}/${JSON.stringify(rules)}`;
  let p = poolCache.get(key);
  if (!p) {
    p = [];
    for (let slot = 0; slot < n; slot++) {
      const list: PoolCandidate<ApsisLevel>[] = [];
      for (let index = 0; index < poolSize; index++) {
        const c = generateCandidate({ rules, plan, seed, slot, index });
        if (c.level) list.push({ id: `${slot}:${index}`, slot, index, level: c.level, metrics: c.metrics });
      }
      p.push(list);
    }
    poolCache.set(key, p);
  }
  return { plan, pools: p };
}

const short = (orbit: number, angle: number, heading: 'cw' | 'ccw'): ApsisLevel['arrows'][number] => ({
  orbit,
  angle,
  heading,
  length: 'short',
});
/**
 * A near copy that only a rotation between the degrees reveals. Orbit 3 of 3 (r = 235): a cw
 * pair 40° apart in A, 59° apart in B; both pair (centres within 40) only for a turn in
 * [9.24°, 9.76°], so 2 of 4 arrows pair (half: a near copy). Any turn that lines up two
 * same-kind arrows pairs at most one. Both levels fit, clear and read 4 (depth 1).
 */
export const offGridPair: { a: ApsisLevel; b: ApsisLevel } = {
  a: {
    orbits: 3,
    arrows: [short(3, 0, 'cw'), short(3, 40, 'cw'), short(1, 150, 'ccw'), short(1, 220, 'ccw')],
  },
  b: { orbits: 3, arrows: [short(3, 0, 'cw'), short(3, 59, 'cw'), short(1, 90, 'cw'), short(1, 270, 'cw')] },
};
