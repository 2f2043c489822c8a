/**
 * The pure parts of a top-up (issue 23): the targeted stop decided in index order whatever
 * order the answers came in, the levels a designer types, the pack's record, and where the
 * Ordering page offers a top-up.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { OrderingView } from '../../src-shared/api';
import { firstNearSeen, keptThrough, packTopUp, readLevelList } from '../../src-shared/top-up';
import { topUpOffers } from '../../src-renderer/src/topup/topup-offers';
import { draggedLevels } from '../../src-renderer/src/plots/level-drag';

describe('keptThrough', () => {
  it('keeps up to the first near index once every index before it is known', () => {
    const near = new Map([
      [16, false],
      [18, true],
      [19, true],
    ]);
    expect(keptThrough(16, 8, near)).toBeNull(); // 17 not known yet
    near.set(17, false);
    expect(keptThrough(16, 8, near)).toBe(18);
    expect(firstNearSeen(near)).toBe(18);
  });

  it('keeps every index when none is near', () => {
    const near = new Map(Array.from({ length: 4 }, (_, i) => [10 + i, false] as const));
    expect(keptThrough(10, 4, near)).toBe(13);
    expect(firstNearSeen(near)).toBeNull();
  });

  it('gives the same stop whatever order the answers arrive in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 1e6 }),
        (answers, seed) => {
          const from = 5;
          const order = answers
            .map((_, i) => i)
            .sort((a, b) => ((a * 7919 + seed) % 31) - ((b * 7919 + seed) % 31));
          const near = new Map<number, boolean>();
          let decided: number | null = null;
          for (const i of order) {
            near.set(from + i, answers[i]!);
            decided ??= keptThrough(from, answers.length, near);
          }
          const first = answers.indexOf(true);
          const expected = from + (first === -1 ? answers.length - 1 : first);
          expect(keptThrough(from, answers.length, near)).toBe(expected);
          // Once decided, it never changes as more answers come.
          expect(decided).toBe(expected);
        },
      ),
    );
  });
});

describe('readLevelList', () => {
  it('reads ranges and single levels, either dash', () => {
    expect(readLevelList('40-42, 50,51–52')).toEqual({ ok: true, levels: [40, 41, 42, 50, 51, 52] });
  });
  it('names what it cannot read', () => {
    expect(readLevelList('')).toMatchObject({ ok: false, message: 'name at least one level, e.g. 40-45' });
    expect(readLevelList('4, x')).toMatchObject({
      ok: false,
      message: '“x” is not a level or a range like 40-45',
    });
    expect(readLevelList('9-3')).toMatchObject({ ok: false });
    expect(readLevelList('0')).toMatchObject({ ok: false });
  });
});

describe('packTopUp', () => {
  it('records the levels as typed back, the count asked and the candidates made', () => {
    const outcome = {
      made: [
        { level: 3, count: 4, stoppedEarly: true },
        { level: 4, count: 6, stoppedEarly: false },
      ],
      filled: [],
      stillShort: [],
      largestStep: { before: null, after: null },
      closestPair: null,
    };
    expect(packTopUp({ levels: [3, 4], candidates: 6, untilNear: 0.2 }, outcome)).toEqual({
      levels: '3-4',
      candidates: 6,
      untilNear: 0.2,
      made: 10,
    });
    expect(packTopUp({ levels: [7], candidates: 2 }, null)).toEqual({ levels: '7', candidates: 2, made: 0 });
  });
});

function view(
  levels: { d: number | null; t: number | null }[],
  extra: Partial<OrderingView> = {},
): OrderingView {
  return {
    runId: 1,
    kind: 'automatic',
    computedAt: 'now',
    difficulty: 'bits',
    levels: levels.map((l, i) => ({
      level: i + 1,
      candidateId: l.d === null ? null : i + 1,
      slot: i,
      index: 0,
      difficulty: l.d,
      target: l.t,
      step: null,
      metrics: {},
    })),
    problems: [],
    shortLevels: levels.flatMap((l, i) => (l.d === null ? [i + 1] : [])),
    breaks: [],
    curveRules: { maxStep: null, maxEqualRun: null },
    marks: [],
    keptOnPurpose: [],
    observedBlend: null,
    ...extra,
  };
}

describe('topUpOffers', () => {
  it('offers short stretches, rule breaks and stretches far from the target, each once', () => {
    const v = view(
      [
        { d: 0, t: 0 },
        { d: null, t: 1 },
        { d: null, t: 2 },
        { d: 3, t: 3 },
        { d: 2, t: 4 },
        { d: 3, t: 5 },
        { d: 4, t: 6 },
        { d: 5, t: 7 },
        { d: 10, t: 10 },
      ],
      { breaks: [{ rule: 'fell', from: 4, to: 5, by: 1, message: 'fell' }] },
    );
    expect(topUpOffers(v)).toEqual([
      { levels: [2, 3], why: 'short', label: 'Top up levels 2–3…' },
      { levels: [4, 5], why: 'rule break', label: 'Top up levels 4–5…' },
      { levels: [5, 6, 7, 8], why: 'far from the target', label: 'Top up levels 5–8…' },
    ]);
  });

  it('offers the curve’s end when its last levels sit far under the target, however few they are', () => {
    // A 12-level Carillon run (seed 580102325) ended 2.63 bits under a 4.17 target, with no offer.
    const v = view([
      { d: 0, t: 0 },
      { d: 1, t: 1 },
      { d: 1.6, t: 1.6 },
      { d: 2.34, t: 2.88 },
      { d: 2.63, t: 4.17 },
    ]);
    expect(topUpOffers(v)).toEqual([
      { levels: [4, 5], why: 'far from the target', label: 'Top up levels 4–5…' },
    ]);
    // Two far levels in the middle of the curve are still not offered on their own.
    const mid = view([
      { d: 0, t: 0 },
      { d: 0, t: 2 },
      { d: 1, t: 3 },
      { d: 4, t: 4 },
      { d: 5, t: 5 },
    ]);
    expect(topUpOffers(mid)).toEqual([]);
  });

  it('offers nothing for a curve on its target, and nothing without a view', () => {
    expect(
      topUpOffers(
        view([
          { d: 1, t: 1 },
          { d: 2, t: 2 },
          { d: 3, t: 3 },
        ]),
      ),
    ).toEqual([]);
    expect(topUpOffers(null)).toEqual([]);
  });
});

describe('draggedLevels', () => {
  // A plot of 10 levels over 0.4..10.6, 40 px per level from x = 0.
  const invert = (px: number): number => 0.4 + px / 40;
  it('turns a drag across the plot into the levels it spans', () => {
    expect(draggedLevels(64, 184, invert, 10)).toEqual([2, 3, 4, 5]);
    expect(draggedLevels(184, 64, invert, 10)).toEqual([2, 3, 4, 5]);
  });
  it('is a click below the least drag, and keeps to the plan', () => {
    expect(draggedLevels(100, 104, invert, 10)).toBeNull();
    expect(draggedLevels(-100, 1000, invert, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
