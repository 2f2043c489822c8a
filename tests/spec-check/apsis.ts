/**
 * An independent checker of Apsis packs, written from /work/shared/spec/apsis.md alone (no
 * project code): pack fields, the arrows' geometry (fit, paths, sun), blocking, the rounds
 * (depth, free, reads), a replay of every solution under the play rules without losing a
 * heart, the default plan (orbits per stage, arrow counts, kinds on schedule), the order's
 * rules, and every pair of shipped levels under the three "no level twice" rules.
 * `checkApsisPack` returns problems as sentences; an empty list means the pack holds.
 */
import { isomorphic, maxPairing, missingFields, originDistance, segmentDistance, type Pt } from './shared';

const SUN = 40;
const RIM = 300;
const HALF_WIDTH = 6;
const LENGTHS = { short: 44, long: 80 } as const;
const HEADINGS = ['cw', 'ccw', 'cw-out', 'ccw-out', 'cw-in', 'ccw-in'] as const;
type Heading = (typeof HEADINGS)[number];
const STAGE_ORBITS = [3, 4, 4, 5, 5, 6, 6, 6, 6, 6];

export interface Arrow {
  orbit: number;
  angle: number;
  heading: Heading;
  length: keyof typeof LENGTHS;
}

export interface ApsisLevel {
  level: number;
  orbits: number;
  depth: number;
  free: number;
  reads: number;
  arrows: Arrow[];
  solution: number[];
}

interface Body {
  tail: Pt;
  head: Pt;
  /** End of the path: where the ray from the head leaves the rim. */
  exit: Pt;
}

export function orbitRadius(j: number, m: number): number {
  return SUN + (j * 260) / (m + 1);
}

function direction(theta: number, heading: Heading): Pt {
  const u = { x: Math.cos(theta), y: Math.sin(theta) };
  const t = { x: -Math.sin(theta), y: Math.cos(theta) };
  const n = (x: number, y: number): Pt => ({ x: x / Math.hypot(x, y), y: y / Math.hypot(x, y) });
  switch (heading) {
    case 'cw':
      return t;
    case 'ccw':
      return { x: -t.x, y: -t.y };
    case 'cw-out':
      return n(t.x + u.x, t.y + u.y);
    case 'ccw-out':
      return n(-t.x + u.x, -t.y + u.y);
    case 'cw-in':
      return n(t.x - u.x, t.y - u.y);
    case 'ccw-in':
      return n(-t.x - u.x, -t.y - u.y);
  }
}

export function body(a: Arrow, m: number): Body {
  const theta = (a.angle * Math.PI) / 180;
  const r = orbitRadius(a.orbit, m);
  const c = { x: r * Math.cos(theta), y: r * Math.sin(theta) };
  const d = direction(theta, a.heading);
  const L = LENGTHS[a.length];
  const tail = { x: c.x - (L / 2) * d.x, y: c.y - (L / 2) * d.y };
  const head = { x: c.x + (L / 2) * d.x, y: c.y + (L / 2) * d.y };
  // |head + s d| = RIM, positive root.
  const b = head.x * d.x + head.y * d.y;
  const cc = head.x * head.x + head.y * head.y - RIM * RIM;
  const s = -b + Math.sqrt(b * b - cc);
  return { tail, head, exit: { x: head.x + s * d.x, y: head.y + s * d.y } };
}

/** blocks[a] lists the arrows that block a (B blocks A when A's path comes within 12 of B's body). */
export function blockers(arrows: Arrow[], m: number): number[][] {
  const bodies = arrows.map((a) => body(a, m));
  return bodies.map((A, i) =>
    bodies.flatMap((B, j) => (i !== j && segmentDistance(A.head, A.exit, B.tail, B.head) < 12 ? [j] : [])),
  );
}

