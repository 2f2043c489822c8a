/**
 * No two levels the same. Under each of the eight turns and mirrors (colour ignored), two
 * levels are near-duplicates when
 *  - same picture: more than pictureShare of the larger level's dots pair one-to-one with
 *    same-sized dots of the other within duplicateDistance units (a maximum matching);
 *  - same answer: the chain starts (dots in source components) pair one-to-one, all of them
 *    on both sides, with same-sized chain starts of the other within the distance, and at
 *    least answerShare of the larger level's dots pair up;
 *  - same chains: their reach graphs are isomorphic (any picture; transform 'graph').
 * The share reported is the same-picture share: matched dots over the larger level's, under
 * the best transform (for same answer: under the transform that pairs the chain starts).
 * Same chains is no exception: its share is what the pictures really share, not 1.
 * A signature per level (grid of dots, chain starts, graph invariant) is computed once.
 */
import type { NearDuplicate } from '../../game';
import { findIsomorphism, graphInvariant } from '../../graph/isomorphism';
import type { Digraph } from '../../graph/isomorphism';
import type { CarillonRules } from './rules';
import { sizeIndex } from './rules';
import type { Dot } from './model';
import { buildField, reachGraph } from './reach';
import { winningTaps } from './solver-theorem';
import { TRANSFORMS, transformCentred } from './transforms';
import type { TransformName } from './transforms';

export interface DupSignature {
  n: number;
  xs: Float64Array;
  ys: Float64Array;
  size: Uint8Array;
  sizeCount: number[];
  /** Chain starts (winning first taps). */
  starts: number[];
  isStart: Uint8Array;
  startSizeCount: number[];
  graph: Digraph;
  invariant: string;
  /** Bucket grid of the dots (cell = duplicateDistance). */
  cell: number;
  cols: number;
  rows: number;
  head: Int32Array;
  next: Int32Array;
  width: number;
  height: number;
}

const cache = new WeakMap<readonly Dot[], { rules: CarillonRules; sig: DupSignature }>();

export function dupSignature(dots: readonly Dot[], rules: CarillonRules): DupSignature {
  const hit = cache.get(dots);
  if (hit && hit.rules === rules) return hit.sig;
  const n = dots.length;
  const field = buildField(dots, rules);
  const xs = Float64Array.from(dots, (d) => d.x), ys = Float64Array.from(dots, (d) => d.y);
  const size = Uint8Array.from(dots, (d) => sizeIndex(d.size));
  const sizeCount = [0, 0, 0];
  for (const s of size) sizeCount[s]!++;
  const starts = winningTaps(field);
  const isStart = new Uint8Array(n);
  const startSizeCount = [0, 0, 0];
  for (const v of starts) { isStart[v] = 1; startSizeCount[size[v]!]!++; }
  const graph = reachGraph(field);
  const cell = Math.max(1, rules.duplicateDistance);
  const cols = Math.floor(rules.width / cell) + 1, rows = Math.floor(rules.height / cell) + 1;
  const head = new Int32Array(cols * rows).fill(-1), next = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const cx = clamp(Math.floor(xs[i]! / cell), 0, cols - 1), cy = clamp(Math.floor(ys[i]! / cell), 0, rows - 1);
    next[i] = head[cy * cols + cx]!;
    head[cy * cols + cx] = i;
  }
  const sig: DupSignature = {
    n, xs, ys, size, sizeCount, starts, isStart, startSizeCount, graph, invariant: graphInvariant(graph),
    cell, cols, rows, head, next, width: rules.width, height: rules.height,
  };
  cache.set(dots, { rules, sig });
  return sig;
}

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

/** Candidate partners: adj[i] = dots of b (same size, within dist) for dot i of a under t. */
function candidates(a: DupSignature, b: DupSignature, t: TransformName, dist: number, startsOnly: boolean): number[][] {
  const adj: number[][] = [];
  const d2max = dist * dist;
  const hw = a.width / 2, hh = a.height / 2;
  for (let i = 0; i < a.n; i++) {
    const list: number[] = [];
    adj.push(list);
    if (startsOnly && !a.isStart[i]) continue;
    const [u, v] = transformCentred(t, a.xs[i]! - hw, a.ys[i]! - hh);
    const x = u + hw, y = v + hh;
    const cx0 = Math.floor((x - dist) / b.cell), cx1 = Math.floor((x + dist) / b.cell);
    const cy0 = Math.floor((y - dist) / b.cell), cy1 = Math.floor((y + dist) / b.cell);
    if (cx1 < 0 || cy1 < 0 || cx0 >= b.cols || cy0 >= b.rows) continue;
    for (let cy = Math.max(0, cy0); cy <= Math.min(b.rows - 1, cy1); cy++) {
      for (let cx = Math.max(0, cx0); cx <= Math.min(b.cols - 1, cx1); cx++) {
        for (let j = b.head[cy * b.cols + cx]!; j >= 0; j = b.next[j]!) {
          if (b.size[j] !== a.size[i]) continue;
          if (startsOnly && !b.isStart[j]) continue;
          const dx = b.xs[j]! - x, dy = b.ys[j]! - y;
          if (dx * dx + dy * dy <= d2max) list.push(j);
        }
      }
    }
  }
  return adj;
}

