/**
 * Putting levels in order as one path over the whole plan (the default `orderMethod: 'path'`).
 * The greedy fill of the spec (ordering.ts) picks each level on its own and, with small pools
 * per dot count, is often forced into a large jump a few levels on. Here the whole sequence is
 * chosen at once, under the same hard rules: each level takes a candidate of its stretch's pool
 * with no more dots than its planned count, never fewer dots and never easier than the level
 * before, each candidate used once, and no two levels near-duplicates.
 *  1. The jump bound J: `orderJumpLimit` when some sequence keeps every jump within it (a sweep
 *     over the levels says which candidates such a sequence can reach), else the least largest
 *     jump any sequence can have (binary search on J).
 *  2. Among sequences whose jumps stay within J, the one nearest the target line: least
 *     Σ |bits − target| (plus `orderDotPenalty` per added dot), by dynamic programming.
 * The target line is the greedy one fixed in advance: each stretch runs from `orderStartStep`
 * above the previous stretch's end (the first: its easiest candidate) to its `endBits`, or else
 * the `orderEndQuantile` quantile of its last level's pool capped at the `orderSeamQuantile`
 * quantile of the next stretch's first pool.
 * Near-duplicates are checked on the chosen path in level order; the later level's candidate of
 * a pair is banned and the path chosen again. Within a stretch candidates are ranked by (bits,
 * dots, slot, index) and a path's picks rise in that rank, which makes "unused" and "never
 * easier" automatic. Sweeps use monotone queues, so each costs O(levels · pool · dot counts).
 * Returns null when no full sequence exists (ordering.ts then falls back to the greedy fill,
 * which reports the short levels). Pairs the designer marked fine are never near-duplicates.
 */
import type { OrderingResult, PoolCandidate } from '../../game';
import { finePairTest, type FinePair } from '../../ordering/fine-pairs';
import { linearTarget } from '../../ordering/curve';
import type { CarillonRules } from './rules';
import type { CarillonPlan } from './plan';
import { levelCount, plannedDots } from './plan';
import type { CarillonLevel } from './model';
import { dupSignature, nearDuplicateSig } from './near-duplicates';
import type { DupSignature } from './near-duplicates';

type Cand = PoolCandidate<CarillonLevel>;

/** What Carillon's ordering is given (the Game's order arguments). */
export interface OrderInput {
  rules: CarillonRules;
  plan: CarillonPlan;
  pools: Cand[][];
  /** Pairs of pool ids the designer marked fine (duplicate triage). */
  fine?: readonly FinePair[];
  /** The run's every proven candidate, which the target line is drawn from (default `pools`; see Game.order). */
  targetPools?: Cand[][];
}
const bitsOf = (c: Cand): number => c.metrics.bits ?? c.level.bits;

/** At most this many near-duplicate bans before giving up on the path (then: greedy). */
const MAX_BAN_ROUNDS = 200;

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos),
    hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** A stretch's pool in rank order. */
interface Pool {
  cands: Cand[];
  bits: Float64Array;
  dots: Int32Array;
  banned: Uint8Array;
}

/** One level of the path: its stretch's pool, its dot cap and its target. */
interface Slot {
  level: number;
  pool: Pool;
  cap: number;
  target: number;
}

