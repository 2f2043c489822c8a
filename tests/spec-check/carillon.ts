/**
 * An independent checker of Carillon packs, written from /work/shared/spec/carillon.md alone
 * (no project code): pack fields, the field's geometry and fairness rules, the timed chain
 * replay of every solution, fewest taps by source components, difficulty in bits by the
 * guesser's recursion, the default plan's stretches, the order's rules, and every pair of
 * shipped levels under the three near-duplicate rules in all eight turns and mirrors.
 * `checkCarillonPack` returns problems as sentences; an empty list means the pack holds.
 */
import { components, dist, isomorphic, maxPairing, missingFields, type Pt } from './shared';

const WIDTH = 640;
const HEIGHT = 960;
const SIZES = {
  small: { radius: 16, reach: 60 },
  normal: { radius: 26, reach: 112 },
  big: { radius: 36, reach: 240 },
} as const;
type Size = keyof typeof SIZES;
const RING_SPEED = 480;

/** The default plan's stretches (spec table). */
export const CARILLON_PLAN = [
  { from: 1, to: 3, taps: 1, minDots: 3, maxDots: 5, tutorial: true },
  { from: 4, to: 9, taps: 2, minDots: 5, maxDots: 8, tutorial: true },
  { from: 10, to: 21, taps: 2, minDots: 8, maxDots: 14, tutorial: false },
  { from: 22, to: 49, taps: 3, minDots: 14, maxDots: 22, tutorial: false },
  { from: 50, to: 96, taps: 4, minDots: 22, maxDots: 32, tutorial: false },
  { from: 97, to: 120, taps: 5, minDots: 32, maxDots: 40, tutorial: false },
];

export interface Dot extends Pt {
  size: Size;
  color: number;
}

export interface CarillonLevel {
  level: number;
  taps: number;
  bits: number;
  tutorial: boolean;
  dots: Dot[];
  solution: number[];
}

/** Arrows of the reach graph: A→B when dist(A,B) − radius(B) ≤ reach(A). */
export function reachGraph(dots: Dot[]): number[][] {
  return dots.map((a, i) => {
    const out: number[] = [];
    dots.forEach((b, j) => {
      if (i !== j && dist(a, b) - SIZES[b.size].radius <= SIZES[a.size].reach) out.push(j);
    });
    return out;
  });
}

function closure(out: number[][], from: number, live: boolean[]): number[] {
  const seen = new Set([from]);
  const todo = [from];
  while (todo.length) {
    const v = todo.pop()!;
    for (const w of out[v]!)
      if (live[w] && !seen.has(w)) {
        seen.add(w);
        todo.push(w);
      }
  }
  return [...seen];
}

/**
 * One tap under the timed rules (Dijkstra over ring arrivals, ties to the lower index):
 * the dots it pops with their times, in pop order.
 */
export function chain(dots: Dot[], tapped: number, live: boolean[]): { dot: number; t: number }[] {
  const out = reachGraph(dots);
  const t = new Array<number>(dots.length).fill(Infinity);
  const done = new Array<boolean>(dots.length).fill(false);
  t[tapped] = 0;
  const popped: { dot: number; t: number }[] = [];
  for (;;) {
    let v = -1;
    for (let i = 0; i < dots.length; i++)
      if (live[i] && !done[i] && t[i]! < Infinity && (v === -1 || t[i]! < t[v]!)) v = i;
    if (v === -1) break;
    done[v] = true;
    popped.push({ dot: v, t: t[v]! });
    for (const w of out[v]!) {
      if (!live[w] || done[w]) continue;
      const arrive = t[v]! + (dist(dots[v]!, dots[w]!) - SIZES[dots[w]!.size].radius) / RING_SPEED;
      if (arrive < t[w]!) t[w] = arrive;
    }
  }
  return popped;
}

/** The live field's components, and which of them no other live component enters (its sources). */
function liveSources(
  out: number[][],
  live: boolean[],
): { idx: number[]; comp: number[]; source: (c: number) => boolean } {
  const idx = live.flatMap((l, i) => (l ? [i] : []));
  const pos = new Map(idx.map((v, k) => [v, k]));
  const sub = idx.map((v) => out[v]!.filter((w) => live[w]).map((w) => pos.get(w)!));
  const comp = components(sub);
  const entered = new Set<number>();
  sub.forEach((o, v) => o.forEach((w) => comp[w] !== comp[v] && entered.add(comp[w]!)));
  return { idx, comp, source: (c) => !entered.has(c) };
}

