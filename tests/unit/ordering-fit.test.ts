/**
 * The Ordering page's data from the shared rules: how a candidate fits a level (the swap
 * list's ranking) and the plans' landmarks on the curve (Game.planMarks).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareFit, fitAt } from '../../src-shared/ordering/fit';
import { curveBreaks } from '../../src-shared/ordering/curve-rules';
import { apsisGame } from '../../src-shared/games/apsis/index';
import { carillonGame } from '../../src-shared/games/carillon/index';

const rules = { maxStep: 3, maxEqualRun: 2 };

describe('fitAt', () => {
  it('names the rule a candidate would break at a level, between which levels, and by how much', () => {
    const diffs = [1, 2, 4, 5, 7];
    const fell = fitAt(diffs, 3, 1.5, 4, rules);
    expect(fell.breaks.map((b) => [b.rule, b.from, b.to])).toEqual([
      ['fell', 2, 3],
      ['step', 3, 4],
    ]);
    expect(fell.breaks[0]!.by).toBeCloseTo(0.5);
    expect(fell.breaks[1]!.by).toBeCloseTo(0.5);
    expect(fell.off).toBeCloseTo(2.5);
    const equal = fitAt([1, 2, 2, 3, 4], 4, 2, null, rules);
    expect(equal.breaks).toHaveLength(1);
    expect(equal.breaks[0]!.rule).toBe('equal-run');
    expect(equal.breaks[0]!.message).toMatch(/3 equal levels in a row \(2–4\)/);
    expect(fitAt(diffs, 3, 4, 4, rules)).toEqual({ breaks: [], off: 0 });
  });

  it('with no target aims at the middle of the neighbours; unfilled neighbours are not compared', () => {
    expect(fitAt([1, null, 5], 2, 2, null, rules).off).toBe(1);
    expect(fitAt([null, null, null], 2, 9, null, rules)).toEqual({ breaks: [], off: 0 });
    expect(() => fitAt([1, 2], 3, 1, null, rules)).toThrow(/level 3 is not a level of this order \(1–2\)/);
  });

  it('its breaks are exactly the curve breaks touching the level (property, fixed seed)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }), { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.integer({ min: 0, max: 9 }),
        (diffs, at, d) => {
          const level = (at % diffs.length) + 1;
          const values = diffs.slice();
          values[level - 1] = d;
          const all = curveBreaks(values, rules).filter((b) => b.from <= level && level <= b.to);
          expect(fitAt(diffs, level, d, null, rules).breaks).toEqual(all);
        },
      ),
    );
  });

  it("refuses a level that is not a whole number from 1 to the order's length", () => {
    for (const level of [0, -1, 1.5, 3])
      expect(() => fitAt([1, 2], level, 1, null, rules)).toThrow(
        `level ${level} is not a level of this order (1–2)`,
      );
    expect(fitAt([1, 2], 1, 1, null, rules).off).toBe(1);
  });

  it('at the first or last level the aim is the one neighbour there is', () => {
    expect(fitAt([1, 3], 2, 2, null, rules).off).toBe(1);
    expect(fitAt([1, 3], 1, 2, null, rules).off).toBe(1);
    expect(fitAt([7], 1, 2, null, rules).off).toBe(0);
  });

  it('fewer breaks rank first even when farther from the aim or larger in total', () => {
    const near = { breaks: [], off: 0.1 };
    const mk = (by: number[], off: number) => ({
      breaks: by.map((b) => ({ rule: 'step' as const, from: 1, to: 2, by: b, message: '' })),
      off,
    });
    expect(compareFit(mk([], 5), mk([0.1], 0))).toBeLessThan(0);
    expect(compareFit(mk([0.1], 0), mk([], 5))).toBeGreaterThan(0);
    // One big break before two small ones.
    expect(compareFit(mk([5], 1), mk([0.5, 0.5], 0))).toBeLessThan(0);
    // Same count: smaller total first, whatever the distance.
    expect(compareFit(mk([0.2], 9), mk([0.5], 0))).toBeLessThan(0);
    expect(compareFit(near, { breaks: [], off: 0.2 })).toBeLessThan(0);
  });

  it('ranks fewer breaks first, then smaller breaks, then nearer the aim', () => {
    const diffs = [1, 2, 3, 4, 5];
    const fits = [9, 3, 2.5, 0, 3.4].map((d) => ({ d, f: fitAt(diffs, 3, d, 3, rules) }));
    fits.sort((a, b) => compareFit(a.f, b.f));
    expect(fits.map((x) => x.d)).toEqual([3, 3.4, 2.5, 0, 9]);
  });
});

describe('Game.planMarks', () => {
  it('Apsis: each stage start with its orbits, where long arrows and diagonals first come', () => {
    const marks = apsisGame.planMarks!(apsisGame.defaultPlan);
    expect(marks.filter((m) => m.kind === 'stage').map((m) => m.level)).toEqual([
      16, 31, 46, 61, 76, 91, 106, 121, 136,
    ]);
    expect(marks.find((m) => m.level === 46 && m.kind === 'stage')?.label).toBe('stage 4 · 5 orbits');
    expect(marks.filter((m) => m.kind === 'mechanic')).toEqual([
      { level: 16, kind: 'mechanic', label: 'long arrows' },
      { level: 31, kind: 'mechanic', label: 'diagonals' },
    ]);
    expect(marks.some((m) => m.kind === 'tutorial-end')).toBe(false);
  });

  it('Carillon: the tutorial end, each stretch start, each new tap count', () => {
    const marks = carillonGame.planMarks!(carillonGame.defaultPlan);
    expect(marks.filter((m) => m.kind === 'tutorial-end')).toEqual([
      { level: 9, kind: 'tutorial-end', label: 'tutorial ends' },
    ]);
    const taps = marks.filter((m) => m.kind === 'mechanic').map((m) => [m.level, m.label]);
    expect(taps).toEqual(
      carillonGame.defaultPlan.flatMap((s, i, all) =>
        i > 0 && s.taps > Math.max(...all.slice(0, i).map((x) => x.taps)) ? [[s.from, `${s.taps} taps`]] : [],
      ),
    );
    expect(taps[0]).toEqual([4, '2 taps']);
    expect(marks.filter((m) => m.kind === 'stage').map((m) => m.level)).toEqual(
      carillonGame.defaultPlan.slice(1).map((s) => s.from),
    );
  });

  it('a plan cut to its tutorial has no tutorial-end mark (nothing follows it)', () => {
    const cut = carillonGame.truncatePlan(carillonGame.defaultPlan, 9);
    expect(carillonGame.planMarks!(cut).some((m) => m.kind === 'tutorial-end')).toBe(false);
  });
});
