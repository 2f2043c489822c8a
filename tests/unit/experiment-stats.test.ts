import { describe, expect, it } from 'vitest';
import { boxStats, medianRange, pairedDecision, signTestP } from '../../src-shared/experiments/stats';
import { settingsDiff } from '../../src-shared/experiments/diff';
import { carillonGame } from '../../src-shared/games/carillon/index';
import { apsisGame } from '../../src-shared/games/apsis/index';
import { applyChanges } from '../../src-shared/experiments/changes';

describe('the paired per-seed decision', () => {
  it('is real when every one of 8 seeds moves the same way', () => {
    const d = pairedDecision([1, 2, 3, 4, 5, 6, 7, 8], [2, 3, 4, 5, 6, 7, 8, 9]);
    expect(d).toMatchObject({ real: true, direction: 'higher', higher: 8, lower: 0, ties: 0 });
    expect(d.p).toBeCloseTo(2 / 256, 10);
    expect(d.why).toBe('higher on 8 of 8 seeds (sign test p = 0.008 ≤ 0.05)');
  });

  it('is not real when one of 8 seeds disagrees, however large the others', () => {
    const d = pairedDecision([1, 1, 1, 1, 1, 1, 1, 1], [9, 9, 9, 9, 9, 9, 9, 0]);
    expect(d.real).toBe(false);
    expect(d.direction).toBe('higher');
    expect(d.p).toBeCloseTo(18 / 256, 10);
    expect(d.why).toMatch(/higher on 7 of 8 seeds \(1 the other way\)/);
  });

  it('never decides on fewer than 6 seeds; ties do not count for it', () => {
    expect(pairedDecision([1, 1, 1, 1, 1], [2, 2, 2, 2, 2]).real).toBe(false);
    expect(pairedDecision([1, 1, 1, 1, 1, 1], [2, 2, 2, 2, 2, 2]).real).toBe(true);
    const tied = pairedDecision([1, 1, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 2, 2]);
    expect(tied).toMatchObject({ real: false, higher: 2, ties: 6 });
    expect(pairedDecision([3, 3], [3, 3]).why).toBe('the same on all 2 seeds');
  });

  it('leaves out seeds missing a figure on either side', () => {
    const d = pairedDecision([1, Number.NaN, 1, 1, 1, 1, 1], [2, 2, 2, 2, 2, 2, Number.NaN]);
    expect(d.higher + d.lower + d.ties).toBe(5);
    expect(d.real).toBe(false);
  });

  it('sign-test p-values match the binomial distribution', () => {
    expect(signTestP(10, 0)).toBeCloseTo(2 / 1024, 12);
    expect(signTestP(9, 1)).toBeCloseTo(22 / 1024, 12);
    expect(signTestP(2, 2)).toBe(1);
    expect(signTestP(0, 0)).toBe(1);
  });
});

describe('figures over seeds', () => {
  it('box-plot figures with Tukey whiskers', () => {
    const b = boxStats([1, 2, 3, 4, 5, 6, 7, 8, 100])!;
    expect(b).toMatchObject({
      n: 9,
      min: 1,
      q1: 3,
      median: 5,
      q3: 7,
      max: 100,
      whiskerLow: 1,
      whiskerHigh: 8,
    });
    expect(boxStats([])).toBeNull();
  });
  it('median and range leave out unknown figures', () => {
    expect(medianRange([3, Number.NaN, 1, 2])).toEqual({ median: 2, min: 1, max: 3 });
    expect(medianRange([Number.NaN])).toBeNull();
  });
});

describe('settings diff in plain words', () => {
  it('names rules by their labels, plan rows by stretch and levels', () => {
    const b = applyChanges(
      carillonGame,
      { plan: carillonGame.defaultPlan, rules: carillonGame.defaultRules },
      {
        'rules.spacing': 18,
        'rules.sizes.small.radius': 20,
        'plan.3.taps': 4,
        'rules.orderMethod': 'greedy',
      },
    );
    const lines = settingsDiff(
      carillonGame,
      { plan: carillonGame.defaultPlan, rules: carillonGame.defaultRules },
      b,
    );
    expect(lines.map((l) => l.text)).toEqual([
      'Small dot radius: 16 → 20',
      'Dot spacing: 14 → 18',
      'Ordering method: path → greedy',
      'Stretch 4 (levels 22–49), fewest taps: 3 → 4',
    ]);
    expect(lines.map((l) => l.field)).toEqual([
      'rules.sizes.small.radius',
      'rules.spacing',
      'rules.orderMethod',
      'plan.3.taps',
    ]);
  });
  it('says nothing for equal settings; words optional rules and switches', () => {
    const d = { plan: apsisGame.defaultPlan, rules: apsisGame.defaultRules };
    expect(settingsDiff(apsisGame, d, d)).toEqual([]);
    const spec = { ...d, rules: { ...apsisGame.defaultRules, aimDepth: false, orderMaxShare: undefined } };
    expect(settingsDiff(apsisGame, d, spec).map((l) => l.text)).toEqual([
      'Aim at a depth: on → off',
      'Closest shipped share: 0.45 → not set',
    ]);
  });
  it('names rows only one side has', () => {
    const short = carillonGame.truncatePlan(carillonGame.defaultPlan, 9);
    const lines = settingsDiff(
      carillonGame,
      { plan: carillonGame.defaultPlan, rules: carillonGame.defaultRules },
      { plan: short, rules: carillonGame.defaultRules },
    );
    expect(lines.map((l) => l.text)).toEqual([
      'Stretch 3 (levels 10–21): only in A',
      'Stretch 4 (levels 22–49): only in A',
      'Stretch 5 (levels 50–96): only in A',
      'Stretch 6 (levels 97–120): only in A',
    ]);
  });
});
