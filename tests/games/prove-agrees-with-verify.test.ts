/**
 * The editor's proof and verify cannot disagree: on 200 random hand edits of generated levels
 * per game (dots or arrows moved, deleted, added, resized, recoloured, turned; orbit counts
 * changed), the level as proved, shipped alone in a pack whose plan is its slot's, verifies
 * clean exactly when the proof is ok, and verify names exactly the rules the proof broke.
 * (Simple perturbations of our own; the editor's edit operations are tested with the editor.)
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fcRuns } from '../helpers/fast-check';
import {
  carillonGame, defaultCarillonPlan, defaultCarillonRules, generateCandidate as growCarillon, plannedDots, slotParams,
  DOT_SIZES, type CarillonLevel, type CarillonPlan,
} from '../../src-shared/games/carillon/index';
import {
  apsisGame, defaultApsisPlan, defaultApsisRules, generateCandidate as buildApsis, levelSpec, HEADINGS,
  type ApsisLevel, type ApsisPlan,
} from '../../src-shared/games/apsis/index';

const roundTrip = <T>(x: T): unknown => JSON.parse(JSON.stringify(x));
/** A proof without its messages (they name the level number, which differs between the two plans). */
const unworded = <P extends { violations: { message: string }[] }>(p: P) => ({ ...p, violations: p.violations.map(({ message: _m, ...v }) => v) });
const ruleSet = (rules: string[]): string[] => [...new Set(rules)].sort();

describe('Carillon: prove agrees with verifyPack on random edits', () => {
  const rules = defaultCarillonRules;
  const plan = defaultCarillonPlan;
  const bases = [0, 4, 9, 10, 25, 55, 100].map((slot) => {
    const level = growCarillon({ rules, plan, seed: 31, slot, index: 0 }).level!;
    return { slot, level };
  });
  /** The slot's stretch as a one-level plan (same taps, dot cap and tutorial flag). */
  const onePlan = (slot: number): CarillonPlan => {
    const sp = slotParams(plan, slot);
    const cap = plannedDots(sp.stretch, slot + 1);
    return [{ from: 1, to: 1, taps: sp.taps, minDots: cap, maxDots: cap, tutorial: sp.tutorial }];
  };
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('move' as const), i: fc.nat(), dx: fc.integer({ min: -90, max: 90 }), dy: fc.integer({ min: -90, max: 90 }) }),
    fc.record({ kind: fc.constant('delete' as const), i: fc.nat() }),
    fc.record({ kind: fc.constant('size' as const), i: fc.nat(), size: fc.constantFrom(...DOT_SIZES) }),
    fc.record({ kind: fc.constant('add' as const), x: fc.integer({ min: 0, max: 640 }), y: fc.integer({ min: 0, max: 960 }), size: fc.constantFrom(...DOT_SIZES) }),
    fc.record({ kind: fc.constant('color' as const), i: fc.nat(), color: fc.integer({ min: 0, max: 7 }) }),
  );
  type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;
  const apply = (level: CarillonLevel, edits: Edit[]): CarillonLevel => {
    const dots = level.dots.map((d) => ({ ...d }));
    for (const e of edits) {
      if (e.kind === 'add') { dots.push({ x: e.x, y: e.y, size: e.size, color: 0 }); continue; }
      if (dots.length === 0) continue;
      const i = e.i % dots.length;
      if (e.kind === 'move') { dots[i]!.x += e.dx; dots[i]!.y += e.dy; }
      else if (e.kind === 'delete') dots.splice(i, 1);
      else if (e.kind === 'size') dots[i]!.size = e.size;
      else dots[i]!.color = e.color;
    }
    return { ...level, dots };
  };

  it('200 edits: ok exactly when verify is clean, and the same rules broken', () => {
    let broken = 0, clean = 0;
    fc.assert(
      fc.property(fc.nat({ max: bases.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 4 }), (b, edits) => {
        const { slot, level } = bases[b]!;
        const edited = apply(level, edits);
        const proof = carillonGame.prove(edited, rules, { plan, slot });
        const one = onePlan(slot);
        // The slot's own plan and its one-level copy prove the same.
        expect(unworded(carillonGame.prove(edited, rules, { plan: one, slot: 0 }))).toEqual(unworded(proof));
        if (edited.dots.length === 0) { expect(proof.ok).toBe(false); return; }
        const pack = carillonGame.parsePack(roundTrip(carillonGame.toPack({ seed: 1, rules, plan: one, levels: [proof.level] })));
        const problems = carillonGame.verifyPack(pack);
        expect(problems.length === 0).toBe(proof.ok);
        expect(ruleSet(problems.map((p) => p.rule))).toEqual(ruleSet(proof.violations.map((v) => (v.rule === 'plan' ? 'plan-taps' : v.rule))));
        if (proof.ok) clean++; else broken++;
      }),
      fcRuns(200),
    );
    // Both sides of the property were exercised.
    expect(clean).toBeGreaterThan(10);
    expect(broken).toBeGreaterThan(10);
  });
});