/** Live dots in a source component of the live field (the winning taps). */
function winning(out: number[][], live: boolean[]): number[] {
  const { idx, comp, source } = liveSources(out, live);
  return idx.filter((_, k) => source(comp[k]!));
}

/** Fewest taps: the number of source components of the live field. */
export function fewestTaps(dots: Dot[], live = dots.map(() => true)): number {
  const { comp, source } = liveSources(reachGraph(dots), live);
  return new Set(comp.filter(source)).size;
}

/** Difficulty in bits: −log2 of the guesser's chance of clearing the field in the fewest taps. */
export function difficultyBits(dots: Dot[]): number {
  const out = reachGraph(dots);
  const memo = new Map<string, number>();
  const P = (live: boolean[]): number => {
    if (!live.some(Boolean)) return 1;
    const key = live.map((l) => (l ? 1 : 0)).join('');
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const weight = (v: number): number => 1 + out[v]!.filter((w) => live[w]).length;
    let total = 0;
    live.forEach((l, v) => l && (total += weight(v)));
    let p = 0;
    for (const v of winning(out, live)) {
      const next = live.slice();
      for (const w of closure(out, v, live)) next[w] = false;
      p += (weight(v) / total) * P(next);
    }
    memo.set(key, p);
    return p;
  };
  // 0 − log2 keeps a certain clear at +0 bits (−log2(1) is −0).
  return 0 - Math.log2(P(dots.map(() => true)));
}

/** The eight turns and mirrors of the field about its centre. */
const TRANSFORMS: { name: string; f: (p: Pt) => Pt }[] = (() => {
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const list: { name: string; f: (p: Pt) => Pt }[] = [];
  for (const mirror of [false, true]) {
    for (let q = 0; q < 4; q++) {
      list.push({
        name: `${mirror ? 'mirror+' : ''}rot${q * 90}`,
        f: (p) => {
          let x = p.x - cx;
          let y = p.y - cy;
          if (mirror) x = -x;
          for (let k = 0; k < q; k++) [x, y] = [-y, x];
          return { x: x + cx, y: y + cy };
        },
      });
    }
  }
  return list;
})();

const PAIR_DISTANCE = 24;

/** A level's reach graph, chain starts and eight transformed pictures, worked out once per level. */
interface Prepared {
  out: number[][];
  starts: number[];
  pictures: Dot[][];
  sizes: Record<Size, number>;
}
const preparedLevels = new WeakMap<Dot[], Prepared>();
function prepare(dots: Dot[]): Prepared {
  let p = preparedLevels.get(dots);
  if (!p) {
    const out = reachGraph(dots);
    const sizes = { small: 0, normal: 0, big: 0 };
    for (const d of dots) sizes[d.size]++;
    p = {
      out,
      starts: winning(
        out,
        dots.map(() => true),
      ),
      pictures: TRANSFORMS.map(({ f }) => dots.map((d) => ({ ...d, ...f(d) }))),
      sizes,
    };
    preparedLevels.set(dots, p);
  }
  return p;
}

/** The near-duplicate rule two levels break, if any, with the transform. */
export function carillonNearDuplicate(a: Dot[], b: Dot[]): string | null {
  const pa = prepare(a);
  const pb = prepare(b);
  const larger = Math.max(a.length, b.length);
  // No pairing can hold more dots than the two levels have of each size in common.
  const common = (['small', 'normal', 'big'] as const).reduce(
    (s, k) => s + Math.min(pa.sizes[k], pb.sizes[k]),
    0,
  );
  if (common * 3 >= larger) {
    for (const [t, { name }] of TRANSFORMS.entries()) {
      const ta = pa.pictures[t]!;
      const near = (i: number, j: number): boolean =>
        ta[i]!.size === b[j]!.size &&
        Math.abs(ta[i]!.x - b[j]!.x) <= PAIR_DISTANCE &&
        dist(ta[i]!, b[j]!) <= PAIR_DISTANCE;
      const paired = maxPairing(a.length, b.length, near);
      if (paired * 2 > larger) return `same picture under ${name} (${paired} of ${larger} dots pair)`;
      if (paired * 3 >= larger) {
        const aIntoB = maxPairing(pa.starts.length, pb.starts.length, (i, j) =>
          near(pa.starts[i]!, pb.starts[j]!),
        );
        if (aIntoB === Math.min(pa.starts.length, pb.starts.length)) {
          const which = pa.starts.length <= pb.starts.length ? 'first' : 'second';
          return `answer in the same place under ${name} (every chain start of the ${which} pairs; ${paired} of ${larger} dots pair)`;
        }
      }
    }
  }
  if (
    a.length === b.length &&
    isomorphic({ out: pa.out, label: a.map(() => '') }, { out: pb.out, label: b.map(() => '') })
  )
    return 'same chains (isomorphic reach graphs)';
  return null;
}

