/**
 * Conflicts of a steered ordering (src-shared/ordering/steering.ts), at their boundaries: two
 * fixed levels whose rise is just past what the steps between them may climb, a fall, a forced
 * run of equal levels one longer than allowed; and the input conflicts (a level out of range, an
 * unknown or excluded candidate, two candidates on one level, one candidate on two levels).
 * Each conflict names its levels and rule, and stores nothing (no result).
 */
import { describe, expect, it } from 'vitest';
import type { OrderingResult, PoolCandidate } from '../../src-shared/game';
import { EPS, type CurveRules } from '../../src-shared/ordering/curve-rules';
import {
  fixedLevels,
  noSteering,
  restrictPools,
  ruleConflicts,
  steerOrdering,
  type SteeringInput,
} from '../../src-shared/ordering/steering';

const rules = (maxStep: number | null, maxEqualRun: number | null): CurveRules => ({ maxStep, maxEqualRun });
const fixedAt = (...pairs: [number, number][]) => new Map(pairs);

describe('ruleConflicts: a rise between two fixed levels', () => {
  it('is a step conflict just past maxStep times the steps between them, and fine at the limit', () => {
    // Levels 2 and 5 are 3 steps apart: with maxStep 1 they may rise by 3, not by 3.001.
    expect(ruleConflicts(fixedAt([2, 1], [5, 4]), rules(1, null))).toEqual([]);
    const c = ruleConflicts(fixedAt([2, 1], [5, 4.001]), rules(1, null));
    expect(c).toHaveLength(1);
    expect(c[0]!.levels).toEqual([2, 5]);
    expect(c[0]!.rule).toBe('step');
    expect(c[0]!.message).toBe(
      'levels 2 (1) and 5 (4.001) are 3 steps apart: rising 3.001 needs a step over the allowed 1',
    );
  });

  it('on neighbouring levels the limit is maxStep itself, and the message says "1 step"', () => {
    expect(ruleConflicts(fixedAt([3, 0.5], [4, 0.75]), rules(0.25, null))).toEqual([]);
    const c = ruleConflicts(fixedAt([3, 0.5], [4, 0.76]), rules(0.25, null));
    expect(c.map((x) => [x.rule, x.levels])).toEqual([['step', [3, 4]]]);
    expect(c[0]!.message).toBe(
      'levels 3 (0.5) and 4 (0.76) are 1 step apart: rising 0.26 needs a step over the allowed 0.25',
    );
  });

  it('with no step limit any rise is fine', () => {
    expect(ruleConflicts(fixedAt([1, 0], [2, 100]), rules(null, null))).toEqual([]);
  });

  it('compares each fixed level with the one before it in level order, whatever order they were given in', () => {
    // Levels 1, 5, 9: 1 to 5 rises 1 (within 4 steps of 0.5), 5 to 9 rises 2.5 (past 2).
    const c = ruleConflicts(fixedAt([9, 3.5], [1, 0], [5, 1]), rules(0.5, null));
    expect(c.map((x) => [x.rule, x.levels])).toEqual([['step', [5, 9]]]);
  });
});

describe('ruleConflicts: difficulty that would fall', () => {
  it('is a fell conflict naming the harder level first, and fine when equal', () => {
    expect(ruleConflicts(fixedAt([1, 2], [3, 2]), rules(null, null))).toEqual([]);
    const c = ruleConflicts(fixedAt([1, 2], [3, 1.5]), rules(null, null));
    expect(c).toEqual([
      {
        levels: [1, 3],
        rule: 'fell',
        message:
          'level 1 (difficulty 2) is harder than level 3 (1.5) fixed after it: difficulty would fall by 0.5',
      },
    ]);
  });

  it('a fall is reported as a fall even when a step limit is set', () => {
    const c = ruleConflicts(fixedAt([1, 2], [2, 1]), rules(0.1, 1));
    expect(c.map((x) => x.rule)).toEqual(['fell']);
  });
});

