/**
 * No level twice. Three rules:
 * 1. copy: turned or mirrored copies have the same canonical form;
 * 2. near-copy: under some rotation (whole degrees, bringing some arrow of A onto the angle
 *    of a same-kind arrow of B) and mirror, at least half of the larger level's arrows pair
 *    one-to-one with arrows of the same length and heading whose centres lie within 40;
 * 3. redrawn: same orbit count and isomorphic blocking graphs, arrows labelled by orbit,
 *    heading and length (mirrored labels too, since a mirror is the same puzzle).
 * The share of a pair is the largest fraction of arrows paired under rule 2, whichever rule
 * matched (1 for a copy; for a redrawn pair whatever its arrows happen to share).
 *
 * Each level is prepared once (canonical form, kind classes, radii, blocking graph and its
 * invariant); pairs are then rejected cheaply by per-kind counts and by an angular coverage
 * sweep before any matching runs.
 */
import type { NearDuplicate } from '../../game';
import type { Digraph } from '../../graph/isomorphism';
import { findIsomorphism, graphInvariant } from '../../graph/isomorphism';
import type { ApsisLevel } from './model';
import { HEADINGS, LENGTHS, MIRROR_HEADING_INDEX, headingIndex, normAngle } from './model';
import type { ApsisRules } from './rules';
import { orbitRadius } from './rules';
import { COS_DEG } from './geometry';
import { blockingGraph } from './solver';

const CLASSES = HEADINGS.length * LENGTHS.length;

export interface PreparedLevel {
  n: number;
  orbits: number;
  angle: Int32Array;
  orbit: Int32Array;
  radius: Float64Array;
  /** Kind class: heading × 2 + length; clsM is the class after mirroring. */
  cls: Int32Array;
  clsM: Int32Array;
  classCount: Int32Array;
  classCountM: Int32Array;
  /** Canonical form (rule 1) and the transform that produced it. */
  canon: string;
  canonMirror: boolean;
  canonDelta: number;
  graph: Digraph;
  graphMirrored: Digraph;
  invariant: string;
  invariantMirrored: string;
}

function arrowCode(angle: number, orbit: number, h: number, len: number): number {
  return angle * 1000 + orbit * 100 + h * 10 + len;
}

/** Canonical form of a level up to rotation and mirror, and the transform reaching it. */
export function canonicalForm(level: ApsisLevel): { form: string; mirror: boolean; delta: number } {
  const n = level.arrows.length;
  let best: number[] | null = null;
  let bestMirror = false, bestDelta = 0;
  const codes = new Array<number>(n);
  for (const mirror of [false, true]) {
    for (let anchor = 0; anchor < n; anchor++) {
      const a0 = level.arrows[anchor];
      if (!a0) continue;
      const delta = normAngle(-(mirror ? normAngle(-a0.angle) : a0.angle));
      for (let i = 0; i < n; i++) {
        const a = level.arrows[i]!;
        const th = normAngle((mirror ? -a.angle : a.angle) + delta);
        const h = mirror ? (MIRROR_HEADING_INDEX[headingIndex(a.heading)] as number) : headingIndex(a.heading);
        codes[i] = arrowCode(th, a.orbit, h, a.length === 'long' ? 1 : 0);
      }
      codes.sort((x, y) => x - y);
      let less = best === null;
      if (best) {
        for (let i = 0; i < n; i++) {
          const d = (codes[i] as number) - (best[i] as number);
          if (d !== 0) { less = d < 0; break; }
        }
      }
      if (less) {
        best = codes.slice();
        bestMirror = mirror;
        bestDelta = delta;
      }
    }
  }
  return { form: `${level.orbits}:${(best ?? []).join(',')}`, mirror: bestMirror, delta: bestDelta };
}

