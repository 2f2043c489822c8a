/**
 * How well a candidate fits one level of an order it is not (yet) in: the curve rules it would
 * break there with the neighbours it would have (src-shared/ordering/curve-rules.ts), and how
 * far its difficulty lies from the level's target. The swap list of the Ordering page ranks a
 * pool's candidates by this: fewest breaks first, then nearest the target (or, with no target,
 * nearest the middle of its neighbours).
 */
import { curveBreaks, type CurveBreak, type CurveRules } from './curve-rules';

export interface LevelFit {
  /** The breaks that would touch this level (the rule, its neighbours, by how much). */
  breaks: CurveBreak[];
  /** |difficulty − target| (or the distance to the neighbours' middle when there is no target). */
  off: number;
}

/** The fit of difficulty `d` at 1-based `level` of `diffs` (the order's difficulties, null = unfilled). */
export function fitAt(
  diffs: readonly (number | null)[],
  level: number,
  d: number,
  target: number | null,
  rules: CurveRules,
): LevelFit {
  if (!Number.isInteger(level) || level < 1 || level > diffs.length)
    throw new RangeError(`level ${level} is not a level of this order (1–${diffs.length})`);
  const values = diffs.slice();
  values[level - 1] = d;
  const breaks = curveBreaks(values, rules).filter((b) => b.from <= level && level <= b.to);
  let aim = target;
  if (aim === null) {
    const near = [values[level - 2], values[level]].filter((v): v is number => v !== null && v !== undefined);
    aim = near.length ? near.reduce((a, b) => a + b, 0) / near.length : d;
  }
  return { breaks, off: Math.abs(d - aim) };
}

/** What a fit is ranked by, in order: how many breaks, their total size, the distance to the aim. */
export type FitRank = readonly [breaks: number, size: number, off: number];

export function fitRank(f: LevelFit): FitRank {
  let size = 0;
  for (const b of f.breaks) size += b.by;
  return [f.breaks.length, size, f.off];
}

/** Ranks in fit order (a list of thousands sorts on ranks made once, not on fits). */
export function compareFitRank(a: FitRank, b: FitRank): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Order candidates by fit: fewest breaks, then least total break size, then nearest the aim, then the given tie order. */
export function compareFit(a: LevelFit, b: LevelFit): number {
  return compareFitRank(fitRank(a), fitRank(b));
}
