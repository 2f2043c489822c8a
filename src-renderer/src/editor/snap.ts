/**
 * The editor's optional snap to a grid: a drag lands on the nearest multiple of the grid's
 * step (units across and down, or degrees round an orbit, as the game says). The grid a game
 * offers is its EditInfo's `grid`; whether it is on and at which step is the designer's
 * (`editorBus.grid`, kept across levels). Plain functions, unit-tested (tests/unit/editor-snap.test.ts).
 */
type Point = { x: number; y: number };

/** What a game's edit mode offers as a grid (its EditInfo's `grid`). */
export interface GridInfo {
  /** Steps the designer can choose, smallest first, in `unit`. */
  steps: number[];
  /** The step a grid starts at. */
  step: number;
  /** The step's unit as written after the number (" units", "°"). */
  unit: string;
}

/** The nearest multiple of `step` (a step of 0 or less, or not a number, leaves the value as it is). */
export function snapValue(v: number, step: number): number {
  if (!(step > 0) || !Number.isFinite(v)) return v;
  // `+ 0` turns −0 into 0, so JSON and equality see one zero.
  return Math.round(v / step) * step + 0;
}

/** A point on the nearest grid crossing. */
export function snapPoint(p: Point, step: number): Point {
  return { x: snapValue(p.x, step), y: snapValue(p.y, step) };
}

/** The grid step in force: the step when the grid is on, else null (the game's own whole units). */
export function gridStep(grid: { on: boolean; step: number }): number | null {
  return grid.on && grid.step > 0 ? grid.step : null;
}

/** The next step of a game's grid (wrapping), for the step control. */
export function nextStep(info: GridInfo, step: number): number {
  const k = info.steps.indexOf(step);
  return info.steps[(k + 1) % info.steps.length] ?? info.step;
}