/** The rounds: the round in which each arrow leaves (0 when it never does). */
export function rounds(arrows: Arrow[], m: number): number[] {
  const blk = blockers(arrows, m);
  const round = arrows.map(() => 0);
  for (let r = 1; ; r++) {
    const leaving = arrows.flatMap((_, i) =>
      round[i] === 0 && blk[i]!.every((j) => round[j] !== 0) ? [i] : [],
    );
    if (!leaving.length) break;
    for (const i of leaving) round[i] = r;
  }
  return round;
}

const mirrorHeading = (h: Heading): Heading =>
  h.startsWith('cw') ? (h.replace('cw', 'ccw') as Heading) : (h.replace('ccw', 'cw') as Heading);

/** Canonical form ignoring rotation and reflection (the spec's recipe). */
export function canonical(arrows: Arrow[], m: number): string {
  let best: string | null = null;
  for (const mirror of [false, true]) {
    const as = arrows.map((a) =>
      mirror ? { ...a, angle: (360 - a.angle) % 360, heading: mirrorHeading(a.heading) } : a,
    );
    for (const anchor of as) {
      const form = as
        .map((a) => [a.orbit, (a.angle - anchor.angle + 360) % 360, a.heading, a.length] as const)
        .map((t) => `${t[0]}:${String(t[1]).padStart(3, '0')}:${t[2]}:${t[3]}`)
        .sort()
        .join(' ');
      const s = `${m}|${form}`;
      if (best === null || s < best) best = s;
    }
  }
  return best ?? `${m}|`;
}

const NEAR = 40;

/**
 * The share of a pair: the largest fraction of the larger level's arrows that pair one-to-one
 * (same length and heading, centres within 40) under some real rotation and mirror. Exact:
 * every compatible pair's arc of rotations [δ − w, δ + w] is tried at its start.
 */
export function share(a: Arrow[], ma: number, b: Arrow[], mb: number, need = Infinity): number {
  const larger = Math.max(a.length, b.length);
  if (!larger) return 0;
  // No pairing can beat the arrows of each kind the two levels have in common (mirroring swaps cw and ccw).
  const kinds = (xs: Arrow[], mirror: boolean): Map<string, number> => {
    const m = new Map<string, number>();
    for (const x of xs)
      m.set(
        `${mirror ? mirrorHeading(x.heading) : x.heading}:${x.length}`,
        (m.get(`${mirror ? mirrorHeading(x.heading) : x.heading}:${x.length}`) ?? 0) + 1,
      );
    return m;
  };
  const kb = kinds(b, false);
  const bound = Math.max(
    ...[false, true].map((mirror) =>
      [...kinds(a, mirror)].reduce((s, [k, n]) => s + Math.min(n, kb.get(k) ?? 0), 0),
    ),
  );
  if (bound / larger < need && need !== Infinity) return bound / larger;
  let best = 0;
  const TAU = 2 * Math.PI;
  for (const mirror of [false, true]) {
    const as = a.map((x) =>
      mirror ? { ...x, angle: (360 - x.angle) % 360, heading: mirrorHeading(x.heading) } : x,
    );
    // Every compatible pair's arc of rotations: centre c, half width w (radians).
    const arcs: { i: number; j: number; c: number; w: number }[] = [];
    as.forEach((x, i) =>
      b.forEach((y, j) => {
        if (x.heading !== y.heading || x.length !== y.length) return;
        const ra = orbitRadius(x.orbit, ma);
        const rb = orbitRadius(y.orbit, mb);
        const cos = (ra * ra + rb * rb - NEAR * NEAR) / (2 * ra * rb);
        if (cos > 1) return;
        arcs.push({
          i,
          j,
          c: ((y.angle - x.angle) * Math.PI) / 180,
          w: cos <= -1 ? Math.PI : Math.acos(cos),
        });
      }),
    );
    const starts = [0, ...arcs.map((arc) => arc.c - arc.w)];
    for (const phi of starts) {
      const adj: number[][] = as.map(() => []);
      let live = 0;
      for (const arc of arcs) {
        let d = (phi - arc.c) % TAU;
        if (d > Math.PI) d -= TAU;
        if (d < -Math.PI) d += TAU;
        if (arc.w >= Math.PI || Math.abs(d) <= arc.w + 1e-9) {
          adj[arc.i]!.push(arc.j);
          live++;
        }
      }
      if (live <= best * larger) continue;
      const paired = maxPairing(as.length, b.length, (i, j) => adj[i]!.includes(j));
      best = Math.max(best, paired / larger);
      if (best >= need) return best;
    }
  }
  return best;
}

