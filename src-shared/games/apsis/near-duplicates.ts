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
  /** Arrow indices grouped by kind class (ascending within a class); class k's are byClass[classStart[k] .. classStart[k+1]). */
  byClass: Int32Array;
  classStart: Int32Array;
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
  let best: Int32Array | null = null;
  let bestMirror = false,
    bestDelta = 0;
  // A typed array sorts numerically without a comparator call per step (codes are < 2^31).
  const codes = new Int32Array(n);
  for (const mirror of [false, true]) {
    for (let anchor = 0; anchor < n; anchor++) {
      const a0 = level.arrows[anchor];
      if (!a0) continue;
      const delta = normAngle(-(mirror ? normAngle(-a0.angle) : a0.angle));
      for (let i = 0; i < n; i++) {
        const a = level.arrows[i]!;
        const th = normAngle((mirror ? -a.angle : a.angle) + delta);
        const h = mirror
          ? (MIRROR_HEADING_INDEX[headingIndex(a.heading)] as number)
          : headingIndex(a.heading);
        codes[i] = arrowCode(th, a.orbit, h, a.length === 'long' ? 1 : 0);
      }
      codes.sort();
      let less = best === null;
      if (best) {
        for (let i = 0; i < n; i++) {
          const d = (codes[i] as number) - (best[i] as number);
          if (d !== 0) {
            less = d < 0;
            break;
          }
        }
      }
      if (less) {
        best = codes.slice();
        bestMirror = mirror;
        bestDelta = delta;
      }
    }
  }
  return { form: `${level.orbits}:${best ? best.join(',') : ''}`, mirror: bestMirror, delta: bestDelta };
}

