/**
 * Geometry of Apsis ("straight lines across circles"): arrow bodies, paths to the rim,
 * segment-to-segment distances, fit, blocking and crossing the sun.
 *
 * Coordinates: the sun's centre is the origin, x to the right, y downward; angles are
 * whole degrees measured clockwise from +x, so (cos θ, sin θ) is the radial direction.
 * Every angle is a whole degree, so cos/sin come from one precomputed table and a level
 * read back from a pack gives exactly the same numbers.
 */
import type { Arrow, Heading } from './model';
import type { ApsisRules } from './rules';
import { orbitRadius } from './rules';

/** cos and sin of whole degrees 0..359. */
export const COS_DEG = new Float64Array(360);
export const SIN_DEG = new Float64Array(360);
for (let a = 0; a < 360; a++) {
  const r = (a * Math.PI) / 180;
  COS_DEG[a] = Math.cos(r);
  SIN_DEG[a] = Math.sin(r);
}
const SQRT1_2 = Math.SQRT1_2;

function cosDeg(a: number): number {
  return COS_DEG[((a % 360) + 360) % 360] as number;
}
function sinDeg(a: number): number {
  return SIN_DEG[((a % 360) + 360) % 360] as number;
}

/** Unit direction of a heading at angle θ: t = (−sin, cos), u = (cos, sin). */
export function headingDirection(angle: number, heading: Heading): [number, number] {
  const c = cosDeg(angle),
    s = sinDeg(angle);
  // u = (c, s), t = (-s, c)
  switch (heading) {
    case 'cw':
      return [-s, c];
    case 'ccw':
      return [s, -c];
    case 'cw-out':
      return [(-s + c) * SQRT1_2, (c + s) * SQRT1_2];
    case 'ccw-out':
      return [(s + c) * SQRT1_2, (-c + s) * SQRT1_2];
    case 'cw-in':
      return [(-s - c) * SQRT1_2, (c - s) * SQRT1_2];
    case 'ccw-in':
      return [(s - c) * SQRT1_2, (-c - s) * SQRT1_2];
  }
}

/** Everything the rules need about one arrow on the board. */
export interface ArrowGeo {
  /** Centre. */
  cx: number;
  cy: number;
  /** Unit direction. */
  dx: number;
  dy: number;
  /** Body: tail → head. */
  tx: number;
  ty: number;
  hx: number;
  hy: number;
  /** Half the body length. */
  half: number;
  /** Path: head → (ex, ey) on the rim. */
  ex: number;
  ey: number;
  /** Path length, and the path's midpoint for cheap bounding tests. */
  pathLen: number;
  pmx: number;
  pmy: number;
}

function arrowLength(arrow: Arrow, rules: ApsisRules): number {
  return arrow.length === 'long' ? rules.longLength : rules.shortLength;
}

/** Distance s ≥ 0 from point (x, y) along unit (dx, dy) to the circle of radius R (point inside). */
export function rayToCircle(x: number, y: number, dx: number, dy: number, R: number): number {
  const b = x * dx + y * dy;
  const c = x * x + y * y - R * R;
  const disc = b * b - c;
  return -b + Math.sqrt(Math.max(0, disc));
}

export function arrowGeo(arrow: Arrow, orbits: number, rules: ApsisRules): ArrowGeo {
  const r = orbitRadius(rules, orbits, arrow.orbit);
  const cx = r * cosDeg(arrow.angle);
  const cy = r * sinDeg(arrow.angle);
  const [dx, dy] = headingDirection(arrow.angle, arrow.heading);
  const half = arrowLength(arrow, rules) / 2;
  const hx = cx + half * dx,
    hy = cy + half * dy;
  const tx = cx - half * dx,
    ty = cy - half * dy;
  const s = rayToCircle(hx, hy, dx, dy, rules.rimRadius);
  const ex = hx + s * dx,
    ey = hy + s * dy;
  return { cx, cy, dx, dy, tx, ty, hx, hy, half, ex, ey, pathLen: s, pmx: (hx + ex) / 2, pmy: (hy + ey) / 2 };
}