const near = (x: number, y: number, tol: number): boolean => Math.abs(x - y) <= tol;

/** Every problem of one level on its own (geometry, fairness, replay, metrics). */
export function checkCarillonLevel(lv: CarillonLevel, where: string): string[] {
  const p: string[] = [];
  const miss = missingFields(lv, {
    level: 'integer',
    taps: 'integer',
    bits: 'number',
    tutorial: 'boolean',
    dots: 'array',
    solution: 'array',
  });
  if (miss.length) return [`${where}: missing or wrong fields ${miss.join(', ')}`];
  const dots = lv.dots;
  dots.forEach((d, i) => {
    const dm = missingFields(d, { x: 'number', y: 'number', size: 'string', color: 'integer' });
    if (dm.length) p.push(`${where} dot ${i}: missing or wrong fields ${dm.join(', ')}`);
    else if (!(d.size in SIZES)) p.push(`${where} dot ${i}: size ${d.size} is not small, normal or big`);
    else {
      if (d.color < 0 || d.color > 6) p.push(`${where} dot ${i}: colour ${d.color} outside 0..6`);
      const r = SIZES[d.size].radius;
      if (d.x - r < 0 || d.x + r > WIDTH || d.y - r < 0 || d.y + r > HEIGHT)
        p.push(`${where} dot ${i}: not fully inside the field`);
    }
  });
  if (p.length) return p;
  // Fair to read.
  for (let i = 0; i < dots.length; i++) {
    for (let j = 0; j < dots.length; j++) {
      if (i === j) continue;
      const d = dist(dots[i]!, dots[j]!);
      if (i < j && d - SIZES[dots[i]!.size].radius - SIZES[dots[j]!.size].radius < 14)
        p.push(`${where}: dots ${i} and ${j} closer than 14 edge to edge`);
      const margin = Math.abs(d - SIZES[dots[j]!.size].radius - SIZES[dots[i]!.size].reach);
      if (margin < 10)
        p.push(`${where}: dot ${i} reaches dot ${j}'s edge within ${margin.toFixed(2)} (< 10) of its reach`);
    }
  }
  const out = reachGraph(dots);
  const k = fewestTaps(dots);
  if (lv.taps !== k) p.push(`${where}: states ${lv.taps} taps, the field has ${k} source components`);
  if (lv.solution.length !== k) p.push(`${where}: solution has ${lv.solution.length} taps, fewest is ${k}`);
  // Replay the solution through the timed chain rules.
  const live = dots.map(() => true);
  for (const [n, tap] of lv.solution.entries()) {
    if (!Number.isInteger(tap) || tap < 0 || tap >= dots.length) {
      p.push(`${where}: solution tap ${n + 1} names dot ${tap}, which does not exist`);
      return p;
    }
    if (!live[tap]) {
      p.push(`${where}: solution tap ${n + 1} taps dot ${tap}, already popped`);
      return p;
    }
    const popped = chain(dots, tap, live);
    const full = closure(out, tap, live);
    if (popped.length !== full.length)
      p.push(`${where}: tap ${n + 1}: the timed chain pops ${popped.length}, the closure is ${full.length}`);
    for (const { dot } of popped) live[dot] = false;
  }
  if (live.some(Boolean))
    p.push(`${where}: the solution leaves ${live.filter(Boolean).length} dots standing`);
  const bits = difficultyBits(dots);
  if (!near(bits, lv.bits, 0.00051))
    p.push(`${where}: states ${lv.bits} bits, the guesser's recursion gives ${bits.toFixed(4)}`);
  // Roots: one dot per source component (in a non-tutorial level each is a single dot).
  const starts = winning(
    out,
    live.map(() => true),
  );
  const comp = components(out);
  const groups = new Map<number, number[]>();
  for (const s of starts) groups.set(comp[s]!, [...(groups.get(comp[s]!) ?? []), s]);
  if (!lv.tutorial) {
    for (const [, g] of groups)
      if (g.length > 1)
        p.push(
          `${where}: a chain start group of ${g.length} dots (${g.join(', ')}) in a non-tutorial level (a dot reaches a root)`,
        );
    for (const s of starts) if (dots[s]!.size === 'small') p.push(`${where}: root ${s} is small`);
    for (let i = 0; i < starts.length; i++)
      for (let j = i + 1; j < starts.length; j++)
        if (dist(dots[starts[i]!]!, dots[starts[j]!]!) < 320)
          p.push(
            `${where}: roots ${starts[i]} and ${starts[j]} are ${dist(dots[starts[i]!]!, dots[starts[j]!]!).toFixed(1)} apart (< 320)`,
          );
  }
  // Fair share: each source component pops on its own at least half of n/k dots.
  const everyAll = dots.map(() => true);
  const closures = [...groups.values()].map((g) => new Set(closure(out, g[0]!, everyAll)));
  closures.forEach((c, i) => {
    const own = [...c].filter((v) => closures.every((o, j) => j === i || !o.has(v))).length;
    if (own < dots.length / k / 2)
      p.push(
        `${where}: a root pops only ${own} dots on its own (< half of n/k = ${(dots.length / k / 2).toFixed(1)})`,
      );
  });
  return p;
}

