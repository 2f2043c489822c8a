import { describe, expect, it } from 'vitest';
import {
  apsisGame,
  apsisRulesSchema,
  defaultApsisPlan,
  defaultApsisRules as rules,
  levelSpec,
  solveRounds,
  targetDepth,
} from '../../../src-shared/games/apsis/index';
import type { ApsisLevel } from '../../../src-shared/games/apsis/index';

// The default rules aim at a depth (since issue 10); the spec's own builder is aimDepth off.
const aimRules = rules;
const specRules = (() => {
  const { aimDepth: _aim, ...rest } = rules;
  return rest;
})();
const SLOTS = [10, 40, 75, 110, 145];
const PER_SLOT = 8;

function depths(r: typeof specRules, slot: number, seed = 7): { depth: number; level: ApsisLevel }[] {
  const out: { depth: number; level: ApsisLevel }[] = [];
  for (let index = 0; index < PER_SLOT; index++) {
    const c = apsisGame.generate({ rules: r, plan: defaultApsisPlan, seed, slot, index });
    expect(c.level).not.toBeNull();
    out.push({ depth: c.metrics.depth as number, level: c.level as ApsisLevel });
  }
  return out;
}

const spread = (xs: number[]): number => Math.max(...xs) - Math.min(...xs);

describe('depth-aimed builder (rules.aimDepth)', () => {
  const base = SLOTS.map((slot) => depths(specRules, slot));
  const aimed = SLOTS.map((slot) => depths(aimRules, slot));

  it('candidates of one slot spread over no more depths than the default builder, and far fewer overall', () => {
    let sumBase = 0,
      sumAim = 0;
    SLOTS.forEach((slot, i) => {
      const b = spread(base[i]!.map((x) => x.depth));
      const a = spread(aimed[i]!.map((x) => x.depth));
      expect(a, `slot ${slot}: aimed depth spread ${a} vs default ${b}`).toBeLessThanOrEqual(b);
      sumBase += b;
      sumAim += a;
    });
    expect(sumAim).toBeLessThan(sumBase / 2);
  });

  it('lands on the target depth of the slot (a rising line in the arrow count)', () => {
    SLOTS.forEach((slot, i) => {
      const T = targetDepth(aimRules, levelSpec(defaultApsisPlan, slot + 1).arrows);
      for (const { depth } of aimed[i]!) expect(Math.abs(depth - T)).toBeLessThanOrEqual(1);
    });
    const line = [1, 15, 16, 90, 150].map((l) =>
      targetDepth(aimRules, levelSpec(defaultApsisPlan, l).arrows),
    );
    for (let k = 1; k < line.length; k++) expect(line[k]!).toBeGreaterThanOrEqual(line[k - 1]!);
    expect(line[line.length - 1]!).toBeGreaterThan(line[0]!);
  });

  it('aimed levels are still valid: they clear, follow the plan and the solver agrees', () => {
    SLOTS.forEach((slot, i) => {
      const spec = levelSpec(defaultApsisPlan, slot + 1);
      for (const { depth, level } of aimed[i]!) {
        const r = solveRounds(level, rules);
        expect(r.cleared).toBe(true);
        expect(r.depth).toBe(depth);
        expect(level.arrows.length).toBe(spec.arrows);
        expect(level.orbits).toBe(spec.orbits);
      }
    });
  });

  it("the flag off or absent is the spec's own builder: the same candidates either way", () => {
    const off = { ...rules, aimDepth: false };
    let differs = 0;
    for (const [seed, slot, index] of [
      [7, 0, 0],
      [7, 20, 3],
      [11, 75, 5],
      [3, 140, 1],
    ] as const) {
      const d = apsisGame.generate({ rules: specRules, plan: defaultApsisPlan, seed, slot, index });
      const o = apsisGame.generate({ rules: off, plan: defaultApsisPlan, seed, slot, index });
      expect(JSON.stringify(o)).toBe(JSON.stringify(d));
      const a = apsisGame.generate({ rules: aimRules, plan: defaultApsisPlan, seed, slot, index });
      if (JSON.stringify(a.level) !== JSON.stringify(d.level)) differs++;
    }
    expect(differs).toBeGreaterThan(0);
    // The default rules carry aimDepth: true, and parsing keeps every key as it is.
    expect(rules.aimDepth).toBe(true);
    expect(JSON.stringify(apsisRulesSchema.parse(rules))).toBe(JSON.stringify(rules));
    expect('aimDepth' in apsisRulesSchema.parse(specRules)).toBe(false);
  });
});