/** Maximum bipartite matching (Kuhn); returns pairs [a, b]. */
function maxMatching(adj: number[][], nb: number): [number, number][] {
  const matchB = new Int32Array(nb).fill(-1);
  const seen = new Int32Array(nb).fill(-1);
  const tryAug = (i: number, stamp: number): boolean => {
    for (const j of adj[i]!) {
      if (seen[j] === stamp) continue;
      seen[j] = stamp;
      if (matchB[j] === -1 || tryAug(matchB[j]!, stamp)) { matchB[j] = i; return true; }
    }
    return false;
  };
  for (let i = 0; i < adj.length; i++) if (adj[i]!.length) tryAug(i, i);
  const pairs: [number, number][] = [];
  for (let j = 0; j < nb; j++) if (matchB[j]! >= 0) pairs.push([matchB[j]!, j]);
  return pairs.sort((p, q) => p[0] - q[0]);
}

export interface PictureMatch {
  transform: TransformName;
  pairs: [number, number][];
  /** pairs / larger level's dots. */
  share: number;
}

/** The transform pairing the most same-sized dots within the distance (null when none pair, or none can beat `atLeast` pairs). */
export function bestPicture(a: DupSignature, b: DupSignature, rules: CarillonRules, atLeast = 1): PictureMatch | null {
  const big = Math.max(a.n, b.n);
  let bound = 0;
  for (let s = 0; s < 3; s++) bound += Math.min(a.sizeCount[s]!, b.sizeCount[s]!);
  if (bound < atLeast || big === 0) return null;
  let best: PictureMatch | null = null;
  let need = atLeast;
  for (const t of TRANSFORMS) {
    const adj = candidates(a, b, t, rules.duplicateDistance, false);
    let ub = 0;
    for (const l of adj) if (l.length) ub++;
    if (ub < need) continue;
    const pairs = maxMatching(adj, b.n);
    if (pairs.length >= need && (!best || pairs.length > best.pairs.length)) {
      best = { transform: t, pairs, share: pairs.length / big };
      need = pairs.length + 1;
    }
  }
  return best;
}

export function nearDuplicateSig(a: DupSignature, b: DupSignature, rules: CarillonRules): NearDuplicate | null {
  const big = Math.max(a.n, b.n);
  // Same picture: more than pictureShare·big pairs.
  const needPicture = Math.floor(rules.pictureShare * big) + 1;
  const pic = bestPicture(a, b, rules, needPicture);
  if (pic) return { rule: 'same-picture', transform: pic.transform, share: pic.share, matched: pic.pairs };
  return otherNearDuplicate(a, b, rules);
}

/** The near-duplicate rules after the picture's: same answer, then same chains. */
function otherNearDuplicate(a: DupSignature, b: DupSignature, rules: CarillonRules): NearDuplicate | null {
  const big = Math.max(a.n, b.n);
  // Same answer: all chain starts pair (same count on both sides), and ≥ answerShare·big dots pair.
  if (a.starts.length === b.starts.length && a.starts.length > 0) {
    let sameSizes = true;
    for (let s = 0; s < 3; s++) if (a.startSizeCount[s] !== b.startSizeCount[s]) sameSizes = false;
    const needAnswer = Math.max(1, Math.ceil(rules.answerShare * big - 1e-9));
    if (sameSizes) {
      let best: NearDuplicate | null = null;
      for (const t of TRANSFORMS) {
        const sAdj = candidates(a, b, t, rules.duplicateDistance, true);
        if (maxMatching(sAdj, b.n).length !== a.starts.length) continue;
        const pairs = maxMatching(candidates(a, b, t, rules.duplicateDistance, false), b.n);
        if (pairs.length >= needAnswer && (!best || pairs.length / big > best.share))
          best = { rule: 'same-answer', transform: t, share: pairs.length / big, matched: pairs };
      }
      if (best) return best;
    }
  }
  // Same chains: isomorphic reach graphs. The share is still the picture's (what the dots
  // really share under the best transform), computed only once the graphs matched.
  if (a.invariant === b.invariant) {
    const map = findIsomorphism(a.graph, b.graph);
    if (map) {
      const share = bestPicture(a, b, rules, 1)?.share ?? 0;
      return { rule: 'same-chains', transform: 'graph', share, matched: map.map((w, v) => [v, w] as [number, number]) };
    }
  }
  return null;
}

export function nearDuplicate(a: { dots: readonly Dot[] }, b: { dots: readonly Dot[] }, rules: CarillonRules): NearDuplicate | null {
  return nearDuplicateSig(dupSignature(a.dots, rules), dupSignature(b.dots, rules), rules);
}