describe('ruleConflicts: a forced run of equal levels', () => {
  it('is an equal-run conflict when the levels from a to b outnumber maxEqualRun, fine at it', () => {
    // Levels 2..4 are 3 levels: allowed with maxEqualRun 3, not with 2.
    expect(ruleConflicts(fixedAt([2, 1], [4, 1]), rules(null, 3))).toEqual([]);
    const c = ruleConflicts(fixedAt([2, 1], [4, 1]), rules(null, 2));
    expect(c).toEqual([
      {
        levels: [2, 4],
        rule: 'equal-run',
        message:
          'levels 2 and 4 are fixed at the same difficulty 1, so the 3 levels from 2 to 4 would be equal (at most 2 in a row)',
      },
    ]);
  });

  it('different difficulties make no equal run, and no run limit allows any', () => {
    expect(ruleConflicts(fixedAt([2, 1], [4, 1.5]), rules(null, 1))).toEqual([]);
    expect(ruleConflicts(fixedAt([2, 1], [9, 1]), rules(null, null))).toEqual([]);
  });
});

describe('ruleConflicts: exactly at the tolerance (EPS)', () => {
  it('a fall of exactly EPS, or a rise of exactly the limit plus EPS, is no conflict', () => {
    expect(ruleConflicts(fixedAt([1, 1], [2, 1 - EPS]), rules(null, null))).toEqual([]);
    expect(ruleConflicts(fixedAt([1, 0], [2, 1 + EPS]), rules(1, null))).toEqual([]);
  });

  it('two fixed levels exactly EPS apart are equal, so they can force a run', () => {
    const c = ruleConflicts(fixedAt([1, 0], [3, EPS]), rules(null, 2));
    expect(c.map((x) => [x.rule, x.levels])).toEqual([['equal-run', [1, 3]]]);
  });
});

describe('fixedLevels', () => {
  const known = new Set(['a', 'b', 'c']);
  const s = (p: Partial<SteeringInput>): SteeringInput => ({ pins: [], locks: [], excluded: [], ...p });

  it('maps each level to its pinned or locked candidate when all is well', () => {
    const r = fixedLevels(s({ pins: [{ level: 1, id: 'a' }], locks: [{ level: 3, id: 'b' }] }), 3, known);
    expect(r.conflicts).toEqual([]);
    expect([...r.fixed]).toEqual([
      [1, 'a'],
      [3, 'b'],
    ]);
  });

  it('a level outside 1..levelCount, or not whole, is a range conflict naming the run’s levels', () => {
    for (const level of [0, 4, 1.5]) {
      const r = fixedLevels(s({ pins: [{ level, id: 'a' }] }), 3, known);
      expect(r.fixed.size).toBe(0);
      expect(r.conflicts).toEqual([
        { levels: [level], rule: 'range', message: `level ${level} is not a level of this run (1–3)` },
      ]);
    }
    // The first and the last level are levels of the run.
    expect(
      fixedLevels(
        s({
          pins: [
            { level: 1, id: 'a' },
            { level: 3, id: 'b' },
          ],
        }),
        3,
        known,
      ).conflicts,
    ).toEqual([]);
  });

  it('an unknown candidate is refused', () => {
    const r = fixedLevels(s({ locks: [{ level: 2, id: 'zz' }] }), 3, known);
    expect(r.fixed.size).toBe(0);
    expect(r.conflicts.map((c) => [c.rule, c.levels])).toEqual([['unknown', [2]]]);
    expect(r.conflicts[0]!.message).toBe(
      'the candidate pinned to level 2 is not one the ordering may ship (not proven, or not approved)',
    );
  });

  it('a pinned candidate that is also excluded is a conflict', () => {
    const r = fixedLevels(s({ pins: [{ level: 2, id: 'a' }], excluded: ['a'] }), 3, known);
    expect(r.conflicts).toEqual([
      { levels: [2], rule: 'excluded', message: 'level 2 is pinned to a candidate that is also excluded' },
    ]);
  });

  it('two candidates on one level clash; the same pin given twice does not', () => {
    const r = fixedLevels(s({ pins: [{ level: 2, id: 'a' }], locks: [{ level: 2, id: 'b' }] }), 3, known);
    expect(r.conflicts).toEqual([
      { levels: [2], rule: 'clash', message: 'level 2 is pinned or locked to two different candidates' },
    ]);
    expect([...r.fixed]).toEqual([[2, 'a']]);
    const same = fixedLevels(s({ pins: [{ level: 2, id: 'a' }], locks: [{ level: 2, id: 'a' }] }), 3, known);
    expect(same.conflicts).toEqual([]);
    expect([...same.fixed]).toEqual([[2, 'a']]);
  });

  it('one candidate on two levels is a conflict naming both, lower first', () => {
    const r = fixedLevels(s({ pins: [{ level: 3, id: 'a' }], locks: [{ level: 1, id: 'a' }] }), 3, known);
    expect(r.conflicts).toEqual([
      { levels: [1, 3], rule: 'twice', message: 'one candidate is pinned to both level 1 and level 3' },
    ]);
    expect([...r.fixed]).toEqual([[3, 'a']]);
  });
});

