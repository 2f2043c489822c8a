/**
 * The games' edit sessions (src-renderer/src/games/{carillon,apsis}/edit-session.ts) for what
 * the shared editor asks of several elements: a group drag keeps every element's place
 * relative to the one held (Carillon: the same offset; Apsis: the same turn and orbit step),
 * stopping as one at the field's edge or the last orbit; the grid snaps the held one; a paste
 * adds copies at the end, a step off per paste, read as this level's (a colour or orbit it
 * lacks becomes its last), and refuses what is not the game's. The game keys and the palette
 * act on every selected element as one edit, each taking what the key gives the primary one.
 */
import { describe, expect, it } from 'vitest';
import { defaultCarillonRules, type CarillonLevel } from '../../src-shared/games/carillon/index';
import { defaultApsisRules, orbitRadius, type ApsisLevel } from '../../src-shared/games/apsis/index';
import {
  carillonSession,
  colourDots,
  PASTE_STEP,
  sizeDots,
} from '../../src-renderer/src/games/carillon/edit-session';
import {
  apsisSession,
  headArrows,
  lengthArrows,
  PASTE_TURN,
} from '../../src-renderer/src/games/apsis/edit-session';

const rules = defaultCarillonRules;
const dots: CarillonLevel = {
  taps: 2,
  tutorial: false,
  bits: 1,
  dots: [
    { x: 100, y: 100, size: 'normal', color: 0 },
    { x: 150, y: 120, size: 'small', color: 1 },
    { x: 300, y: 300, size: 'big', color: 2 },
  ],
  solution: [0, 1],
};
const carillon = carillonSession(rules, { size: 'normal', color: 0 });

describe('Carillon: several dots', () => {
  it('a group drag moves every dot by the offset of the one held; the others stay', () => {
    const next = carillon.moveGroup(dots, [0, 1], 1, { x: 170.4, y: 110 }, null);
    expect(next.dots.map((d) => [d.x, d.y])).toEqual([
      [120, 90],
      [170, 110],
      [300, 300],
    ]);
  });

  it('stops as one at the field edge (the formation holds), and snaps the held dot to the grid', () => {
    const next = carillon.moveGroup(dots, [0, 1], 0, { x: -500, y: 100 }, null);
    expect(next.dots.slice(0, 2).map((d) => [d.x, d.y])).toEqual([
      [0, 100],
      [50, 120],
    ]);
    const snapped = carillon.moveGroup(dots, [0, 1], 0, { x: 133, y: 104 }, 20);
    expect(snapped.dots.slice(0, 2).map((d) => [d.x, d.y])).toEqual([
      [140, 100],
      [190, 120],
    ]);
    expect(carillon.dragTo(dots, 2, { x: 311, y: 296 }, 25).dots[2]).toMatchObject({ x: 300, y: 300 });
  });

  it('pastes copies at the end a step off per paste; a colour this run lacks becomes its last', () => {
    const items = [carillon.copy(dots, 0), { ...(carillon.copy(dots, 2) as object), color: 99 }];
    const once = carillon.paste(dots, items, 1);
    expect(once.dots.slice(3)).toEqual([
      { x: 100 + PASTE_STEP, y: 100 + PASTE_STEP, size: 'normal', color: 0 },
      { x: 300 + PASTE_STEP, y: 300 + PASTE_STEP, size: 'big', color: rules.colors - 1 },
    ]);
    expect(carillon.paste(dots, items, 0).dots[3]).toMatchObject({ x: 100, y: 100 });
    expect(() => carillon.paste(dots, [{ orbit: 1, angle: 3 }], 0)).toThrow(
      'the clipboard does not hold Carillon dots',
    );
  });

  it('1/2/3 and K act on every selected dot as one edit: each takes the size, or the colour after the primary’s', () => {
    const pal = { size: 'normal' as const, color: 0 };
    const keys = carillonSession(rules, { ...pal });
    const big = keys.key(dots, '3', [0, 1], false)!;
    expect(big.level.dots.map((d) => d.size)).toEqual(['big', 'big', 'big']);
    expect(big.label).toBe('make 2 dots big');
    // The primary (last) is dot 1, colour 1: K gives both dots colour 2; Shift+K colour 0.
    const k = keys.key(dots, 'K', [2, 1], false)!;
    expect(k.level.dots.map((d) => d.color)).toEqual([0, 2, 2]);
    expect(k.label).toBe('colour 2 dots 2');
    expect(keys.key(dots, 'K', [0, 1], true)!.level.dots.map((d) => d.color)).toEqual([0, 0, 2]);
    expect(keys.key(dots, '1', [], false)).toBeNull();
    // The palette's buttons, the same way; one dot keeps its own words.
    expect(sizeDots(dots, [0, 2], 'small').level.dots.map((d) => d.size)).toEqual([
      'small',
      'small',
      'small',
    ]);
    expect(colourDots(dots, [2], 4, rules)).toMatchObject({ label: 'colour dot 2 4' });
    expect(() => colourDots(dots, [0, 1], 99, rules)).toThrow();
  });
});