export interface PairReport {
  /** 0-based indices into the list. */
  a: number;
  b: number;
  /** Best same-picture share under any transform. */
  share: number;
  transform: string;
  /** The near-duplicate verdict, when the pair is one. */
  duplicate: NearDuplicate | null;
}

/** Every near-duplicate pair of a list of levels (only pairs `include` accepts, when given). */
export function duplicatePairs(
  levels: readonly { dots: readonly Dot[] }[],
  rules: CarillonRules,
  include?: (i: number, j: number) => boolean,
): PairReport[] {
  const sigs = levels.map((l) => dupSignature(l.dots, rules));
  const out: PairReport[] = [];
  for (let i = 0; i < sigs.length; i++)
    for (let j = i + 1; j < sigs.length; j++) {
      if (include && !include(i, j)) continue;
      const d = nearDuplicateSig(sigs[i]!, sigs[j]!, rules);
      if (d) out.push({ a: i, b: j, share: d.share, transform: d.transform, duplicate: d });
    }
  return out;
}

/**
 * The closest pair of a set: exactly `closestPairs(levels, rules, 1)[0]` (near-duplicates first,
 * then the best picture share, ties to the earlier pair), in a fraction of the time: each pair
 * gets one picture search, cut short below what could matter (a same-picture share, or a share
 * above the best so far), and the full near-duplicate test only when the picture says so or
 * the pair could be a same-answer or same-chains one. A shipped set's closest pair is an
 * experiment's figure for every set it makes.
 */
export function closestPair(levels: readonly { dots: readonly Dot[] }[], rules: CarillonRules): PairReport | null {
  const sigs = levels.map((l) => dupSignature(l.dots, rules));
  let bestDup: PairReport | null = null;
  let best: PairReport | null = null;
  const mayMatchOtherwise = (a: DupSignature, b: DupSignature): boolean => {
    if (a.invariant === b.invariant) return true;
    if (a.starts.length !== b.starts.length || a.starts.length === 0) return false;
    for (let s = 0; s < 3; s++) if (a.startSizeCount[s] !== b.startSizeCount[s]) return false;
    return true;
  };
  for (let i = 0; i < sigs.length; i++)
    for (let j = i + 1; j < sigs.length; j++) {
      const a = sigs[i]!, b = sigs[j]!;
      const big = Math.max(a.n, b.n);
      const needPicture = Math.floor(rules.pictureShare * big) + 1;
      // Below this many pairs a picture changes nothing: not a same-picture pair, and no better than the best so far.
      const atLeast = bestDup ? needPicture : Math.min(needPicture, best ? Math.max(1, Math.floor(best.share * big)) : 1);
      const pic = bestPicture(a, b, rules, atLeast);
      // The picture test as nearDuplicateSig makes it (its search gives the same maximum), then the other rules when they may hold.
      const dup: NearDuplicate | null =
        pic && pic.pairs.length >= needPicture
          ? { rule: 'same-picture', transform: pic.transform, share: pic.share, matched: pic.pairs }
          : mayMatchOtherwise(a, b)
            ? otherNearDuplicate(a, b, rules)
            : null;
      if (dup) {
        const full = dup.rule === 'same-picture' ? null : bestPicture(a, b, rules, 1);
        const share = dup.rule === 'same-picture' ? dup.share : full?.share ?? 0;
        const transform = dup.rule === 'same-picture' ? dup.transform : full?.transform ?? 'identity';
        if (!bestDup || share > bestDup.share) bestDup = { a: i, b: j, share, transform, duplicate: dup };
        continue;
      }
      if (bestDup) continue;
      const share = pic?.share ?? 0;
      if (!best || share > best.share) best = { a: i, b: j, share, transform: pic?.transform ?? 'identity', duplicate: null };
    }
  return bestDup ?? best;
}

/** The `limit` closest pairs of a set: near-duplicates first, then by best picture share. */
export function closestPairs(levels: readonly { dots: readonly Dot[] }[], rules: CarillonRules, limit = 10): PairReport[] {
  const sigs = levels.map((l) => dupSignature(l.dots, rules));
  const all: PairReport[] = [];
  for (let i = 0; i < sigs.length; i++)
    for (let j = i + 1; j < sigs.length; j++) {
      const a = sigs[i]!, b = sigs[j]!;
      const dup = nearDuplicateSig(a, b, rules);
      const pic = dup?.rule === 'same-picture' ? null : bestPicture(a, b, rules, 1);
      const share = dup?.rule === 'same-picture' ? dup.share : pic?.share ?? 0;
      const transform = dup?.rule === 'same-picture' ? dup.transform : pic?.transform ?? 'identity';
      all.push({ a: i, b: j, share, transform, duplicate: dup });
    }
  all.sort((p, q) => (q.duplicate ? 1 : 0) - (p.duplicate ? 1 : 0) || q.share - p.share || p.a - q.a || p.b - q.b);
  return all.slice(0, limit);
}
