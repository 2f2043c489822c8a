/** Apsis's hand edits (src-shared/games/apsis/edit.ts): each operation, purity, and refusals in words. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  defaultApsisRules as rules,
  HEADINGS,
  orbitRadius,
  type ApsisLevel,
} from '../../../src-shared/games/apsis/index';
import {
  addArrow,
  deleteArrow,
  dragArrowTo,
  emptyLevel,
  moveArrow,
  nearestOrbit,
  nudgeArrow,
  placeAt,
  rotateHeading,
  setHeading,
  setOrbitCount,
  toggleLength,
} from '../../../src-shared/games/apsis/edit';

const level: ApsisLevel = {
  orbits: 3,
  arrows: [
    { orbit: 2, angle: 0, heading: 'cw', length: 'short' },
    { orbit: 3, angle: 44, heading: 'cw', length: 'short' },
    { orbit: 1, angle: 350, heading: 'ccw-in', length: 'long' },
  ],
};
const frozen = structuredClone(level);

describe('apsis edits', () => {
  it('moves an arrow round its orbit in whole degrees, through 360', () => {
    expect(moveArrow(level, 0, { orbit: 2, angle: 12.4 }).arrows[0]).toEqual({
      orbit: 2,
      angle: 12,
      heading: 'cw',
      length: 'short',
    });
    expect(moveArrow(level, 0, { orbit: 2, angle: -1 }).arrows[0]!.angle).toBe(359);
    expect(moveArrow(level, 0, { orbit: 2, angle: 725 }).arrows[0]!.angle).toBe(5);
    expect(Object.is(moveArrow(level, 0, { orbit: 2, angle: -0.3 }).arrows[0]!.angle, 0)).toBe(true);
    expect(level).toEqual(frozen);
  });

  it('drags an arrow to the nearest orbit at the pointer’s whole degree', () => {
    // Orbits of 3 have radii 105, 170, 235 (40 + j × 65).
    expect([1, 2, 3].map((j) => orbitRadius(rules, 3, j))).toEqual([105, 170, 235]);
    const r = 225,
      th = (97.3 * Math.PI) / 180; // nearer 235 than 170, 97.3° → 97
    expect(dragArrowTo(level, 0, r * Math.cos(th), r * Math.sin(th), rules).arrows[0]).toMatchObject({
      orbit: 3,
      angle: 97,
    });
    // y grows downward: a point straight up is 270°.
    expect(placeAt(rules, 3, 0, -100)).toEqual({ orbit: 1, angle: 270 });
    expect(placeAt(rules, 3, 0, 0)).toEqual({ orbit: 1, angle: 0 });
    // Beyond the rim or inside the sun still lands on an orbit (the outermost, the innermost).
    expect(placeAt(rules, 3, 1000, 0).orbit).toBe(3);
    expect(placeAt(rules, 3, 5, 0).orbit).toBe(1);
    // A tie between two orbits goes inward.
    expect(nearestOrbit(rules, 3, 137.5)).toBe(1);
  });

  it('nudges round the orbit by 1° or 10° and steps between orbits, stopping at the last', () => {
    expect(nudgeArrow(level, 1, 1, 0, false).arrows[1]).toMatchObject({ orbit: 3, angle: 45 });
    expect(nudgeArrow(level, 1, -1, 0, true).arrows[1]).toMatchObject({ orbit: 3, angle: 34 });
    expect(nudgeArrow(level, 2, 1, 0, true).arrows[2]).toMatchObject({ orbit: 1, angle: 0 });
    expect(nudgeArrow(level, 1, 0, 1, false).arrows[1]!.orbit).toBe(3);
    expect(nudgeArrow(level, 1, 0, -1, false).arrows[1]!.orbit).toBe(2);
    expect(nudgeArrow(level, 2, 0, -1, false).arrows[2]!.orbit).toBe(1);
  });

  it('turns the heading through the six headings and back round', () => {
    let l = level;
    const seen: string[] = [];
    for (let k = 0; k < 6; k++) {
      l = rotateHeading(l, 0);
      seen.push(l.arrows[0]!.heading);
    }
    expect(seen).toEqual([...HEADINGS.slice(1), HEADINGS[0]]);
    expect(rotateHeading(level, 0, -1).arrows[0]!.heading).toBe('ccw-in');
    expect(rotateHeading(rotateHeading(level, 2, 5), 2, -5)).toEqual(level);
    expect(setHeading(level, 0, 'cw-out').arrows[0]!.heading).toBe('cw-out');
  });

  it('toggles short and long', () => {
    expect(toggleLength(level, 0).arrows[0]!.length).toBe('long');
    expect(toggleLength(level, 2).arrows[2]!.length).toBe('short');
    expect(toggleLength(toggleLength(level, 1), 1)).toEqual(level);
  });

  it('adds an arrow at the end and deletes one (later arrows move down)', () => {
    const a = addArrow(level, { orbit: 1, angle: 180.6, heading: 'ccw', length: 'short' });
    expect(a.arrows).toHaveLength(4);
    expect(a.arrows[3]).toEqual({ orbit: 1, angle: 181, heading: 'ccw', length: 'short' });
    const d = deleteArrow(level, 0);
    expect(d.arrows).toEqual(level.arrows.slice(1));
    expect(
      addArrow(emptyLevel(4), { orbit: 4, angle: 0, heading: 'cw', length: 'long' }).arrows,
    ).toHaveLength(1);
    expect(level).toEqual(frozen);
  });

  it('changes the orbit count, each arrow kept on the new orbit nearest its old radius', () => {
    // 3 → 6: radii 105/170/235 → orbits of 6 at 77.1, 114.3, 151.4, 188.6, 225.7, 262.9
    // (170 lies halfway between 151.4 and 188.6: the tie goes inward, to 3).
    const six = setOrbitCount(level, 6, rules);
    expect(six.orbits).toBe(6);
    expect(six.arrows.map((a) => a.orbit)).toEqual([3, 5, 2]);
    expect(six.arrows.map((a) => a.angle)).toEqual([0, 44, 350]);
    // Back to 3 lands on the same orbits.
    expect(setOrbitCount(six, 3, rules)).toEqual(level);
  });

  it('property: the orbit count keeps every arrow on the nearest orbit (brute force)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 6 }),
        fc.integer({ min: 3, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        (from, to, j0) => {
          const j = Math.min(from, j0);
          const out = setOrbitCount(
            { orbits: from, arrows: [{ orbit: j, angle: 10, heading: 'cw', length: 'short' }] },
            to,
            rules,
          );
          const r = orbitRadius(rules, from, j);
          const dists = Array.from({ length: to }, (_, k) => Math.abs(orbitRadius(rules, to, k + 1) - r));
          expect(Math.abs(orbitRadius(rules, to, out.arrows[0]!.orbit) - r)).toBe(Math.min(...dists));
        },
      ),
    );
  });

  it('refuses bad input in a designer’s sentence and changes nothing', () => {
    expect(() => moveArrow(level, 3, { orbit: 1, angle: 0 })).toThrow(
      'there is no arrow 3: the level has 3 arrows (0–2)',
    );
    expect(() => moveArrow(level, 0, { orbit: 4, angle: 0 })).toThrow(
      'an arrow stands on an orbit from 1 to 3 (not 4)',
    );
    expect(() => moveArrow(level, 0, { orbit: 1, angle: Infinity })).toThrow('the angle must be a number');
    expect(() => addArrow(level, { orbit: 1, angle: 0, heading: 'up' as never, length: 'short' })).toThrow(
      "an arrow's heading is one of cw, ccw",
    );
    expect(() => addArrow(level, { orbit: 1, angle: 0, heading: 'cw', length: 'huge' as never })).toThrow(
      'an arrow is short or long (not "huge")',
    );
    expect(() => setOrbitCount(level, 7, rules)).toThrow('a level has 3 to 6 orbits (not 7)');
    expect(() => setOrbitCount(level, 2, rules)).toThrow('a level has 3 to 6 orbits (not 2)');
    expect(() => rotateHeading(level, 0, 0.5)).toThrow('a heading turns by whole steps');
    expect(() => deleteArrow(emptyLevel(3), 0)).toThrow('there is no arrow 0: the level has no arrows');
    expect(() => dragArrowTo(level, 0, NaN, 0, rules)).toThrow('the x coordinate must be a number');
    expect(level).toEqual(frozen);
  });

  it('property: edits are deterministic, leave their input alone and keep arrows on the grid', () => {
    const edit = fc.oneof(
      fc.record({
        k: fc.constant('drag'),
        i: fc.nat(),
        x: fc.double({ min: -400, max: 400, noNaN: true }),
        y: fc.double({ min: -400, max: 400, noNaN: true }),
      }),
      fc.record({
        k: fc.constant('nudge'),
        i: fc.nat(),
        t: fc.integer({ min: -1, max: 1 }),
        o: fc.integer({ min: -1, max: 1 }),
        big: fc.boolean(),
      }),
      fc.record({ k: fc.constant('turn'), i: fc.nat(), s: fc.integer({ min: -7, max: 7 }) }),
      fc.record({ k: fc.constant('length'), i: fc.nat() }),
      fc.record({
        k: fc.constant('add'),
        o: fc.integer({ min: 1, max: 6 }),
        a: fc.integer({ min: -720, max: 720 }),
        h: fc.constantFrom(...HEADINGS),
      }),
      fc.record({ k: fc.constant('delete'), i: fc.nat() }),
      fc.record({ k: fc.constant('orbits'), m: fc.integer({ min: 3, max: 6 }) }),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 30 }), (edits) => {
        let l: ApsisLevel = level;
        for (const e of edits) {
          const n = l.arrows.length;
          if (n === 0 && 'i' in e) continue;
          const i = 'i' in e ? (e.i as number) % n : 0;
          const before = structuredClone(l);
          const run = (): ApsisLevel => {
            switch (e.k) {
              case 'drag':
                return dragArrowTo(l, i, e.x as number, e.y as number, rules);
              case 'nudge':
                return nudgeArrow(l, i, e.t as number, e.o as number, e.big as boolean);
              case 'turn':
                return rotateHeading(l, i, e.s as number);
              case 'length':
                return toggleLength(l, i);
              case 'add':
                return addArrow(l, {
                  orbit: Math.min(l.orbits, e.o as number),
                  angle: e.a as number,
                  heading: e.h as 'cw',
                  length: 'short',
                });
              case 'delete':
                return deleteArrow(l, i);
              default:
                return setOrbitCount(l, e.m as number, rules);
            }
          };
          const out = run();
          expect(run()).toEqual(out);
          expect(l).toEqual(before);
          for (const a of out.arrows) {
            expect(Number.isInteger(a.angle) && a.angle >= 0 && a.angle <= 359).toBe(true);
            expect(Number.isInteger(a.orbit) && a.orbit >= 1 && a.orbit <= out.orbits).toBe(true);
          }
          l = out;
        }
      }),
    );
  });
});
