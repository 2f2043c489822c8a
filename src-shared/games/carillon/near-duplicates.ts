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
 * A signature per level (grid of dots, positions under each transform, chain starts, reach
 * graph; its invariant the first time it is needed) is computed once. Shortcuts that change no
 * verdict skip most of the work for pairs that are far from a near-duplicate (docs/carillon.md).
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
  /** Arrows of the reach graph (the invariant's second figure: a cheap first check). */
  edges: number;
  /** The reach graph's (out, in) degrees, sorted: isomorphic graphs have the same (a cheap second check). */
  degrees: string;
  /** The graph invariant, worked out the first time two levels' vertex and arrow counts agree. */
  invariant: string | null;
  /** Each dot's position under each transform (TRANSFORMS order), worked out once. */
  tx: Float64Array[];
  ty: Float64Array[];
  /** Bucket grid of the dots (cell = duplicateDistance). */
  cell: number;
  cols: number;
  rows: number;
  head: Int32Array;
  next: Int32Array;
  /**
   * Per size, cell by cell on the bucket grid with a one-cell margin ((cols + 2) × (rows + 2)):
   * 1 when a bucket within one cell of it holds a dot of that size. A point whose partner
   * search stays within one cell of its own cell has no partner where this reads 0.
   */
  near: Uint8Array;
  width: number;
  height: number;
}

const cache = new WeakMap<readonly Dot[], { rules: CarillonRules; sig: DupSignature }>();

export function dupSignature(dots: readonly Dot[], rules: CarillonRules): DupSignature {
  const hit = cache.get(dots);
  if (hit && hit.rules === rules) return hit.sig;
  const n = dots.length;
  const field = buildField(dots, rules);
  const xs = Float64Array.from(dots, (d) => d.x),
    ys = Float64Array.from(dots, (d) => d.y);
  const size = Uint8Array.from(dots, (d) => sizeIndex(d.size));
  const sizeCount = [0, 0, 0];
  for (const s of size) sizeCount[s]!++;
  const starts = winningTaps(field);
  const isStart = new Uint8Array(n);
  const startSizeCount = [0, 0, 0];
  for (const v of starts) {
    isStart[v] = 1;
    startSizeCount[size[v]!]!++;
  }
  const graph = reachGraph(field);
  const cell = Math.max(1, rules.duplicateDistance);
  const cols = Math.floor(rules.width / cell) + 1,
    rows = Math.floor(rules.height / cell) + 1;
  const head = new Int32Array(cols * rows).fill(-1),
    next = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const cx = clamp(Math.floor(xs[i]! / cell), 0, cols - 1),
      cy = clamp(Math.floor(ys[i]! / cell), 0, rows - 1);
    next[i] = head[cy * cols + cx]!;
    head[cy * cols + cx] = i;
  }
  const near = new Uint8Array(3 * (cols + 2) * (rows + 2));
  for (let i = 0; i < n; i++) {
    const cx = clamp(Math.floor(xs[i]! / cell), 0, cols - 1),
      cy = clamp(Math.floor(ys[i]! / cell), 0, rows - 1);
    const base = size[i]! * (rows + 2);
    for (let dy = 0; dy <= 2; dy++)
      for (let dx = 0; dx <= 2; dx++) near[(base + cy + dy) * (cols + 2) + cx + dx] = 1;
  }
  // The same arithmetic as transformPoint, done once per level rather than once per pair.
  const hw = rules.width / 2,
    hh = rules.height / 2;
  const tx: Float64Array[] = [],
    ty: Float64Array[] = [];
  for (const t of TRANSFORMS) {
    const px = new Float64Array(n),
      py = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const [u, v] = transformCentred(t, xs[i]! - hw, ys[i]! - hh);
      px[i] = u + hw;
      py[i] = v + hh;
    }
    tx.push(px);
    ty.push(py);
  }
  let edges = 0;
  const indeg = new Array<number>(graph.n).fill(0);
  for (const o of graph.out) {
    edges += o.length;
    for (const w of o) indeg[w]!++;
  }
  const degrees = graph.out
    .map((o, v) => o.length * 4096 + indeg[v]!)
    .sort((x, y) => x - y)
    .join(',');
  const sig: DupSignature = {
    n,
    xs,
    ys,
    size,
    sizeCount,
    starts,
    isStart,
    startSizeCount,
    graph,
    edges,
    degrees,
    invariant: null,
    tx,
    ty,
    cell,
    cols,
    rows,
    head,
    next,
    near,
    width: rules.width,
    height: rules.height,
  };
  cache.set(dots, { rules, sig });
  return sig;
}

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

