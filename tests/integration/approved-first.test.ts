/**
 * The approved-first order (src-shared/ordering/approved-first.ts, judged on a worker by the
 * game's verify, src-main/jobs/verify-order.ts) obeys every rule of both games: on 20 seeds
 * each, with approvals drawn from the seed (none, one, or two in a pool), the pack it makes
 * passes the game's own `verifyPack` untouched; every level whose pool holds an approval ships
 * one of them or names it as left out, with the reason; no candidate ships twice.
 */
import { describe, expect, it } from 'vitest';
import type { PoolCandidate } from '../../src-shared/game';
import { gameById, type AnyGame } from '../../src-shared/games/index';
import { approvedFirstOrdering } from '../../src-shared/ordering/approved-first';
import { readPack } from '../../src-shared/data-version';
import { stringifyPack } from '../../src-shared/pack/pack-io';
import { streamFor } from '../../src-shared/random/prng';
import { verifyOrder } from '../../src-main/jobs/verify-order';

const LEVELS = 7;
const PER_POOL = 3;
const SEEDS = Array.from({ length: 20 }, (_, i) => 101 + i * 7);

function poolsOf(game: AnyGame, seed: number): { plan: unknown; pools: PoolCandidate<unknown>[][] } {
  const plan = game.truncatePlan(game.defaultPlan as never, LEVELS);
  const sizes = game.poolSizes(plan as never, game.defaultRules as never).map((s) => Math.min(s, PER_POOL));
  const pools = sizes.map((n, slot) =>
    Array.from({ length: n }, (_, index) => {
      const g = game.generate({ rules: game.defaultRules, plan, seed, slot, index } as never);
      return g.level ? [{ id: `${slot}:${index}`, slot, index, level: g.level, metrics: g.metrics }] : [];
    }).flat(),
  );
  return { plan, pools };
}

/** Approvals drawn from the seed: each candidate with probability 0.4 (so some pools get two). */
function approvalsOf(seed: number, pools: PoolCandidate<unknown>[][]): string[] {
  const rng = streamFor(seed, 999, 0);
  return pools.flat().flatMap((c) => (rng.u32() % 10 < 4 ? [c.id] : []));
}

/** Where each approval belongs, as the studio says: where the automatic order ships it, else its pool's level. */
const levelsOf = (approved: string[], auto: (string | null)[]) =>
  approved.map((id) => ({
    id,
    level: auto.includes(id) ? auto.indexOf(id) + 1 : Number(id.split(':')[0]) + 1,
  }));

describe('approved first obeys every rule of the game', () => {
  for (const id of ['carillon', 'apsis'] as const) {
    it(`${id}: on 20 seeds the pack verifies, approvals ship at their levels or are named`, async () => {
      const game = gameById(id);
      const rules = game.defaultRules;
      let shippedApprovals = 0;
      for (const seed of SEEDS) {
        const { plan, pools } = poolsOf(game, seed);
        const approved = approvalsOf(seed, pools);
        const order = (p: PoolCandidate<unknown>[][]) => game.order({ rules, plan, pools: p } as never);
        const auto = order(pools);
        const homes = levelsOf(approved, auto.levels);
        const r = await approvedFirstOrdering({
          pools,
          levelCount: LEVELS,
          steering: { pins: [], locks: [], excluded: [] },
          approved: homes,
          targets: auto.targets,
          rules: game.curveRules!(rules as never),
          difficulty: (c) => c.metrics[game.difficulty] ?? 0,
          order,
          stages: game.stages(plan as never),
          check: verifyOrder(game, { rules, plan, pools }, seed),
        });
        expect(r.conflicts, `seed ${seed}`).toEqual([]);
        const levels = r.result!.levels;
        const shipped = levels.filter((x) => x !== null);
        expect(new Set(shipped).size, `seed ${seed}: a candidate twice`).toBe(shipped.length);
        if (!levels.includes(null)) {
          const byId = new Map(pools.flat().map((c) => [c.id, c]));
          const pack = game.toPack({
            seed,
            rules,
            plan,
            levels: levels.map((x) => byId.get(x!)!.level),
          } as never);
          const problems = game.verifyPack(readPack(game, JSON.parse(stringifyPack(pack))) as never);
          expect(problems, `seed ${seed}`).toEqual([]);
        }
        const approvedSet = new Set(approved);
        for (let level = 1; level <= LEVELS; level++) {
          const mine = homes.filter((a) => a.level === level).map((a) => a.id);
          if (mine.length === 0) continue;
          const at = levels[level - 1];
          const ships = at !== null && at !== undefined && mine.includes(at);
          const named = r.result!.leftOut.some((l) => l.level === level && l.reason.length > 0);
          expect(ships || named, `seed ${seed}: level ${level} neither ships an approval nor names one`).toBe(
            true,
          );
          if (ships) shippedApprovals++;
        }
        for (const level of r.result!.approvedAt) expect(approvedSet.has(levels[level - 1]!)).toBe(true);
      }
      // The property is not met by leaving every approval out.
      expect(shippedApprovals).toBeGreaterThan(SEEDS.length);
    }, 300_000);
  }
});
