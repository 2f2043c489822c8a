/**
 * Putting levels in order. `orderMethod: 'path'` (the default) chooses the whole sequence at
 * once (ordering-path.ts) and falls back to this greedy fill only when no full sequence exists.
 * The greedy fill, as the spec describes it: per stretch, the whole stretch's pool (every proven candidate of
 * its level slots) fills the levels in turn: each level takes the unused candidate nearest a
 * target that rises in a straight line over the stretch, among those that
 *  - have no more dots than the level's planned count (the cap) and no fewer than the level before,
 *  - are no easier than the level before,
 *  - are not near-duplicates of any level already chosen (in any stretch),
 *  - keep the rest of the plan fillable (look-ahead, below).
 * The line starts `orderStartStep` bits above the previous level (the first stretch: at the
 * easiest candidate of its first slot) and ends at the stretch's `endBits` when the plan
 * gives one, else at the `orderEndQuantile` quantile of its last level's pool, but no higher
 * than the `orderSeamQuantile` quantile of the next stretch's first pool (so the next
 * stretch can start with an easy one of its kind).
 *
 * Look-ahead: candidates are ranked by (bits, dots, slot, index); a level's pick always comes
 * later in that order than the previous level's, which makes "never easier" and "unused"
 * automatic. canFinish[L][o] says whether, with candidate o at level L, every later level of
 * the plan can still be filled (computed backwards over all stretches, ignoring near-duplicate
 * skips). A level picks the nearest candidate that can finish; only if none can (near-duplicate
 * skips) does it take the nearest of the others. So the greedy climb never paints itself into
 * a corner, and a level is short only when its pool truly cannot fill it.
 * Pairs the designer marked fine (`fine`, duplicate triage) are never near-duplicates here.
 */
import type { OrderingResult, PoolCandidate, OrderingProblem } from '../../game';
import { linearTarget } from '../../ordering/curve';
import type { CarillonPlan } from './plan';
import { levelCount, plannedDots } from './plan';
import type { CarillonLevel } from './model';
import { dupSignature, nearDuplicateSig } from './near-duplicates';
import type { DupSignature } from './near-duplicates';
import { orderByPath, pathTargets, quantile, type OrderInput } from './ordering-path';
import { finePairTest } from '../../ordering/fine-pairs';

type Cand = PoolCandidate<CarillonLevel>;
const bitsOf = (c: Cand): number => c.metrics.bits ?? c.level.bits;

interface StretchWork {
  from: number;
  last: number;
  pool: Cand[];
  bits: Float64Array;
  dots: Int32Array;
  /** canFinish[L - from][o]. */
  canFinish: Uint8Array[];
}

/** Sorted pools and look-ahead tables of every stretch, computed from the last stretch back. */
function prepare(plan: CarillonPlan, pools: Cand[][], N: number): StretchWork[] {
  const works: StretchWork[] = [];
  for (const stretch of plan) {
    const last = Math.min(stretch.to, N);
    const pool: Cand[] = [];
    for (let L = stretch.from; L <= last; L++) for (const c of pools[L - 1] ?? []) if (c.level) pool.push(c);
    pool.sort(
      (x, y) =>
        bitsOf(x) - bitsOf(y) ||
        x.level.dots.length - y.level.dots.length ||
        x.slot - y.slot ||
        x.index - y.index ||
        (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
    );
    works.push({
      from: stretch.from,
      last,
      pool,
      bits: Float64Array.from(pool, bitsOf),
      dots: Int32Array.from(pool, (c) => c.level.dots.length),
      canFinish: [],
    });
  }
  // Feasible first picks of the following stretch, as (bits, dots), for the seam condition.
  let nextFirst: { bits: number[]; sufMaxDots: number[] } | null = null;
  for (let s = plan.length - 1; s >= 0; s--) {
    const w = works[s]!,
      stretch = plan[s]!;
    const P = w.pool.length;
    const rows: Uint8Array[] = [];
    let next: Uint8Array | null = null;
    for (let L = w.last; L >= w.from; L--) {
      const cap = plannedDots(stretch, L);
      const row = new Uint8Array(P);
      let bestDotsAfter = -1;
      for (let o = P - 1; o >= 0; o--) {
        const d = w.dots[o]!;
        let ok = d <= cap;
        if (ok && next !== null) ok = bestDotsAfter >= d;
        if (ok && next === null && nextFirst !== null) {
          // Last level of the stretch: some feasible first pick of the next stretch must be at least as hard with at least as many dots.
          const b = w.bits[o]!;
          let lo = 0,
            hi = nextFirst.bits.length;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (nextFirst.bits[mid]! >= b) hi = mid;
            else lo = mid + 1;
          }
          ok = lo < nextFirst.bits.length && nextFirst.sufMaxDots[lo]! >= d;
        }
        if (ok) row[o] = 1;
        if (next !== null && next[o] && d > bestDotsAfter) bestDotsAfter = d;
      }
      rows.push(row);
      next = row;
    }
    rows.reverse();
    w.canFinish = rows;
    const first = rows[0];
    if (first && w.last >= w.from) {
      const bits: number[] = [],
        dots: number[] = [];
      for (let o = 0; o < P; o++)
        if (first[o]) {
          bits.push(w.bits[o]!);
          dots.push(w.dots[o]!);
        }
      const sufMaxDots = new Array<number>(bits.length);
      let m = -1;
      for (let i = bits.length - 1; i >= 0; i--) {
        if (dots[i]! > m) m = dots[i]!;
        sufMaxDots[i] = m;
      }
      nextFirst = { bits, sufMaxDots };
    }
  }
  return works;
}

