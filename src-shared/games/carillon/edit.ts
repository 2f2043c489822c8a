/**
 * Carillon's hand edits (the inspector's edit mode): move, nudge, add, delete, resize and
 * recolour a dot. Each is pure: it returns a new level and never changes its argument.
 *
 * Only the picture changes. A level's claims (taps, bits, solution) are restated by the
 * proof (Game.prove) after every edit, so no edit keeps a second copy of the rules. A delete
 * renumbers what points at dots (solution, roots) so no index is left past the end; roots
 * are dropped on every edit, since a hand-edited field was not grown from them.
 *
 * Centres snap to whole units and stay inside the field rectangle (a dot can hang over the
 * edge, which the proof reports as "field bounds"; it cannot be dragged off the board).
 * Bad input throws an Error in a designer's sentence and changes nothing.
 */
import type { CarillonLevel, Dot } from './model';
import { DOT_SIZES, type CarillonRules, type DotSize } from './rules';

/** A nudge with Shift moves this many units (a plain nudge moves one). */
export const BIG_NUDGE = 10;

function checkIndex(level: CarillonLevel, i: number): void {
  if (!Number.isInteger(i) || i < 0 || i >= level.dots.length) {
    const n = level.dots.length;
    throw new Error(
      n === 0
        ? `there is no dot ${i}: the level has no dots`
        : `there is no dot ${i}: the level has ${n} ${n === 1 ? 'dot (0)' : `dots (0–${n - 1})`}`,
    );
  }
}

function checkNumber(v: number, what: string): void {
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new Error(`the ${what} must be a number (it is ${String(v)})`);
}

function checkSize(size: DotSize): void {
  if (!(DOT_SIZES as readonly string[]).includes(size))
    throw new Error(`a dot's size is small, normal or big (not "${String(size)}")`);
}

function checkColor(color: number, rules: CarillonRules): void {
  if (!Number.isInteger(color) || color < 0 || color >= rules.colors) {
    throw new Error(`a dot's colour is a whole number from 0 to ${rules.colors - 1} (not ${String(color)})`);
  }
}

/** A coordinate snapped to a whole unit and kept on the field (0..side). */
function place(v: number, side: number): number {
  const r = Math.round(v);
  // `+ 0` turns −0 (Math.round(−0.4)) into 0, so JSON and equality see one zero.
  return Math.min(side, Math.max(0, r)) + 0;
}

/** The level with new dots; roots dropped (a hand-edited field was not grown from them). */
function withDots(level: CarillonLevel, dots: Dot[]): CarillonLevel {
  const { roots: _roots, ...rest } = level;
  return { ...rest, dots };
}

function replaceDot(level: CarillonLevel, i: number, dot: Dot): CarillonLevel {
  const dots = level.dots.slice();
  dots[i] = dot;
  return withDots(level, dots);
}

/** Dot i moved to (x, y), snapped to whole units and kept on the field. */
export function moveDot(
  level: CarillonLevel,
  i: number,
  to: { x: number; y: number },
  rules: CarillonRules,
): CarillonLevel {
  checkIndex(level, i);
  checkNumber(to.x, 'x coordinate');
  checkNumber(to.y, 'y coordinate');
  const d = level.dots[i]!;
  return replaceDot(level, i, { ...d, x: place(to.x, rules.width), y: place(to.y, rules.height) });
}

/**
 * Dot i nudged by (dx, dy) steps: one unit each, or BIG_NUDGE units with `big` (Shift).
 * A dot that sits between whole units lands on the nearest one first.
 */
export function nudgeDot(
  level: CarillonLevel,
  i: number,
  dx: number,
  dy: number,
  big: boolean,
  rules: CarillonRules,
): CarillonLevel {
  checkIndex(level, i);
  checkNumber(dx, 'nudge across');
  checkNumber(dy, 'nudge down');
  const step = big ? BIG_NUDGE : 1;
  const d = level.dots[i]!;
  return moveDot(level, i, { x: d.x + dx * step, y: d.y + dy * step }, rules);
}

/** The level with a new dot at the end (index = old dot count). */
export function addDot(level: CarillonLevel, dot: Dot, rules: CarillonRules): CarillonLevel {
  checkNumber(dot.x, 'x coordinate');
  checkNumber(dot.y, 'y coordinate');
  checkSize(dot.size);
  checkColor(dot.color, rules);
  return withDots(level, [
    ...level.dots,
    { x: place(dot.x, rules.width), y: place(dot.y, rules.height), size: dot.size, color: dot.color },
  ]);
}

/** Dot i removed; later dots move down one index, and the solution follows them. */
export function deleteDot(level: CarillonLevel, i: number): CarillonLevel {
  checkIndex(level, i);
  const dots = level.dots.filter((_, k) => k !== i);
  const renumber = (list: number[]): number[] => list.filter((k) => k !== i).map((k) => (k > i ? k - 1 : k));
  return { ...withDots(level, dots), solution: renumber(level.solution) };
}

/** Dot i at another size (its centre stays). */
export function setDotSize(level: CarillonLevel, i: number, size: DotSize): CarillonLevel {
  checkIndex(level, i);
  checkSize(size);
  return replaceDot(level, i, { ...level.dots[i]!, size });
}

/** Dot i in another colour (a note; no rule reads it). */
export function setDotColor(
  level: CarillonLevel,
  i: number,
  color: number,
  rules: CarillonRules,
): CarillonLevel {
  checkIndex(level, i);
  checkColor(color, rules);
  return replaceDot(level, i, { ...level.dots[i]!, color });
}

/** An empty field to start from ("New level"); taps and bits are the proof's to fill. */
export function emptyLevel(tutorial = false): CarillonLevel {
  return { taps: 0, tutorial, bits: 0, dots: [], solution: [] };
}