export function levelGeo(arrows: readonly Arrow[], orbits: number, rules: ApsisRules): ArrowGeo[] {
  return arrows.map((a) => arrowGeo(a, orbits, rules));
}

/** Squared distance from point p to segment ab. */
function pointSegDist2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const abx = bx - ax,
    aby = by - ay;
  const apx = px - ax,
    apy = py - ay;
  const len2 = abx * abx + aby * aby;
  let t = len2 > 0 ? (apx * abx + apy * aby) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const qx = apx - t * abx,
    qy = apy - t * aby;
  return qx * qx + qy * qy;
}

export function pointSegDist(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  return Math.sqrt(pointSegDist2(px, py, ax, ay, bx, by));
}

/** Distance between segments ab and cd (0 when they cross or touch). */
export function segSegDist(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): number {
  const ux = bx - ax,
    uy = by - ay;
  const vx = dx - cx,
    vy = dy - cy;
  const o1 = ux * (cy - ay) - uy * (cx - ax);
  const o2 = ux * (dy - ay) - uy * (dx - ax);
  const o3 = vx * (ay - cy) - vy * (ax - cx);
  const o4 = vx * (by - cy) - vy * (bx - cx);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return 0;
  let m = pointSegDist2(ax, ay, cx, cy, dx, dy);
  let t = pointSegDist2(bx, by, cx, cy, dx, dy);
  if (t < m) m = t;
  t = pointSegDist2(cx, cy, ax, ay, bx, by);
  if (t < m) m = t;
  t = pointSegDist2(dx, dy, ax, ay, bx, by);
  if (t < m) m = t;
  return Math.sqrt(m);
}

/** Distance from the origin to an arrow's body. */
export function bodyOriginDist(g: ArrowGeo): number {
  return pointSegDist(0, 0, g.tx, g.ty, g.hx, g.hy);
}

/** Distance from the origin to an arrow's path. */
export function pathOriginDist(g: ArrowGeo): number {
  return pointSegDist(0, 0, g.hx, g.hy, g.ex, g.ey);
}

/** Distance between two bodies. */
export function bodyBodyDist(a: ArrowGeo, b: ArrowGeo): number {
  return segSegDist(a.tx, a.ty, a.hx, a.hy, b.tx, b.ty, b.hx, b.hy);
}

/** Distance between a's path and b's body. */
function pathBodyDist(a: ArrowGeo, b: ArrowGeo): number {
  return segSegDist(a.hx, a.hy, a.ex, a.ey, b.tx, b.ty, b.hx, b.hy);
}

/** Why a lone arrow does not fit ('rim' | 'sun'), or null. */
export function fitAloneProblem(g: ArrowGeo, rules: ApsisRules): 'rim' | 'sun' | null {
  const lim = rules.rimRadius - rules.width / 2;
  const lim2 = lim * lim;
  if (g.hx * g.hx + g.hy * g.hy > lim2 || g.tx * g.tx + g.ty * g.ty > lim2) return 'rim';
  if (bodyOriginDist(g) < rules.sunRadius + rules.width / 2 + rules.gap) return 'sun';
  return null;
}

/** Two bodies keep the gap: distance ≥ width + gap. */
export function bodiesClear(a: ArrowGeo, b: ArrowGeo, rules: ApsisRules): boolean {
  const need = rules.width + rules.gap;
  // Cheap bounding test first: centres far apart.
  const ddx = a.cx - b.cx,
    ddy = a.cy - b.cy;
  const reach = a.half + b.half + need;
  if (ddx * ddx + ddy * ddy >= reach * reach) return true;
  return bodyBodyDist(a, b) >= need;
}

/**
 * Slack (board units) of blocks' strip test: far above the rounding of the exact distance,
 * far below anything a level can tell apart, so the test never says "clear" for a pair the
 * exact distance calls blocked.
 */
const STRIP_SLACK = 1e-6;

