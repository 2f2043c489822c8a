/**
 * steerOrdering with the plan's stages (src-shared/ordering/steering.ts): a pinned or locked
 * candidate shifts the game's order along, and the fill keeps every candidate it moves in the
 * stage of its pool's level; the result is as good (fewest shorts, breaks, least largest step)
 * as the exact fill that only checks each level's stage; its breaks are the curve's breaks,
 * its targets the game's, and its largest step null when no two levels are compared.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderingResult, PoolCandidate } from '../../src-shared/game';
import { curveBreaks } from '../../src-shared/ordering/curve-rules';
import { fitAroundFixed, sequenceCost, steerOrdering } from '../../src-shared/ordering/steering';
import { fcRuns } from '../helpers/fast-check';

type C = PoolCandidate<{ d: number }>;
const cand = (slot: number, index: number, d: number): C => ({
  id: `${slot}:${index}`,
  slot,
  index,
  level: { d },
  metrics: { d },
});

/** Stages of 1–3 levels covering levels 1..n. */
function stagesOf(n: number, sizes: number[]): { first: number; last: number }[] {
  const out: { first: number; last: number }[] = [];
  for (let first = 1, s = 0; first <= n; s++) {
    const last = Math.min(n, first + sizes[s % sizes.length]! - 1);
    out.push({ first, last });
    first = last + 1;
  }
  return out;
}

/** A game's order that keeps its stages: each stage's candidates sorted by difficulty, one per level. */
const stagedOrder =
  (stages: { first: number; last: number }[]) =>
  (pools: C[][]): OrderingResult => {
    const levels: (string | null)[] = [];
    for (const s of stages) {
      const sorted = pools
        .slice(s.first - 1, s.last)
        .flat()
        .sort((a, b) => a.level.d - b.level.d || a.slot - b.slot || a.index - b.index);
      for (let l = s.first; l <= s.last; l++) levels.push(sorted[l - s.first]?.id ?? null);
    }
    return { levels, targets: levels.map((_, i) => i * 10), problems: [] };
  };

const instanceArb = fc
  .tuple(
    fc.array(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 0, maxLength: 3 }), {
      minLength: 3,
      maxLength: 6,
    }),
    fc.record({
      maxStep: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      maxEqualRun: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    }),
    fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }),
    fc.array(fc.nat(), { minLength: 2, maxLength: 6 }),
  )
  .map(([rows, rules, sizes, picks]) => {
    const pools = rows.map((ds, slot) => ds.map((d, i) => cand(slot, i, d)));
    const all = pools.flat();
    const stages = stagesOf(pools.length, sizes);
    const stageAt = (level: number) => stages.findIndex((s) => s.first <= level && level <= s.last);
    const pins: { level: number; id: string }[] = [];
    for (let i = 0; i + 1 < picks.length && all.length > 0; i += 2) {
      const c = all[picks[i + 1]! % all.length]!;
      // A pin within its own stage (else the pin alone would carry it out of its stage).
      const inStage = Array.from({ length: pools.length }, (_, l) => l + 1).filter(
        (l) => stageAt(l) === stageAt(c.slot + 1),
      );
      const level = inStage[picks[i]! % inStage.length]!;
      if (pins.some((p) => p.level === level || p.id === c.id)) continue;
      pins.push({ level, id: c.id });
    }
    return { pools, rules, stages, stageAt, pins };
  });

describe('steered ordering with stages', () => {
  it('moves no candidate out of its stage, and is as good as the exact fill by stage', async () => {
    await fc.assert(
      fc.asyncProperty(instanceArb, async ({ pools, rules, stages, stageAt, pins }) => {
        const order = stagedOrder(stages);
        const r = await steerOrdering({
          pools,
          levelCount: pools.length,
          steering: { pins, locks: [], excluded: [] },
          rules,
          difficulty: (c) => c.level.d,
          order,
          stages,
        });
        if (r.conflicts.length > 0) return;
        const levels = r.result!.levels;
        const slotOf = new Map(pools.flat().map((c) => [c.id, c.slot]));
        const dOf = new Map(pools.flat().map((c) => [c.id, c.level.d]));
        levels.forEach((id, i) => {
          if (id !== null) expect(stageAt(slotOf.get(id)! + 1)).toBe(stageAt(i + 1));
        });
        for (const p of pins) expect(levels[p.level - 1]).toBe(p.id);
        // The reference: the exact fill checking only each level's stage (no early stop).
        const fixed = new Map(pins.map((p) => [p.level, p.id]));
        const taken = new Set(pins.map((p) => p.id));
        const rest = order(pools.map((p) => p.filter((c) => !taken.has(c.id)))).levels;
        const mayShip = (level: number, id: string) => stageAt(slotOf.get(id)! + 1) === stageAt(level);
        const ref = fitAroundFixed(rest, fixed, (id) => dOf.get(id)!, rules, undefined, mayShip);
        const diffs = (s: (string | null)[]) => s.map((id) => (id === null ? null : dOf.get(id)!));
        const cost = (s: (string | null)[]) => {
          const c = sequenceCost(diffs(s), rules);
          return [c.shorts, c.breaks, c.largestStep];
        };
        expect(cost(levels)).toEqual(cost(ref));
        expect(r.result!.breaks).toEqual(curveBreaks(diffs(levels), rules));
        expect(r.result!.targets).toEqual(levels.map((_, i) => i * 10));
        const ls = sequenceCost(diffs(levels), rules).largestStep;
        expect(r.result!.largestStep).toBe(Number.isFinite(ls) ? ls : null);
      }),
      fcRuns(200),
    );
  });

  it('a pin in the first stage shifts its stage along and leaves the next stage alone', async () => {
    // Stages 1–2 and 3–4. Pinning 1:1 (0.5) at level 1 leaves level 2 to 0:0 (1) or 1:0 (2), both
    // of stage 1; 1:0 makes the least largest step (1.5, not 2 from 0:0 up to 2:0's 3), and
    // nothing from stage 2 moves into stage 1.
    const pools = [[cand(0, 0, 1)], [cand(1, 0, 2), cand(1, 1, 0.5)], [cand(2, 0, 3)], [cand(3, 0, 4)]];
    const stages = [
      { first: 1, last: 2 },
      { first: 3, last: 4 },
    ];
    const r = await steerOrdering({
      pools,
      levelCount: 4,
      steering: { pins: [{ level: 1, id: '1:1' }], locks: [], excluded: [] },
      rules: { maxStep: null, maxEqualRun: null },
      difficulty: (c) => c.level.d,
      order: stagedOrder(stages),
      stages,
    });
    expect(r.conflicts).toEqual([]);
    expect(r.result!.levels).toEqual(['1:1', '1:0', '2:0', '3:0']);
    expect(r.result!.breaks).toEqual([]);
    expect(r.result!.largestStep).toBe(1.5);
  });

  it('a level count past the pools gives unfilled levels, no targets for them and no largest step', async () => {
    const pools = [[cand(0, 0, 1)]];
    const r = await steerOrdering({
      pools,
      levelCount: 2,
      steering: { pins: [{ level: 1, id: '0:0' }], locks: [], excluded: [] },
      rules: { maxStep: 1, maxEqualRun: null },
      difficulty: (c) => c.level.d,
      order: () => ({ levels: [], targets: [], problems: [] }),
      stages: [{ first: 1, last: 2 }],
    });
    expect(r.result).toEqual({ levels: ['0:0', null], targets: [null, null], breaks: [], largestStep: null });
  });
});
