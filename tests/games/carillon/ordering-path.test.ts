/**
 * The path ordering against brute force on small plans: the largest jump it ships is the least
 * any valid sequence allows (or within orderJumpLimit), and among sequences within that bound it
 * is the one nearest the target line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PoolCandidate } from '../../../src-shared/game';
import {
  carillonGame,
  nearDuplicate,
  plannedDots,
  type CarillonLevel,
  type CarillonPlan,
} from '../../../src-shared/games/carillon/index';
import { fcRuns } from '../../helpers/fast-check';
import { generateSubset, rules } from './fixtures';

type Cand = PoolCandidate<CarillonLevel>;

// Real two-tap tutorial fields (5–8 dots) of levels 4–9, pairwise not near-duplicates, so that
// only the jump and the target decide (near-duplicate bans are tested in ordering.test.ts).
const { pools: realPools } = generateSubset(9);
const distinct: CarillonLevel[] = [];
for (const c of realPools.slice(3).flat())
  if (distinct.every((d) => nearDuplicate(d, c.level, rules) === null)) distinct.push(c.level);

const plan: CarillonPlan = [
  { from: 1, to: 2, taps: 2, minDots: 6, maxDots: 8, tutorial: true },
  { from: 3, to: 4, taps: 2, minDots: 7, maxDots: 8, tutorial: true, endBits: 1.2 },
];
const caps = [1, 2, 3, 4].map((L) =>
  plannedDots(
    plan.find((s) => s.from <= L && L <= s.to)!,
    L,
  ),
);

/** Every valid sequence: one candidate of its stretch per level, within the cap, never easier, never fewer dots, each used once. */
function allSequences(pools: Cand[][]): Cand[][] {
  const s1 = [...pools[0]!, ...pools[1]!],
    s2 = [...pools[2]!, ...pools[3]!];
  const out: Cand[][] = [];
  const bits = (c: Cand): number => c.metrics['bits']!;
  const ok = (prev: Cand | null, c: Cand, L: number): boolean =>
    c.level.dots.length <= caps[L - 1]! &&
    (!prev || (bits(c) >= bits(prev) && c.level.dots.length >= prev.level.dots.length));
  for (const a of s1)
    if (ok(null, a, 1))
      for (const b of s1)
        if (b !== a && ok(a, b, 2))
          for (const c of s2)
            if (ok(b, c, 3)) for (const d of s2) if (d !== c && ok(c, d, 4)) out.push([a, b, c, d]);
  return out;
}

const largestJump = (seq: Cand[]): number =>
  Math.max(...seq.slice(1).map((c, i) => c.metrics['bits']! - seq[i]!.metrics['bits']!));

describe('path ordering', () => {
  it('has enough distinct real fields to draw from', () => {
    expect(distinct.length).toBeGreaterThanOrEqual(20);
  });

  it('ships the least largest jump, then the sequence nearest the targets (brute force, property)', () => {
    // Bits on a 0.1 grid, so that no two sequences' largest jumps differ by less than the search's 1e-4.
    const candArb = fc.record({
      level: fc.integer({ min: 0, max: distinct.length - 1 }),
      bits: fc.integer({ min: 0, max: 30 }),
    });
    const poolArb = fc.array(candArb, { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(
        fc.tuple(poolArb, poolArb, poolArb, poolArb),
        fc.constantFrom(0, 0.25, 0.55),
        (spec, limit) => {
          const used = new Set<number>();
          const pools: Cand[][] = spec.map((p, slot) =>
            p
              .filter((c) => !used.has(c.level) && used.add(c.level))
              .map((c, index) => ({
                id: `${slot}:${index}`,
                slot,
                index,
                level: distinct[c.level]!,
                metrics: { bits: c.bits / 10 },
              })),
          );
          const r = carillonGame.order({ rules: { ...rules, orderJumpLimit: limit }, plan, pools });
          const seqs = allSequences(pools);
          if (seqs.length === 0) {
            expect(r.problems.length).toBeGreaterThan(0);
            return;
          }
          expect(r.problems).toEqual([]);
          const byId = new Map(pools.flat().map((c) => [c.id, c]));
          const got = r.levels.map((id) => byId.get(id!)!);
          expect(seqs.some((s) => s.every((c, i) => c === got[i]))).toBe(true);
          const least = Math.min(...seqs.map(largestJump));
          const bound = Math.max(least, limit);
          expect(largestJump(got)).toBeLessThanOrEqual(bound + 1e-9);
          const cost = (s: Cand[]): number =>
            s.reduce((a, c, i) => a + Math.abs(c.metrics['bits']! - r.targets[i]!), 0);
          const best = Math.min(...seqs.filter((s) => largestJump(s) <= bound + 1e-9).map(cost));
          expect(cost(got)).toBeCloseTo(best, 9);
        },
      ),
      fcRuns(300),
    );
  });
});