/** Arrow b blocks arrow a: a's path comes within width of b's body. */
export function blocks(b: ArrowGeo, a: ArrowGeo, rules: ApsisRules): boolean {
  // Cheap test first: b's centre outside the strip of half-width (b.half + width) around a's
  // path (across it, or before the head, or past the rim) means no point of b's body comes
  // within width of the path. Paths are long, so this rejects most pairs the exact test would.
  const rx = b.cx - a.hx,
    ry = b.cy - a.hy;
  const lim = b.half + rules.width + STRIP_SLACK;
  const across = rx * a.dy - ry * a.dx;
  if (across > lim || across < -lim) return false;
  const along = rx * a.dx + ry * a.dy;
  if (along < -lim || along > a.pathLen + lim) return false;
  return pathBodyDist(a, b) < rules.width;
}

/** The path passes within sun + half width of the origin: the arrow can never leave. */
export function crossesSun(g: ArrowGeo, rules: ApsisRules): boolean {
  return pathOriginDist(g) < rules.sunRadius + rules.width / 2;
}

/** Where a fit check fails for arrow i of a level, or null when it fits. */
export function fitProblem(geos: readonly ArrowGeo[], i: number, rules: ApsisRules): string | null {
  const g = geos[i] as ArrowGeo;
  const alone = fitAloneProblem(g, rules);
  if (alone === 'rim') return 'pokes out of the rim';
  if (alone === 'sun') return 'is too close to the sun';
  for (let j = 0; j < geos.length; j++) {
    if (j === i) continue;
    if (!bodiesClear(g, geos[j] as ArrowGeo, rules))
      return `is closer than ${rules.width + rules.gap} to arrow ${j}`;
  }
  return null;
}

/**
 * Distance s along a's path at which its head first comes within `width` of b's body
 * (null when it never does). The distance from a moving point to a segment is convex in
 * s, so a ternary search finds the closest approach and a bisection the first contact.
 */
export function firstContact(a: ArrowGeo, b: ArrowGeo, rules: ApsisRules): number | null {
  const R = rules.width;
  const f = (s: number): number => pointSegDist(a.hx + s * a.dx, a.hy + s * a.dy, b.tx, b.ty, b.hx, b.hy);
  let lo = 0,
    hi = a.pathLen;
  for (let k = 0; k < 100 && hi - lo > 1e-9; k++) {
    const m1 = lo + (hi - lo) / 3,
      m2 = hi - (hi - lo) / 3;
    if (f(m1) <= f(m2)) hi = m2;
    else lo = m1;
  }
  const sMin = (lo + hi) / 2;
  if (f(sMin) >= R && f(0) >= R && f(a.pathLen) >= R) return null;
  if (f(0) < R) return 0;
  // The head's own body segment is what touches; path-vs-body distance counts the whole path,
  // whose closest point is the head position at some s.
  let l = 0,
    h = f(sMin) < R ? sMin : a.pathLen;
  for (let k = 0; k < 100 && h - l > 1e-9; k++) {
    const m = (l + h) / 2;
    if (f(m) < R) h = m;
    else l = m;
  }
  return h;
}

/** An ArrowGeo for a body from tail (tx, ty) to head (hx, hy) (inspector and hand-made cases). */
export function segmentGeo(tx: number, ty: number, hx: number, hy: number, rules: ApsisRules): ArrowGeo {
  const L = Math.hypot(hx - tx, hy - ty);
  const dx = (hx - tx) / L,
    dy = (hy - ty) / L;
  const s = rayToCircle(hx, hy, dx, dy, rules.rimRadius);
  const ex = hx + s * dx,
    ey = hy + s * dy;
  return {
    cx: (tx + hx) / 2,
    cy: (ty + hy) / 2,
    dx,
    dy,
    tx,
    ty,
    hx,
    hy,
    half: L / 2,
    ex,
    ey,
    pathLen: s,
    pmx: (hx + ex) / 2,
    pmy: (hy + ey) / 2,
  };
}