function blockingGraph(arrows: Arrow[], m: number, mirror: boolean): { out: number[][]; label: string[] } {
  const blk = blockers(arrows, m);
  // Edge a→b when a blocks b.
  const out: number[][] = arrows.map(() => []);
  blk.forEach((bs, i) => bs.forEach((j) => out[j]!.push(i)));
  return {
    out,
    label: arrows.map((a) => `${a.orbit}:${mirror ? mirrorHeading(a.heading) : a.heading}:${a.length}`),
  };
}

/** Each level's canonical form and blocking graphs, worked out once per level (not per pair). */
const prepared = new WeakMap<
  ApsisLevel,
  { form: string; graph: ReturnType<typeof blockingGraph>; mirrored: ReturnType<typeof blockingGraph> }
>();
function prepare(l: ApsisLevel): {
  form: string;
  graph: ReturnType<typeof blockingGraph>;
  mirrored: ReturnType<typeof blockingGraph>;
} {
  let p = prepared.get(l);
  if (!p) {
    p = {
      form: canonical(l.arrows, l.orbits),
      graph: blockingGraph(l.arrows, l.orbits, false),
      mirrored: blockingGraph(l.arrows, l.orbits, true),
    };
    prepared.set(l, p);
  }
  return p;
}

/** The rule two levels break, if any. */
export function apsisNearDuplicate(a: ApsisLevel, b: ApsisLevel): string | null {
  const pa = prepare(a);
  const pb = prepare(b);
  if (a.orbits === b.orbits && pa.form === pb.form) return 'turned or mirrored copy';
  const s = share(a.arrows, a.orbits, b.arrows, b.orbits, 0.5);
  if (s >= 0.5) return `near copy (share ${(s * 100).toFixed(0)} %)`;
  if (a.orbits === b.orbits && a.arrows.length === b.arrows.length) {
    if (isomorphic(pa.graph, pb.graph)) return 'the same puzzle redrawn (isomorphic blocking graphs)';
    if (isomorphic(pa.mirrored, pb.graph))
      return 'the same puzzle redrawn, mirrored (isomorphic blocking graphs once cw and ccw swap)';
  }
  return null;
}

/** Planned arrow count at a level of the default plan (straight lines, rounded). */
export function plannedArrows(level: number): number {
  if (level <= 15) return Math.round(3 + ((level - 1) * 6) / 14);
  return Math.round(9 + ((level - 16) * 27) / 134);
}

