import { describe, expect, it } from 'vitest';
import { applyChanges } from '../../src-shared/experiments/changes';
import { carillonGame } from '../../src-shared/games/carillon/index';
import { apsisGame } from '../../src-shared/games/apsis/index';

const carillonBase = { plan: carillonGame.defaultPlan, rules: carillonGame.defaultRules };
const apsisBase = { plan: apsisGame.defaultPlan, rules: apsisGame.defaultRules };

describe('variant changes are checked against the game before anything runs', () => {
  it('lays rules and plan changes over the base', () => {
    const r = applyChanges(carillonGame, carillonBase, {
      'rules.spacing': 18,
      'rules.sizes.small.radius': 20,
      'plan.3.taps': 4,
    });
    expect(r.issues).toEqual([]);
    expect((r.rules as { spacing: number }).spacing).toBe(18);
    expect((r.rules as { sizes: { small: { radius: number; reach: number } } }).sizes.small).toEqual({
      radius: 20,
      reach: 60,
    });
    expect((r.plan as { taps: number }[])[3]!.taps).toBe(4);
    // The base is not changed.
    expect(carillonGame.defaultRules.spacing).toBe(14);
    expect(carillonGame.defaultPlan[3]!.taps).toBe(3);
  });

  it('names an unknown rule with the rule it most likely meant', () => {
    const r = applyChanges(carillonGame, carillonBase, { 'rules.spacng': 18 });
    expect(r.issues).toEqual([
      { field: 'rules.spacng', message: 'is not a rule of Carillon; did you mean spacing?' },
    ]);
  });

  it('names an unknown nested field and a plan field of a stretch', () => {
    expect(applyChanges(carillonGame, carillonBase, { 'rules.sizes.small.raduis': 3 }).issues).toEqual([
      {
        field: 'rules.sizes.small.raduis',
        message: 'is not a field of rules.sizes.small; did you mean radius?',
      },
    ]);
    expect(applyChanges(carillonGame, carillonBase, { 'plan.2.tapz': 3 }).issues).toEqual([
      { field: 'plan.2.tapz', message: 'is not a field of a Carillon stretch; did you mean taps?' },
    ]);
  });

  it('refuses a plan row past the plan and a path that is no setting', () => {
    expect(applyChanges(carillonGame, carillonBase, { 'plan.9.taps': 3 }).issues).toEqual([
      { field: 'plan.9.taps', message: 'is not in the plan: the plan has 6 stretches, numbered 0-5' },
    ]);
    expect(applyChanges(apsisGame, apsisBase, { 'plan.x.orbits': 3 }).issues[0]!.message).toMatch(
      /the plan has 10 stages, numbered 0-9/,
    );
    expect(applyChanges(carillonGame, carillonBase, { spacing: 3 }).issues[0]).toEqual({
      field: 'spacing',
      message: expect.stringMatching(/^is not a setting/),
    });
  });

  it("refuses values out of bounds or of the wrong kind, in the schema's words", () => {
    expect(applyChanges(carillonGame, carillonBase, { 'rules.spacing': 5000 }).issues).toEqual([
      { field: 'rules.spacing', message: 'must be at most 1000' },
    ]);
    expect(applyChanges(carillonGame, carillonBase, { 'rules.orderMethod': 'fast' }).issues).toEqual([
      { field: 'rules.orderMethod', message: "must be 'path' or 'greedy'" },
    ]);
    expect(applyChanges(apsisGame, apsisBase, { 'rules.aimDepth': 'yes' }).issues).toEqual([
      { field: 'rules.aimDepth', message: 'must be true or false' },
    ]);
    expect(applyChanges(carillonGame, carillonBase, { 'plan.0.taps': 0 }).issues).toEqual([
      { field: 'plan.0.taps', message: 'must be at least 1' },
    ]);
    // Cross-field: taps past maxSources, and a stretch whose dots run backwards.
    expect(
      applyChanges(carillonGame, carillonBase, { 'rules.maxSources': 2 }).issues.map((i) => i.field),
    ).toContain('plan.3.taps');
    expect(applyChanges(carillonGame, carillonBase, { 'plan.1.minDots': 9 }).issues).toEqual([
      { field: 'plan.1.maxDots', message: 'must be at least the dots at start (9)' },
    ]);
  });

  it('knows optional rules the defaults leave out (Apsis target depth)', () => {
    const r = applyChanges(apsisGame, apsisBase, { 'rules.aimDepthBase': 2, 'rules.aimDepth': false });
    expect(r.issues).toEqual([]);
    expect(r.rules).toMatchObject({ aimDepthBase: 2, aimDepth: false });
  });
});