/** Candidate partners: adj[i] = dots of b (same size, within dist) for dot i of a under the ti-th transform. */
function candidates(
  a: DupSignature,
  b: DupSignature,
  ti: number,
  dist: number,
  startsOnly: boolean,
): number[][] {
  const adj: number[][] = [];
  for (let i = 0; i < a.n; i++) {
    const list: number[] = [];
    adj.push(list);
    if (startsOnly && !a.isStart[i]) continue;
    partners(a, b, ti, i, dist, startsOnly, list);
  }
  return adj;
}

/**
 * The dots of b (same size, within dist) that dot i of a may pair with under the ti-th
 * transform, pushed onto `into`; without `into`, only whether there is one (stops at the first).
 */
function partners(
  a: DupSignature,
  b: DupSignature,
  ti: number,
  i: number,
  dist: number,
  startsOnly: boolean,
  into?: number[],
): boolean {
  const d2max = dist * dist;
  const x = a.tx[ti]![i]!,
    y = a.ty[ti]![i]!;
  const cx0 = Math.floor((x - dist) / b.cell),
    cx1 = Math.floor((x + dist) / b.cell);
  const cy0 = Math.floor((y - dist) / b.cell),
    cy1 = Math.floor((y + dist) / b.cell);
  if (cx1 < 0 || cy1 < 0 || cx0 >= b.cols || cy0 >= b.rows) return false;
  const s = a.size[i]!;
  // The cells searched lie within one of the point's own cell (the usual case: dist ≤ cell):
  // one look at `near` says whether any of them holds a dot of this size.
  const qx = Math.floor(x / b.cell),
    qy = Math.floor(y / b.cell);
  if (
    cx0 >= qx - 1 &&
    cx1 <= qx + 1 &&
    cy0 >= qy - 1 &&
    cy1 <= qy + 1 &&
    b.near[(s * (b.rows + 2) + qy + 1) * (b.cols + 2) + qx + 1] === 0
  )
    return false;
  let found = false;
  for (let cy = Math.max(0, cy0); cy <= Math.min(b.rows - 1, cy1); cy++) {
    for (let cx = Math.max(0, cx0); cx <= Math.min(b.cols - 1, cx1); cx++) {
      for (let j = b.head[cy * b.cols + cx]!; j >= 0; j = b.next[j]!) {
        if (b.size[j] !== s) continue;
        if (startsOnly && !b.isStart[j]) continue;
        const dx = b.xs[j]! - x,
          dy = b.ys[j]! - y;
        if (dx * dx + dy * dy <= d2max) {
          if (!into) return true;
          into.push(j);
          found = true;
        }
      }
    }
  }
  return found;
}

/**
 * Whether at least `need` dots of a (chain starts only, with startsOnly) have a partner in b
 * under the ti-th transform: a matching can pair no more dots than that. Most pairs of levels
 * fail it within the first dots, before any partner list is built.
 */
function enoughPartnered(
  a: DupSignature,
  b: DupSignature,
  ti: number,
  dist: number,
  need: number,
  startsOnly: boolean,
): boolean {
  let have = 0,
    left = startsOnly ? a.starts.length : a.n;
  if (left < need) return false;
  for (let i = 0; i < a.n; i++) {
    if (startsOnly && !a.isStart[i]) continue;
    left--;
    if (partners(a, b, ti, i, dist, startsOnly)) {
      if (++have >= need) return true;
    } else if (have + left < need) return false;
  }
  return have >= need;
}