/** Every problem of one level on its own. */
export function checkApsisLevel(lv: ApsisLevel, where: string): string[] {
  const p: string[] = [];
  const miss = missingFields(lv, {
    level: 'integer',
    orbits: 'integer',
    depth: 'integer',
    free: 'integer',
    reads: 'integer',
    arrows: 'array',
    solution: 'array',
  });
  if (miss.length) return [`${where}: missing or wrong fields ${miss.join(', ')}`];
  const m = lv.orbits;
  if (m < 3 || m > 6) return [`${where}: ${m} orbits (3 to 6)`];
  lv.arrows.forEach((a, i) => {
    const am = missingFields(a, { orbit: 'integer', angle: 'integer', heading: 'string', length: 'string' });
    if (am.length) p.push(`${where} arrow ${i}: missing or wrong fields ${am.join(', ')}`);
    else {
      if (a.orbit < 1 || a.orbit > m) p.push(`${where} arrow ${i}: orbit ${a.orbit} of ${m}`);
      if (a.angle < 0 || a.angle > 359) p.push(`${where} arrow ${i}: angle ${a.angle} outside 0..359`);
      if (!HEADINGS.includes(a.heading)) p.push(`${where} arrow ${i}: heading ${a.heading}`);
      if (!(a.length in LENGTHS)) p.push(`${where} arrow ${i}: length ${a.length}`);
    }
  });
  if (p.length) return p;
  const bodies = lv.arrows.map((a) => body(a, m));
  bodies.forEach((B, i) => {
    for (const end of [B.tail, B.head])
      if (Math.hypot(end.x, end.y) > RIM - HALF_WIDTH + 1e-9)
        p.push(
          `${where} arrow ${i}: an end lies outside the rim (${Math.hypot(end.x, end.y).toFixed(2)} > 294)`,
        );
    if (originDistance(B.tail, B.head) < SUN + 12 - 1e-9)
      p.push(
        `${where} arrow ${i}: body within ${originDistance(B.tail, B.head).toFixed(2)} of the sun's centre (< 52)`,
      );
    if (originDistance(B.head, B.exit) < SUN + HALF_WIDTH - 1e-9)
      p.push(`${where} arrow ${i}: its path crosses the sun`);
    for (let j = i + 1; j < bodies.length; j++) {
      const d = segmentDistance(B.tail, B.head, bodies[j]!.tail, bodies[j]!.head);
      if (d < 18 - 1e-9) p.push(`${where}: arrows ${i} and ${j} bodies ${d.toFixed(2)} apart (< 18)`);
    }
  });
  const round = rounds(lv.arrows, m);
  if (round.some((r) => r === 0))
    p.push(`${where}: does not clear (${round.filter((r) => r === 0).length} arrows never leave)`);
  const depth = Math.max(0, ...round);
  const free = round.filter((r) => r === 1).length;
  const reads = round.reduce((s, r) => s + r, 0);
  if (lv.depth !== depth) p.push(`${where}: states depth ${lv.depth}, the rounds give ${depth}`);
  if (lv.free !== free) p.push(`${where}: states free ${lv.free}, the rounds give ${free}`);
  if (lv.reads !== reads) p.push(`${where}: states reads ${lv.reads}, the rounds give ${reads}`);
  // Replay: every launch must be of a free arrow (no heart lost), and all must leave.
  const sol = lv.solution;
  if (
    sol.length !== lv.arrows.length ||
    new Set(sol).size !== sol.length ||
    sol.some((i) => !Number.isInteger(i) || i < 0 || i >= lv.arrows.length)
  )
    p.push(`${where}: the solution is not each arrow once`);
  else {
    const blk = blockers(lv.arrows, m);
    const on = lv.arrows.map(() => true);
    for (const [n, i] of sol.entries()) {
      const by = blk[i]!.filter((j) => on[j]);
      if (by.length) {
        p.push(`${where}: launch ${n + 1} (arrow ${i}) is blocked by arrow ${by[0]}: a heart lost`);
        break;
      }
      on[i] = false;
    }
    for (let n = 1; n < sol.length; n++)
      if (round[sol[n]!]! < round[sol[n - 1]!]!) {
        p.push(
          `${where}: the solution does not launch round by round (launch ${n + 1} is of round ${round[sol[n]!]} after round ${round[sol[n - 1]!]})`,
        );
        break;
      }
  }
  // Kinds on schedule.
  lv.arrows.forEach((a, i) => {
    if (lv.level < 16 && a.length !== 'short') p.push(`${where} arrow ${i}: a long arrow before level 16`);
    if (lv.level < 31 && a.heading !== 'cw' && a.heading !== 'ccw')
      p.push(`${where} arrow ${i}: a diagonal before level 31`);
  });
  return p;
}

