/**
 * No level twice. Three rules:
 * 1. copy: turned or mirrored copies have the same canonical form;
 * 2. near-copy: under some rotation (any real angle, found exactly by trying every start of
 *    the arcs of rotations that bring a compatible pair within 40) and mirror, at least half
 *    of the larger level's arrows pair one-to-one with arrows of the same length and heading
 *    whose centres lie within 40;
 * 3. redrawn: same orbit count and isomorphic blocking graphs, arrows labelled by orbit,
 *    heading and length (mirrored labels too, since a mirror is the same puzzle).
 * The share of a pair is the largest fraction of arrows paired under rule 2, whichever rule
 * matched (1 for a copy; for a redrawn pair whatever its arrows happen to share).
 *
 * Each level is prepared once (canonical form, kind classes, radii, blocking graph and its
 * invariant); pairs are then rejected cheaply by per-kind counts and by counting the arcs
 * that hold at each arc start before any matching runs.
 */
import type { NearDuplicate } from '../../game';
import type { Digraph } from '../../graph/isomorphism';
import { findIsomorphism, graphInvariant } from '../../graph/isomorphism';
import type { ApsisLevel } from './model';
import { HEADINGS, LENGTHS, MIRROR_HEADING_INDEX, headingIndex, normAngle } from './model';
import type { ApsisRules } from './rules';
import { orbitRadius } from './rules';
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
  /** Rotation (degrees clockwise, two decimals) applied to a after the mirror: the middle of
   * the stretch of rotations over which the pairing holds. */
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

/** Slack (degrees) on the arc ends: an arc start is inside its own arc despite rounding. */
const ARC_EPS = 1e-9;

/** Rotations that keep one compatible pair's centres within the near distance: [start, start + len]. */
interface Arc {
  i: number;
  j: number;
  /** Arc start in [0, 360) and length 2w in (0, 360); `full` arcs hold at every rotation. */
  start: number;
  len: number;
  full: boolean;
}

/** Degrees from `from` clockwise to `to`, in [0, 360). */
function cwDistance(from: number, to: number): number {
  const d = (to - from) % 360;
  return d < 0 ? d + 360 : d;
}

/** Whether rotation q lies in the arc (closed, with slack). */
function arcHolds(arc: Arc, q: number): boolean {
  if (arc.full) return true;
  const d = cwDistance(arc.start, q);
  return d <= arc.len + ARC_EPS || d >= 360 - ARC_EPS;
}

/**
 * How many arcs hold at each query rotation (queries in [0, 360)), by one sorted sweep: each
 * arc is laid out as [s, s + len] and once more a turn earlier, so arcs across 0° count too.
 */
function arcCoverage(arcs: readonly Arc[], queries: readonly number[]): Int32Array {
  let full = 0;
  const starts: number[] = [], ends: number[] = [];
  for (const a of arcs) {
    if (a.full) { full++; continue; }
    starts.push(a.start, a.start - 360);
    ends.push(a.start + a.len, a.start + a.len - 360);
  }
  starts.sort((x, y) => x - y);
  ends.sort((x, y) => x - y);
  const order = queries.map((_, k) => k).sort((x, y) => (queries[x] as number) - (queries[y] as number));
  const out = new Int32Array(queries.length);
  let s = 0, e = 0;
  for (const k of order) {
    const q = queries[k] as number;
    // Arcs that started by q (with slack) minus those that ended before it: a bound, never short.
    while (s < starts.length && (starts[s] as number) <= q + 2 * ARC_EPS) s++;
    while (e < ends.length && (ends[e] as number) < q - 2 * ARC_EPS) e++;
    out[k] = full + s - e;
  }
  return out;
}

/** Rotations printed with two decimals, in [0, 360). */
function roundRotation(x: number): number {
  const r = Math.round(x * 100) / 100;
  return r >= 360 ? r - 360 : r;
}

/**
 * Rule 2's share: the largest one-to-one pairing of a's arrows (turned by some real angle,
 * mirrored or not) with b's arrows of the same kind whose centres lie within `nearDistance`.
 *
 * Exact: for a compatible pair (same heading after the mirror, same length) on radii r1, r2
 * the rotations bringing the centres within D form the arc [δ − w, δ + w] with δ the angle
 * between them and w = acos((r1² + r2² − D²) / 2 r1 r2). The pairs available at a rotation
 * change only at arc ends, and the set at any rotation is contained in the set at the latest
 * start of the arcs holding there, so the maximum matching is reached at some arc start. Every
 * start is tried (mirrored and not), best coverage first; only starts whose number of holding
 * arcs could reach `atLeast` (and beat the best so far) are matched (Kuhn's augmenting paths).
 * The rotation reported is the middle of the stretch over which the winning pairing holds.
 */
