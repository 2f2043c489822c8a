/**
 * The near-duplicate test's shortcuts (transformed positions worked out once per level, a
 * partner count that stops once a transform cannot win, a one-look occupancy grid, the graph
 * invariant only when vertex and arrow counts agree) change no verdict: every result equals a
 * plain reference written from the rules' own words, every dot against every dot, on random
 * pairs of levels built to sit near the thresholds (copies under a transform, jittered, with dots
 * dropped, added and resized, dots on the field's edges), for pairing distances below one grid cell,
 * at the default and large.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findIsomorphism } from '../../../src-shared/graph/isomorphism';
import {
  bestPicture,
  buildField,
  dupSignature,
  nearDuplicate,
  reachGraph,
  transformPoint,
  TRANSFORMS,
  winningTaps,
  type CarillonRules,
  type Dot,
  type DotSize,
} from './nd-helpers';
import { rules as defaults } from './fixtures';

const SIZES: DotSize[] = ['small', 'normal', 'big'];

/** Largest matching of a bipartite graph given as adjacency lists (Kuhn), its size only. */
function matchingSize(adj: number[][], nb: number): number {
  const matchB = new Array<number>(nb).fill(-1);
  const aug = (i: number, seen: Set<number>): boolean => {
    for (const j of adj[i]!) {
      if (seen.has(j)) continue;
      seen.add(j);
      if (matchB[j] === -1 || aug(matchB[j]!, seen)) {
        matchB[j] = i;
        return true;
      }
    }
    return false;
  };
  let n = 0;
  for (let i = 0; i < adj.length; i++) if (aug(i, new Set())) n++;
  return n;
}

/** For each dot of a: the dots of b of its size within the distance under t (chain starts only: both ends starts). */
function plainPartners(
  a: readonly Dot[],
  b: readonly Dot[],
  t: (typeof TRANSFORMS)[number],
  r: CarillonRules,
  starts?: [Set<number>, Set<number>],
): number[][] {
  return a.map((d, i) => {
    if (starts && !starts[0].has(i)) return [];
    const [x, y] = transformPoint(t, d.x, d.y, r.width, r.height);
    return b.flatMap((e, j) =>
      e.size === d.size &&
      (!starts || starts[1].has(j)) &&
      (e.x - x) ** 2 + (e.y - y) ** 2 <= r.duplicateDistance ** 2
        ? [j]
        : [],
    );
  });
}

/** The most dots that pair under one transform, and the first transform pairing that many (null: none pair). */
function plainPicture(
  a: readonly Dot[],
  b: readonly Dot[],
  r: CarillonRules,
): { pairs: number; transform: string | null } {
  let transform: string | null = null,
    pairs = 0;
  for (const t of TRANSFORMS) {
    const m = matchingSize(plainPartners(a, b, t, r), b.length);
    if (m > pairs) {
      pairs = m;
      transform = t;
    }
  }
  return { pairs, transform };
}

/** The rules' own words, the slow way: { rule, transform, share } or null. */
function plainNearDuplicate(
  a: readonly Dot[],
  b: readonly Dot[],
  r: CarillonRules,
): { rule: string; transform: string; share: number } | null {
  const big = Math.max(a.length, b.length);
  const { pairs: bestN, transform: bestT } = plainPicture(a, b, r);
  if (bestN > Math.floor(r.pictureShare * big))
    return { rule: 'same-picture', transform: bestT!, share: bestN / big };
  const fa = buildField(a, r),
    fb = buildField(b, r);
  const sa = winningTaps(fa),
    sb = winningTaps(fb);
  const sizesOf = (dots: readonly Dot[], s: number[]): string =>
    SIZES.map((z) => s.filter((v) => dots[v]!.size === z).length).join(',');
  if (sa.length === sb.length && sa.length > 0 && sizesOf(a, sa) === sizesOf(b, sb)) {
    const need = Math.max(1, Math.ceil(r.answerShare * big - 1e-9));
    let best: { rule: string; transform: string; share: number } | null = null;
    for (const t of TRANSFORMS) {
      if (matchingSize(plainPartners(a, b, t, r, [new Set(sa), new Set(sb)]), b.length) !== sa.length)
        continue;
      const m = matchingSize(plainPartners(a, b, t, r), b.length);
      if (m >= need && (!best || m / big > best.share))
        best = { rule: 'same-answer', transform: t, share: m / big };
    }
    if (best) return best;
  }
  if (findIsomorphism(reachGraph(fa), reachGraph(fb)))
    return { rule: 'same-chains', transform: 'graph', share: big ? bestN / big : 0 };
  return null;
}