describe('Apsis: prove agrees with verifyPack on random edits', () => {
  const rules = defaultApsisRules;
  const plan = defaultApsisPlan;
  const bases = [0, 14, 20, 40, 80, 120, 149].map((slot) => {
    const level = buildApsis({ rules, plan, seed: 31, slot, index: 0 }).level!;
    return { slot, level };
  });
  const onePlan = (slot: number): ApsisPlan => {
    const s = levelSpec(plan, slot + 1);
    return [{ stage: 1, first: 1, last: 1, orbits: s.orbits, arrows: [s.arrows], long: s.long, diagonal: s.diagonal, poolSize: 1 }];
  };
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('turn' as const), i: fc.nat(), by: fc.integer({ min: -40, max: 40 }) }),
    fc.record({ kind: fc.constant('orbit' as const), i: fc.nat(), orbit: fc.integer({ min: 1, max: 7 }) }),
    fc.record({ kind: fc.constant('heading' as const), i: fc.nat(), heading: fc.constantFrom(...HEADINGS) }),
    fc.record({ kind: fc.constant('length' as const), i: fc.nat() }),
    fc.record({ kind: fc.constant('delete' as const), i: fc.nat() }),
    fc.record({ kind: fc.constant('add' as const), orbit: fc.integer({ min: 1, max: 6 }), angle: fc.integer({ min: 0, max: 359 }), heading: fc.constantFrom(...HEADINGS) }),
    fc.record({ kind: fc.constant('orbits' as const), orbits: fc.integer({ min: 3, max: 6 }) }),
  );
  type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;
  const apply = (level: ApsisLevel, edits: Edit[]): ApsisLevel => {
    let orbits = level.orbits;
    const arrows = level.arrows.map((a) => ({ ...a }));
    for (const e of edits) {
      if (e.kind === 'add') { arrows.push({ orbit: e.orbit, angle: e.angle, heading: e.heading, length: 'short' }); continue; }
      // Orbit count changes keep arrows on the nearest orbit (as the editor does).
      if (e.kind === 'orbits') { orbits = e.orbits; for (const a of arrows) a.orbit = Math.min(a.orbit, orbits); continue; }
      if (arrows.length === 0) continue;
      const a = arrows[e.i % arrows.length]!;
      if (e.kind === 'turn') a.angle = (((a.angle + e.by) % 360) + 360) % 360;
      else if (e.kind === 'orbit') a.orbit = e.orbit;
      else if (e.kind === 'heading') a.heading = e.heading;
      else if (e.kind === 'length') a.length = a.length === 'long' ? 'short' : 'long';
      else arrows.splice(e.i % arrows.length, 1);
    }
    return { orbits, arrows };
  };

  it('200 edits: ok exactly when verify is clean, and the same rules broken', () => {
    let broken = 0, clean = 0;
    fc.assert(
      fc.property(fc.nat({ max: bases.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 3 }), (b, edits) => {
        const { slot, level } = bases[b]!;
        const edited = apply(level, edits);
        const proof = apsisGame.prove(edited, rules, { plan, slot });
        const one = onePlan(slot);
        expect(unworded(apsisGame.prove(edited, rules, { plan: one, slot: 0 }))).toEqual(unworded(proof));
        if (edited.arrows.length === 0) { expect(proof.ok).toBe(false); return; }
        const pack = apsisGame.parsePack(roundTrip(apsisGame.toPack({ seed: 1, rules, plan: one, levels: [proof.level] })));
        const problems = apsisGame.verifyPack(pack);
        expect(problems.length === 0).toBe(proof.ok);
        const proved = proof.violations.map((v) => v.rule);
        // A level that does not clear has no whole solution for the file's claim.
        if (proved.includes('clears')) proved.push('solution');
        expect(ruleSet(problems.map((p) => p.rule))).toEqual(ruleSet(proved));
        if (proof.ok) clean++; else broken++;
      }),
      fcRuns(200),
    );
    expect(clean).toBeGreaterThan(10);
    expect(broken).toBeGreaterThan(10);
  });
});