export function nearCopyShare(a: PreparedLevel, b: PreparedLevel, rules: ApsisRules, atLeast = 1): ShareResult {
  const larger = Math.max(a.n, b.n, 1);
  const best: ShareResult = { count: 0, share: 0, mirror: false, delta: 0, matched: [] };
  const D = rules.nearDistance;
  const D2 = D * D;
  const matchB = new Int32Array(b.n);
  const seen = new Int32Array(b.n);
  const adj: number[][] = Array.from({ length: a.n }, () => []);
  const adjArc: Arc[][] = Array.from({ length: a.n }, () => []);
  for (const mirror of [false, true]) {
    if (classBound(a, b, mirror) < Math.max(atLeast, best.count + 1)) continue;
    const clsA = mirror ? a.clsM : a.cls;
    const arcs: Arc[] = [];
    for (let i = 0; i < a.n; i++) {
      const ta = mirror ? normAngle(-(a.angle[i] as number)) : (a.angle[i] as number);
      const ri = a.radius[i] as number;
      for (let j = 0; j < b.n; j++) {
        if (clsA[i] !== b.cls[j]) continue;
        const rj = b.radius[j] as number;
        if (Math.abs(ri - rj) > D) continue;
        const delta = normAngle((b.angle[j] as number) - ta);
        // ri² + rj² − 2 ri rj cos(x) ≤ D² ⇔ cos(x) ≥ c.
        const c = ri > 0 && rj > 0 ? (ri * ri + rj * rj - D2) / (2 * ri * rj) : -1;
        if (c <= -1) { arcs.push({ i, j, start: 0, len: 360, full: true }); continue; }
        const w = (Math.acos(Math.min(1, c)) * 180) / Math.PI;
        if (w >= 180) { arcs.push({ i, j, start: 0, len: 360, full: true }); continue; }
        let start = (delta - w) % 360;
        if (start < 0) start += 360;
        arcs.push({ i, j, start, len: 2 * w, full: false });
      }
    }
    if (arcs.length === 0) continue;
    const queries = [...new Set(arcs.filter((x) => !x.full).map((x) => x.start))];
    if (queries.length === 0) queries.push(0);
    const cover = arcCoverage(arcs, queries);
    const order = queries.map((_, k) => k).sort((x, y) => (cover[y] as number) - (cover[x] as number) || (queries[x] as number) - (queries[y] as number));
    for (const k of order) {
      if ((cover[k] as number) < Math.max(atLeast, best.count + 1)) break;
      const q = queries[k] as number;
      for (let i = 0; i < a.n; i++) { (adj[i] as number[]).length = 0; (adjArc[i] as Arc[]).length = 0; }
      for (const arc of arcs) {
        if (!arcHolds(arc, q)) continue;
        (adj[arc.i] as number[]).push(arc.j);
        (adjArc[arc.i] as Arc[]).push(arc);
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
        // The pairing holds from q to the first end of its arcs; report the middle.
        let room = Infinity;
        const matched: [number, number][] = [];
        for (let j = 0; j < b.n; j++) {
          const i = matchB[j] as number;
          if (i < 0) continue;
          matched.push([i, j]);
          const arc = (adjArc[i] as Arc[])[(adj[i] as number[]).indexOf(j)] as Arc;
          if (arc.full) continue;
          const d = cwDistance(arc.start, q);
          const into = d >= 360 - ARC_EPS ? 0 : d;
          room = Math.min(room, Math.max(0, arc.len - into));
        }
        matched.sort((x, y) => x[0] - y[0]);
        best.count = count;
        best.mirror = mirror;
        best.delta = roundRotation(room === Infinity ? q : q + room / 2);
        best.matched = matched;
      }
    }
  }
  best.share = best.count / larger;
  return best;
}

function transformName(mirror: boolean, delta: number): string {
  return `${mirror ? 'mirror+' : ''}rot${roundRotation(((delta % 360) + 360) % 360)}`;
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