export function prepareLevel(level: ApsisLevel, rules: ApsisRules): PreparedLevel {
  const n = level.arrows.length;
  const angle = new Int32Array(n), orbit = new Int32Array(n), cls = new Int32Array(n), clsM = new Int32Array(n);
  const radius = new Float64Array(n);
  const classCount = new Int32Array(CLASSES), classCountM = new Int32Array(CLASSES);
  const labels: string[] = [], labelsM: string[] = [];
  level.arrows.forEach((a, i) => {
    angle[i] = a.angle;
    orbit[i] = a.orbit;
    radius[i] = orbitRadius(rules, level.orbits, a.orbit);
    const h = headingIndex(a.heading), hm = MIRROR_HEADING_INDEX[h] as number, l = a.length === 'long' ? 1 : 0;
    cls[i] = h * 2 + l;
    clsM[i] = hm * 2 + l;
    classCount[h * 2 + l]!++;
    classCountM[hm * 2 + l]!++;
    labels.push(`${a.orbit}/${h}/${l}`);
    labelsM.push(`${a.orbit}/${hm}/${l}`);
  });
  const blockers = blockingGraph(level, rules);
  const out: number[][] = Array.from({ length: n }, () => []);
  blockers.forEach((list, a) => { for (const b of list) (out[b] as number[]).push(a); });
  const graph: Digraph = { n, out, labels };
  const graphMirrored: Digraph = { n, out, labels: labelsM };
  const c = canonicalForm(level);
  return {
    n, orbits: level.orbits, angle, orbit, radius, cls, clsM, classCount, classCountM,
    canon: c.form, canonMirror: c.mirror, canonDelta: c.delta,
    graph, graphMirrored, invariant: graphInvariant(graph), invariantMirrored: graphInvariant(graphMirrored),
  };
}

export interface ShareResult {
  /** Arrows paired one-to-one under the best transform. */
  count: number;
  /** count / arrows of the larger level. */
  share: number;
  mirror: boolean;
  /** Rotation (degrees, clockwise) applied to a (after the mirror). */
  delta: number;
  matched: [number, number][];
}

/** Upper bound on the rule-2 pairing: per kind class, the smaller count. */
export function classBound(a: PreparedLevel, b: PreparedLevel, mirror: boolean): number {
  const ca = mirror ? a.classCountM : a.classCount;
  let s = 0;
  for (let k = 0; k < CLASSES; k++) s += Math.min(ca[k] as number, b.classCount[k] as number);
  return s;
}

const cover = new Int32Array(361);

/**
 * Rule 2's share: the largest one-to-one pairing of a's arrows (turned by delta, mirrored or
 * not) with b's arrows of the same kind whose centres lie within `nearDistance`. Rotations
 * tried: those bringing some arrow of a onto the angle of a same-kind arrow of b. Only
 * rotations that could beat `atLeast - 1` pairs are matched (pass atLeast to prune).
 */
