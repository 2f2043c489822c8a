/**
 * The expressive range's cells as Observable Plot's own bin transform counts them: the
 * candidates are the data, the shared edges (src-shared/range/expressive-range.ts) are the
 * thresholds, so Plot's cells are exactly the ones the CLI, the hover and the click read.
 * Plot's bins are [threshold, next) and drop a value equal to the last threshold; the shared
 * binning closes the last bin above. So a value on the top edge is handed to Plot inside the
 * last bin, and a whole-number axis is cut half a step early (3–4 is 2.5 to 4.5, drawn around
 * its values, holding exactly the values 3 and 4). Pure: unit-tested against the shared counts.
 */
import * as Plot from '@observablehq/plot';
import type { RenderFunction } from '@observablehq/plot';
import type { RangeAxis, RangePoint } from '../../../src-shared/range/expressive-range';

/** One axis as Plot's bin reads it: the metric's value and the thresholds. */
export function binAxis(axis: RangeAxis): { value: (p: RangePoint) => number; thresholds: number[] } {
  const e = axis.edges;
  const key = axis.key;
  if (axis.integer) return { value: (p) => p.metrics[key]!, thresholds: e.map((v) => v - 0.5) };
  const hi = e[e.length - 1]!;
  const last = e[e.length - 2]!;
  return { value: (p) => (p.metrics[key] === hi ? last : p.metrics[key]!), thresholds: [...e] };
}

/** A cell's title: "3 candidates", "1 candidate", "-2 candidates" (a difference). */
export const countTitle = (n: number): string => `${n} candidate${Math.abs(n) === 1 ? '' : 's'}`;

/** The points that have both metrics (with their signs when differencing), in order. */
export function drawable(
  points: readonly RangePoint[],
  x: RangeAxis,
  y: RangeAxis,
  sign?: readonly number[],
): { points: RangePoint[]; sign: number[] } {
  const out: RangePoint[] = [];
  const s: number[] = [];
  points.forEach((p, i) => {
    if (!Number.isFinite(p.metrics[x.key]) || !Number.isFinite(p.metrics[y.key])) return;
    out.push(p);
    s.push(sign?.[i] ?? 1);
  });
  return { points: out, sign: s };
}

/**
 * Plot's bin transform for the range: 'count' shades candidates per cell; 'difference' sums
 * each candidate's sign (B +1, A −1), so a cell is B − A, kept wherever either has one.
 */
export function rangeBin(
  x: RangeAxis,
  y: RangeAxis,
  mode: 'count' | 'difference',
  sign: readonly number[],
): Plot.RectOptions {
  const sum = (I: number[]): number => {
    let n = 0;
    for (const i of I) n += sign[i]!;
    return n;
  };
  const bx = binAxis(x);
  const by = binAxis(y);
  const axes = { x: bx, y: by, z: null, inset: 0.5 };
  return mode === 'count'
    ? Plot.bin({ fill: 'count', title: { reduceIndex: (I: number[]) => countTitle(I.length) } }, axes)
    : Plot.bin(
        { fill: 'sum', title: { reduceIndex: (I: number[]) => countTitle(sum(I)) } },
        { ...axes, fill: (_d: RangePoint, i: number) => sign[i]! },
      );
}

/**
 * Render transform: give each drawn cell `data-cell="xi,yi"`, its place in the shared grid,
 * read from the bin's lower edges (Plot draws one rect per index entry, in index order).
 */
export function tagCells(x: RangeAxis, y: RangeAxis): RenderFunction {
  const tx = binAxis(x).thresholds;
  const ty = binAxis(y).thresholds;
  return (index, scales, values, dimensions, context, next) => {
    const g = next ? next(index, scales, values, dimensions, context) : null;
    const x1 = values.channels.x1?.value as number[] | undefined;
    const y1 = values.channels.y1?.value as number[] | undefined;
    if (g && x1 && y1) {
      const rects = g.querySelectorAll('rect');
      index.forEach((i, k) =>
        rects[k]?.setAttribute('data-cell', `${tx.indexOf(x1[i]!)},${ty.indexOf(y1[i]!)}`),
      );
    }
    return g;
  };
}
