/**
 * The shared curve rules (src-shared/ordering/curve-rules.ts) at their boundaries, with the
 * sentences the Ordering page shows; the step statistics and straight-line targets
 * (src-shared/ordering/curve.ts); and fine pairs (src-shared/ordering/fine-pairs.ts).
 */
import { describe, expect, it } from 'vitest';
import { curveBreaks, EPS } from '../../src-shared/ordering/curve-rules';
import { linearTarget, stepStats } from '../../src-shared/ordering/curve';
import { finePairTest } from '../../src-shared/ordering/fine-pairs';

const none = { maxStep: null, maxEqualRun: null };

describe('curveBreaks', () => {
  it('a fall is a break, named with both levels and by how much; a fall within EPS is not', () => {
    expect(curveBreaks([1, 0.5], none)).toEqual([
      {
        rule: 'fell',
        from: 1,
        to: 2,
        by: 0.5,
        message: 'difficulty fell from 1 to 0.5 between levels 1 and 2 (by 0.5)',
      },
    ]);
    expect(curveBreaks([1, 1 - EPS / 2], none)).toEqual([]);
    // A fall of exactly EPS is within it too.
    expect(curveBreaks([1, 1 - EPS], none)).toEqual([]);
    expect(curveBreaks([1, 1], none)).toEqual([]);
  });

  it('a step over maxStep is a break by the excess; a step of exactly maxStep is not', () => {
    const rules = { maxStep: 2, maxEqualRun: null };
    expect(curveBreaks([3, 1, 3.5], rules).filter((b) => b.rule === 'step')).toEqual([
      {
        rule: 'step',
        from: 2,
        to: 3,
        by: 0.5,
        message: 'a step of 2.5 between levels 2 and 3, more than the allowed 2 (by 0.5)',
      },
    ]);
    // A step of exactly maxStep + EPS is within the tolerance.
    expect(curveBreaks([0, 2 + EPS], rules)).toEqual([]);
    expect(curveBreaks([0, 2], rules)).toEqual([]);
    expect(curveBreaks([0, 2 + EPS / 2], rules)).toEqual([]);
    expect(curveBreaks([0, 2.001], rules).map((b) => b.rule)).toEqual(['step']);
    // No limit: any rise.
    expect(curveBreaks([0, 1000], none)).toEqual([]);
  });

  it('a run of equal levels past maxEqualRun is one break over the whole run, by how many too many', () => {
    const rules = { maxStep: null, maxEqualRun: 2 };
    expect(curveBreaks([0, 1, 1, 1, 1, 2], rules)).toEqual([
      {
        rule: 'equal-run',
        from: 2,
        to: 5,
        by: 2,
        message: '4 equal levels in a row (2–5), more than the allowed 2 (by 2)',
      },
    ]);
    // Exactly maxEqualRun equal levels is fine; values within EPS count as equal.
    expect(curveBreaks([1, 1, 2, 2], rules)).toEqual([]);
    expect(curveBreaks([1, 1 + EPS / 2, 1], rules).map((b) => [b.from, b.to, b.by])).toEqual([[1, 3, 1]]);
    // Exactly EPS apart is equal, both for the run and for its extent.
    expect(curveBreaks([0, EPS], { maxStep: null, maxEqualRun: 1 }).map((b) => [b.from, b.to])).toEqual([
      [1, 2],
    ]);
    expect(curveBreaks([0, 0, 0, EPS], rules).map((b) => [b.from, b.to, b.by])).toEqual([[1, 4, 2]]);
    // An unfilled level ends a run of zeros too (null is no difficulty of 0).
    expect(curveBreaks([0, 0, 0, null], rules).map((b) => [b.from, b.to, b.by])).toEqual([[1, 3, 1]]);
    // The run ends at the end of the curve, or at an unfilled level.
    expect(curveBreaks([1, 1, 1], rules).map((b) => [b.from, b.to])).toEqual([[1, 3]]);
    expect(curveBreaks([1, 1, 1, null, 1], rules).map((b) => [b.from, b.to])).toEqual([[1, 3]]);
  });

  it('two runs make two breaks; with maxEqualRun 1 any two equal neighbours break', () => {
    expect(
      curveBreaks([1, 1, 1, 2, 2, 2], { maxStep: null, maxEqualRun: 2 }).map((b) => [b.from, b.to]),
    ).toEqual([
      [1, 3],
      [4, 6],
    ]);
    expect(curveBreaks([1, 2, 2], { maxStep: null, maxEqualRun: 1 })).toEqual([
      {
        rule: 'equal-run',
        from: 2,
        to: 3,
        by: 1,
        message: '2 equal levels in a row (2–3), more than the allowed 1 (by 1)',
      },
    ]);
  });

  it('an unfilled level is not compared with its neighbours, and starts a new run', () => {
    const rules = { maxStep: 1, maxEqualRun: 2 };
    expect(curveBreaks([5, null, 0], rules)).toEqual([]);
    expect(curveBreaks([0, null, 5], rules)).toEqual([]);
    expect(curveBreaks([1, 1, null, 1, 1], rules)).toEqual([]);
    expect(curveBreaks([null, 3], rules)).toEqual([]);
    expect(curveBreaks([], rules)).toEqual([]);
  });

  it('numbers in the sentences are rounded to three decimals', () => {
    const [b] = curveBreaks([1.23456, 1.0001], none);
    expect(b!.message).toBe('difficulty fell from 1.235 to 1 between levels 1 and 2 (by 0.234)');
  });
});

