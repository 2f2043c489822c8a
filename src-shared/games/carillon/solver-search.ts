/**
 * The search solver: iterative deepening over positions (live sets). At each position try
 * each live dot, skip a tap whose popped set equals one already tried there, recurse, and
 * memoise positions (proved unsolvable within d taps, carried across deepening rounds).
 * It returns the fewest taps, one solution, and the proof that one tap fewer fails: the
 * number of positions the exhausted search at fewest−1 visited.
 *
 * `pruneDominated` (default on) also skips a tap whose popped set is a strict subset of
 * another tap's there. Sound by monotonicity: in any reachable position the gone set is
 * closed under arrows, and for such positions L' ⊆ L, fewest(L') ≤ fewest(L) (keep the taps
 * of a solution of L that lie in L'; each dot of L' was popped by a tap inside L'). This
 * does not use the source-component theorem; tests run both modes against it.
 */
import { fullSet, isEmpty, popcount32, setKey } from './bitset';
import type { Field } from './reach';

export interface SearchResult {
  fewest: number;
  /** Dot indices to tap, in order. */
  solution: number[];
  /** The proof that fewest−1 taps fail: positions visited by the exhausted search at fewest−1 (0 when fewest is 0). */
  exhaustedPositions: number;
  /** Positions visited in all rounds. */
  positions: number;
}

export interface SearchOptions {
  live?: Uint32Array;
  pruneDominated?: boolean;
  /** Give up (throw) above this many taps. Default: number of dots. */
  maxTaps?: number;
  /**
   * Give up (throw SearchBudgetError) after visiting this many positions. The search is
   * exponential in the chain starts (20 isolated dots: minutes, and a memo of millions of
   * positions), so a proof asked for on the main thread bounds it. Default: unbounded.
   */
  maxPositions?: number;
}

/** The search visited its budget of positions without settling the fewest taps. */
export class SearchBudgetError extends Error {
  constructor(readonly positions: number) {
    super(`search: stopped after ${positions} positions`);
    this.name = 'SearchBudgetError';
  }
}

export function solveSearch(field: Field, opts: SearchOptions = {}): SearchResult {
  const { n, W, closure } = field;
  const prune = opts.pruneDominated ?? true;
  const maxTaps = opts.maxTaps ?? n;
  const maxPositions = opts.maxPositions ?? Infinity;
  const start = opts.live ? opts.live.slice() : fullSet(n);
  /** Position key → largest d for which it is proved unsolvable in ≤ d taps. */
  const failed = new Map<number | string, number>();
  const path: number[] = [];
  let visited = 0;

  const dfs = (L: Uint32Array, d: number): boolean => {
    if (++visited > maxPositions) throw new SearchBudgetError(maxPositions);
    if (isEmpty(L)) return true;
    if (d === 0) return false;
    const key = setKey(L);
    const f = failed.get(key);
    if (f !== undefined && f >= d) return false;
    // Distinct popped sets of the live dots.
    const taps: number[] = [];
    const sets: Uint32Array[] = [];
    const sizes: number[] = [];
    for (let v = 0; v < n; v++) {
      if (((L[v >>> 5]! >>> (v & 31)) & 1) === 0) continue;
      const p = new Uint32Array(W);
      let size = 0;
      for (let w = 0; w < W; w++) {
        const x = (closure[v * W + w]! & L[w]!) >>> 0;
        p[w] = x;
        size += x === 0 ? 0 : popcount32(x);
      }
      let dup = false;
      for (let j = 0; j < sets.length && !dup; j++) {
        if (sizes[j] !== size) continue;
        const q = sets[j]!;
        let same = true;
        for (let w = 0; w < W; w++)
          if (q[w] !== p[w]) {
            same = false;
            break;
          }
        dup = same;
      }
      if (dup) continue;
      taps.push(v);
      sets.push(p);
      sizes.push(size);
    }
    let order = taps.map((_, i) => i);
    if (prune) {
      order = order.filter((i) => {
        const a = sets[i]!;
        for (let j = 0; j < sets.length; j++) {
          if (j === i || sizes[j]! <= sizes[i]!) continue;
          const b = sets[j]!;
          let sub = true;
          for (let w = 0; w < W; w++)
            if ((a[w]! & ~b[w]!) !== 0) {
              sub = false;
              break;
            }
          if (sub) return false;
        }
        return true;
      });
    }
    // Bigger pops first: finds a solution sooner; the exhaustive part is unaffected.
    order.sort((i, j) => sizes[j]! - sizes[i]! || taps[i]! - taps[j]!);
    for (const i of order) {
      const p = sets[i]!;
      const next = new Uint32Array(W);
      for (let w = 0; w < W; w++) next[w] = (L[w]! & ~p[w]!) >>> 0;
      path.push(taps[i]!);
      if (dfs(next, d - 1)) return true;
      path.pop();
    }
    failed.set(key, d);
    return false;
  };

  let previousRound = 0;
  for (let d = 0; d <= maxTaps; d++) {
    const before = visited;
    path.length = 0;
    if (dfs(start, d)) {
      return {
        fewest: d,
        solution: path.slice(),
        exhaustedPositions: d === 0 ? 0 : previousRound,
        positions: visited,
      };
    }
    previousRound = visited - before;
  }
  throw new Error(`search: no solution within ${maxTaps} taps`);
}
