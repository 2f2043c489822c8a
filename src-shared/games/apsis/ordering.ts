/**
 * The ordering search. Each stage's pool (every candidate built for the stage's levels)
 * feeds the stage's positions; the search picks which candidates ship and in what order:
 *  - reads, arrows and depth never fall from one level to the next (across stages too);
 *  - no more than `maxEqualRun` levels in a row read the same;
 *  - the largest step in reads is as small as the pools allow, then the spread
 *    (population standard deviation) of the steps.
 *
 * Exact method. Within a stage, the candidates are sorted by (reads, arrows, depth, slot, index);
 * any valid order is non-decreasing in that key, so a chosen sequence is a strictly
 * increasing walk through the sorted list (which also rules out shipping a candidate twice).
 * A state is (position, candidate, length of the current equal-reads run).
 *  1. The smallest feasible largest step M* by binary search over a reachability DP.
 *  2. Within M*, the smallest spread: for a fixed first reads v and last state e the spread
 *     only depends on Σ step², so one min-Σ-step² DP per distinct first reads v, then the
 *     best (v, e) by (n−1)·Σs² − (R_e − v)² (exact integer arithmetic).
 * Near-duplicates: no two shipped levels may copy each other (rules 1–3, and with
 * rules.orderMaxShare no two may share more than it). For M upward from the pools' own least
 * largest step, a depth-first search branches on the first copy pair of the best order (ban
 * one level, or keep it and ban the other) until an order holds no copy; it is complete unless
 * cut short by its node budget. Greedy passes (skip the later level for good, re-run) remain
 * for pools that cannot fill every level or a final search that runs out of nodes (see
 * docs/apsis.md). Pairs the designer marked fine (`fine`) are never near-duplicates here.
 */
import type { OrderingProblem, OrderingResult, PoolCandidate } from '../../game';
import { linearTarget, stepStats } from '../../ordering/curve';
import { finePairTest, type FinePair } from '../../ordering/fine-pairs';
import type { ApsisLevel } from './model';
import type { ApsisRules } from './rules';
import type { ApsisPlan } from './plan';
import { levelSpec, levelCount } from './plan';
import type { PreparedLevel } from './near-duplicates';
import { comparePrepared, nearCopyShare, prepareLevel } from './near-duplicates';
import { levelMetrics } from './solver';

interface Item {
  cand: PoolCandidate<ApsisLevel>;
  /** Place among all items (in the order they were read), for the pair cache's keys. */
  key: number;
  reads: number;
  arrows: number;
  depth: number;
}

interface SkippedCandidate {
  id: string;
  /** The level it would have shipped as, and the already chosen level it copies. */
  level: number;
  copies: string;
  rule: string;
}

export interface ApsisOrderingResult extends OrderingResult {
  largestStep: number;
  stepSpread: number;
  longestEqualRun: number;
  skipped: SkippedCandidate[];
  /** Rounds of the search (re-runs after skipping near-duplicates). */
  passes: number;
  /**
   * True when a copy search ran out of nodes, so the result is not proven: the largest step
   * may not be the least (a smaller M was cut) or, when `problems` is not empty, a copy-free
   * order may exist. False means every claim of the result is proven (see docs/apsis.md).
   */
  searchCut: boolean;
}

/**
 * The copy-pair search (searchCopyFree), a node being one path search: nodes for each largest
 * step M above the floor; after COPY_SEARCH_STEPS values of M that ran out of nodes without
 * settling, M is lifted to the whole reads range (no step limit) and searched with up to
 * COPY_SEARCH_FINAL nodes. Values of M whose search is exhausted (no copy-free order) cost
 * their nodes but do not count as steps, so the step found is the least whenever no search
 * below it ran out of nodes.
 */
const COPY_SEARCH_NODES_PER_STEP = 150;
const COPY_SEARCH_STEPS = 4;
const COPY_SEARCH_FINAL = 3000;
/** Exact-spread orders tried under the found skips before the least-Σ-step² order is kept. */
const COPY_SEARCH_SPREAD_ROUNDS = 8;