describe('noSteering and restrictPools', () => {
  it('noSteering is true only when nothing is pinned, locked or excluded', () => {
    expect(noSteering({ pins: [], locks: [], excluded: [] })).toBe(true);
    expect(noSteering({ pins: [{ level: 1, id: 'a' }], locks: [], excluded: [] })).toBe(false);
    expect(noSteering({ pins: [], locks: [{ level: 1, id: 'a' }], excluded: [] })).toBe(false);
    expect(noSteering({ pins: [], locks: [], excluded: ['a'] })).toBe(false);
  });

  it('restrictPools takes out the excluded and the fixed candidates, and nothing else', () => {
    const c = (id: string): PoolCandidate<null> => ({ id, slot: 0, index: 0, level: null, metrics: {} });
    const pools = [
      [c('a'), c('b')],
      [c('c'), c('d')],
    ];
    const got = restrictPools(pools, { pins: [], locks: [], excluded: ['b'] }, new Map([[2, 'c']]));
    expect(got.map((p) => p.map((x) => x.id))).toEqual([['a'], ['d']]);
  });
});

describe('steerOrdering reports a rule conflict and no order', () => {
  type C = PoolCandidate<{ d: number }>;
  const cand = (slot: number, d: number): C => ({
    id: `c${slot}`,
    slot,
    index: 0,
    level: { d },
    metrics: { d },
  });
  const pools = [[cand(0, 0)], [cand(1, 1)], [cand(2, 2.001)]];
  const order = (p: C[][]): OrderingResult => ({
    levels: p.map((x) => x[0]?.id ?? null),
    targets: p.map((_, i) => i),
    problems: [],
  });
  const steer = (pins: { level: number; id: string }[]) =>
    steerOrdering({
      pools,
      levelCount: 3,
      steering: { pins, locks: [], excluded: [] },
      rules: { maxStep: 1, maxEqualRun: null },
      difficulty: (x) => x.level.d,
      order,
    });

  it('pins at levels 1 and 3 rising 2.001 over two steps of at most 1 conflict', async () => {
    const r = await steer([
      { level: 1, id: 'c0' },
      { level: 3, id: 'c2' },
    ]);
    expect(r.result).toBeNull();
    expect(r.conflicts.map((c) => [c.rule, c.levels])).toEqual([['step', [1, 3]]]);
  });

  it('input conflicts come first: a level out of range is reported and the rules are not checked', async () => {
    const r = await steer([
      { level: 1, id: 'c0' },
      { level: 3, id: 'c2' },
      { level: 7, id: 'c1' },
    ]);
    expect(r.result).toBeNull();
    expect(r.conflicts.map((c) => c.rule)).toEqual(['range']);
  });

  it('pins within reach give an order holding them', async () => {
    const r = await steer([
      { level: 1, id: 'c0' },
      { level: 2, id: 'c1' },
    ]);
    expect(r.conflicts).toEqual([]);
    expect(r.result!.levels).toEqual(['c0', 'c1', 'c2']);
  });
});
