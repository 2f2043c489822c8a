import { describe, expect, it } from 'vitest';
import {
  carillonPlanSchema,
  carillonRulesSchema,
  defaultCarillonPlan,
  defaultCarillonRules,
  levelCount,
  plannedDots,
  slotParams,
  truncatePlan,
  carillonGame,
} from '../../../src-shared/games/carillon/index';

describe('CarillonRules', () => {
  it('has the spec numbers by default', () => {
    const r = defaultCarillonRules;
    expect([r.width, r.height]).toEqual([640, 960]);
    expect(r.sizes).toEqual({
      small: { radius: 16, reach: 60 },
      normal: { radius: 26, reach: 112 },
      big: { radius: 36, reach: 240 },
    });
    expect(r.ringSpeed).toBe(480);
    expect(r.spacing).toBe(14);
    expect(r.ringMargin).toBe(10);
    expect(r.fairShare).toBe(0.5);
    expect(r.poolSize).toBe(16);
    expect(r.rootSeparation).toBe(320);
    expect(r.triesPerDotSize).toBe(60);
    expect(r.duplicateDistance).toBe(24);
    expect(r.colors).toBe(7);
  });
  it('fills defaults and refuses nonsense', () => {
    expect(carillonRulesSchema.parse({ ringSpeed: 500 }).ringSpeed).toBe(500);
    expect(carillonRulesSchema.safeParse({ ringSpeed: -1 }).success).toBe(false);
    expect(carillonRulesSchema.safeParse({ fairShare: 2 }).success).toBe(false);
  });
  it('round-trips through JSON', () => {
    expect(carillonRulesSchema.parse(JSON.parse(JSON.stringify(defaultCarillonRules)))).toEqual(
      defaultCarillonRules,
    );
  });
});

describe('plan', () => {
  it('default plan: 120 levels in the spec stretches', () => {
    expect(levelCount(defaultCarillonPlan)).toBe(120);
    expect(defaultCarillonPlan.map((s) => [s.from, s.to, s.taps, s.minDots, s.maxDots, s.tutorial])).toEqual([
      [1, 3, 1, 3, 5, true],
      [4, 9, 2, 5, 8, true],
      [10, 21, 2, 8, 14, false],
      [22, 49, 3, 14, 22, false],
      [50, 96, 4, 22, 32, false],
      [97, 120, 5, 32, 40, false],
    ]);
  });
  it('planned dots rise in a straight line from min to max within a stretch', () => {
    for (const s of defaultCarillonPlan) {
      expect(plannedDots(s, s.from)).toBe(s.minDots);
      expect(plannedDots(s, s.to)).toBe(s.maxDots);
      for (let L = s.from + 1; L <= s.to; L++)
        expect(plannedDots(s, L)).toBeGreaterThanOrEqual(plannedDots(s, L - 1));
    }
    expect(slotParams(defaultCarillonPlan, 0)).toMatchObject({ level: 1, taps: 1, dots: 3, tutorial: true });
    expect(slotParams(defaultCarillonPlan, 119)).toMatchObject({
      level: 120,
      taps: 5,
      dots: 40,
      tutorial: false,
    });
  });
  it('validates: contiguous from level 1, no overlap, non-empty, dots min<=max, taps>=1', () => {
    const ok = [{ from: 1, to: 3, taps: 1, minDots: 3, maxDots: 5 }];
    expect(carillonPlanSchema.safeParse(ok).success).toBe(true);
    const bad = (plan: unknown, text: RegExp) => {
      const r = carillonPlanSchema.safeParse(plan);
      expect(r.success).toBe(false);
      if (!r.success) expect(r.error.issues.map((i) => i.message).join('\n')).toMatch(text);
    };
    bad([{ from: 2, to: 3, taps: 1, minDots: 3, maxDots: 5 }], /must be 1, not 2/);
    bad([...ok, { from: 3, to: 6, taps: 2, minDots: 5, maxDots: 8 }], /must be 4, not 3/);
    bad([...ok, { from: 5, to: 6, taps: 2, minDots: 5, maxDots: 8 }], /must be 4, not 5/);
    bad([{ from: 1, to: 0, taps: 1, minDots: 3, maxDots: 5 }], /empty/);
    bad([{ from: 1, to: 3, taps: 1, minDots: 6, maxDots: 5 }], /at least the dots at start \(6\)/);
    expect(carillonPlanSchema.safeParse([{ from: 1, to: 3, taps: 0, minDots: 3, maxDots: 5 }]).success).toBe(
      false,
    );
    expect(carillonPlanSchema.safeParse([]).success).toBe(false);
  });
  it('truncatePlan keeps every kept level exactly as in the full plan', () => {
    for (const n of [1, 9, 25, 30, 100]) {
      const cut = truncatePlan(defaultCarillonPlan, n);
      expect(carillonPlanSchema.safeParse(cut).success).toBe(true);
      expect(levelCount(cut)).toBe(n);
      for (let slot = 0; slot < n; slot++) {
        const a = slotParams(cut, slot),
          b = slotParams(defaultCarillonPlan, slot);
        expect([a.taps, a.dots, a.tutorial]).toEqual([b.taps, b.dots, b.tutorial]);
      }
    }
  });
  it('game metadata', () => {
    expect(carillonGame.id).toBe('carillon');
    expect(carillonGame.poolSizes(defaultCarillonPlan, defaultCarillonRules)).toEqual(
      new Array(120).fill(16),
    );
    expect(carillonGame.describePlan!(defaultCarillonPlan)[0]).toEqual({
      levels: '1–3',
      detail: '1 tap, 3–5 dots, tutorial',
    });
    expect(carillonGame.metrics.map((m) => m.key)).toContain(carillonGame.difficulty);
  });
});