const size = fc.constantFrom(...SIZES);
/** Dots on the 640 × 960 field, edges included (a turned picture's dots land off it, and are compared there). */
const dotArb = fc.record({
  x: fc.noBias(fc.double({ min: 0, max: 640, noNaN: true })),
  y: fc.noBias(fc.double({ min: 0, max: 960, noNaN: true })),
  size,
  color: fc.constant(0),
});
/** Dots in the central 320 × 320 square, close enough to reach each other (few chain starts). */
const closeDotArb = fc.record({
  x: fc.noBias(fc.double({ min: 160, max: 480, noNaN: true })),
  y: fc.noBias(fc.double({ min: 320, max: 640, noNaN: true })),
  size,
  color: fc.constant(0),
});
const onField = (d: Dot): boolean => d.x >= 0 && d.x <= defaults.width && d.y >= 0 && d.y <= defaults.height;

/**
 * A level and a second one made from it: moved under a transform, then per dot kept, nudged
 * (under the default distance), moved just past it or dropped — in half the pairs every chain
 * start is kept in place (half the dots moved away then makes a same-answer pair) — some
 * resized; a few added.
 */
const N = 14;
const pairArb = fc
  .record({
    a: fc.oneof(
      fc.array(dotArb, { minLength: 0, maxLength: N }),
      fc.array(closeDotArb, { minLength: 2, maxLength: N }),
    ),
    t: fc.constantFrom(...TRANSFORMS),
    move: fc.array(
      fc.tuple(
        fc.constantFrom(0, 8, 30, 30, -1),
        fc.noBias(fc.double({ min: 0, max: 2 * Math.PI, noNaN: true })),
      ),
      { minLength: N, maxLength: N },
    ),
    resize: fc.array(fc.oneof({ arbitrary: fc.constant(null), weight: 6 }, { arbitrary: size, weight: 1 }), {
      minLength: N,
      maxLength: N,
    }),
    extra: fc.array(dotArb, { maxLength: 4 }),
    distance: fc.constantFrom(0.5, 24, 24, 45),
    keepStarts: fc.boolean(),
  })
  .map(({ a, t, move, resize, extra, distance, keepStarts }) => {
    const b: Dot[] = [];
    const starts = new Set(keepStarts ? winningTaps(buildField(a, defaults)) : []);
    a.forEach((d, i) => {
      const [by, angle] = starts.has(i) ? [0, 0] : move[i]!;
      if (by < 0) return;
      const [x, y] = transformPoint(t, d.x, d.y, defaults.width, defaults.height);
      b.push({
        x: x + by * Math.cos(angle),
        y: y + by * Math.sin(angle),
        size: resize[i] ?? d.size,
        color: 0,
      });
    });
    return { a, b: [...b.filter(onField), ...extra], distance };
  });

describe('the near-duplicate test equals the rules read the slow way', () => {
  it('on random pairs near the thresholds (fixed seed)', () => {
    const byDistance = new Map<number, CarillonRules>();
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(pairArb, ({ a, b, distance }) => {
        const r = byDistance.get(distance) ?? { ...defaults, duplicateDistance: distance };
        byDistance.set(distance, r);
        const got = nearDuplicate({ dots: a }, { dots: b }, r);
        const want = plainNearDuplicate(a, b, r);
        expect(got && { rule: got.rule, transform: got.transform, share: got.share }).toEqual(want);
        // The picture search itself: the most pairs, under the first transform that makes them.
        const pic = bestPicture(dupSignature(a, r), dupSignature(b, r), r);
        const plain = plainPicture(a, b, r);
        expect({ pairs: pic?.pairs.length ?? 0, transform: pic?.transform ?? null }).toEqual(plain);
        seen.set(want?.rule ?? 'none', (seen.get(want?.rule ?? 'none') ?? 0) + 1);
      }),
      { seed: 16016, numRuns: 800 },
    );
    // The pairs reach every verdict, so each shortcut was on the path of some of them.
    expect([...seen.keys()].sort()).toEqual(['none', 'same-answer', 'same-chains', 'same-picture']);
    expect(seen.get('same-picture')).toBeGreaterThan(50);
  });

  it('the answer in the same place under each transform, with dots moved just past the distance', () => {
    // Starts (the big dot) pair; two of four dots pair: a half, not more than half (not the same picture).
    const a: Dot[] = [
      { x: 250, y: 350, size: 'big', color: 0 },
      { x: 400, y: 350, size: 'normal', color: 0 },
      { x: 250, y: 500, size: 'normal', color: 0 },
      { x: 400, y: 500, size: 'small', color: 0 },
    ];
    const b0: Dot[] = [a[0]!, a[1]!, { ...a[2]!, y: 600 }, { ...a[3]!, x: 480, y: 350 }];
    for (const t of TRANSFORMS) {
      const b = b0.map((d) => {
        const [x, y] = transformPoint(t, d.x, d.y, defaults.width, defaults.height);
        return { ...d, x, y };
      });
      const want = plainNearDuplicate(a, b, defaults);
      expect(want?.rule, t).toBe('same-answer');
      const got = nearDuplicate({ dots: a }, { dots: b }, defaults);
      expect(got && { rule: got.rule, transform: got.transform, share: got.share }, t).toEqual(want);
    }
  });
});