/** Every problem of a whole default-plan Apsis pack. */
export function checkApsisPack(pack: unknown, opts: { pairs?: boolean; levels?: number } = {}): string[] {
  const p: string[] = [];
  const miss = missingFields(pack, {
    format: 'string',
    version: 'integer',
    seed: 'integer',
    rules: 'object',
    plan: 'array',
    levels: 'array',
  });
  if (miss.length) return [`pack: missing or wrong fields ${miss.join(', ')}`];
  const pk = pack as { format: string; version: number; levels: ApsisLevel[] };
  if (pk.format !== 'apsis-pack') p.push(`pack: format is ${pk.format}`);
  if (pk.version !== 1) p.push(`pack: version is ${pk.version}`);
  const levels = pk.levels;
  const expected = opts.levels ?? 150;
  if (levels.length !== expected) p.push(`pack: ${levels.length} levels, the plan holds ${expected}`);
  let run = 1;
  levels.forEach((lv, i) => {
    const where = `level ${i + 1}`;
    if (lv.level !== i + 1) p.push(`${where}: numbered ${lv.level}`);
    p.push(...checkApsisLevel(lv, where));
    const stage = Math.floor(i / 15);
    if (stage < STAGE_ORBITS.length && lv.orbits !== STAGE_ORBITS[stage])
      p.push(`${where}: ${lv.orbits} orbits, stage ${stage + 1} uses ${STAGE_ORBITS[stage]}`);
    // A stage's pool ships anywhere in the stage, so a level holds the planned count of one of its stage's slots.
    const counts = Array.from({ length: 15 }, (_, k) => plannedArrows(stage * 15 + k + 1));
    if (!counts.includes(lv.arrows.length))
      p.push(
        `${where}: ${lv.arrows.length} arrows, not a count the plan's line gives stage ${stage + 1} (${counts[0]}–${counts[14]})`,
      );
    const prev = levels[i - 1];
    if (prev) {
      if (lv.reads < prev.reads) p.push(`${where}: reads fall (${prev.reads} → ${lv.reads})`);
      if (lv.arrows.length < prev.arrows.length)
        p.push(`${where}: arrows fall (${prev.arrows.length} → ${lv.arrows.length})`);
      if (lv.depth < prev.depth) p.push(`${where}: depth falls (${prev.depth} → ${lv.depth})`);
      run = lv.reads === prev.reads ? run + 1 : 1;
      if (run === 4) p.push(`${where}: four levels in a row read ${lv.reads}`);
    }
  });
  // Levels whose arrows are not even well formed are left out of the pair check (already named).
  const formed = (l: ApsisLevel): boolean =>
    Number.isInteger(l.orbits) &&
    l.orbits >= 3 &&
    l.orbits <= 6 &&
    Array.isArray(l.arrows) &&
    l.arrows.every(
      (a) =>
        typeof a === 'object' &&
        a !== null &&
        HEADINGS.includes(a.heading) &&
        a.length in LENGTHS &&
        Number.isInteger(a.orbit) &&
        a.orbit >= 1 &&
        a.orbit <= l.orbits &&
        Number.isInteger(a.angle),
    );
  if (opts.pairs !== false) {
    for (let i = 0; i < levels.length; i++)
      for (let j = i + 1; j < levels.length; j++) {
        if (!formed(levels[i]!) || !formed(levels[j]!)) continue;
        const rule = apsisNearDuplicate(levels[i]!, levels[j]!);
        if (rule) p.push(`levels ${i + 1} and ${j + 1}: ${rule}`);
      }
  }
  return p;
}

/** Figures for a report: largest step in reads, closest pair's share. */
export function apsisFigures(pack: { levels: ApsisLevel[] }): {
  largestStep: number;
  closestShare: number;
  closestPair: [number, number];
} {
  const lv = pack.levels;
  let largestStep = 0;
  for (let i = 1; i < lv.length; i++) largestStep = Math.max(largestStep, lv[i]!.reads - lv[i - 1]!.reads);
  let closestShare = 0;
  let closestPair: [number, number] = [0, 0];
  for (let i = 0; i < lv.length; i++)
    for (let j = i + 1; j < lv.length; j++) {
      const s = share(lv[i]!.arrows, lv[i]!.orbits, lv[j]!.arrows, lv[j]!.orbits);
      if (s > closestShare) {
        closestShare = s;
        closestPair = [i + 1, j + 1];
      }
    }
  return { largestStep, closestShare, closestPair };
}
