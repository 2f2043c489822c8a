/**
 * Apsis's hand edits (the inspector's edit mode): move an arrow around its orbit or onto
 * another, turn its heading through the six headings, toggle short/long, add or delete an
 * arrow, and change the number of orbits. Each is pure: it returns a new level and never
 * changes its argument.
 *
 * An arrow's place is always an orbit 1..m and a whole degree 0..359 (the model's own
 * grid), so a drag snaps to the nearest orbit and degree. Whether the level still fits and
 * clears is the proof's to say (Game.prove); edits never refuse a legal place that breaks a
 * rule, so a designer can see the violation drawn. Bad input throws an Error in a
 * designer's sentence and changes nothing.
 */
import {
  HEADINGS,
  LENGTHS,
  normAngle,
  type ApsisLevel,
  type Arrow,
  type ArrowLength,
  type Heading,
} from './model';
import { orbitRadius, type ApsisRules } from './rules';

/** Orbit counts a level may have (the spec's 3 to 6, as the plan schema bounds them). */
export const MIN_ORBITS = 3;
export const MAX_ORBITS = 6;
/** A nudge with Shift turns an arrow this many degrees (a plain nudge turns one). */
const BIG_TURN = 10;

function checkIndex(level: ApsisLevel, i: number): void {
  if (!Number.isInteger(i) || i < 0 || i >= level.arrows.length) {
    const n = level.arrows.length;
    throw new Error(
      n === 0
        ? `there is no arrow ${i}: the level has no arrows`
        : `there is no arrow ${i}: the level has ${n} ${n === 1 ? 'arrow (0)' : `arrows (0–${n - 1})`}`,
    );
  }
}

function checkNumber(v: number, what: string): void {
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new Error(`the ${what} must be a number (it is ${String(v)})`);
}

function checkOrbit(level: ApsisLevel, orbit: number): void {
  if (!Number.isInteger(orbit) || orbit < 1 || orbit > level.orbits) {
    throw new Error(`an arrow stands on an orbit from 1 to ${level.orbits} (not ${String(orbit)})`);
  }
}

function checkArrow(level: ApsisLevel, a: Arrow): void {
  checkOrbit(level, a.orbit);
  checkNumber(a.angle, 'angle');
  if (!(HEADINGS as readonly string[]).includes(a.heading))
    throw new Error(`an arrow's heading is one of ${HEADINGS.join(', ')} (not "${String(a.heading)}")`);
  if (!(LENGTHS as readonly string[]).includes(a.length))
    throw new Error(`an arrow is short or long (not "${String(a.length)}")`);
}

function replaceArrow(level: ApsisLevel, i: number, arrow: Arrow): ApsisLevel {
  const arrows = level.arrows.slice();
  arrows[i] = arrow;
  return { ...level, arrows };
}

/** A whole degree 0..359 from any finite angle in degrees. */
function wholeDegree(angle: number): number {
  return normAngle(Math.round(angle)) + 0;
}

/** The orbit (1..m) whose radius is nearest r; ties go to the inner orbit. */
export function nearestOrbit(rules: ApsisRules, m: number, r: number): number {
  let best = 1;
  for (let j = 2; j <= m; j++) {
    if (Math.abs(orbitRadius(rules, m, j) - r) < Math.abs(orbitRadius(rules, m, best) - r)) best = j;
  }
  return best;
}

/** The grid place (nearest orbit, whole degree) of a point in system units (sun at the origin, y down). */
export function placeAt(
  rules: ApsisRules,
  m: number,
  x: number,
  y: number,
): { orbit: number; angle: number } {
  checkNumber(x, 'x coordinate');
  checkNumber(y, 'y coordinate');
  const angle = x === 0 && y === 0 ? 0 : wholeDegree((Math.atan2(y, x) * 180) / Math.PI);
  return { orbit: nearestOrbit(rules, m, Math.hypot(x, y)), angle };
}

/** Arrow i moved to orbit `orbit` at `angle` (rounded to a whole degree, taken round to 0..359). */
export function moveArrow(level: ApsisLevel, i: number, to: { orbit: number; angle: number }): ApsisLevel {
  checkIndex(level, i);
  checkOrbit(level, to.orbit);
  checkNumber(to.angle, 'angle');
  return replaceArrow(level, i, { ...level.arrows[i]!, orbit: to.orbit, angle: wholeDegree(to.angle) });
}