export type DuplicateTest = (a: PoolCandidate<ApsisLevel>, b: PoolCandidate<ApsisLevel>) => boolean;

/** A stage's sorted items as columns: the path searches' inner loops read these, not objects. */
interface Columns {
  reads: Float64Array;
  arrows: Float64Array;
  depth: Float64Array;
}

function columnsOf(items: readonly Item[]): Columns {
  return {
    reads: Float64Array.from(items, (it) => it.reads),
    arrows: Float64Array.from(items, (it) => it.arrows),
    depth: Float64Array.from(items, (it) => it.depth),
  };
}

/** First index in a sorted reads column with reads ≥ r. */
function lowerBoundReads(reads: Float64Array, r: number): number {
  let lo = 0,
    hi = reads.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((reads[mid] as number) < r) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Ctx {
  /** Items of each stage, sorted. */
  stageItems: Item[][];
  /** The same items as columns, per stage. */
  columns: Columns[];
  /** Stage index of each position. */
  posStage: number[];
  R: number;
}

/** No required candidate left in this stage (see Required). */
const NONE_REQUIRED = 1 << 30;

/**
 * Candidates an order must ship (the copy search's "keep this one" branch), per stage:
 * next[s][c + 1] = the first required index above c (next[s][0]: the first of the stage), or
 * NONE_REQUIRED. A stage's walk through its sorted list may not step over a required index,
 * must start at or before the first and may only leave the stage after the last.
 */
type Required = Int32Array[] | null;

function stateCount(ctx: Ctx, p: number): number {
  return (ctx.stageItems[ctx.posStage[p] as number] as Item[]).length * ctx.R;
}

/**
 * Longest prefix of [start, end) that a valid sequence can fill under max step M.
 *
 * The transitions from state (c, r) at position p to p+1 (here and in bestPath, written out in
 * each loop because a callback per transition cost more than the search itself): candidates c2
 * of position p+1's stage, after c when the stage is the same, else from the first with reads
 * ≥ c's; reads at most c's + M, arrows and depth not below c's, allowed; r2 = r + 1 on equal
 * reads, else 1, at most R.
 */
function reachLength(ctx: Ctx, allowed: Uint8Array[], start: number, end: number, M: number): number {
  const R = ctx.R;
  let cur = new Uint8Array(stateCount(ctx, start));
  let any = false;
  const al0 = allowed[ctx.posStage[start] as number] as Uint8Array;
  for (let c = 0; c < al0.length; c++)
    if (al0[c]) {
      cur[c * R] = 1;
      any = true;
    }
  if (!any) return 0;
  for (let p = start; p + 1 < end; p++) {
    const next = new Uint8Array(stateCount(ctx, p + 1));
    let found = false;
    const s = ctx.posStage[p] as number,
      s2 = ctx.posStage[p + 1] as number;
    const colP = ctx.columns[s] as Columns,
      colN = ctx.columns[s2] as Columns;
    const readsN = colN.reads,
      arrowsN = colN.arrows,
      depthN = colN.depth;
    const al = allowed[s2] as Uint8Array;
    const last = readsN.length - 1;
    for (let st = 0; st < cur.length; st++) {
      if (!cur[st]) continue;
      const c = (st / R) | 0,
        r = (st % R) + 1;
      const rc = colP.reads[c] as number,
        ac = colP.arrows[c] as number,
        dc = colP.depth[c] as number;
      const maxReads = rc + M;
      for (let c2 = s === s2 ? c + 1 : lowerBoundReads(readsN, rc); c2 <= last; c2++) {
        const rd = readsN[c2] as number;
        if (rd > maxReads) break;
        if (!al[c2] || (arrowsN[c2] as number) < ac || (depthN[c2] as number) < dc) continue;
        const r2 = rd === rc ? r + 1 : 1;
        if (r2 > R) continue;
        next[c2 * R + r2 - 1] = 1;
        found = true;
      }
    }
    if (!found) return p + 1 - start;
    cur = next;
  }
  return end - start;
}

interface PathResult {
  /** Candidate index (into stage items) per position of the segment. */
  picks: number[];
  sumSq: number;
  objective: number;
}

/**
 * Min Σ step² DP over [start, end) under max step M; firstReads restricts the first
 * candidate. For each end state the objective (n−1)·Σs² − (R_end − R_first)² is evaluated
 * (when spread is wanted) or Σs² (otherwise); the best path is returned.
 */
function bestPath(
  ctx: Ctx,
  allowed: Uint8Array[],
  start: number,
  end: number,
  M: number,
  firstReads: number | null,
  spread: boolean,
  req: Required = null,
): PathResult | null {
  const R = ctx.R;
  const len = end - start;
  const parents: Int32Array[] = [];
  let cur = new Float64Array(stateCount(ctx, start)).fill(Infinity);
  const items0 = ctx.stageItems[ctx.posStage[start] as number] as Item[];
  const al0 = allowed[ctx.posStage[start] as number] as Uint8Array;
  let any = false;
  const firstLimit = req ? ((req[ctx.posStage[start] as number] as Int32Array)[0] as number) : NONE_REQUIRED;
  for (let c = 0; c < items0.length && c <= firstLimit; c++) {
    if (al0[c] && (firstReads === null || (items0[c] as Item).reads === firstReads)) {
      cur[c * R] = 0;
      any = true;
    }
  }
  if (!any) return null;
  parents.push(new Int32Array(0));
  for (let p = start; p + 1 < end; p++) {
    const next = new Float64Array(stateCount(ctx, p + 1)).fill(Infinity);
    const par = new Int32Array(next.length).fill(-1);
    const s = ctx.posStage[p] as number,
      s2 = ctx.posStage[p + 1] as number;
    const colP = ctx.columns[s] as Columns,
      colN = ctx.columns[s2] as Columns;
    const readsN = colN.reads,
      arrowsN = colN.arrows,
      depthN = colN.depth;
    const al = allowed[s2] as Uint8Array;
    let found = false;
    // Transitions as in reachLength; a required candidate may not be stepped over, and the
    // walk may leave a stage only after its last required one.
    const reqHere = req ? (req[s] as Int32Array) : null;
    const reqFirstNext = req ? ((req[s2] as Int32Array)[0] as number) : NONE_REQUIRED;
    for (let st = 0; st < cur.length; st++) {
      const base = cur[st] as number;
      if (base === Infinity) continue;
      const c = (st / R) | 0,
        r = (st % R) + 1;
      let last = readsN.length - 1;
      if (reqHere) {
        const here = reqHere[c + 1] as number;
        if (s === s2) last = Math.min(last, here);
        else if (here !== NONE_REQUIRED) continue;
        else last = Math.min(last, reqFirstNext);
      }
      const rc = colP.reads[c] as number,
        ac = colP.arrows[c] as number,
        dc = colP.depth[c] as number;
      const maxReads = rc + M;
      for (let c2 = s === s2 ? c + 1 : lowerBoundReads(readsN, rc); c2 <= last; c2++) {
        const rd = readsN[c2] as number;
        if (rd > maxReads) break;
        if (!al[c2] || (arrowsN[c2] as number) < ac || (depthN[c2] as number) < dc) continue;
        const r2 = rd === rc ? r + 1 : 1;
        if (r2 > R) continue;
        const step = rd - rc;
        const v = base + step * step;
        const k = c2 * R + r2 - 1;
        if (v < (next[k] as number)) {
          next[k] = v;
          par[k] = st;
          found = true;
        }
      }
    }
    if (!found) return null;
    parents.push(par);
    cur = next;
  }
  const itemsE = ctx.stageItems[ctx.posStage[end - 1] as number] as Item[];
  let bestSt = -1,
    bestObj = Infinity,
    bestSum = 0;
  const reqEnd = req ? (req[ctx.posStage[end - 1] as number] as Int32Array) : null;
  for (let st = 0; st < cur.length; st++) {
    const sum = cur[st] as number;
    if (sum === Infinity) continue;
    if (reqEnd && reqEnd[((st / R) | 0) + 1] !== NONE_REQUIRED) continue;
    let obj = sum;
    if (spread && firstReads !== null) {
      const rise = (itemsE[(st / R) | 0] as Item).reads - firstReads;
      obj = (len - 1) * sum - rise * rise;
    }
    if (obj < bestObj) {
      bestObj = obj;
      bestSt = st;
      bestSum = sum;
    }
  }
  if (bestSt < 0) return null;
  const picks = new Array<number>(len);
  let st = bestSt;
  for (let q = len - 1; q >= 0; q--) {
    picks[q] = (st / R) | 0;
    if (q > 0) st = (parents[q] as Int32Array)[st] as number;
  }
  return { picks, sumSq: bestSum, objective: bestObj };
}

/** Smallest feasible largest step over [start, end), or null when the segment cannot be filled. */
function minMaxStep(
  ctx: Ctx,
  allowed: Uint8Array[],
  start: number,
  end: number,
  lowerHint: number,
): number | null {
  let hi = 0;
  for (const items of ctx.stageItems) for (const it of items) if (it.reads > hi) hi = it.reads;
  if (reachLength(ctx, allowed, start, end, hi) < end - start) return null;
  let lo = 0;
  // Bans only raise M*, so the last answer is usually still the answer: two checks.
  const h = Math.min(Math.max(0, lowerHint), hi);
  if (h > 0 && reachLength(ctx, allowed, start, end, h) === end - start) {
    if (reachLength(ctx, allowed, start, end, h - 1) < end - start) return h;
    hi = h - 1;
  }
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (reachLength(ctx, allowed, start, end, mid) === end - start) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function solveSegment(
  ctx: Ctx,
  allowed: Uint8Array[],
  start: number,
  end: number,
  exactSpread: boolean,
  hint: number,
): { picks: number[]; M: number } | null {
  const M = minMaxStep(ctx, allowed, start, end, hint);
  if (M === null) return null;
  if (!exactSpread || end - start < 2) {
    const r = bestPath(ctx, allowed, start, end, M, null, false);
    return r ? { picks: r.picks, M } : null;
  }
  const items0 = ctx.stageItems[ctx.posStage[start] as number] as Item[];
  const al0 = allowed[ctx.posStage[start] as number] as Uint8Array;
  const firsts = [...new Set(items0.filter((_, c) => al0[c]).map((it) => it.reads))].sort((a, b) => a - b);
  let best: PathResult | null = null;
  for (const v of firsts) {
    const r = bestPath(ctx, allowed, start, end, M, v, true);
    if (r && (!best || r.objective < best.objective)) best = r;
  }
  return best ? { picks: best.picks, M } : null;
}

function countPositions(ctx: Ctx, s: number): number {
  return ctx.posStage.filter((x) => x === s).length;
}

/** Solve every position; where the rules break, say so and start a new segment. */
function solveAll(
  ctx: Ctx,
  banned: Uint8Array[],
  N: number,
  exact: boolean,
  hint: number,
  problems: OrderingProblem[],
): { chosen: (Item | null)[]; minM: number } {
  const chosen: (Item | null)[] = new Array<Item | null>(N).fill(null);
  const allowed = banned.map((b) => b.map((x) => (x ? 0 : 1)));
  problems.length = 0;
  let start = 0;
  let minM = 0;
  while (start < N) {
    const s = ctx.posStage[start] as number;
    const al = allowed[s] as Uint8Array;
    if (!al.some((x) => x === 1)) {
      const total = (ctx.stageItems[s] as Item[]).length;
      problems.push({
        level: start + 1,
        message:
          total === 0
            ? `the pool of stage ${s + 1} is empty (no candidate was built)`
            : `stage ${s + 1} has no candidate left for this level (${total} built; the rest ship earlier or were skipped as near-duplicates)`,
      });
      start++;
      continue;
    }
    const reach = reachLength(ctx, allowed, start, N, 1 << 30);
    const end = start + Math.max(1, reach);
    const s2 = ctx.posStage[end] as number;
    const left = end < N ? (allowed[s2] as Uint8Array).reduce((a, x) => a + x, 0) : 0;
    // (An exhausted pool is reported on its own when the loop reaches it.)
    if (end < N && left > 0) {
      problems.push({
        level: end + 1,
        message:
          `no candidate can follow level ${end} without reads, arrows or depth falling or more than ${ctx.R} equal reads in a row ` +
          `(stage ${s2 + 1} has ${left} usable candidates for its ${countPositions(ctx, s2)} levels); the order restarts here`,
      });
    }
    const seg = solveSegment(ctx, allowed, start, end, exact, hint);
    if (seg) {
      minM = Math.max(minM, seg.M);
      for (let q = 0; q < seg.picks.length; q++) {
        const p = start + q;
        const st = ctx.posStage[p] as number;
        const c = seg.picks[q] as number;
        chosen[p] = (ctx.stageItems[st] as Item[])[c] as Item;
        (allowed[st] as Uint8Array)[c] = 0;
      }
    }
    start = end;
  }
  return { chosen, minM };
}

/**
 * Order pools. pools[slot] = candidates built for level slot+1. Candidates of one stage may
 * ship at any position of that stage.
 */
export function orderPools(args: {
  rules: ApsisRules;
  plan: ApsisPlan;
  pools: PoolCandidate<ApsisLevel>[][];
  /** Replace the near-duplicate test (tests); default: rules 1–3 of near-duplicates.ts. */
  isDuplicate?: DuplicateTest;
  /** Pairs the designer marked fine (duplicate triage): never near-duplicates here. */
  fine?: readonly FinePair[];
  /** Search the exact spread (default true); false keeps the min-Σ-step² order. */
  exactSpread?: boolean;
  /** Nodes the copy-pair search may visit for each largest step (default COPY_SEARCH_NODES_PER_STEP; 0 goes straight to the greedy passes). */
  searchBudget?: number;
}): ApsisOrderingResult {
  const { rules, plan, pools } = args;
  const N = levelCount(plan);
  const problems: OrderingProblem[] = [];
  const posStage: number[] = [];
  for (let p = 0; p < N; p++) posStage.push(levelSpec(plan, p + 1).stageIndex);
  const stageItems: Item[][] = plan.map(() => []);
  let itemCount = 0;
  pools.forEach((pool, slot) => {
    if (slot >= N) return;
    const s = posStage[slot] as number;
    for (const cand of pool) {
      let m = cand.metrics;
      if (![m.reads, m.arrows, m.depth].every((x) => typeof x === 'number' && Number.isFinite(x)))
        m = levelMetrics(cand.level, rules);
      if (m.cleared === 0) continue;
      (stageItems[s] as Item[]).push({
        cand,
        key: itemCount++,
        reads: m.reads as number,
        arrows: m.arrows as number,
        depth: m.depth as number,
      });
    }
  });
  for (const items of stageItems) {
    // Ties by (slot, index), which do not depend on how the studio numbers candidates.
    items.sort(
      (a, b) =>
        a.reads - b.reads ||
        a.arrows - b.arrows ||
        a.depth - b.depth ||
        a.cand.slot - b.cand.slot ||
        a.cand.index - b.cand.index ||
        (a.cand.id < b.cand.id ? -1 : a.cand.id > b.cand.id ? 1 : 0),
    );
  }
  const ctx: Ctx = { stageItems, columns: stageItems.map(columnsOf), posStage, R: rules.maxEqualRun };
  const banned: Uint8Array[] = stageItems.map((items) => new Uint8Array(items.length));
  const skipped: SkippedCandidate[] = [];

  const prepCache = new Map<string, PreparedLevel>();
  const prep = (c: PoolCandidate<ApsisLevel>): PreparedLevel => {
    let p = prepCache.get(c.id);
    if (!p) {
      p = prepareLevel(c.level, rules);
      prepCache.set(c.id, p);
    }
    return p;
  };
  // The optional margin: a pair sharing more than orderMaxShare is skipped like a copy.
  const marginRule = (a: PoolCandidate<ApsisLevel>, b: PoolCandidate<ApsisLevel>): string | null => {
    const max = rules.orderMaxShare;
    if (max === undefined) return null;
    const pa = prep(a),
      pb = prep(b);
    const larger = Math.max(pa.n, pb.n, 1);
    const over = Math.floor(max * larger + 1e-9) + 1;
    return nearCopyShare(pa, pb, rules, over).count >= over ? 'share-margin' : null;
  };
  // Keyed by the unordered pair of items (one item per candidate id), as numbers: the search
  // asks for the same pairs many times.
  const pairCache = new Map<number, string | null>();
  const isFine = finePairTest(args.fine);
  const dupRule = (x: Item, y: Item): string | null => {
    const key = x.key < y.key ? x.key * itemCount + y.key : y.key * itemCount + x.key;
    const hit = pairCache.get(key);
    if (hit !== undefined) return hit;
    const a = x.cand,
      b = y.cand;
    const rule = isFine(a.id, b.id)
      ? null
      : args.isDuplicate
        ? args.isDuplicate(a, b)
          ? 'duplicate'
          : null
        : (comparePrepared(prep(a), prep(b), rules)?.rule ?? marginRule(a, b));
    pairCache.set(key, rule);
    return rule;
  };

  // Walk an order; skip (ban) every candidate that copies a level accepted before it.
  const walk = (order: (Item | null)[]): boolean => {
    let found = false;
    const accepted: Item[] = [];
    for (let p = 0; p < N; p++) {
      const it = order[p];
      if (!it) continue;
      let copy: { of: Item; rule: string } | null = null;
      for (const q of accepted) {
        const r = dupRule(q, it);
        if (r) {
          copy = { of: q, rule: r };
          break;
        }
      }
      if (copy) {
        const s = posStage[p] as number;
        const idx = (stageItems[s] as Item[]).indexOf(it);
        (banned[s] as Uint8Array)[idx] = 1;
        skipped.push({ id: it.cand.id, level: p + 1, copies: copy.of.cand.id, rule: copy.rule });
        found = true;
      } else accepted.push(it);
    }
    return found;
  };

  /** The first pair of `order` that copy each other (earlier, later), or null. */
  const firstCopy = (order: Item[]): { early: number; late: number; rule: string } | null => {
    for (let j = 1; j < order.length; j++) {
      for (let i = 0; i < j; i++) {
        const r = dupRule(order[i] as Item, order[j] as Item);
        if (r) return { early: i, late: j, rule: r };
      }
    }
    return null;
  };
  const indexOf = new Map<Item, number>();
  for (const items of stageItems) items.forEach((it, i) => indexOf.set(it, i));
  const stageOfItem = new Map<Item, number>();
  stageItems.forEach((items, si) => {
    for (const it of items) stageOfItem.set(it, si);
  });
  const byId = new Map<string, Item>();
  for (const items of stageItems) for (const it of items) byId.set(it.cand.id, it);
  const allowedWithout = (skips: readonly SkippedCandidate[]): Uint8Array[] => {
    const allowed = stageItems.map((items) => new Uint8Array(items.length).fill(1));
    for (const k of skips) {
      const it = byId.get(k.id) as Item;
      (allowed[stageOfItem.get(it) as number] as Uint8Array)[indexOf.get(it) as number] = 0;
    }
    return allowed;
  };

  /** Required (see the type) from a list of required items. */
  const requiredOf = (keep: readonly Item[]): Required => {
    if (keep.length === 0) return null;
    const req = stageItems.map((items) => new Int32Array(items.length + 1).fill(NONE_REQUIRED));
    for (const it of keep) {
      const s = stageOfItem.get(it) as number,
        c = indexOf.get(it) as number;
      const next = req[s] as Int32Array;
      for (let k = 0; k <= c; k++) if ((next[k] as number) > c) next[k] = c;
    }
    return req;
  };

  /**
   * Depth-first search for an order with largest step ≤ M in which no two levels copy each
   * other. At each node: the least-Σ-step² order that skips the banned candidates and ships
   * the kept ones (whose partners are all banned); its first copy pair splits the orders left
   * into two disjoint sets: those without one level of the pair (ban it), and those with it
   * (keep it, ban the other). The level banned first is the one that copies more candidates
   * (measured: 2–10× fewer nodes than always banning the later one). Every copy-free order lies in
   * exactly one leaf, so a search that is not cut short is complete. Each node costs one path
   * search (a few ms), so the search is bounded by a node budget (deterministic, not timed).
   */
  /** Every candidate (any stage) that copies `it` (rules 1–3), computed once. */
  const partnersCache = new Map<Item, Item[]>();
  const partnersOf = (it: Item): Item[] => {
    let list = partnersCache.get(it);
    if (!list) {
      list = [];
      for (const items of stageItems)
        for (const other of items) if (other !== it && dupRule(it, other)) list.push(other);
      partnersCache.set(it, list);
    }
    return list;
  };

  const searchCopyFree = (
    M: number,
    nodes: number,
  ): { order: Item[] | null; skips: SkippedCandidate[]; used: number; cut: boolean } => {
    let budget = nodes;
    let cut = false;
    const visit = (
      skips: SkippedCandidate[],
      keep: Item[],
    ): { order: Item[]; skips: SkippedCandidate[] } | null => {
      if (budget <= 0) {
        cut = true;
        return null;
      }
      budget--;
      const allowed = allowedWithout(skips);
      // A kept level's partners can never ship with it.
      for (const k of keep)
        for (const o of partnersOf(k))
          (allowed[stageOfItem.get(o) as number] as Uint8Array)[indexOf.get(o) as number] = 0;
      for (const k of keep)
        if (!(allowed[stageOfItem.get(k) as number] as Uint8Array)[indexOf.get(k) as number]) return null;
      const path = bestPath(ctx, allowed, 0, N, M, null, false, requiredOf(keep));
      if (!path) return null;
      const order = path.picks.map((c, p) => (stageItems[posStage[p] as number] as Item[])[c] as Item);
      const copy = firstCopy(order);
      if (!copy) return { order, skips };
      const early = order[copy.early] as Item,
        late = order[copy.late] as Item;
      const banLate = { id: late.cand.id, level: copy.late + 1, copies: early.cand.id, rule: copy.rule };
      const banEarly = { id: early.cand.id, level: copy.early + 1, copies: late.cand.id, rule: copy.rule };
      // Ban first the level with more partners (it blocks more orders); the other branch keeps it.
      if (partnersOf(late).length <= partnersOf(early).length) {
        return visit([...skips, banEarly], keep) ?? visit([...skips, banLate], [...keep, early]);
      }
      return visit([...skips, banLate], keep) ?? visit([...skips, banEarly], [...keep, late]);
    };
    const found = visit([], []);
    return {
      order: found?.order ?? null,
      skips: found?.skips ?? [],
      used: nodes - budget,
      cut: !found && cut,
    };
  };

  const exact = args.exactSpread !== false;
  const allAllowed = stageItems.map((items) => new Uint8Array(items.length).fill(1));
  let chosen: (Item | null)[] = [];
  let passes = 0;
  let done = false;

  // 1. When the pools can fill every level, search the largest step upward from what the pools
  //    allow without skips: the first M with a copy-free order wins. M rises one at a time; a
  //    search that runs out of nodes leaves its M unproven, and after COPY_SEARCH_STEPS of those
  //    M jumps to the whole reads range, where any copy-free order qualifies.
  const floor =
    N > 1 && reachLength(ctx, allAllowed, 0, N, 1 << 30) === N ? minMaxStep(ctx, allAllowed, 0, N, 0) : null;
  let searchGaveUp = false;
  let anyCut = false;
  if (floor !== null) {
    const perStep = args.searchBudget ?? COPY_SEARCH_NODES_PER_STEP;
    let top = 0;
    for (const items of stageItems) for (const it of items) top = Math.max(top, it.reads);
    let unproven = 0;
    for (let M = floor; perStep > 0 && !done && M <= top;) {
      const last = M >= top || unproven >= COPY_SEARCH_STEPS;
      if (last) M = top;
      const found = searchCopyFree(M, last ? Math.max(perStep, COPY_SEARCH_FINAL) : perStep);
      passes += found.used;
      if (found.cut) anyCut = true;
      if (!found.order) {
        if (last) {
          searchGaveUp = found.cut;
          break;
        }
        if (found.cut) unproven++;
        M++;
        continue;
      }
      let order = found.order;
      const skips = [...found.skips];
      // The exact spread under these skips; a copy in it is skipped too (later level goes),
      // as long as the largest step holds; otherwise the least-Σ-step² order stays.
      for (let round = 0; exact && round < COPY_SEARCH_SPREAD_ROUNDS; round++) {
        passes++;
        const seg = solveSegment(ctx, allowedWithout(skips), 0, N, true, M);
        if (!seg || seg.M > M) break;
        const exactOrder = seg.picks.map((c, p) => (stageItems[posStage[p] as number] as Item[])[c] as Item);
        const copy = firstCopy(exactOrder);
        if (!copy) {
          order = exactOrder;
          break;
        }
        const early = exactOrder[copy.early] as Item,
          late = exactOrder[copy.late] as Item;
        skips.push({ id: late.cand.id, level: copy.late + 1, copies: early.cand.id, rule: copy.rule });
      }
      chosen = order;
      skipped.push(...skips.filter((k) => order.every((it) => it.cand.id !== k.id)));
      problems.length = 0;
      done = true;
    }
  }

  // 2. Otherwise (a level cannot be filled, or the search ran out of nodes): greedy passes.
  //    Each chosen order is walked from level 1 and every level that copies one accepted
  //    before it is skipped for good; cheap passes (least largest step, then least Σ step²)
  //    discover the copies, the last pass searches the exact spread and is walked once more.
  let hint = floor ?? 0;
  while (!done) {
    passes++;
    const cheap = solveAll(ctx, banned, N, false, hint, problems);
    hint = cheap.minM;
    if (walk(cheap.chosen)) continue;
    chosen = cheap.chosen;
    if (!exact) break;
    passes++;
    const full = solveAll(ctx, banned, N, true, hint, problems);
    hint = full.minM;
    chosen = full.chosen;
    if (!walk(full.chosen)) break;
  }

  if (searchGaveUp && problems.length > 0) {
    const p0 = problems[0] as OrderingProblem;
    problems[0] = {
      level: p0.level,
      message: `${p0.message} (the search for an order without near-duplicates gave up after ${COPY_SEARCH_FINAL} tries with no limit on the step, so one may exist: larger pools make it easier to find)`,
    };
  }
  const levels = chosen.map((it) => (it ? it.cand.id : null));
  const reads = chosen.filter((x): x is Item => x !== null).map((x) => x.reads);
  const st = stepStats(reads);
  const first = reads[0] ?? 0,
    last = reads[reads.length - 1] ?? 0;
  const targets = chosen.map((_, i) => Math.round(linearTarget(first, last, i, N) * 100) / 100);
  return {
    levels,
    targets,
    problems,
    largestStep: st.largestStep,
    stepSpread: st.stepSpread,
    longestEqualRun: st.longestEqualRun,
    skipped,
    passes,
    searchCut: anyCut,
  };
}