export function nearCopyShare(a: PreparedLevel, b: PreparedLevel, rules: ApsisRules, atLeast = 1): ShareResult {
  const larger = Math.max(a.n, b.n, 1);
  const best: ShareResult = { count: 0, share: 0, mirror: false, delta: 0, matched: [] };
  const D = rules.nearDistance;
  const D2 = D * D;
  const pi: number[] = [], pj: number[] = [], pd: number[] = [];
  const matchB = new Int32Array(b.n);
  const seen = new Int32Array(b.n);
  for (const mirror of [false, true]) {
    if (classBound(a, b, mirror) < Math.max(atLeast, best.count + 1)) continue;
    const clsA = mirror ? a.clsM : a.cls;
    pi.length = 0; pj.length = 0; pd.length = 0;
    cover.fill(0);
    for (let i = 0; i < a.n; i++) {
      const ta = mirror ? normAngle(-(a.angle[i] as number)) : (a.angle[i] as number);
      const ri = a.radius[i] as number;
      for (let j = 0; j < b.n; j++) {
        if (clsA[i] !== b.cls[j]) continue;
        const rj = b.radius[j] as number;
        if (Math.abs(ri - rj) > D) continue;
        const delta = normAngle((b.angle[j] as number) - ta);
        pi.push(i); pj.push(j); pd.push(delta);
        // Rotations within reach: ri² + rj² − 2 ri rj cos(x) ≤ D².
        const c = (ri * ri + rj * rj - D2) / (2 * ri * rj);
        const w = c <= -1 ? 180 : Math.floor((Math.acos(Math.min(1, c)) * 180) / Math.PI + 1e-6);
        if (w >= 180) { cover[0]!++; cover[360]!--; continue; }
        const lo = delta - w, hi = delta + w;
        if (lo < 0) { cover[lo + 360]!++; cover[360]!--; cover[0]!++; cover[hi + 1]!--; }
        else if (hi >= 360) { cover[lo]!++; cover[360]!--; cover[0]!++; cover[hi - 360 + 1]!--; }
        else { cover[lo]!++; cover[hi + 1]!--; }
      }
    }
    for (let k = 1; k < 360; k++) cover[k] = (cover[k] as number) + (cover[k - 1] as number);
    const tried = new Uint8Array(360);
    for (let p = 0; p < pd.length; p++) {
      const delta = pd[p] as number;
      if (tried[delta]) continue;
      tried[delta] = 1;
      if ((cover[delta] as number) < Math.max(atLeast, best.count + 1)) continue;
      // Edges at this rotation.
      const adj: number[][] = Array.from({ length: a.n }, () => []);
      for (let q = 0; q < pd.length; q++) {
        const i = pi[q] as number, j = pj[q] as number;
        const ta = mirror ? normAngle(-(a.angle[i] as number)) : (a.angle[i] as number);
        const diff = normAngle(ta + delta - (b.angle[j] as number));
        const ri = a.radius[i] as number, rj = b.radius[j] as number;
        const d2 = ri * ri + rj * rj - 2 * ri * rj * (COS_DEG[diff] as number);
        if (d2 <= D2) (adj[i] as number[]).push(j);
      }
      // Kuhn's augmenting paths.
      matchB.fill(-1);
      let count = 0;
      let stamp = 0;
      seen.fill(0);
      const augment = (i: number): boolean => {
        for (const j of adj[i] as number[]) {
          if (seen[j] === stamp) continue;
          seen[j] = stamp;
          const m = matchB[j] as number;
          if (m < 0 || augment(m)) { matchB[j] = i; return true; }
        }
        return false;
      };
      for (let i = 0; i < a.n; i++) {
        if ((adj[i] as number[]).length === 0) continue;
        stamp++;
        if (augment(i)) count++;
      }
      if (count > best.count) {
        best.count = count;
        best.mirror = mirror;
        best.delta = delta;
        const matched: [number, number][] = [];
        for (let j = 0; j < b.n; j++) if ((matchB[j] as number) >= 0) matched.push([matchB[j] as number, j]);
        matched.sort((x, y) => x[0] - y[0]);
        best.matched = matched;
      }
    }
  }
  best.share = best.count / larger;
  return best;
}

function transformName(mirror: boolean, delta: number): string {
  return `${mirror ? 'mirror+' : ''}rot${normAngle(delta)}`;
}

/** Arrows of the larger level that must pair for rule 2. */
export function nearNeed(a: PreparedLevel, b: PreparedLevel, rules: ApsisRules): number {
  return Math.max(1, Math.ceil(rules.nearShare * Math.max(a.n, b.n) - 1e-9));
}

/**
 * Rule 1, 2 or 3 between prepared levels; null when they are different enough. The share is
 * rule 2's whatever rule matched (computed for copy and redrawn pairs only once they matched,
 * so the cheap rejections of the every-pair check stay as they were).
 */
export function comparePrepared(a: PreparedLevel, b: PreparedLevel, rules: ApsisRules): NearDuplicate | null {
  if (a.canon === b.canon) {
    const sA = a.canonMirror ? -1 : 1, sB = b.canonMirror ? -1 : 1;
    const mirror = sA !== sB;
    const delta = normAngle(sB * (a.canonDelta - b.canonDelta));
    return { rule: 'copy', transform: transformName(mirror, delta), share: nearCopyShare(a, b, rules).share };
  }
  if (a.orbits === b.orbits && a.n === b.n) {
    for (const mirrored of [false, true]) {
      const ga = mirrored ? a.graphMirrored : a.graph;
      if ((mirrored ? a.invariantMirrored : a.invariant) !== b.invariant) continue;
      const map = findIsomorphism(ga, b.graph);
      if (map) {
        return {
          rule: 'redrawn',
          transform: mirrored ? 'mirror+graph' : 'graph',
          share: nearCopyShare(a, b, rules).share,
          matched: map.map((j, i) => [i, j] as [number, number]),
        };
      }
    }
  }
  const need = nearNeed(a, b, rules);
  const s = nearCopyShare(a, b, rules, need);
  if (s.count >= need) {
    return { rule: 'near-copy', transform: transformName(s.mirror, s.delta), share: s.share, matched: s.matched };
  }
  return null;
}