export function prepareLevel(level: ApsisLevel, rules: ApsisRules): PreparedLevel {
  const n = level.arrows.length;
  const angle = new Int32Array(n),
    orbit = new Int32Array(n),
    cls = new Int32Array(n),
    clsM = new Int32Array(n);
  const radius = new Float64Array(n);
  const classCount = new Int32Array(CLASSES),
    classCountM = new Int32Array(CLASSES);
  const labels: string[] = [],
    labelsM: string[] = [];
  level.arrows.forEach((a, i) => {
    angle[i] = a.angle;
    orbit[i] = a.orbit;
    radius[i] = orbitRadius(rules, level.orbits, a.orbit);
    const h = headingIndex(a.heading),
      hm = MIRROR_HEADING_INDEX[h] as number,
      l = a.length === 'long' ? 1 : 0;
    cls[i] = h * 2 + l;
    clsM[i] = hm * 2 + l;
    classCount[h * 2 + l]!++;
    classCountM[hm * 2 + l]!++;
    labels.push(`${a.orbit}/${h}/${l}`);
    labelsM.push(`${a.orbit}/${hm}/${l}`);
  });
  const classStart = new Int32Array(CLASSES + 1);
  for (let k = 0; k < CLASSES; k++) classStart[k + 1] = (classStart[k] as number) + (classCount[k] as number);
  const byClass = new Int32Array(n);
  const fill = classStart.slice(0, CLASSES);
  for (let i = 0; i < n; i++) byClass[fill[cls[i] as number]!++] = i;
  const blockers = blockingGraph(level, rules);
  const out: number[][] = Array.from({ length: n }, () => []);
  blockers.forEach((list, a) => {
    for (const b of list) (out[b] as number[]).push(a);
  });
  const graph: Digraph = { n, out, labels };
  const graphMirrored: Digraph = { n, out, labels: labelsM };
  const c = canonicalForm(level);
  return {
    n,
    orbits: level.orbits,
    angle,
    orbit,
    radius,
    cls,
    clsM,
    classCount,
    classCountM,
    byClass,
    classStart,
    canon: c.form,
    canonMirror: c.mirror,
    canonDelta: c.delta,
    graph,
    graphMirrored,
    invariant: graphInvariant(graph),
    invariantMirrored: graphInvariant(graphMirrored),
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
function classBound(a: PreparedLevel, b: PreparedLevel, mirror: boolean): number {
  const ca = mirror ? a.classCountM : a.classCount;
  let s = 0;
  for (let k = 0; k < CLASSES; k++) s += Math.min(ca[k] as number, b.classCount[k] as number);
  return s;
}

/** Slack (degrees) on the arc ends: an arc start is inside its own arc despite rounding. */
const ARC_EPS = 1e-9;

/** Degrees from `from` clockwise to `to`, in [0, 360). */
function cwDistance(from: number, to: number): number {
  const d = (to - from) % 360;
  return d < 0 ? d + 360 : d;
}

/** Rotations printed with two decimals, in [0, 360). */
function roundRotation(x: number): number {
  const r = Math.round((((x % 360) + 360) % 360) * 100) / 100;
  return r >= 360 ? r - 360 : r;
}

/**
 * The compatible pairs of one comparison, as arcs of rotations: pair k (arrow ai[k] of a,
 * bj[k] of b) holds for turns in [start[k], start[k] + len[k]] (degrees, closed, mod 360);
 * len ≥ 360 holds everywhere. Buffers are reused across calls (the module is single-threaded).
 */
let arcCap = 0;
let ai = new Int32Array(0),
  bj = new Int32Array(0),
  arcStart = new Float64Array(0),
  arcLen = new Float64Array(0);
function arcRoom(n: number): void {
  if (n <= arcCap) return;
  arcCap = Math.max(n, arcCap * 2, 64);
  ai = new Int32Array(arcCap);
  bj = new Int32Array(arcCap);
  arcStart = new Float64Array(arcCap);
  arcLen = new Float64Array(arcCap);
}
/** Arcs holding in each whole degree [k, k+1): a bound on the pairing at any turn in it. */
const degreeCover = new Int32Array(361);

function arcHolds(k: number, q: number): boolean {
  const len = arcLen[k] as number;
  if (len >= 360) return true;
  const d = cwDistance(arcStart[k] as number, q);
  return d <= len + ARC_EPS || d >= 360 - ARC_EPS;
}

/**
 * Half-widths of one comparison by pair of orbits (a's orbit × (b's orbits + 1) + b's orbit),
 * valid where `widthStamp` holds the comparison's stamp: a level has a few orbits, so each
 * width is worked out once per comparison instead of once per pair of arrows.
 */
let widthCap = 0;
let widthOf = new Float64Array(0);
let widthStamp = new Int32Array(0);
let widthCall = 0;
function widthRoom(n: number): void {
  widthCall++;
  if (n <= widthCap) return;
  widthCap = Math.max(n, widthCap * 2, 64);
  widthOf = new Float64Array(widthCap);
  widthStamp = new Int32Array(widthCap);
  widthCall = 1;
}

/** Half-width (degrees) of the arc of turns keeping centres on radii r1, r2 within D; ≥ 180: always. */
function halfWidth(r1: number, r2: number, D: number): number {
  if (r1 <= 0 || r2 <= 0) return 180;
  const c = (r1 * r1 + r2 * r2 - D * D) / (2 * r1 * r2);
  if (c <= -1) return 180;
  if (c > 1) return -1;
  return (Math.acos(c) * 180) / Math.PI;
}

/**
 * Rule 2's share: the largest one-to-one pairing of a's arrows (turned by some real angle,
 * mirrored or not) with b's arrows of the same kind whose centres lie within `nearDistance`.
 *
 * Exact: for a compatible pair (same heading after the mirror, same length) on radii r1, r2
 * the turns bringing the centres within D form the arc [δ − w, δ + w], δ the angle between
 * them and w = acos((r1² + r2² − D²) / 2 r1 r2). The pairs available at a turn change only at
 * arc ends, and the pairs holding at any turn all hold at the latest start among their arcs,
 * so the largest pairing is reached at some arc start: every start is tried (mirrored and
 * not), the likeliest first. Cheap bounds skip most of them: per-kind counts, then the arcs
 * holding within the start's whole degree, which must reach `atLeast` and beat the best so
 * far before a matching (Kuhn's augmenting paths) runs. The turn reported is the middle of
 * the stretch over which the winning pairing holds. A pairing of fewer than `atLeast` arrows
 * may be reported short of its true count: callers only ask whether it reaches `atLeast`.
 */
export function nearCopyShare(
  a: PreparedLevel,
  b: PreparedLevel,
  rules: ApsisRules,
  atLeast = 1,
): ShareResult {
  const larger = Math.max(a.n, b.n, 1);
  const best: ShareResult = { count: 0, share: 0, mirror: false, delta: 0, matched: [] };
  const D = rules.nearDistance;
  arcRoom(a.n * b.n);
  const orbitsB = b.orbits + 1;
  widthRoom((a.orbits + 1) * orbitsB);
  let matchB: Int32Array | null = null,
    seen: Int32Array | null = null;
  let adj: number[][] | null = null,
    adjArc: number[][] | null = null;
  for (const mirror of [false, true]) {
    if (classBound(a, b, mirror) < Math.max(atLeast, best.count + 1)) continue;
    const clsA = mirror ? a.clsM : a.cls;
    let P = 0,
      full = 0,
      rows = 0;
    degreeCover.fill(0);
    for (let i = 0; i < a.n; i++) {
      const ta = mirror ? normAngle(-(a.angle[i] as number)) : (a.angle[i] as number);
      const ri = a.radius[i] as number;
      const rowBase = (a.orbit[i] as number) * orbitsB;
      const P0 = P;
      // b's arrows of a's kind, in ascending order: the arcs come in the order a scan of
      // every j would give them.
      const c = clsA[i] as number;
      for (let q = b.classStart[c] as number, qEnd = b.classStart[c + 1] as number; q < qEnd; q++) {
        const j = b.byClass[q] as number;
        const rj = b.radius[j] as number;
        if (Math.abs(ri - rj) > D) continue;
        const wk = rowBase + (b.orbit[j] as number);
        let w: number;
        if (widthStamp[wk] === widthCall) w = widthOf[wk] as number;
        else {
          w = halfWidth(ri, rj, D);
          widthOf[wk] = w;
          widthStamp[wk] = widthCall;
        }
        if (w < 0) continue;
        ai[P] = i;
        bj[P] = j;
        if (w >= 180) {
          arcStart[P] = 0;
          arcLen[P] = 360;
          full++;
          P++;
          continue;
        }
        const delta = normAngle((b.angle[j] as number) - ta);
        const start = normAngle0(delta - w);
        arcStart[P] = start;
        arcLen[P] = 2 * w;
        P++;
        // Whole degrees touched by the arc (widened by the slack): lo..hi, mod 360.
        const lo = Math.floor(start - 2 * ARC_EPS),
          hi = Math.ceil(start + 2 * w + 2 * ARC_EPS);
        if (hi - lo >= 359) {
          degreeCover[0]!++;
          degreeCover[360]!--;
          continue;
        }
        const l = ((lo % 360) + 360) % 360,
          h = l + (hi - lo);
        if (h < 360) {
          degreeCover[l]!++;
          degreeCover[h + 1]!--;
        } else {
          degreeCover[l]!++;
          degreeCover[360]!--;
          degreeCover[0]!++;
          degreeCover[h - 360 + 1]!--;
        }
      }
      if (P > P0) rows++;
    }
    if (P === 0) continue;
    // At any turn at most one pair per arrow of a holds, so fewer such arrows than needed
    // settles it before the degree counts (top + full below is never more than this).
    if (rows < Math.max(atLeast, best.count + 1)) continue;
    let top = 0;
    for (let k = 0; k < 360; k++) {
      if (k > 0) degreeCover[k] = (degreeCover[k] as number) + (degreeCover[k - 1] as number);
      if ((degreeCover[k] as number) > top) top = degreeCover[k] as number;
    }
    if (top + full < Math.max(atLeast, best.count + 1)) continue;
    // Candidate turns: every arc start (0 when every arc holds everywhere), likeliest first.
    const starts: number[] = [];
    for (let k = 0; k < P; k++) if ((arcLen[k] as number) < 360) starts.push(arcStart[k] as number);
    if (starts.length === 0) starts.push(0);
    const bound = (q: number): number => full + (degreeCover[Math.floor(q) % 360] as number);
    const queries = [...new Set(starts)].sort((x, y) => bound(y) - bound(x) || x - y);
    if (!matchB) {
      matchB = new Int32Array(b.n);
      seen = new Int32Array(b.n);
      adj = Array.from({ length: a.n }, () => []);
      adjArc = Array.from({ length: a.n }, () => []);
    }
    const mB = matchB,
      sn = seen as Int32Array,
      ad = adj as number[][],
      adA = adjArc as number[][];
    for (const q of queries) {
      if (bound(q) < Math.max(atLeast, best.count + 1)) break;
      for (let i = 0; i < a.n; i++) {
        (ad[i] as number[]).length = 0;
        (adA[i] as number[]).length = 0;
      }
      let holding = 0;
      for (let k = 0; k < P; k++) {
        if (!arcHolds(k, q)) continue;
        (ad[ai[k] as number] as number[]).push(bj[k] as number);
        (adA[ai[k] as number] as number[]).push(k);
        holding++;
      }
      if (holding < Math.max(atLeast, best.count + 1)) continue;
      // Kuhn's augmenting paths.
      mB.fill(-1);
      sn.fill(0);
      let count = 0;
      let stamp = 0;
      const augment = (i: number): boolean => {
        for (const j of ad[i] as number[]) {
          if (sn[j] === stamp) continue;
          sn[j] = stamp;
          const m = mB[j] as number;
          if (m < 0 || augment(m)) {
            mB[j] = i;
            return true;
          }
        }
        return false;
      };
      for (let i = 0; i < a.n; i++) {
        if ((ad[i] as number[]).length === 0) continue;
        stamp++;
        if (augment(i)) count++;
      }
      if (count > best.count) {
        // The pairing holds from q to the first end of its arcs; report the middle.
        let room = Infinity;
        const matched: [number, number][] = [];
        for (let j = 0; j < b.n; j++) {
          const i = mB[j] as number;
          if (i < 0) continue;
          matched.push([i, j]);
          const k = (adA[i] as number[])[(ad[i] as number[]).indexOf(j)] as number;
          if ((arcLen[k] as number) >= 360) continue;
          const d = cwDistance(arcStart[k] as number, q);
          room = Math.min(room, Math.max(0, (arcLen[k] as number) - (d >= 360 - ARC_EPS ? 0 : d)));
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

/** Any real angle to [0, 360). */
function normAngle0(x: number): number {
  const r = x % 360;
  return r < 0 ? r + 360 : r;
}

function transformName(mirror: boolean, delta: number): string {
  return `${mirror ? 'mirror+' : ''}rot${roundRotation(delta)}`;
}

/** Arrows of the larger level that must pair for rule 2. */
function nearNeed(a: PreparedLevel, b: PreparedLevel, rules: ApsisRules): number {
  return Math.max(1, Math.ceil(rules.nearShare * Math.max(a.n, b.n) - 1e-9));
}

/**
 * Rule 1, 2 or 3 between prepared levels; null when they are different enough. The share is
 * rule 2's whatever rule matched (computed for copy and redrawn pairs only once they matched,
 * so the cheap rejections of the every-pair check stay as they were).
 */
export function comparePrepared(a: PreparedLevel, b: PreparedLevel, rules: ApsisRules): NearDuplicate | null {
  if (a.canon === b.canon) {
    const sA = a.canonMirror ? -1 : 1,
      sB = b.canonMirror ? -1 : 1;
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
    return {
      rule: 'near-copy',
      transform: transformName(s.mirror, s.delta),
      share: s.share,
      matched: s.matched,
    };
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
export function closestPairs(
  levels: readonly ApsisLevel[],
  rules: ApsisRules,
  k = 10,
  prepared?: readonly PreparedLevel[],
): PairReport[] {
  const prep = prepared ?? levels.map((l) => prepareLevel(l, rules));
  const cands: { a: number; b: number; bound: number }[] = [];
  for (let i = 0; i < prep.length; i++) {
    for (let j = i + 1; j < prep.length; j++) {
      const pa = prep[i] as PreparedLevel,
        pb = prep[j] as PreparedLevel;
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
    const pa = prep[c.a] as PreparedLevel,
      pb = prep[c.b] as PreparedLevel;
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

/**
 * Every near-duplicate pair of a set (rules 1–3); only pairs `include` accepts, when given; or
 * the first `maxPairs` of them in order.
 */
export function duplicatePairs(
  levels: readonly ApsisLevel[],
  rules: ApsisRules,
  prepared?: readonly PreparedLevel[],
  include?: (i: number, j: number) => boolean,
  maxPairs = Number.POSITIVE_INFINITY,
): DuplicatePair[] {
  const prep = prepared ?? levels.map((l) => prepareLevel(l, rules));
  const out: DuplicatePair[] = [];
  for (let i = 0; i < prep.length; i++) {
    for (let j = i + 1; j < prep.length; j++) {
      if (include && !include(i, j)) continue;
      const d = comparePrepared(prep[i] as PreparedLevel, prep[j] as PreparedLevel, rules);
      if (d) out.push({ a: i, b: j, duplicate: d });
      if (out.length >= maxPairs) return out;
    }
  }
  return out;
}
