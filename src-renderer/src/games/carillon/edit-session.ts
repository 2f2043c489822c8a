/**
 * Carillon's edit session for the shared editor (../../editor/edit-view.ts): its pure edits
 * (src-shared/games/carillon/edit.ts) over dots — move (snapped to the grid when it is on),
 * move several together, nudge, add a dot of the palette's size and colour, delete, copy and
 * paste, resize and recolour — and its board (./edit-board.ts). The palette's choice is the
 * component's state, handed in as an object the keys change.
 */
import {
  DOT_SIZES,
  type CarillonLevel,
  type CarillonRules,
  type DotSize,
} from '../../../../src-shared/games/carillon/index';
import type { Dot } from '../../../../src-shared/games/carillon/model';
import {
  addDot,
  deleteDot,
  moveDot,
  nudgeDot,
  setDotColor,
  setDotSize,
} from '../../../../src-shared/games/carillon/edit';
import type { EditSession } from '../../editor/edit-view';
import { nameOf, primary } from '../../editor/selection';
import { snapPoint } from '../../editor/snap';
import { drawCarillonEdit } from './edit-board';

/** A paste into the level copied from lands this many units right and down per step. */
export const PASTE_STEP = 20;

/** The palette's choice for new dots (and what 1/2/3 and K set on the selected dots). */
export interface CarillonPalette {
  size: DotSize;
  color: number;
}

/** A free spot for a dot added by key: the centre, or the nearest grid point clear of every dot. */
function freeSpot(l: CarillonLevel, rules: CarillonRules, r: number): { x: number; y: number } {
  const cx = Math.round(rules.width / 2),
    cy = Math.round(rules.height / 2);
  const clear = (x: number, y: number): boolean =>
    l.dots.every(
      (d) =>
        Math.hypot(d.x - x, d.y - y) >= rules.sizes[d.size].radius + r + rules.spacing + rules.ringMargin,
    );
  for (let ring = 0; ring < 24; ring++) {
    for (let k = 0; k < Math.max(1, ring * 8); k++) {
      const a = (k / Math.max(1, ring * 8)) * 2 * Math.PI;
      const x = Math.round(cx + ring * 30 * Math.cos(a)),
        y = Math.round(cy + ring * 30 * Math.sin(a));
      if (x - r >= 0 && x + r <= rules.width && y - r >= 0 && y + r <= rules.height && clear(x, y))
        return { x, y };
    }
  }
  return { x: cx, y: cy };
}

/** An offset kept so that every one of `values` stays in 0..side (the group moves as one, stopping at the field's edge). */
function keepIn(offset: number, values: number[], side: number): number {
  return Math.min(side - Math.max(...values), Math.max(-Math.min(...values), offset));
}

/** A dot from the clipboard, read as a dot of this game (a colour past this run's notes becomes its last). */
function pastedDot(raw: unknown, rules: CarillonRules, shift: number): Dot {
  const d = raw as Partial<Dot>;
  if (typeof d?.x !== 'number' || typeof d.y !== 'number' || !DOT_SIZES.includes(d.size as DotSize))
    throw new Error('the clipboard does not hold Carillon dots');
  const color = Math.min(rules.colors - 1, Math.max(0, Math.round(Number(d.color) || 0)));
  return { x: d.x + shift, y: d.y + shift, size: d.size as DotSize, color };
}

/** "dot 3", or "3 dots". */
const dotsName = (sel: readonly number[]): string => nameOf(sel, (i) => `dot ${i}`, 'dots');

/** Every selected dot in this size, as one edit (the palette's size buttons and 1/2/3). */
export function sizeDots(
  l: CarillonLevel,
  sel: readonly number[],
  size: DotSize,
): { level: CarillonLevel; label: string } {
  return { level: sel.reduce((m, i) => setDotSize(m, i, size), l), label: `make ${dotsName(sel)} ${size}` };
}

/** Every selected dot in this colour, as one edit (the palette's swatches and K). */
export function colourDots(
  l: CarillonLevel,
  sel: readonly number[],
  color: number,
  rules: CarillonRules,
): { level: CarillonLevel; label: string } {
  return {
    level: sel.reduce((m, i) => setDotColor(m, i, color, rules), l),
    label: `colour ${dotsName(sel)} ${color}`,
  };
}

export function carillonSession(rules: CarillonRules, palette: CarillonPalette): EditSession<CarillonLevel> {
  return {
    count: (l) => l.dots.length,
    name: (i) => `dot ${i}`,
    build: (layers, w, h, theme, l, state) => drawCarillonEdit(layers, l, rules, w, h, theme, state),
    dragTo: (l, i, to, grid) => moveDot(l, i, grid ? snapPoint(to, grid) : to, rules),
    moveGroup(l, ids, lead, to, grid) {
      const at = grid ? snapPoint(to, grid) : to;
      const d = l.dots[lead]!;
      const xs = ids.map((i) => l.dots[i]!.x),
        ys = ids.map((i) => l.dots[i]!.y);
      const dx = keepIn(Math.round(at.x) - d.x, xs, rules.width),
        dy = keepIn(Math.round(at.y) - d.y, ys, rules.height);
      return ids.reduce((m, i) => moveDot(m, i, { x: l.dots[i]!.x + dx, y: l.dots[i]!.y + dy }, rules), l);
    },
    nudge: (l, i, dx, dy, big) => nudgeDot(l, i, dx, dy, big, rules),
    remove: (l, i) => deleteDot(l, i),
    add: (l, at) =>
      addDot(
        l,
        {
          ...(at ?? freeSpot(l, rules, rules.sizes[palette.size].radius)),
          size: palette.size,
          color: palette.color,
        },
        rules,
      ),
    copy: (l, i) => ({ ...l.dots[i]! }),
    paste: (l, items, steps) =>
      items.reduce<CarillonLevel>((m, raw) => addDot(m, pastedDot(raw, rules, steps * PASTE_STEP), rules), l),
    key(l, key, sel, shift) {
      const k = ['1', '2', '3'].indexOf(key);
      if (k >= 0) {
        palette.size = DOT_SIZES[k]!;
        return sel.length === 0 ? null : sizeDots(l, sel, palette.size);
      }
      if (key === 'K') {
        // The colour after the primary dot's: every selected dot takes it.
        const i = primary(sel);
        const base = i === null ? palette.color : l.dots[i]!.color;
        palette.color = (((base + (shift ? -1 : 1)) % rules.colors) + rules.colors) % rules.colors;
        return sel.length === 0 ? null : colourDots(l, sel, palette.color, rules);
      }
      return null;
    },
  };
}