export function nearDuplicate(a: ApsisLevel, b: ApsisLevel, rules: ApsisRules): NearDuplicate | null {
  return comparePrepared(prepareLevel(a, rules), prepareLevel(b, rules), rules);
}

/** Rule-2 share of a pair of levels (0..1). */
export function pairShare(a: ApsisLevel, b: ApsisLevel, rules: ApsisRules): ShareResult {
  return nearCopyShare(prepareLevel(a, rules), prepareLevel(b, rules), rules);
}

export interface PairReport {
  /** 0-based indices into the list (a < b). */
  a: number;
  b: number;
  share: number;
  transform: string;
}

/**
 * The k closest pairs of a set by rule-2 share (every pair considered; pairs whose kind
 * counts cannot beat the k-th best are skipped without matching).
 */
export function closestPairs(levels: readonly ApsisLevel[], rules: ApsisRules, k = 10, prepared?: readonly PreparedLevel[]): PairReport[] {
  const prep = prepared ?? levels.map((l) => prepareLevel(l, rules));
  const cands: { a: number; b: number; bound: number }[] = [];
  for (let i = 0; i < prep.length; i++) {
    for (let j = i + 1; j < prep.length; j++) {
      const pa = prep[i] as PreparedLevel, pb = prep[j] as PreparedLevel;
      const larger = Math.max(pa.n, pb.n, 1);
      const bound = Math.max(classBound(pa, pb, false), classBound(pa, pb, true)) / larger;
      if (bound > 0) cands.push({ a: i, b: j, bound });
    }
  }
  cands.sort((x, y) => y.bound - x.bound || x.a - y.a || x.b - y.b);
  const top: PairReport[] = [];
  const kth = (): number => (top.length < k ? 0 : (top[top.length - 1] as PairReport).share);
  for (const c of cands) {
    if (top.length >= k && c.bound <= kth()) break;
    const pa = prep[c.a] as PreparedLevel, pb = prep[c.b] as PreparedLevel;
    const larger = Math.max(pa.n, pb.n, 1);
    const atLeast = top.length < k ? 1 : Math.floor(kth() * larger + 1e-9) + 1;
    const s = nearCopyShare(pa, pb, rules, atLeast);
    if (s.count === 0 || (top.length >= k && s.share <= kth())) continue;
    top.push({ a: c.a, b: c.b, share: s.share, transform: transformName(s.mirror, s.delta) });
    top.sort((x, y) => y.share - x.share || x.a - y.a || x.b - y.b);
    if (top.length > k) top.pop();
  }
  return top;
}

export interface DuplicatePair {
  a: number;
  b: number;
  duplicate: NearDuplicate;
}

/** Every near-duplicate pair of a set (rules 1–3); only pairs `include` accepts, when given. */
export function duplicatePairs(
  levels: readonly ApsisLevel[],
  rules: ApsisRules,
  prepared?: readonly PreparedLevel[],
  include?: (i: number, j: number) => boolean,
): DuplicatePair[] {
  const prep = prepared ?? levels.map((l) => prepareLevel(l, rules));
  const out: DuplicatePair[] = [];
  for (let i = 0; i < prep.length; i++) {
    for (let j = i + 1; j < prep.length; j++) {
      if (include && !include(i, j)) continue;
      const d = comparePrepared(prep[i] as PreparedLevel, prep[j] as PreparedLevel, rules);
      if (d) out.push({ a: i, b: j, duplicate: d });
    }
  }
  return out;
}
