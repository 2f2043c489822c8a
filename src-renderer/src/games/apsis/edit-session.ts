/**
 * Apsis's edit session for the shared editor (../../editor/edit-view.ts): its pure edits
 * (src-shared/games/apsis/edit.ts) over arrows — drag to the nearest orbit and degree (to the
 * grid's degrees when it is on), move several together (the same turn and orbit step), nudge,
 * add an arrow of the palette's heading and length, delete, copy and paste, turn the heading,
 * short/long, the orbit count — and its board (./edit-board.ts). The palette's choice is the
 * component's state, handed in as an object the keys change.
 */
import {
  HEADINGS,
  LENGTHS,
  type ApsisLevel,
  type ApsisRules,
  type Arrow,
  type ArrowLength,
  type Heading,
} from '../../../../src-shared/games/apsis/index';
import {
  addArrow,
  deleteArrow,
  MAX_ORBITS,
  MIN_ORBITS,
  moveArrow,
  nudgeArrow,
  placeAt,
  rotateHeading,
  setHeading,
  setOrbitCount,
  toggleLength,
} from '../../../../src-shared/games/apsis/edit';
import type { EditSession } from '../../editor/edit-view';
import { nameOf, primary } from '../../editor/selection';
import { snapValue } from '../../editor/snap';
import { drawApsisEdit } from './edit-board';

/** A paste into the level copied from lands this many degrees further round per step. */
export const PASTE_TURN = 15;

/** The palette's choice for new arrows. */
export interface ApsisPalette {
  heading: Heading;
  length: ArrowLength;
}

/** A spot for an arrow added by key: the middle orbit at the first whole ten degrees no arrow of that orbit stands near. */
function freeSpot(l: ApsisLevel): { orbit: number; angle: number } {
  const orbit = Math.ceil(l.orbits / 2);
  for (let a = 0; a < 360; a += 10) {
    if (
      l.arrows.every(
        (x) => x.orbit !== orbit || Math.min(Math.abs(x.angle - a), 360 - Math.abs(x.angle - a)) >= 20,
      )
    )
      return { orbit, angle: a };
  }
  return { orbit, angle: 0 };
}

/** The grid place of a point: the nearest orbit, at the point's whole degree (or the grid's). */
function placeOf(rules: ApsisRules, l: ApsisLevel, to: { x: number; y: number }, grid: number | null) {
  const p = placeAt(rules, l.orbits, to.x, to.y);
  return grid ? { orbit: p.orbit, angle: snapValue(p.angle, grid) % 360 } : p;
}

/** An arrow from the clipboard, read as an arrow of this level (an orbit past its last is its last). */
function pastedArrow(raw: unknown, l: ApsisLevel, turn: number): Arrow {
  const a = raw as Partial<Arrow>;
  if (
    typeof a?.orbit !== 'number' ||
    typeof a.angle !== 'number' ||
    !HEADINGS.includes(a.heading as Heading) ||
    !LENGTHS.includes(a.length as ArrowLength)
  )
    throw new Error('the clipboard does not hold Apsis arrows');
  return {
    orbit: Math.min(l.orbits, Math.max(1, Math.round(a.orbit))),
    angle: (((a.angle + turn) % 360) + 360) % 360,
    heading: a.heading as Heading,
    length: a.length as ArrowLength,
  };
}

/** "arrow 3", or "3 arrows". */
const arrowsName = (sel: readonly number[]): string => nameOf(sel, (i) => `arrow ${i}`, 'arrows');

/** Every selected arrow given this heading, as one edit (the palette's heading buttons and H). */
export function headArrows(
  l: ApsisLevel,
  sel: readonly number[],
  heading: Heading,
): { level: ApsisLevel; label: string } {
  return {
    level: sel.reduce((m, i) => setHeading(m, i, heading), l),
    label: `turn ${arrowsName(sel)} to ${heading}`,
  };
}

/** Every selected arrow this long, as one edit (the palette's length buttons and L). */
export function lengthArrows(
  l: ApsisLevel,
  sel: readonly number[],
  length: ArrowLength,
): { level: ApsisLevel; label: string } {
  return {
    level: sel.reduce((m, i) => (m.arrows[i]!.length === length ? m : toggleLength(m, i)), l),
    label: `make ${arrowsName(sel)} ${length}`,
  };
}

export function apsisSession(rules: ApsisRules, palette: ApsisPalette): EditSession<ApsisLevel> {
  return {
    count: (l) => l.arrows.length,
    name: (i) => `arrow ${i}`,
    build: (layers, w, h, theme, l, state) => drawApsisEdit(layers, l, rules, w, h, theme, state),
    dragTo: (l, i, to, grid) => moveArrow(l, i, placeOf(rules, l, to, grid)),
    moveGroup(l, ids, lead, to, grid) {
      const p = placeOf(rules, l, to, grid);
      const a = l.arrows[lead]!;
      const orbits = ids.map((i) => l.arrows[i]!.orbit);
      // The same orbit step for every arrow, stopped where the innermost or outermost would leave the system.
      const out = Math.min(
        l.orbits - Math.max(...orbits),
        Math.max(1 - Math.min(...orbits), p.orbit - a.orbit),
      );
      const turn = p.angle - a.angle;
      return ids.reduce(
        (m, i) => moveArrow(m, i, { orbit: l.arrows[i]!.orbit + out, angle: l.arrows[i]!.angle + turn }),
        l,
      );
    },
    // ← → turn round the orbit (→ clockwise on screen), ↑ ↓ step out or in.
    nudge: (l, i, dx, dy, big) => nudgeArrow(l, i, dx, -dy, big),
    remove: (l, i) => deleteArrow(l, i),
    add: (l, at) =>
      addArrow(l, {
        ...(at ? placeAt(rules, l.orbits, at.x, at.y) : freeSpot(l)),
        heading: palette.heading,
        length: palette.length,
      }),
    copy: (l, i) => ({ ...l.arrows[i]! }),
    paste: (l, items, steps) =>
      items.reduce<ApsisLevel>((m, raw) => addArrow(m, pastedArrow(raw, m, steps * PASTE_TURN)), l),
    key(l, key, sel, shift) {
      // The primary arrow's next heading or other length: every selected arrow takes it.
      const i = primary(sel);
      if (key === 'H' && i !== null) {
        palette.heading = rotateHeading(l, i, shift ? -1 : 1).arrows[i]!.heading;
        return headArrows(l, sel, palette.heading);
      }
      if (key === 'L' && i !== null) {
        palette.length = toggleLength(l, i).arrows[i]!.length;
        return lengthArrows(l, sel, palette.length);
      }
      if (key === 'M') {
        const m = l.orbits + (shift ? -1 : 1);
        if (m < MIN_ORBITS || m > MAX_ORBITS)
          throw new Error(`a level has ${MIN_ORBITS} to ${MAX_ORBITS} orbits; this one has ${l.orbits}`);
        return { level: setOrbitCount(l, m, rules), label: `${m} orbits` };
      }
      return null;
    },
  };
}