/** Every problem of a whole default-plan Carillon pack. */
export function checkCarillonPack(pack: unknown, opts: { pairs?: boolean; levels?: number } = {}): string[] {
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
  const pk = pack as { format: string; version: number; levels: CarillonLevel[] };
  if (pk.format !== 'carillon-pack') p.push(`pack: format is ${pk.format}`);
  if (pk.version !== 1) p.push(`pack: version is ${pk.version}`);
  const levels = pk.levels;
  const expected = opts.levels ?? 120;
  if (levels.length !== expected) p.push(`pack: ${levels.length} levels, the plan holds ${expected}`);
  levels.forEach((lv, i) => {
    const where = `level ${i + 1}`;
    if (lv.level !== i + 1) p.push(`${where}: numbered ${lv.level}`);
    p.push(...checkCarillonLevel(lv, where));
    const stretch = CARILLON_PLAN.find((s) => i + 1 >= s.from && i + 1 <= s.to);
    if (stretch) {
      if (lv.taps !== stretch.taps) p.push(`${where}: ${lv.taps} taps, the plan says ${stretch.taps}`);
      if (lv.tutorial !== stretch.tutorial)
        p.push(`${where}: tutorial ${lv.tutorial}, the plan says ${stretch.tutorial}`);
      if (lv.dots.length < stretch.minDots || lv.dots.length > stretch.maxDots)
        p.push(`${where}: ${lv.dots.length} dots, outside the plan's ${stretch.minDots}–${stretch.maxDots}`);
    }
    const prev = levels[i - 1];
    if (prev) {
      if (lv.bits < prev.bits) p.push(`${where}: easier (${lv.bits} bits) than level ${i} (${prev.bits})`);
      if (lv.dots.length < prev.dots.length)
        p.push(`${where}: fewer dots (${lv.dots.length}) than level ${i} (${prev.dots.length})`);
    }
  });
  // Levels whose dots are not even well formed are left out of the pair check (already named).
  const formed = (l: CarillonLevel): boolean =>
    Array.isArray(l.dots) &&
    l.dots.every(
      (d) =>
        typeof d === 'object' &&
        d !== null &&
        d.size in SIZES &&
        Number.isFinite(d.x) &&
        Number.isFinite(d.y),
    );
  if (opts.pairs !== false) {
    for (let i = 0; i < levels.length; i++)
      for (let j = i + 1; j < levels.length; j++) {
        if (!formed(levels[i]!) || !formed(levels[j]!)) continue;
        const rule = carillonNearDuplicate(levels[i]!.dots, levels[j]!.dots);
        if (rule) p.push(`levels ${i + 1} and ${j + 1}: near-duplicates, ${rule}`);
      }
  }
  return p;
}

/** Figures for a report: largest jump in bits between neighbours, hardest, level 30. */
export function carillonFigures(pack: { levels: CarillonLevel[] }): {
  hardest: number;
  largestJump: number;
  level30: number | undefined;
} {
  const bits = pack.levels.map((l) => l.bits);
  let largestJump = 0;
  for (let i = 1; i < bits.length; i++) largestJump = Math.max(largestJump, bits[i]! - bits[i - 1]!);
  return { hardest: Math.max(...bits), largestJump, level30: bits[29] };
}