describe('stepStats', () => {
  it('the largest and smallest step, where the largest lands, the longest equal run and the spread', () => {
    // Steps 2, −1, 0, 0, 3: mean 0.8, spread √(10.8 / 5).
    const s = stepStats([1, 3, 2, 2, 2, 5]);
    expect(s.largestStep).toBe(3);
    expect(s.largestStepAt).toBe(6);
    expect(s.smallestStep).toBe(-1);
    expect(s.longestEqualRun).toBe(3);
    expect(s.stepSpread).toBeCloseTo(Math.sqrt(10.8 / 5), 12);
  });

  it('names the first of equal largest steps, and is negative on a falling curve', () => {
    expect(stepStats([0, 1, 2]).largestStepAt).toBe(2);
    const falling = stepStats([3, 1]);
    expect(falling.largestStep).toBe(-2);
    expect(falling.smallestStep).toBe(-2);
    expect(falling.largestStepAt).toBe(2);
    expect(falling.longestEqualRun).toBe(1);
    expect(falling.stepSpread).toBe(0);
  });

  it('on no values or one value every figure is 0, except a single value is a run of 1', () => {
    expect(stepStats([])).toEqual({
      largestStep: 0,
      largestStepAt: 0,
      smallestStep: 0,
      longestEqualRun: 0,
      stepSpread: 0,
    });
    expect(stepStats([5])).toEqual({
      largestStep: 0,
      largestStepAt: 0,
      smallestStep: 0,
      longestEqualRun: 1,
      stepSpread: 0,
    });
  });

  it('counts values within eps as equal', () => {
    expect(stepStats([1, 1.05, 1.1], 0.1).longestEqualRun).toBe(3);
    expect(stepStats([1, 1.05, 1.1]).longestEqualRun).toBe(1);
    expect(stepStats([1, 1 + 1e-10]).longestEqualRun).toBe(2);
    // A step of exactly eps is equal.
    expect(stepStats([0, 1e-9]).longestEqualRun).toBe(2);
  });
});

describe('linearTarget', () => {
  it('runs from `from` at 0 to `to` at n − 1 in equal steps; one level or none is `from`', () => {
    expect([0, 1, 2, 3].map((i) => linearTarget(2, 8, i, 4))).toEqual([2, 4, 6, 8]);
    expect(linearTarget(2, 8, 0, 1)).toBe(2);
    expect(linearTarget(2, 8, 0, 0)).toBe(2);
    expect(linearTarget(5, 1, 1, 3)).toBe(3);
  });
});

describe('finePairTest', () => {
  it('with no pairs nothing is fine', () => {
    expect(finePairTest(undefined)('a', 'b')).toBe(false);
    expect(finePairTest([])('a', 'b')).toBe(false);
  });

  it('a fine pair is fine in either order, and no other pair is', () => {
    const fine = finePairTest([
      ['b', 'a'],
      ['c', 'd'],
    ]);
    expect(fine('a', 'b')).toBe(true);
    expect(fine('b', 'a')).toBe(true);
    expect(fine('d', 'c')).toBe(true);
    expect(fine('a', 'c')).toBe(false);
    expect(fine('a', 'd')).toBe(false);
  });

  it('ids are kept apart: the pair (a, bc) does not make (ab, c) fine', () => {
    const fine = finePairTest([['a', 'bc']]);
    expect(fine('a', 'bc')).toBe(true);
    expect(fine('ab', 'c')).toBe(false);
    expect(fine('c', 'ab')).toBe(false);
  });
});