export function orderPools(args: OrderInput): OrderingResult {
  if (args.rules.orderMethod === 'path') {
    const path = orderByPath(args);
    if (path) return path;
  }
  return orderGreedy(args);
}

/** The spec's fill: each level in turn takes the nearest candidate (with the look-ahead above). */
export function orderGreedy(args: OrderInput): OrderingResult {
  const { rules, plan, pools } = args;
  const isFine = finePairTest(args.fine);
  const N = levelCount(plan);
  const levels: (string | null)[] = new Array(N).fill(null);
  const targets: (number | null)[] = new Array(N).fill(null);
  const problems: OrderingProblem[] = [];
  const chosen: { id: string; sig: DupSignature }[] = [];
  let prevBits = -Infinity,
    prevDots = 0;
  const works = prepare(plan, pools, N);
  // Given every proven candidate (Game.order's targetPools), aim at the line the path order
  // draws from them, so an order of a few approved candidates aims where the automatic one does.
  const fixedLine = args.targetPools ? pathTargets(rules, plan, args.targetPools) : null;

  plan.forEach((stretch, si) => {
    const w = works[si]!;
    const { pool, last } = w;
    if (last < stretch.from) return;
    const firstBits = (pools[stretch.from - 1] ?? [])
      .filter((c) => c.level)
      .map(bitsOf)
      .sort((a, b) => a - b);
    const lastBits = (pools[last - 1] ?? [])
      .filter((c) => c.level)
      .map(bitsOf)
      .sort((a, b) => a - b);
    const start = si === 0 || prevBits === -Infinity ? (firstBits[0] ?? 0) : prevBits + rules.orderStartStep;
    let end = stretch.endBits ?? quantile(lastBits, rules.orderEndQuantile);
    const nextStretch = plan[si + 1];
    if (stretch.endBits === undefined && nextStretch && nextStretch.from <= N) {
      const nf = (pools[nextStretch.from - 1] ?? [])
        .filter((c) => c.level)
        .map(bitsOf)
        .sort((a, b) => a - b);
      if (nf.length) end = Math.min(end, quantile(nf, rules.orderSeamQuantile));
    }
    if (end < start) end = start;
    const len = last - stretch.from + 1;
    let prevO = -1;
    for (let L = stretch.from; L <= last; L++) {
      const target = fixedLine ? fixedLine[L - 1]! : linearTarget(start, end, L - stretch.from, len);
      targets[L - 1] = target;
      const cap = plannedDots(stretch, L);
      const row = w.canFinish[L - stretch.from]!;
      const safe: number[] = [],
        other: number[] = [];
      for (let o = prevO + 1; o < pool.length; o++) {
        const d = w.dots[o]!;
        if (d > cap || d < prevDots || w.bits[o]! < prevBits) continue;
        (row[o] ? safe : other).push(o);
      }
      const byNearest = (i: number, j: number): number => {
        const si2 = Math.abs(w.bits[i]! - target) + rules.orderDotPenalty * (w.dots[i]! - prevDots);
        const sj = Math.abs(w.bits[j]! - target) + rules.orderDotPenalty * (w.dots[j]! - prevDots);
        return si2 - sj || i - j;
      };
      const eligible = safe.sort(byNearest).concat(other.sort(byNearest));
      let pick = -1,
        skippedDup = 0;
      for (const o of eligible) {
        const sig = dupSignature(pool[o]!.level.dots, rules);
        if (chosen.some((s) => !isFine(s.id, pool[o]!.id) && nearDuplicateSig(s.sig, sig, rules) !== null)) {
          skippedDup++;
          continue;
        }
        pick = o;
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
      prevO = pick;
      const c = pool[pick]!;
      levels[L - 1] = c.id;
      chosen.push({ id: c.id, sig: dupSignature(c.level.dots, rules) });
      prevBits = w.bits[pick]!;
      prevDots = w.dots[pick]!;
    }
  });
  return { levels, targets, problems };
}
