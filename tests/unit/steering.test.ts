/**
 * The steered ordering (src-shared/ordering/steering.ts): pins and locks hold in every
 * result, no constraints give the game's own result, impossible constraints are conflicts,
 * and the fill around fixed levels is optimal (brute force on small instances).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderingResult, PoolCandidate } from '../../src-shared/game';
import { gameById } from '../../src-shared/games/index';
import type { CurveRules } from '../../src-shared/ordering/curve-rules';
import { curveBreaks } from '../../src-shared/ordering/curve-rules';
import {
  fitAroundFixed,
  sequenceCost,
  steerOrdering,
  type SteeringInput,
} from '../../src-shared/ordering/steering';
import { fcRuns } from '../helpers/fast-check';

type C = PoolCandidate<{ d: number }>;
const cand = (slot: number, index: number, d: number): C => ({
  id: `${slot}:${index}`,
  slot,
  index,
  level: { d },
  metrics: { d },
});

/** A toy game's order: the whole pool sorted by difficulty, one per level (pooled like a stage). */
function toyOrder(pools: C[][]): OrderingResult {
  const all = pools.flat().sort((a, b) => a.level.d - b.level.d || a.slot - b.slot || a.index - b.index);
  return { levels: pools.map((_, i) => all[i]?.id ?? null), targets: pools.map((_, i) => i), problems: [] };
}

const poolsArb = fc
  .array(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 0, maxLength: 3 }), {
    minLength: 3,
    maxLength: 6,
  })
  .map((rows) => rows.map((ds, slot) => ds.map((d, i) => cand(slot, i, d))));
const rulesArb = fc.record({
  maxStep: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  maxEqualRun: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
});

/** Steering drawn from the pools: some pins/locks on distinct levels and candidates, some exclusions. */
const instanceArb = fc
  .tuple(poolsArb, rulesArb, fc.array(fc.nat(), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 3 }))
  .map(([pools, rules, picks, ex]) => {
    const all = pools.flat();
    const steering: SteeringInput = { pins: [], locks: [], excluded: [] };
    const usedLevels = new Set<number>(),
      usedIds = new Set<string>();
    for (let i = 0; i + 1 < picks.length && all.length > 0; i += 2) {
      const level = (picks[i]! % pools.length) + 1,
        c = all[picks[i + 1]! % all.length]!;
      if (usedLevels.has(level) || usedIds.has(c.id)) continue;
      usedLevels.add(level);
      usedIds.add(c.id);
      (i % 4 === 0 ? steering.pins : steering.locks).push({ level, id: c.id });
    }
    for (const e of ex)
      if (all.length > 0) {
        const c = all[e % all.length]!;
        if (!usedIds.has(c.id) && !steering.excluded.includes(c.id)) steering.excluded.push(c.id);
      }
    return { pools, rules, steering };
  });

const dOf = (pools: C[][]) => {
  const m = new Map(pools.flat().map((c) => [c.id, c.level.d]));
  return (id: string) => m.get(id)!;
};

/** Every way to keep the rest's order while dropping `drop` entries, fixed levels in place. */
function bruteForce(rest: (string | null)[], fixed: Map<number, string>): (string | null)[][] {
  const n = rest.length,
    out: (string | null)[][] = [];
  const freeCount = n - fixed.size;
  const choose = (start: number, k: number, acc: number[]): void => {
    if (acc.length === k) {
      out.push(place(acc.map((i) => rest[i]!)));
      return;
    }
    for (let i = start; i < n; i++) choose(i + 1, k, [...acc, i]);
  };
  const place = (picked: (string | null)[]): (string | null)[] => {
    let j = 0;
    return Array.from({ length: n }, (_, p) => fixed.get(p + 1) ?? picked[j++]!);
  };
  choose(0, freeCount, []);
  return out;
}
const lexKey = (c: { shorts: number; breaks: number; largestStep: number }): [number, number, number] => [
  c.shorts,
  c.breaks,
  c.largestStep,
];
const lexLess = (a: number[], b: number[]): number => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
};

