/**
 * The editor's proof and verify cannot disagree: on 200 random hand edits of generated levels
 * per game, made with the editor's own edit operations (src-shared/games/<id>/edit.ts: dots
 * moved, nudged, deleted, added, resized, recoloured; arrows moved round or across orbits,
 * turned, lengthened, added, deleted; orbit counts changed), plus raw changes the editor
 * cannot make but a hand-written level can (a colour off the palette, an arrow off its
 * orbits), the level as proved, shipped alone in a pack whose plan is its slot's, verifies
 * clean exactly when the proof is ok, and verify names exactly the rules the proof broke.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fcRuns } from '../helpers/fast-check';
import {
  carillonGame,
  defaultCarillonPlan,
  defaultCarillonRules,
  generateCandidate as growCarillon,
  plannedDots,
  slotParams,
  DOT_SIZES,
  type CarillonLevel,
  type CarillonPlan,
} from '../../src-shared/games/carillon/index';
import {
  addDot,
  deleteDot,
  moveDot,
  nudgeDot,
  setDotColor,
  setDotSize,
} from '../../src-shared/games/carillon/edit';
import {
  addArrow,
  deleteArrow,
  moveArrow,
  rotateHeading,
  setOrbitCount,
  toggleLength,
} from '../../src-shared/games/apsis/edit';
import {
  apsisGame,
  defaultApsisPlan,
  defaultApsisRules,
  generateCandidate as buildApsis,
  levelSpec,
  HEADINGS,
  type ApsisLevel,
  type ApsisPlan,
} from '../../src-shared/games/apsis/index';

const roundTrip = <T>(x: T): unknown => JSON.parse(JSON.stringify(x));
/** A proof without its messages (they name the level number, which differs between the two plans). */
const unworded = <P extends { violations: { message: string }[] }>(p: P) => ({
  ...p,
  violations: p.violations.map(({ message: _m, ...v }) => v),
});
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
    fc.record({
      kind: fc.constant('move' as const),
      i: fc.nat(),
      dx: fc.integer({ min: -90, max: 90 }),
      dy: fc.integer({ min: -90, max: 90 }),
    }),
    fc.record({
      kind: fc.constant('nudge' as const),
      i: fc.nat(),
      dx: fc.integer({ min: -1, max: 1 }),
      dy: fc.integer({ min: -1, max: 1 }),
      big: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('delete' as const), i: fc.nat() }),
    fc.record({ kind: fc.constant('size' as const), i: fc.nat(), size: fc.constantFrom(...DOT_SIZES) }),
    fc.record({
      kind: fc.constant('add' as const),
      x: fc.integer({ min: 0, max: 640 }),
      y: fc.integer({ min: 0, max: 960 }),
      size: fc.constantFrom(...DOT_SIZES),
    }),
    fc.record({ kind: fc.constant('color' as const), i: fc.nat(), color: fc.integer({ min: 0, max: 6 }) }),
    // Not an editor edit: a hand-written level with a colour past the palette.
    fc.record({ kind: fc.constant('raw-color' as const), i: fc.nat() }),
  );
  type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;
  const apply = (level: CarillonLevel, edits: Edit[]): CarillonLevel => {
    let l = level;
    for (const e of edits) {
      if (e.kind === 'add') {
        l = addDot(l, { x: e.x, y: e.y, size: e.size, color: 0 }, rules);
        continue;
      }
      if (l.dots.length === 0) continue;
      const i = e.i % l.dots.length;
      if (e.kind === 'move') l = moveDot(l, i, { x: l.dots[i]!.x + e.dx, y: l.dots[i]!.y + e.dy }, rules);
      else if (e.kind === 'nudge') l = nudgeDot(l, i, e.dx, e.dy, e.big, rules);
      else if (e.kind === 'delete') l = deleteDot(l, i);
      else if (e.kind === 'size') l = setDotSize(l, i, e.size);
      else if (e.kind === 'color') l = setDotColor(l, i, e.color, rules);
      else l = { ...l, dots: l.dots.map((d, k) => (k === i ? { ...d, color: rules.colors } : d)) };
    }
    return l;
  };

  it('200 edits: ok exactly when verify is clean, and the same rules broken', () => {
    let broken = 0,
      clean = 0;
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.nat({ max: bases.length - 1 }),
        fc.array(edit, { minLength: 1, maxLength: 4 }),
        (b, edits) => {
          const { slot, level } = bases[b]!;
          const edited = apply(level, edits);
          const proof = carillonGame.prove(edited, rules, { plan, slot });
          const one = onePlan(slot);
          // The slot's own plan and its one-level copy prove the same.
          expect(unworded(carillonGame.prove(edited, rules, { plan: one, slot: 0 }))).toEqual(
            unworded(proof),
          );
          if (edited.dots.length === 0) {
            expect(proof.ok).toBe(false);
            return;
          }
          const pack = carillonGame.parsePack(
            roundTrip(carillonGame.toPack({ seed: 1, rules, plan: one, levels: [proof.level] })),
          );
          const problems = carillonGame.verifyPack(pack);
          expect(problems.length === 0).toBe(proof.ok);
          expect(ruleSet(problems.map((p) => p.rule))).toEqual(
            ruleSet(proof.violations.map((v) => (v.rule === 'plan' ? 'plan-taps' : v.rule))),
          );
          for (const v of proof.violations) seen.add(v.rule);
          if (proof.ok) clean++;
          else broken++;
        },
      ),
      fcRuns(200),
    );
    // Both sides of the property were exercised, and the rules edits break most.
    expect(clean).toBeGreaterThan(10);
    expect(broken).toBeGreaterThan(10);
    for (const r of ['spacing', 'ring-margin', 'plan-taps', 'color']) expect(seen, r).toContain(r);
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
    return [
      {
        stage: 1,
        first: 1,
        last: 1,
        orbits: s.orbits,
        arrows: [s.arrows],
        long: s.long,
        diagonal: s.diagonal,
        poolSize: 1,
      },
    ];
  };
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('turn' as const), i: fc.nat(), by: fc.integer({ min: -40, max: 40 }) }),
    fc.record({ kind: fc.constant('orbit' as const), i: fc.nat(), orbit: fc.integer({ min: 1, max: 6 }) }),
    fc.record({ kind: fc.constant('heading' as const), i: fc.nat(), step: fc.integer({ min: 1, max: 5 }) }),
    fc.record({ kind: fc.constant('length' as const), i: fc.nat() }),
    fc.record({ kind: fc.constant('delete' as const), i: fc.nat() }),
    fc.record({
      kind: fc.constant('add' as const),
      orbit: fc.integer({ min: 1, max: 6 }),
      angle: fc.integer({ min: 0, max: 359 }),
      heading: fc.constantFrom(...HEADINGS),
    }),
    fc.record({ kind: fc.constant('orbits' as const), orbits: fc.integer({ min: 3, max: 6 }) }),
    // Not an editor edit: a hand-written level with an arrow past its orbits.
    fc.record({ kind: fc.constant('raw-orbit' as const), i: fc.nat() }),
  );
  type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;
  const apply = (level: ApsisLevel, edits: Edit[]): ApsisLevel => {
    let l = level;
    for (const e of edits) {
      if (e.kind === 'add') {
        l = addArrow(l, {
          orbit: Math.min(e.orbit, l.orbits),
          angle: e.angle,
          heading: e.heading,
          length: 'short',
        });
        continue;
      }
      if (e.kind === 'orbits') {
        l = setOrbitCount(l, e.orbits, rules);
        continue;
      }
      if (l.arrows.length === 0) continue;
      const i = e.i % l.arrows.length;
      const a = l.arrows[i]!;
      // setOrbitCount needs every arrow on an orbit; a raw edit may have put one off them.
      if (l.arrows.some((x) => x.orbit > l.orbits) && e.kind !== 'delete') continue;
      if (e.kind === 'turn') l = moveArrow(l, i, { orbit: a.orbit, angle: a.angle + e.by });
      else if (e.kind === 'orbit')
        l = moveArrow(l, i, { orbit: Math.min(e.orbit, l.orbits), angle: a.angle });
      else if (e.kind === 'heading') l = rotateHeading(l, i, e.step);
      else if (e.kind === 'length') l = toggleLength(l, i);
      else if (e.kind === 'delete') l = deleteArrow(l, i);
      else l = { ...l, arrows: l.arrows.map((x, k) => (k === i ? { ...x, orbit: l.orbits + 1 } : x)) };
    }
    return l;
  };

  it('200 edits: ok exactly when verify is clean, and the same rules broken', () => {
    let broken = 0,
      clean = 0;
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.nat({ max: bases.length - 1 }),
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        (b, edits) => {
          const { slot, level } = bases[b]!;
          const edited = apply(level, edits);
          const proof = apsisGame.prove(edited, rules, { plan, slot });
          const one = onePlan(slot);
          expect(unworded(apsisGame.prove(edited, rules, { plan: one, slot: 0 }))).toEqual(unworded(proof));
          if (edited.arrows.length === 0) {
            expect(proof.ok).toBe(false);
            return;
          }
          const pack = apsisGame.parsePack(
            roundTrip(apsisGame.toPack({ seed: 1, rules, plan: one, levels: [proof.level] })),
          );
          const problems = apsisGame.verifyPack(pack);
          expect(problems.length === 0).toBe(proof.ok);
          const proved = proof.violations.map((v) => v.rule);
          // A level that does not clear has no whole solution for the file's claim.
          if (proved.includes('clears')) proved.push('solution');
          expect(ruleSet(problems.map((p) => p.rule))).toEqual(ruleSet(proved));
          for (const v of proof.violations)
            seen.add(v.rule.startsWith('arrows[') ? 'arrows[k].orbit' : v.rule);
          if (proof.ok) clean++;
          else broken++;
        },
      ),
      fcRuns(200),
    );
    expect(clean).toBeGreaterThan(10);
    expect(broken).toBeGreaterThan(10);
    for (const r of ['fit', 'orbits', 'kinds', 'arrows[k].orbit']) expect(seen, r).toContain(r);
  });
});