function sortedStretchPool(pools: readonly Cand[][], from: number, last: number): Cand[] {
  const pool: Cand[] = [];
  for (let L = from; L <= last; L++) for (const c of pools[L - 1] ?? []) if (c.level) pool.push(c);
  return pool.sort(
    (x, y) =>
      bitsOf(x) - bitsOf(y) ||
      x.level.dots.length - y.level.dots.length ||
      x.slot - y.slot ||
      x.index - y.index ||
      (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
  );
}

/** The fixed target line of every level (see the file comment). */
export function pathTargets(rules: CarillonRules, plan: CarillonPlan, pools: readonly Cand[][]): number[] {
  const N = levelCount(plan);
  const targets: number[] = new Array(N).fill(0);
  const sortedBits = (L: number): number[] =>
    (pools[L - 1] ?? [])
      .filter((c) => c.level)
      .map(bitsOf)
      .sort((a, b) => a - b);
  let prevEnd: number | null = null;
  plan.forEach((stretch, si) => {
    const last = Math.min(stretch.to, N);
    if (last < stretch.from) return;
    const start = prevEnd === null ? (sortedBits(stretch.from)[0] ?? 0) : prevEnd + rules.orderStartStep;
    let end = stretch.endBits ?? quantile(sortedBits(last), rules.orderEndQuantile);
    const next = plan[si + 1];
    if (stretch.endBits === undefined && next && next.from <= N) {
      const nf = sortedBits(next.from);
      if (nf.length) end = Math.min(end, quantile(nf, rules.orderSeamQuantile));
    }
    if (end < start) end = start;
    const len = last - stretch.from + 1;
    for (let L = stretch.from; L <= last; L++)
      targets[L - 1] = linearTarget(start, end, L - stretch.from, len);
    prevEnd = end;
  });
  return targets;
}

/** Monotone queue of pool indices, kept in index order, for a sliding-window minimum. */
class MinQueue {
  private items: number[] = [];
  private head = 0;
  clear(): void {
    this.items.length = 0;
    this.head = 0;
  }
  /** Append i, dropping queued items with a larger key (on equal keys the earlier stays in front). */
  push(i: number, key: (j: number) => number): void {
    const k = key(i);
    while (this.items.length > this.head && key(this.items[this.items.length - 1]!) > k) this.items.pop();
    this.items.push(i);
  }
  /** Drop front items the predicate says have left the window. */
  dropWhile(out: (j: number) => boolean): void {
    while (this.head < this.items.length && out(this.items[this.head]!)) this.head++;
  }
  front(): number {
    return this.head < this.items.length ? this.items[this.head]! : -1;
  }
}

/**
 * One sweep over the levels with jumps ≤ J. `score` null: feasibility only (cost 0 for every
 * reachable candidate). Otherwise least cost: score(slot, o) per pick, plus penalty per added dot.
 * Returns per level the cost of ending there at each candidate (Infinity: unreachable) and the
 * predecessor chosen.
 */
function sweep(
  slots: readonly Slot[],
  J: number,
  score: ((s: Slot, o: number) => number) | null,
  penalty: number,
): { cost: Float64Array[]; parent: Int32Array[] } | null {
  const cost: Float64Array[] = [],
    parent: Int32Array[] = [];
  for (let li = 0; li < slots.length; li++) {
    const slot = slots[li]!,
      { bits, dots, banned } = slot.pool,
      P = bits.length;
    const cur = new Float64Array(P).fill(Infinity),
      par = new Int32Array(P).fill(-1);
    const own = (o: number): number => (score ? score(slot, o) : 0) + penalty * dots[o]!;
    if (li === 0) {
      for (let o = 0; o < P; o++)
        if (!banned[o] && dots[o]! <= slot.cap) cur[o] = own(o) - penalty * dots[o]!;
    } else {
      const prev = slots[li - 1]!,
        pc = cost[li - 1]!,
        { bits: pb, dots: pd } = prev.pool;
      const same = prev.pool === slot.pool;
      // One queue per dot count of the previous pool, keyed on cost − penalty·dots.
      const counts = [...new Set(pd)].sort((a, b) => a - b);
      const bucketOf = new Map(counts.map((d, i) => [d, i]));
      const queues = counts.map(() => new MinQueue());
      const key = (j: number): number => pc[j]! - penalty * pd[j]!;
      let added = 0; // previous-pool candidates added to the queues so far
      let any = false;
      for (let o = 0; o < P; o++) {
        // Same pool: predecessors rank strictly earlier. Next stretch: predecessors no harder.
        const limit = same ? o : upperBound(pb, bits[o]!);
        for (; added < limit; added++)
          if (pc[added]! < Infinity) queues[bucketOf.get(pd[added]!)!]!.push(added, key);
        if (banned[o] || dots[o]! > slot.cap) continue;
        let best = -1,
          bestKey = Infinity;
        for (let b = 0; b < counts.length && counts[b]! <= dots[o]!; b++) {
          const q = queues[b]!;
          q.dropWhile((j) => bits[o]! - pb[j]! > J);
          const j = q.front();
          if (j < 0) continue;
          const k = key(j);
          if (k < bestKey || (k === bestKey && j < best)) {
            bestKey = k;
            best = j;
          }
        }
        if (best < 0) continue;
        cur[o] = bestKey + own(o);
        par[o] = best;
        any = true;
      }
      if (!any) return null;
    }
    cost.push(cur);
    parent.push(par);
  }
  return { cost, parent };
}

/** First index whose value exceeds x (values ascending). */
function upperBound(values: Float64Array, x: number): number {
  let lo = 0,
    hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `limit` when a full sequence keeps every jump within it, else the least largest jump, to 1e-4 bits (null: no full sequence at all). */
function jumpBound(slots: readonly Slot[], limit: number): number | null {
  if (sweep(slots, limit, null, 0)) return limit;
  let hi = 0;
  for (const s of slots) if (s.pool.bits.length) hi = Math.max(hi, s.pool.bits[s.pool.bits.length - 1]!);
  hi += 1;
  if (!sweep(slots, hi, null, 0)) return null;
  let lo = limit;
  while (hi - lo > 1e-4) {
    const mid = (lo + hi) / 2;
    if (sweep(slots, mid, null, 0)) hi = mid;
    else lo = mid;
  }
  return hi;
}

export function orderByPath(args: OrderInput): OrderingResult | null {
  const { rules, plan, pools } = args;
  const N = levelCount(plan);
  // Drawn from every proven candidate when given: an order of a few approved candidates aims at
  // the automatic order's line (from its own thin pools it was a staircase of flat stretches).
  const targets = pathTargets(rules, plan, args.targetPools ?? pools);
  const slots: Slot[] = [];
  for (const stretch of plan) {
    const last = Math.min(stretch.to, N);
    if (last < stretch.from) continue;
    const cands = sortedStretchPool(pools, stretch.from, last);
    const pool: Pool = {
      cands,
      bits: Float64Array.from(cands, bitsOf),
      dots: Int32Array.from(cands, (c) => c.level.dots.length),
      banned: new Uint8Array(cands.length),
    };
    for (let L = stretch.from; L <= last; L++)
      slots.push({ level: L, pool, cap: plannedDots(stretch, L), target: targets[L - 1]! });
  }
  if (slots.length !== N) return null;
  const verdicts = new Map<string, boolean>();
  const isFine = finePairTest(args.fine);
  const isDuplicate = (ia: string, a: DupSignature, ib: string, b: DupSignature): boolean => {
    if (isFine(ia, ib)) return false;
    const key = `${ia}|${ib}`;
    let v = verdicts.get(key);
    if (v === undefined) verdicts.set(key, (v = nearDuplicateSig(a, b, rules) !== null));
    return v;
  };
  for (let round = 0; round <= MAX_BAN_ROUNDS; round++) {
    const J = jumpBound(slots, rules.orderJumpLimit);
    if (J === null) return null;
    const best = sweep(slots, J, (s, o) => Math.abs(s.pool.bits[o]! - s.target), rules.orderDotPenalty);
    if (!best) return null;
    // Walk back from the cheapest end (ties: the earlier candidate).
    const picks = new Array<number>(N);
    const lastCost = best.cost[N - 1]!;
    let o = -1;
    for (let i = 0; i < lastCost.length; i++)
      if (lastCost[i]! < Infinity && (o < 0 || lastCost[i]! < lastCost[o]!)) o = i;
    for (let li = N - 1; li >= 0; li--) {
      picks[li] = o;
      o = best.parent[li]![o]!;
    }
    // Near-duplicates along the path, in level order (verdicts kept across rounds: a ban
    // changes only part of the path).
    const chosen: { id: string; sig: DupSignature }[] = [];
    let clash = -1;
    for (let li = 0; li < N && clash < 0; li++) {
      const c = slots[li]!.pool.cands[picks[li]!]!;
      const sig = dupSignature(c.level.dots, rules);
      if (chosen.some((p) => isDuplicate(p.id, p.sig, c.id, sig))) clash = li;
      else chosen.push({ id: c.id, sig });
    }
    if (clash < 0)
      return { levels: picks.map((p, li) => slots[li]!.pool.cands[p]!.id), targets, problems: [] };
    slots[clash]!.pool.banned[picks[clash]!] = 1;
  }
  return null;
}
