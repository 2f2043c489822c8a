/**
 * Putting levels in order. Per stretch, the whole stretch's pool (every proven candidate of
 * its level slots) fills the levels in turn: each level takes the unused candidate nearest a
 * target that rises in a straight line over the stretch, among those that
 *  - have no more dots than the level's planned count (the cap) and no fewer than the level before,
 *  - are no easier than the level before,
 *  - are not near-duplicates of any level already chosen (in any stretch).
 * The line starts `orderStartStep` bits above the previous level (the first stretch: at the
 * easiest candidate of its first slot) and ends at the stretch's `endBits` when the plan
 * gives one, else at the `orderEndQuantile` quantile of its last level's pool.
 */
import type { OrderingResult, PoolCandidate, OrderingProblem } from '../../game';
import { linearTarget } from '../../ordering/curve';
import type { CarillonRules } from './rules';
import type { CarillonPlan } from './plan';
import { levelCount, plannedDots } from './plan';
import type { CarillonLevel } from './model';
import { dupSignature, nearDuplicateSig } from './near-duplicates';
import type { DupSignature } from './near-duplicates';

const bitsOf = (c: PoolCandidate<CarillonLevel>): number => c.metrics.bits ?? c.level.bits;

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function orderPools(args: { rules: CarillonRules; plan: CarillonPlan; pools: PoolCandidate<CarillonLevel>[][] }): OrderingResult {
  const { rules, plan, pools } = args;
  const N = levelCount(plan);
  const levels: (string | null)[] = new Array(N).fill(null);
  const targets: (number | null)[] = new Array(N).fill(null);
  const problems: OrderingProblem[] = [];
  const chosen: DupSignature[] = [];
  let prevBits = -Infinity, prevDots = 0;

  plan.forEach((stretch, si) => {
    const last = Math.min(stretch.to, N);
    const pool: PoolCandidate<CarillonLevel>[] = [];
    for (let L = stretch.from; L <= last; L++) for (const c of pools[L - 1] ?? []) if (c.level) pool.push(c);
    const used = new Uint8Array(pool.length);
    const firstBits = (pools[stretch.from - 1] ?? []).map(bitsOf).sort((a, b) => a - b);
    const lastBits = (pools[last - 1] ?? []).map(bitsOf).sort((a, b) => a - b);
    const start = si === 0 || prevBits === -Infinity ? (firstBits[0] ?? 0) : prevBits + rules.orderStartStep;
    let end = stretch.endBits ?? quantile(lastBits, rules.orderEndQuantile);
    // Leave room for the next stretch to start with an easy one of its kind.
    const nextStretch = plan[si + 1];
    if (stretch.endBits === undefined && nextStretch && nextStretch.from <= N) {
      const nextFirst = (pools[nextStretch.from - 1] ?? []).map(bitsOf).sort((a, b) => a - b);
      if (nextFirst.length) end = Math.min(end, quantile(nextFirst, rules.orderSeamQuantile));
    }
    if (end < start) end = start;
    const len = last - stretch.from + 1;
    for (let L = stretch.from; L <= last; L++) {
      const target = linearTarget(start, end, L - stretch.from, len);
      targets[L - 1] = target;
      const cap = plannedDots(stretch, L);
      const eligible: number[] = [];
      for (let i = 0; i < pool.length; i++) {
        if (used[i]) continue;
        const c = pool[i]!;
        const dots = c.level.dots.length, bits = bitsOf(c);
        if (dots > cap || dots < prevDots || bits < prevBits) continue;
        eligible.push(i);
      }
      eligible.sort((i, j) => {
        const a = pool[i]!, b = pool[j]!;
        const sa = Math.abs(bitsOf(a) - target) + rules.orderDotPenalty * (a.level.dots.length - prevDots);
        const sb = Math.abs(bitsOf(b) - target) + rules.orderDotPenalty * (b.level.dots.length - prevDots);
        return sa - sb || bitsOf(a) - bitsOf(b) || a.slot - b.slot || a.index - b.index;
      });
      let pick = -1;
      let skippedDup = 0;
      for (const i of eligible) {
        const sig = dupSignature(pool[i]!.level.dots, rules);
        if (chosen.some((s) => nearDuplicateSig(s, sig, rules) !== null)) { skippedDup++; continue; }
        pick = i;
        break;
      }
      if (pick < 0) {
        problems.push({
          level: L,
          message:
            `level ${L} is short: no unused candidate of its stretch with ${prevDots}–${cap} dots and at least ` +
            `${prevBits === -Infinity ? 0 : prevBits.toFixed(2)} bits` +
            (skippedDup ? ` that is not a near-duplicate (${skippedDup} skipped as near-duplicates)` : '') +
            ` (pool of ${pool.length})`,
        });
        continue;
      }
      used[pick] = 1;
      const c = pool[pick]!;
      levels[L - 1] = c.id;
      chosen.push(dupSignature(c.level.dots, rules));
      prevBits = bitsOf(c);
      prevDots = c.level.dots.length;
    }
  });
  return { levels, targets, problems };
}