const arules = defaultApsisRules;
const system: ApsisLevel = {
  orbits: 4,
  arrows: [
    { orbit: 1, angle: 10, heading: 'cw', length: 'short' },
    { orbit: 2, angle: 40, heading: 'ccw-out', length: 'long' },
    { orbit: 4, angle: 200, heading: 'cw-in', length: 'short' },
  ],
};
const apsis = apsisSession(arules, { heading: 'cw', length: 'short' });
/** The system point of an orbit and angle (y down, as the board's). */
const at = (orbit: number, angle: number, m = 4): { x: number; y: number } => {
  const r = orbitRadius(arules, m, orbit);
  return { x: r * Math.cos((angle * Math.PI) / 180), y: r * Math.sin((angle * Math.PI) / 180) };
};

describe('Apsis: several arrows', () => {
  it('a group drag turns every arrow as far as the one held, and steps them out as many orbits', () => {
    const next = apsis.moveGroup(system, [0, 1], 0, at(2, 30), null);
    expect(next.arrows.map((a) => [a.orbit, a.angle])).toEqual([
      [2, 30],
      [3, 60],
      [4, 200],
    ]);
  });

  it('stops as one at the outermost orbit; the grid snaps the held arrow to its degrees', () => {
    const out = apsis.moveGroup(system, [0, 2], 0, at(3, 10), null);
    expect(out.arrows.map((a) => a.orbit)).toEqual([1, 2, 4]);
    const snapped = apsis.dragTo(system, 0, at(1, 22), 15);
    expect(snapped.arrows[0]).toMatchObject({ orbit: 1, angle: 15 });
  });

  it('pastes copies turned a step per paste; an orbit this level lacks becomes its last', () => {
    const items = [apsis.copy(system, 2), apsis.copy(system, 0)];
    const three: ApsisLevel = { orbits: 3, arrows: [] };
    const pasted = apsis.paste(three, items, 2);
    expect(pasted.arrows).toEqual([
      { orbit: 3, angle: 200 + 2 * PASTE_TURN, heading: 'cw-in', length: 'short' },
      { orbit: 1, angle: 10 + 2 * PASTE_TURN, heading: 'cw', length: 'short' },
    ]);
    expect(() => apsis.paste(three, [{ x: 1, y: 2, size: 'big', color: 0 }], 0)).toThrow(
      'the clipboard does not hold Apsis arrows',
    );
  });

  it('H and L act on every selected arrow as one edit: each takes the primary’s next heading, or its other length', () => {
    const keys = apsisSession(arules, { heading: 'cw', length: 'short' });
    // The primary (last) is arrow 0, heading cw: every selected arrow takes the heading after cw.
    const next = apsis.key(system, 'H', [0], false)!.level.arrows[0]!.heading;
    const h = keys.key(system, 'H', [2, 1, 0], false)!;
    expect(h.level.arrows.map((a) => a.heading)).toEqual([next, next, next]);
    expect(h.label).toBe(`turn 3 arrows to ${next}`);
    // Arrow 2 is short: L makes both long (arrow 1 already is, and stays).
    const l = keys.key(system, 'L', [1, 2], false)!;
    expect(l.level.arrows.map((a) => a.length)).toEqual(['short', 'long', 'long']);
    expect(l.label).toBe('make 2 arrows long');
    expect(keys.key(system, 'L', [], false)).toBeNull();
    expect(headArrows(system, [0, 2], 'cw-in').level.arrows.map((a) => a.heading)).toEqual([
      'cw-in',
      'ccw-out',
      'cw-in',
    ]);
    expect(lengthArrows(system, [0], 'short').level).toEqual(system);
  });
});
