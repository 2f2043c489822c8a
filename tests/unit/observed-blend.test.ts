/** The blend of players' observed difficulty into the model's (src-shared/ordering/observed-blend.ts). */
import { describe, expect, it } from 'vitest';
import { blendObserved, packObservedBlend } from '../../src-shared/ordering/observed-blend';

const c = (candidateId: number, model: number, testers: number, observed: number | null) => ({
  candidateId,
  model,
  testers,
  observed,
});

describe('blendObserved', () => {
  it('puts the observed figure on the model scale by rank and moves by testers / (testers + N)', () => {
    // Players found 2 the hardest and 3 the easiest: by rank 3 takes 4, 1 takes 6, 2 takes 8.
    const out = blendObserved([c(1, 4, 3, 2.0), c(2, 6, 3, 3.5), c(3, 8, 3, 1.0)], 3);
    expect(out.map((f) => [f.candidateId, f.mapped, f.weight, f.blended])).toEqual([
      [1, 6, 0.5, 5],
      [2, 8, 0.5, 7],
      [3, 4, 0.5, 6],
    ]);
  });

  it('more testers weigh more; fewer than N keep the model figure and are not listed', () => {
    const out = blendObserved([c(1, 2, 9, 5), c(2, 10, 1, 1), c(3, 6, 3, 1)], 3);
    expect(out.map((f) => f.candidateId)).toEqual([1, 3]);
    // Group {1: model 2, obs 5; 3: model 6, obs 1}: 3 maps to 2, 1 maps to 6.
    const one = out.find((f) => f.candidateId === 1)!;
    expect(one.weight).toBe(0.75);
    expect(one.blended).toBeCloseTo(0.25 * 2 + 0.75 * 6, 6);
    const three = out.find((f) => f.candidateId === 3)!;
    expect(three.blended).toBeCloseTo(0.5 * 6 + 0.5 * 2, 6);
  });

  it('ties in observed share the mean of their places', () => {
    const out = blendObserved([c(1, 1.5, 2, 3), c(2, 2.5, 2, 3), c(3, 4.5, 2, 9)], 2);
    expect(out.map((f) => f.mapped)).toEqual([2, 2, 4.5]);
  });

  it('whole-number figures (a game that orders on whole steps) stay whole', () => {
    const out = blendObserved([c(1, 4, 4, 9), c(2, 7, 4, 1)], 2);
    for (const f of out) expect(Number.isInteger(f.blended)).toBe(true);
    // 1: (1/3)·4 + (2/3)·7 = 6; 2: (1/3)·7 + (2/3)·4 = 5.
    expect(out.map((f) => f.blended)).toEqual([6, 5]);
  });

  it('agreeing players change nothing; fewer than two at the threshold blend nothing', () => {
    const agree = blendObserved([c(1, 1, 5, 0.1), c(2, 2, 5, 0.2), c(3, 3, 5, 0.3)], 2);
    expect(agree.map((f) => f.blended)).toEqual([1, 2, 3]);
    expect(blendObserved([c(1, 1, 5, 0.1), c(2, 2, 1, 0.2)], 2)).toEqual([]);
    expect(blendObserved([c(1, 1, 5, null), c(2, 2, 5, 0.2)], 2)).toEqual([]);
  });

  it('refuses a threshold that is not a whole number of 1 or more', () => {
    expect(() => blendObserved([], 0)).toThrow(/whole number of 1 or more/);
    expect(() => blendObserved([], 1.5)).toThrow(/not 1.5/);
  });

  it("the pack's record lists the shipped levels that were blended", () => {
    const blend = { minTesters: 2, figures: blendObserved([c(10, 1, 2, 5), c(11, 3, 2, 1)], 2) };
    const rec = packObservedBlend(blend, [
      { level: 1, candidateId: 11 },
      { level: 2, candidateId: 99 },
      { level: 3, candidateId: 10 },
      { level: 4, candidateId: null },
    ]);
    expect(rec).toEqual({
      minTesters: 2,
      weight: 'testers / (testers + minTesters)',
      candidates: 2,
      levels: [
        { level: 1, model: 3, observed: 1, testers: 2, blended: 2 },
        { level: 3, model: 1, observed: 5, testers: 2, blended: 2 },
      ],
    });
  });
});
