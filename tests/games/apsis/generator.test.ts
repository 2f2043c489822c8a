import { describe, expect, it } from 'vitest';
import {
  apsisGame,
  buildLevel,
  crossesSun,
  defaultApsisPlan,
  defaultApsisRules as rules,
  fitProblem,
  isDiagonal,
  levelGeo,
  levelSpec,
  replay,
  solveRounds,
} from '../../../src-shared/games/apsis/index';
import type { ApsisLevel } from '../../../src-shared/games/apsis/index';
import { streamFor } from '../../../src-shared/random/prng';
import { pools } from './fixtures';

describe('generator (built backwards)', () => {
  const { plan, pools: ps } = pools(30);
  // A few later slots too, for long arrows, diagonals and 6 orbits.
  const later: { slot: number; level: ApsisLevel }[] = [];
  for (const slot of [45, 89, 120, 149]) {
    for (let index = 0; index < 3; index++) {
      const c = apsisGame.generate({ rules, plan: defaultApsisPlan, seed: 5, slot, index });
      expect(c.level).not.toBeNull();
      later.push({ slot, level: c.level as ApsisLevel });
    }
  }
  const all = [...ps.flatMap((p, slot) => p.map((c) => ({ slot, level: c.level }))), ...later];

  it('fills every pool of the first 30 levels', () => {
    for (const p of ps) expect(p.length).toBe(12);
  });

  it('every generated level clears, fits, and no path crosses the sun', () => {
    for (const { level } of all) {
      const r = solveRounds(level, rules);
      expect(r.cleared).toBe(true);
      expect(replay(level, r.solution, rules).heartsLost).toBe(0);
      const g = levelGeo(level.arrows, level.orbits, rules);
      for (let i = 0; i < g.length; i++) {
        expect(fitProblem(g, i, rules)).toBeNull();
        expect(crossesSun(g[i]!, rules)).toBe(false);
      }
    }
  });

  it('arrow counts, orbits and kinds follow the plan of the slot', () => {
    for (const { slot, level } of all) {
      const spec = levelSpec(defaultApsisPlan, slot + 1);
      expect(level.orbits).toBe(spec.orbits);
      expect(level.arrows.length).toBe(spec.arrows);
      for (const a of level.arrows) {
        expect(Number.isInteger(a.angle) && a.angle >= 0 && a.angle < 360).toBe(true);
        if (slot + 1 < 16) expect(a.length).toBe('short');
        if (slot + 1 < 31) expect(isDiagonal(a.heading)).toBe(false);
      }
    }
    // and the kinds do arrive
    const lateArrows = later.flatMap((l) => l.level.arrows);
    expect(lateArrows.some((a) => a.length === 'long')).toBe(true);
    expect(lateArrows.some((a) => isDiagonal(a.heading))).toBe(true);
  });

  it('metrics match the solver', () => {
    ps.flat()
      .slice(0, 40)
      .forEach((c) => {
        const r = solveRounds(c.level, rules);
        expect(c.metrics).toMatchObject({
          arrows: c.level.arrows.length,
          depth: r.depth,
          free: r.free,
          reads: r.reads,
        });
      });
  });

  it('is deterministic in (seed, slot, index)', () => {
    const a = apsisGame.generate({ rules, plan, seed: 3, slot: 20, index: 4 });
    const b = apsisGame.generate({ rules, plan, seed: 3, slot: 20, index: 4 });
    const c = apsisGame.generate({ rules, plan, seed: 3, slot: 20, index: 5 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a.level)).not.toBe(JSON.stringify(c.level));
  });

  it('collects 36 valid candidates per arrow when there is room', () => {
    const b = buildLevel({ orbits: 6, arrows: 36, long: true, diagonal: true }, rules, streamFor(1, 2, 3));
    expect(b.level).not.toBeNull();
    expect(b.stats.valid).toBe(36 * 36);
    expect(b.stats.tries).toBeGreaterThanOrEqual(b.stats.valid);
  });

  it('never gets stuck: an impossible build gives up after bounded tries', () => {
    const tight = { ...rules, maxTries: 200, maxBuilds: 2 };
    const b = buildLevel({ orbits: 3, arrows: 60, long: true, diagonal: false }, tight, streamFor(1));
    expect(b.level).toBeNull();
    expect(b.failure).toMatch(/no valid place/);
    const plan60 = [{ ...defaultApsisPlan[0]!, arrows: defaultApsisPlan[0]!.arrows.map(() => 60) }];
    const c = apsisGame.generate({ rules: tight, plan: plan60, seed: 1, slot: 0, index: 0 });
    expect(c.level).toBeNull();
    expect(c.tries).toBe(2);
    expect(c.failure).toBeTruthy();
  });

  it('spreads arrows over the orbits: the outermost orbit holds at most 1.5× its fair share', () => {
    // Per stage and over the whole set of candidates generated here. Every orbit of every
    // stage, over the whole seed-7 set: tests/integration/full-sets.test.ts.
    let outer = 0,
      fair = 0;
    const byStage = new Map<number, { outer: number; fair: number }>();
    for (const { slot, level } of all) {
      const st = levelSpec(defaultApsisPlan, slot + 1).stageIndex;
      const e = byStage.get(st) ?? { outer: 0, fair: 0 };
      for (const a of level.arrows) {
        if (a.orbit === level.orbits) {
          outer++;
          e.outer++;
        }
        fair += 1 / level.orbits;
        e.fair += 1 / level.orbits;
      }
      byStage.set(st, e);
    }
    // At most 1.5× (the float error of an exact 1.5 allowed).
    expect(outer / fair).toBeLessThanOrEqual(1.5 + 1e-9);
    for (const e of byStage.values()) expect(e.outer / e.fair).toBeLessThanOrEqual(1.5 + 1e-9);
  });
});
