import { describe, expect, it } from 'vitest';
import type { PoolCandidate } from '../../../src-shared/game';
import {
  carillonGame,
  duplicatePairs,
  plannedDots,
  slotParams,
  stretchOf,
  type CarillonLevel,
} from '../../../src-shared/games/carillon/index';
import { stepStats } from '../../../src-shared/ordering/curve';
import { rules, shipSubset } from './fixtures';

describe('ordering', () => {
  const { plan, pools, ordering, shipped } = shipSubset(30);
  const levels = shipped as CarillonLevel[];
  const bits = levels.map((l) => l.bits);

  it('fills every level with no problems, from the right stretch', () => {
    expect(ordering.problems).toEqual([]);
    expect(levels.every((l) => l !== null)).toBe(true);
    levels.forEach((l, i) => {
      const sp = slotParams(plan, i);
      expect(l.taps).toBe(sp.taps);
      expect(l.tutorial).toBe(sp.tutorial);
      const id = ordering.levels[i]!;
      const slot = Number(id.split(':')[0]);
      expect(stretchOf(plan, slot + 1)).toBe(sp.stretch);
    });
    expect(new Set(ordering.levels).size).toBe(30);
  });

  it('never easier than the level before, never fewer dots, never above the planned dots', () => {
    for (let i = 1; i < levels.length; i++) {
      expect(bits[i]!).toBeGreaterThanOrEqual(bits[i - 1]!);
      expect(levels[i]!.dots.length).toBeGreaterThanOrEqual(levels[i - 1]!.dots.length);
    }
    levels.forEach((l, i) =>
      expect(l.dots.length).toBeLessThanOrEqual(plannedDots(stretchOf(plan, i + 1)!, i + 1)),
    );
  });

  const straightLines = (t: number[], startOf: (s: (typeof plan)[number]) => number): void => {
    for (const s of plan) {
      const steps: number[] = [];
      for (let L = s.from + 1; L <= s.to; L++) steps.push(t[L - 1]! - t[L - 2]!);
      for (const d of steps) {
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeCloseTo(steps[0]!, 9);
      }
      if (s.from > 1) expect(t[s.from - 1]).toBeCloseTo(startOf(s), 9);
    }
  };

  it('path targets rise in a straight line per stretch; each stretch starts just above where the last one ended', () => {
    const t = ordering.targets as number[];
    expect(t[0]).toBe(Math.min(...pools[0]!.map((c) => c.level.bits)));
    expect(bits[0]).toBe(t[0]);
    straightLines(t, (s) => t[s.from - 2]! + rules.orderStartStep);
    // The hard tutorial: level 9's target is 1.5 bits and the level lands near it.
    expect(t[8]).toBe(1.5);
    expect(Math.abs(bits[8]! - 1.5)).toBeLessThan(0.6);
  });

  it("greedy (the spec's fill): targets rise per stretch from just above the last level", () => {
    const greedy = carillonGame.order({ rules: { ...rules, orderMethod: 'greedy' }, plan, pools });
    expect(greedy.problems).toEqual([]);
    const byId = new Map(pools.flat().map((c) => [c.id, c.level.bits]));
    const gb = greedy.levels.map((id) => byId.get(id!)!);
    const t = greedy.targets as number[];
    expect(gb[0]).toBe(t[0]);
    straightLines(t, (s) => gb[s.from - 2]! + rules.orderStartStep);
    expect(t[8]).toBe(1.5);
    expect(Math.abs(gb[8]! - 1.5)).toBeLessThan(0.4);
    // The path's largest jump is never above the greedy fill's on the same pools.
    expect(stepStats(bits).largestStep).toBeLessThanOrEqual(stepStats(gb).largestStep + 1e-9);
  });

  it('keeps every jump between neighbours within the published game’s 0.57 bits, the tutorial seam included', () => {
    const jumps = bits
      .slice(1)
      .map((b, i) => ({ level: i + 2, jump: Math.round((b - bits[i]!) * 1e4) / 1e4 }));
    expect(jumps.filter((j) => j.jump > 0.57)).toEqual([]);
    // The seam into the first non-tutorial level is what the easy first level is for.
    expect(bits[9]! - bits[8]!).toBeLessThanOrEqual(0.57);
  });

  it('ships no near-duplicate pair', () => {
    expect(duplicatePairs(levels, rules)).toEqual([]);
  });

  it('skips a candidate that is a near-duplicate of a chosen level and reports a short level', () => {
    const a = levels[2]!;
    const mirror: CarillonLevel = { ...a, dots: a.dots.map((d) => ({ ...d, x: 640 - d.x })) };
    const tinyPlan = [
      { from: 1, to: 2, taps: a.taps, minDots: a.dots.length, maxDots: a.dots.length, tutorial: a.tutorial },
    ];
    const cand = (id: string, slot: number, level: CarillonLevel): PoolCandidate<CarillonLevel> => ({
      id,
      slot,
      index: 0,
      level,
      metrics: { bits: level.bits },
    });
    const r = carillonGame.order({
      rules,
      plan: tinyPlan,
      pools: [[cand('a', 0, a)], [cand('m', 1, mirror)]],
    });
    expect(r.levels).toEqual(['a', null]);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.level).toBe(2);
    expect(r.problems[0]!.message).toMatch(/level 2 is short.*near-duplicate/);
  });

  it('looks ahead: never takes a nearer candidate that would leave a later level short', () => {
    // Four distinct one-tap candidates with the same dot count; difficulties set by hand.
    const pick: CarillonLevel[] = [];
    for (const c of pools.slice(0, 3).flat()) {
      if (pick.length === 4) break;
      if (c.level.dots.length !== pools[1]![0]!.level.dots.length) continue;
      if (pick.every((p) => carillonGame.nearDuplicate(p, c.level, rules) === null)) pick.push(c.level);
    }
    expect(pick).toHaveLength(4);
    const n = pick[0]!.dots.length;
    const cand = (
      id: string,
      slot: number,
      level: CarillonLevel,
      bits: number,
    ): PoolCandidate<CarillonLevel> => ({ id, slot, index: 0, level, metrics: { bits } });
    const tinyPlan = [
      { from: 1, to: 1, taps: 1, minDots: n, maxDots: n, tutorial: true },
      { from: 2, to: 3, taps: 1, minDots: n, maxDots: n, tutorial: true, endBits: 1.1 },
    ];
    const r = carillonGame.order({
      rules: { ...rules, orderStartStep: 0.1 },
      plan: tinyPlan,
      pools: [
        [cand('P', 0, pick[0]!, 1.0)],
        [cand('D', 1, pick[1]!, 1.1), cand('Y', 1, pick[2]!, 1.0)],
        [cand('Z', 2, pick[3]!, 1.05)],
      ],
    });
    // Level 2's target is 1.1: D is nearest but leaves level 3 nothing at least as hard; Z is the nearest that finishes.
    expect(r.problems).toEqual([]);
    expect(r.levels).toEqual(['P', 'Z', 'D']);
  });

  it('is deterministic and independent of the order candidates arrive in a pool', () => {
    const shuffled = pools.map((p) => p.slice().reverse());
    const again = carillonGame.order({ rules, plan, pools: shuffled });
    expect(again.levels).toEqual(ordering.levels);
  });
});