/** Arrow i dragged to a point (system units): the nearest orbit, at the point's whole degree. */
export function dragArrowTo(
  level: ApsisLevel,
  i: number,
  x: number,
  y: number,
  rules: ApsisRules,
): ApsisLevel {
  checkIndex(level, i);
  return moveArrow(level, i, placeAt(rules, level.orbits, x, y));
}

/**
 * Arrow i nudged: `turn` steps round its orbit (clockwise positive; one degree each, or
 * BIG_TURN with `big`) and `out` orbits outward (negative: inward), stopping at the
 * innermost and outermost orbit.
 */
export function nudgeArrow(
  level: ApsisLevel,
  i: number,
  turn: number,
  out: number,
  big: boolean,
): ApsisLevel {
  checkIndex(level, i);
  checkNumber(turn, 'turn');
  checkNumber(out, 'orbit step');
  const a = level.arrows[i]!;
  const orbit = Math.min(level.orbits, Math.max(1, a.orbit + Math.round(out)));
  return moveArrow(level, i, { orbit, angle: a.angle + turn * (big ? BIG_TURN : 1) });
}

/** Arrow i's heading turned `step` places through the six headings (cw, ccw, cw-out, ccw-out, cw-in, ccw-in, round again). */
export function rotateHeading(level: ApsisLevel, i: number, step = 1): ApsisLevel {
  checkIndex(level, i);
  if (!Number.isInteger(step)) throw new Error(`a heading turns by whole steps (not ${String(step)})`);
  const a = level.arrows[i]!;
  const k = HEADINGS.indexOf(a.heading);
  const n = HEADINGS.length;
  return replaceArrow(level, i, { ...a, heading: HEADINGS[(((k + step) % n) + n) % n]! });
}

/** Arrow i given this heading. */
export function setHeading(level: ApsisLevel, i: number, heading: Heading): ApsisLevel {
  checkIndex(level, i);
  checkArrow(level, { ...level.arrows[i]!, heading });
  return replaceArrow(level, i, { ...level.arrows[i]!, heading });
}

/** Arrow i short ↔ long. */
export function toggleLength(level: ApsisLevel, i: number): ApsisLevel {
  checkIndex(level, i);
  const a = level.arrows[i]!;
  const length: ArrowLength = a.length === 'short' ? 'long' : 'short';
  return replaceArrow(level, i, { ...a, length });
}

/** The level with a new arrow at the end (index = old arrow count), its angle a whole degree. */
export function addArrow(level: ApsisLevel, arrow: Arrow): ApsisLevel {
  checkArrow(level, arrow);
  return {
    ...level,
    arrows: [
      ...level.arrows,
      { orbit: arrow.orbit, angle: wholeDegree(arrow.angle), heading: arrow.heading, length: arrow.length },
    ],
  };
}

/** Arrow i removed; later arrows move down one index. */
export function deleteArrow(level: ApsisLevel, i: number): ApsisLevel {
  checkIndex(level, i);
  return { ...level, arrows: level.arrows.filter((_, k) => k !== i) };
}

/**
 * The system with m orbits; every arrow keeps its angle and moves to the new orbit nearest
 * its old radius (so arrows stay where the eye left them, as far as the new orbits allow).
 */
export function setOrbitCount(level: ApsisLevel, m: number, rules: ApsisRules): ApsisLevel {
  if (!Number.isInteger(m) || m < MIN_ORBITS || m > MAX_ORBITS) {
    throw new Error(`a level has ${MIN_ORBITS} to ${MAX_ORBITS} orbits (not ${String(m)})`);
  }
  return {
    ...level,
    orbits: m,
    arrows: level.arrows.map((a) => ({
      ...a,
      orbit: nearestOrbit(rules, m, orbitRadius(rules, level.orbits, a.orbit)),
    })),
  };
}

/** An empty system to start from ("New level"). */
export function emptyLevel(orbits: number): ApsisLevel {
  if (!Number.isInteger(orbits) || orbits < MIN_ORBITS || orbits > MAX_ORBITS) {
    throw new Error(`a level has ${MIN_ORBITS} to ${MAX_ORBITS} orbits (not ${String(orbits)})`);
  }
  return { orbits, arrows: [] };
}