/** Maximum bipartite matching (Kuhn); returns pairs [a, b]. */
function maxMatching(adj: number[][], nb: number): [number, number][] {
  const matchB = new Int32Array(nb).fill(-1);
  const seen = new Int32Array(nb).fill(-1);
  const tryAug = (i: number, stamp: number): boolean => {
    for (const j of adj[i]!) {
      if (seen[j] === stamp) continue;
      seen[j] = stamp;
      if (matchB[j] === -1 || tryAug(matchB[j]!, stamp)) {
        matchB[j] = i;
        return true;
      }
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
export function bestPicture(
  a: DupSignature,
  b: DupSignature,
  rules: CarillonRules,
  atLeast = 1,
): PictureMatch | null {
  const big = Math.max(a.n, b.n);
  let bound = 0;
  for (let s = 0; s < 3; s++) bound += Math.min(a.sizeCount[s]!, b.sizeCount[s]!);
  if (bound < atLeast || big === 0) return null;
  let best: PictureMatch | null = null;
  let need = atLeast;
  for (let ti = 0; ti < TRANSFORMS.length; ti++) {
    const t = TRANSFORMS[ti]!;
    // A matching pairs no more dots than have a partner: fewer than `need` and t cannot win.
    if (!enoughPartnered(a, b, ti, rules.duplicateDistance, need, false)) continue;
    const adj = candidates(a, b, ti, rules.duplicateDistance, false);
    const pairs = maxMatching(adj, b.n);
    if (pairs.length >= need && (!best || pairs.length > best.pairs.length)) {
      best = { transform: t, pairs, share: pairs.length / big };
      need = pairs.length + 1;
    }
  }
  return best;
}

export function nearDuplicateSig(
  a: DupSignature,
  b: DupSignature,
  rules: CarillonRules,
): NearDuplicate | null {
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
      for (let ti = 0; ti < TRANSFORMS.length; ti++) {
        const t = TRANSFORMS[ti]!;
        // Every chain start needs a partner before the starts can all pair.
        if (!enoughPartnered(a, b, ti, rules.duplicateDistance, a.starts.length, true)) continue;
        const sAdj = candidates(a, b, ti, rules.duplicateDistance, true);
        if (maxMatching(sAdj, b.n).length !== a.starts.length) continue;
        const pairs = maxMatching(candidates(a, b, ti, rules.duplicateDistance, false), b.n);
        if (pairs.length >= needAnswer && (!best || pairs.length / big > best.share))
          best = { rule: 'same-answer', transform: t, share: pairs.length / big, matched: pairs };
      }
      if (best) return best;
    }
  }
  // Same chains: isomorphic reach graphs. The share is still the picture's (what the dots
  // really share under the best transform), computed only once the graphs matched.
  if (sameInvariant(a, b)) {
    const map = findIsomorphism(a.graph, b.graph);
    if (map) {
      const share = bestPicture(a, b, rules, 1)?.share ?? 0;
      return {
        rule: 'same-chains',
        transform: 'graph',
        share,
        matched: map.map((w, v) => [v, w] as [number, number]),
      };
    }
  }
  return null;
}

/**
 * Whether the reach graphs may be isomorphic: the same vertex and arrow counts and degrees (as
 * any isomorphic pair has), then equal graph invariants, worked out (once per level) only for
 * levels that got that far. A pair turned away here has no isomorphism, so no verdict changes.
 */
function sameInvariant(a: DupSignature, b: DupSignature): boolean {
  if (a.graph.n !== b.graph.n || a.edges !== b.edges || a.degrees !== b.degrees) return false;
  a.invariant ??= graphInvariant(a.graph);
  b.invariant ??= graphInvariant(b.graph);
  return a.invariant === b.invariant;
}

export function nearDuplicate(
  a: { dots: readonly Dot[] },
  b: { dots: readonly Dot[] },
  rules: CarillonRules,
): NearDuplicate | null {
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

/**
 * Every near-duplicate pair of a list of levels (only pairs `include` accepts, when given), or
 * the first `maxPairs` of them in order.
 */
export function duplicatePairs(
  levels: readonly { dots: readonly Dot[] }[],
  rules: CarillonRules,
  include?: (i: number, j: number) => boolean,
  maxPairs = Number.POSITIVE_INFINITY,
): PairReport[] {
  const sigs = levels.map((l) => dupSignature(l.dots, rules));
  const out: PairReport[] = [];
  for (let i = 0; i < sigs.length; i++)
    for (let j = i + 1; j < sigs.length; j++) {
      if (include && !include(i, j)) continue;
      const d = nearDuplicateSig(sigs[i]!, sigs[j]!, rules);
      if (d) out.push({ a: i, b: j, share: d.share, transform: d.transform, duplicate: d });
      if (out.length >= maxPairs) return out;
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
export function closestPair(
  levels: readonly { dots: readonly Dot[] }[],
  rules: CarillonRules,
): PairReport | null {
  const sigs = levels.map((l) => dupSignature(l.dots, rules));
  let bestDup: PairReport | null = null;
  let best: PairReport | null = null;
  const mayMatchOtherwise = (a: DupSignature, b: DupSignature): boolean => {
    if (sameInvariant(a, b)) return true;
    if (a.starts.length !== b.starts.length || a.starts.length === 0) return false;
    for (let s = 0; s < 3; s++) if (a.startSizeCount[s] !== b.startSizeCount[s]) return false;
    return true;
  };
  for (let i = 0; i < sigs.length; i++)
    for (let j = i + 1; j < sigs.length; j++) {
      const a = sigs[i]!,
        b = sigs[j]!;
      const big = Math.max(a.n, b.n);
      const needPicture = Math.floor(rules.pictureShare * big) + 1;
      // Below this many pairs a picture changes nothing: not a same-picture pair, and no better than the best so far.
      const atLeast = bestDup
        ? needPicture
        : Math.min(needPicture, best ? Math.max(1, Math.floor(best.share * big)) : 1);
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
        const share = dup.rule === 'same-picture' ? dup.share : (full?.share ?? 0);
        const transform = dup.rule === 'same-picture' ? dup.transform : (full?.transform ?? 'identity');
        if (!bestDup || share > bestDup.share) bestDup = { a: i, b: j, share, transform, duplicate: dup };
        continue;
      }
      if (bestDup) continue;
      const share = pic?.share ?? 0;
      if (!best || share > best.share)
        best = { a: i, b: j, share, transform: pic?.transform ?? 'identity', duplicate: null };
    }
  return bestDup ?? best;
}

/** The `limit` closest pairs of a set: near-duplicates first, then by best picture share. */
export function closestPairs(
  levels: readonly { dots: readonly Dot[] }[],
  rules: CarillonRules,
  limit = 10,
): PairReport[] {
  const sigs = levels.map((l) => dupSignature(l.dots, rules));
  const all: PairReport[] = [];
  for (let i = 0; i < sigs.length; i++)
    for (let j = i + 1; j < sigs.length; j++) {
      const a = sigs[i]!,
        b = sigs[j]!;
      const dup = nearDuplicateSig(a, b, rules);
      const pic = dup?.rule === 'same-picture' ? null : bestPicture(a, b, rules, 1);
      const share = dup?.rule === 'same-picture' ? dup.share : (pic?.share ?? 0);
      const transform = dup?.rule === 'same-picture' ? dup.transform : (pic?.transform ?? 'identity');
      all.push({ a: i, b: j, share, transform, duplicate: dup });
    }
  all.sort(
    (p, q) => (q.duplicate ? 1 : 0) - (p.duplicate ? 1 : 0) || q.share - p.share || p.a - q.a || p.b - q.b,
  );
  return all.slice(0, limit);
}