describe('steered ordering', () => {
  it("with no constraints returns the game's own result for both real games", async () => {
    for (const id of ['carillon', 'apsis'] as const) {
      const game = gameById(id);
      const plan = game.truncatePlan(game.defaultPlan, 6);
      const sizes = game.poolSizes(plan, game.defaultRules).map((s) => Math.min(s, 3));
      const pools: PoolCandidate<unknown>[][] = sizes.map((n, slot) =>
        Array.from({ length: n }, (_, index) => {
          const g = game.generate({ rules: game.defaultRules, plan, seed: 11, slot, index });
          return g.level ? [{ id: `${slot}:${index}`, slot, index, level: g.level, metrics: g.metrics }] : [];
        }).flat(),
      );
      const today = game.order({ rules: game.defaultRules, plan, pools });
      const steered = await steerOrdering({
        pools,
        levelCount: game.levelCount(plan),
        steering: { pins: [], locks: [], excluded: [] },
        rules: game.curveRules!(game.defaultRules),
        difficulty: (c) => c.metrics[game.difficulty]!,
        order: (p) => game.order({ rules: game.defaultRules, plan, pools: p }),
      });
      expect(steered.conflicts).toEqual([]);
      expect(steered.result!.levels).toEqual(today.levels);
      expect(steered.result!.targets).toEqual(today.targets);
    }
  }, 120_000);

  it('pins and locks hold in every result, excluded candidates never ship, no candidate twice', async () => {
    await fc.assert(
      fc.asyncProperty(instanceArb, async ({ pools, rules, steering }) => {
        const r = await steerOrdering({
          pools,
          levelCount: pools.length,
          steering,
          rules,
          difficulty: (c) => c.level.d,
          order: toyOrder,
        });
        if (r.conflicts.length > 0) {
          expect(r.result).toBeNull();
          return;
        }
        const levels = r.result!.levels;
        for (const { level, id } of [...steering.pins, ...steering.locks]) expect(levels[level - 1]).toBe(id);
        for (const id of steering.excluded) expect(levels).not.toContain(id);
        const shipped = levels.filter((x) => x !== null);
        expect(new Set(shipped).size).toBe(shipped.length);
        expect(r.result!.breaks).toEqual(
          curveBreaks(
            levels.map((id) => (id === null ? null : dOf(pools)(id))),
            rules,
          ),
        );
      }),
      fcRuns(300),
    );
  });

  it('the fill around fixed levels is optimal: brute force over every choice agrees', () => {
    fc.assert(
      fc.property(
        instanceArb,
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
        ({ pools, rules, steering }, pairs) => {
          const all = pools.flat().map((c) => c.id);
          const close = new Set(
            all.length
              ? pairs.flatMap(([x, y]) => [
                  `${all[x % all.length]}|${all[y % all.length]}`,
                  `${all[y % all.length]}|${all[x % all.length]}`,
                ])
              : [],
          );
          const separate = (a: string, b: string) => close.has(`${a}|${b}`);
          const fixed = new Map([...steering.pins, ...steering.locks].map((p) => [p.level, p.id]));
          const out = new Set([...steering.excluded, ...fixed.values()]);
          const rest = toyOrder(pools.map((p) => p.filter((c) => !out.has(c.id)))).levels;
          const d = dOf(pools);
          const diffs = (s: (string | null)[]) => s.map((id) => (id === null ? null : d(id)));
          const got = fitAroundFixed(rest, fixed, d, rules, separate);
          const best = bruteForce(rest, fixed)
            .map((s) => lexKey(sequenceCost(diffs(s), rules, s, separate)))
            .sort(lexLess)[0]!;
          expect(lexKey(sequenceCost(diffs(got), rules, got, separate))).toEqual(best);
        },
      ),
      fcRuns(300),
    );
  });

  it('with stages, the fill moves no candidate out of its stage and stays optimal (brute force)', () => {
    // Stages of 1–3 levels over the instance's levels; a candidate's stage is its pool's level's.
    fc.assert(
      fc.property(
        instanceArb,
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 6, maxLength: 6 }),
        ({ pools, rules, steering }, sizes) => {
          const n = pools.length;
          const stageAt: number[] = [];
          for (let s = 0, l = 1; l <= n; s++)
            for (let k = 0; k < sizes[s % sizes.length]! && l <= n; k++, l++) stageAt[l] = s;
          const slotOf = new Map(pools.flat().map((c) => [c.id, c.slot]));
          const mayShip = (level: number, id: string) => stageAt[slotOf.get(id)! + 1] === stageAt[level];
          const fixed = new Map([...steering.pins, ...steering.locks].map((p) => [p.level, p.id]));
          const out = new Set([...steering.excluded, ...fixed.values()]);
          // A game's order keeps each candidate in its stage: the toy order, stage by stage.
          const left = pools.map((p) => p.filter((c) => !out.has(c.id)));
          const rest: (string | null)[] = [];
          for (let l = 1; l <= n;) {
            let e = l;
            while (e + 1 <= n && stageAt[e + 1] === stageAt[l]) e++;
            const sorted = left
              .slice(l - 1, e)
              .flat()
              .sort((a, b) => a.level.d - b.level.d || a.slot - b.slot || a.index - b.index);
            for (let k = 0; k <= e - l; k++) rest.push(sorted[k]?.id ?? null);
            l = e + 1;
          }
          const d = dOf(pools);
          const diffs = (s: (string | null)[]) => s.map((id) => (id === null ? null : d(id)));
          const got = fitAroundFixed(rest, fixed, d, rules, undefined, mayShip);
          // The rest is in stage order here, so the early stop (and merged states) may be used: as good an answer, every candidate in its stage.
          const pastLevel = (level: number, id: string) => stageAt[slotOf.get(id)! + 1]! > stageAt[level]!;
          const quick = fitAroundFixed(rest, fixed, d, rules, undefined, mayShip, pastLevel);
          quick.forEach((id, i) => {
            if (id !== null && !fixed.has(i + 1)) expect(mayShip(i + 1, id)).toBe(true);
          });
          for (const [level, id] of fixed) expect(quick[level - 1]).toBe(id);
          got.forEach((id, i) => {
            if (id !== null && !fixed.has(i + 1)) expect(mayShip(i + 1, id)).toBe(true);
          });
          // With nothing fixed the game's own order is returned as it is (checked above).
          if (fixed.size === 0) {
            expect(got).toEqual(rest);
            return;
          }
          // Every choice: each free level takes a later entry of the rest that may ship there, or nothing.
          const all: (string | null)[][] = [];
          const walk = (p: number, j: number, acc: (string | null)[]): void => {
            if (p > n) {
              all.push(acc);
              return;
            }
            if (fixed.has(p)) {
              walk(p + 1, j, [...acc, fixed.get(p)!]);
              return;
            }
            walk(p + 1, j, [...acc, null]);
            for (let k = j; k < rest.length; k++) {
              const id = rest[k];
              if (id === null || id === undefined) {
                walk(p + 1, k + 1, [...acc, null]);
                continue;
              }
              if (mayShip(p, id)) walk(p + 1, k + 1, [...acc, id]);
            }
          };
          walk(1, 0, []);
          const best = all.map((s) => lexKey(sequenceCost(diffs(s), rules))).sort(lexLess)[0]!;
          expect(lexKey(sequenceCost(diffs(got), rules))).toEqual(best);
          expect(lexKey(sequenceCost(diffs(quick), rules))).toEqual(best);
        },
      ),
      fcRuns(300),
    );
  });

  it('names the levels and the rule when pins make the rules impossible, and orders nothing', async () => {
    const pools = [[cand(0, 0, 1)], [cand(1, 0, 2)], [cand(2, 0, 3)], [cand(3, 0, 5)]];
    let called = 0;
    const order = (p: C[][]) => {
      called++;
      return toyOrder(p);
    };
    const rules: CurveRules = { maxStep: 1, maxEqualRun: 2 };
    const fell = await steerOrdering({
      pools,
      levelCount: 4,
      steering: {
        pins: [
          { level: 1, id: '3:0' },
          { level: 3, id: '0:0' },
        ],
        locks: [],
        excluded: [],
      },
      rules,
      difficulty: (c) => c.level.d,
      order,
    });
    expect(fell.result).toBeNull();
    expect(fell.conflicts).toEqual([expect.objectContaining({ levels: [1, 3], rule: 'fell' })]);
    expect(fell.conflicts[0]!.message).toMatch(/level 1 .* harder than level 3/);
    const step = await steerOrdering({
      pools,
      levelCount: 4,
      steering: {
        pins: [
          { level: 1, id: '0:0' },
          { level: 2, id: '3:0' },
        ],
        locks: [],
        excluded: [],
      },
      rules,
      difficulty: (c) => c.level.d,
      order,
    });
    expect(step.conflicts).toEqual([expect.objectContaining({ levels: [1, 2], rule: 'step' })]);
    const twice = await steerOrdering({
      pools,
      levelCount: 4,
      steering: {
        pins: [
          { level: 1, id: '0:0' },
          { level: 2, id: '0:0' },
        ],
        locks: [],
        excluded: [],
      },
      rules,
      difficulty: (c) => c.level.d,
      order,
    });
    expect(twice.conflicts).toEqual([expect.objectContaining({ levels: [1, 2], rule: 'twice' })]);
    const range = await steerOrdering({
      pools,
      levelCount: 4,
      steering: { pins: [{ level: 9, id: '0:0' }], locks: [], excluded: ['1:0'] },
      rules,
      difficulty: (c) => c.level.d,
      order,
    });
    expect(range.conflicts).toEqual([expect.objectContaining({ levels: [9], rule: 'range' })]);
    const excluded = await steerOrdering({
      pools,
      levelCount: 4,
      steering: { pins: [{ level: 2, id: '1:0' }], locks: [], excluded: ['1:0'] },
      rules,
      difficulty: (c) => c.level.d,
      order,
    });
    expect(excluded.conflicts).toEqual([expect.objectContaining({ levels: [2], rule: 'excluded' })]);
    expect(called).toBe(0);
  });

  it('marks each break with its rule, levels and amount', () => {
    const b = curveBreaks([1, 3, 2, 2, 2, 2, null, 9], { maxStep: 1, maxEqualRun: 3 });
    expect(b.map((x) => [x.rule, x.from, x.to, x.by])).toEqual([
      ['step', 1, 2, 1],
      ['fell', 2, 3, 1],
      ['equal-run', 3, 6, 1],
    ]);
  });
});
