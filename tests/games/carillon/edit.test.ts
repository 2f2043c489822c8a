/** Carillon's hand edits (src-shared/games/carillon/edit.ts): each operation, purity, and refusals in words. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultCarillonRules as rules, type CarillonLevel } from '../../../src-shared/games/carillon/index';
import {
  addDot,
  BIG_NUDGE,
  deleteDot,
  emptyLevel,
  moveDot,
  nudgeDot,
  setDotColor,
  setDotSize,
} from '../../../src-shared/games/carillon/edit';

const level: CarillonLevel = {
  taps: 2,
  tutorial: false,
  bits: 1.5,
  dots: [
    { x: 100, y: 480, size: 'big', color: 3 },
    { x: 230, y: 480, size: 'normal', color: 1 },
    { x: 350, y: 480, size: 'normal', color: 0 },
    { x: 500, y: 100, size: 'small', color: 6 },
  ],
  solution: [0, 3],
  roots: [0, 3],
};
const frozen = structuredClone(level);

describe('carillon edits', () => {
  it('moves a dot, snapped to whole units, and changes nothing else', () => {
    const m = moveDot(level, 1, { x: 240.6, y: 470.4 }, rules);
    expect(m.dots[1]).toEqual({ x: 241, y: 470, size: 'normal', color: 1 });
    expect(m.dots.filter((_, k) => k !== 1)).toEqual(level.dots.filter((_, k) => k !== 1));
    expect(level).toEqual(frozen);
  });

  it('keeps a dragged centre on the field, so a dot can hang over the edge but not leave the board', () => {
    const m = moveDot(level, 0, { x: -50, y: 5000 }, rules);
    expect(m.dots[0]).toMatchObject({ x: 0, y: rules.height });
    expect(Object.is(moveDot(level, 0, { x: -0.2, y: 3 }, rules).dots[0]!.x, 0)).toBe(true);
  });

  it('nudges by one unit, or ten with Shift', () => {
    expect(nudgeDot(level, 2, 1, 0, false, rules).dots[2]).toMatchObject({ x: 351, y: 480 });
    expect(nudgeDot(level, 2, 0, -1, true, rules).dots[2]).toMatchObject({ x: 350, y: 480 - BIG_NUDGE });
    // Ten nudges of one equal one nudge of ten.
    let l = level;
    for (let k = 0; k < 10; k++) l = nudgeDot(l, 3, -1, 1, false, rules);
    expect(l.dots[3]).toEqual(nudgeDot(level, 3, -1, 1, true, rules).dots[3]);
  });

  it('adds a dot of a chosen size and colour at the end', () => {
    const a = addDot(level, { x: 320.4, y: 700, size: 'small', color: 5 }, rules);
    expect(a.dots).toHaveLength(5);
    expect(a.dots[4]).toEqual({ x: 320, y: 700, size: 'small', color: 5 });
    expect(level).toEqual(frozen);
    const first = addDot(emptyLevel(), { x: 10, y: 10, size: 'big', color: 0 }, rules);
    expect(first.dots).toEqual([{ x: 10, y: 10, size: 'big', color: 0 }]);
  });

  it('deletes a dot and renumbers the solution past it; roots are dropped', () => {
    const d = deleteDot(level, 1);
    expect(d.dots.map((p) => p.x)).toEqual([100, 350, 500]);
    expect(d.solution).toEqual([0, 2]);
    expect(d.roots).toBeUndefined();
    expect(deleteDot(level, 0).solution).toEqual([2]);
    expect(level).toEqual(frozen);
  });

  it('changes a dot’s size or colour, its centre kept', () => {
    expect(setDotSize(level, 3, 'big').dots[3]).toEqual({ x: 500, y: 100, size: 'big', color: 6 });
    expect(setDotColor(level, 3, 2, rules).dots[3]).toEqual({ x: 500, y: 100, size: 'small', color: 2 });
  });

  it('refuses bad input in a designer’s sentence and changes nothing', () => {
    expect(() => moveDot(level, 4, { x: 1, y: 1 }, rules)).toThrow(
      'there is no dot 4: the level has 4 dots (0–3)',
    );
    expect(() => deleteDot(emptyLevel(), 0)).toThrow('there is no dot 0: the level has no dots');
    expect(() => moveDot(level, 0, { x: NaN, y: 1 }, rules)).toThrow('the x coordinate must be a number');
    expect(() => setDotSize(level, 0, 'huge' as never)).toThrow(
      'a dot\'s size is small, normal or big (not "huge")',
    );
    expect(() => setDotColor(level, 0, 7, rules)).toThrow(
      "a dot's colour is a whole number from 0 to 6 (not 7)",
    );
    expect(() => addDot(level, { x: 1, y: 1, size: 'small', color: 1.5 }, rules)).toThrow(
      'from 0 to 6 (not 1.5)',
    );
    expect(() => nudgeDot(level, -1, 1, 0, false, rules)).toThrow('there is no dot -1');
    expect(level).toEqual(frozen);
  });

  it('property: every edit is deterministic, leaves its input alone and keeps centres whole and on the field', () => {
    const edit = fc.oneof(
      fc.record({
        k: fc.constant('move'),
        i: fc.nat(),
        x: fc.double({ min: -2000, max: 2000, noNaN: true }),
        y: fc.double({ min: -2000, max: 2000, noNaN: true }),
      }),
      fc.record({
        k: fc.constant('nudge'),
        i: fc.nat(),
        x: fc.integer({ min: -1, max: 1 }),
        y: fc.integer({ min: -1, max: 1 }),
        big: fc.boolean(),
      }),
      fc.record({
        k: fc.constant('add'),
        x: fc.double({ min: -100, max: 800, noNaN: true }),
        y: fc.double({ min: -100, max: 1100, noNaN: true }),
        size: fc.constantFrom('small', 'normal', 'big' as const),
        color: fc.integer({ min: 0, max: 6 }),
      }),
      fc.record({ k: fc.constant('delete'), i: fc.nat() }),
      fc.record({
        k: fc.constant('size'),
        i: fc.nat(),
        size: fc.constantFrom('small', 'normal', 'big' as const),
      }),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 30 }), (edits) => {
        let l: CarillonLevel = level;
        for (const e of edits) {
          const before = structuredClone(l);
          const n = l.dots.length;
          const i = n > 0 && 'i' in e ? (e.i as number) % n : 0;
          const run = (): CarillonLevel => {
            switch (e.k) {
              case 'move':
                return moveDot(l, i, { x: e.x as number, y: e.y as number }, rules);
              case 'nudge':
                return nudgeDot(l, i, e.x as number, e.y as number, e.big as boolean, rules);
              case 'add':
                return addDot(
                  l,
                  { x: e.x as number, y: e.y as number, size: e.size as 'small', color: e.color as number },
                  rules,
                );
              case 'delete':
                return deleteDot(l, i);
              default:
                return setDotSize(l, i, e.size as 'small');
            }
          };
          if (n === 0 && e.k !== 'add') continue;
          const out = run();
          expect(run()).toEqual(out);
          expect(l).toEqual(before);
          expect(out.dots.length).toBe(n + (e.k === 'add' ? 1 : e.k === 'delete' ? -1 : 0));
          for (const d of out.dots) {
            expect(Number.isInteger(d.x) && d.x >= 0 && d.x <= rules.width).toBe(true);
            expect(Number.isInteger(d.y) && d.y >= 0 && d.y <= rules.height).toBe(true);
          }
          expect(out.solution.every((k) => k >= 0 && k < out.dots.length)).toBe(true);
          l = out;
        }
      }),
    );
  });
});
