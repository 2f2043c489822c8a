/**
 * Expressive range (Smith & Whitehead): a 2-D histogram of two metrics over a generator's
 * candidates. The bin edges are worked out once from every set to be shown together, so two
 * runs (Compare's A and B, an experiment's variant and its base) are counted on the same
 * cells and can be differenced cell by cell. Pure: no I/O; the CLI `range`, Plots, Compare
 * and Experiments all count through it, so a terminal and the studio draw the same picture.
 */

/** What the binning reads of a candidate: its metrics (a candidate that gave up has none). */
export interface RangePoint {
  metrics: Record<string, number>;
}

/** One axis: its metric key and bin edges (bins = edges.length - 1, each [edge, next edge)). */
export interface RangeAxis {
  key: string;
  /** Ascending; the last bin also holds values equal to its upper edge. */
  edges: number[];
  /** Whole-number metric: edges fall on whole numbers, so a bin is the values lo … hi-1. */
  integer: boolean;
}

export interface RangeGrid {
  x: RangeAxis;
  y: RangeAxis;
  /** counts[yi][xi]: candidates in x bin xi and y bin yi. */
  counts: number[][];
  /** Candidates counted (those with both metrics, inside the edges). */
  total: number;
  /** Candidates left out: without one of the two metrics, or outside the shared edges. */
  skipped: number;
}

/** A set's range, or why there is none to draw (the UI says it in a sentence). */
export type RangeResult =
  { kind: 'grid'; grid: RangeGrid } | { kind: 'empty'; skipped: number } | { kind: 'one'; skipped: number };

export interface AxisSpec {
  key: string;
  integer: boolean;
}

export const DEFAULT_BINS = 20;
export const MAX_BINS = 200;

const has = (p: RangePoint, key: string): boolean => Number.isFinite(p.metrics[key]);

/**
 * Bin edges for one metric over every set: `bins` equal bins from the smallest to the largest
 * value. A whole-number metric gets whole-number edges (a width of at least 1, so no bin is
 * empty between two values); a single value gets one bin around it.
 */
export function axisEdges(sets: readonly (readonly RangePoint[])[], axis: AxisSpec, bins: number): number[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const set of sets)
    for (const p of set) {
      const v = p.metrics[axis.key];
      if (v === undefined || !Number.isFinite(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  if (lo === Infinity) return [0, 1];
  const n = Math.max(1, Math.min(MAX_BINS, Math.floor(bins)));
  if (axis.integer) {
    const a = Math.floor(lo);
    const span = Math.floor(hi) - a + 1;
    const w = Math.ceil(span / n);
    const count = Math.ceil(span / w);
    return Array.from({ length: count + 1 }, (_, i) => a + i * w);
  }
  if (lo === hi) return [lo - 0.5, lo + 0.5];
  const w = (hi - lo) / n;
  return Array.from({ length: n + 1 }, (_, i) => (i === n ? hi : lo + i * w));
}

/** The bin of v, or -1 outside the edges (the last bin is closed above). */
export function binOf(edges: readonly number[], v: number, integer: boolean): number {
  const n = edges.length - 1;
  const lo = edges[0]!;
  const hi = edges[n]!;
  if (!(v >= lo) || v > hi) return -1;
  if (integer && v === hi) return -1; // whole-number bins are lo … next edge - 1
  if (v === hi) return n - 1;
  // Equal widths: find by arithmetic, then correct for floating error at an edge.
  let i = Math.min(n - 1, Math.floor(((v - lo) / (hi - lo)) * n));
  while (i > 0 && v < edges[i]!) i--;
  while (i < n - 1 && v >= edges[i + 1]!) i++;
  return i;
}

/** Shared axes for several sets (the same cells for each). */
function sharedAxes(
  sets: readonly (readonly RangePoint[])[],
  x: AxisSpec,
  y: AxisSpec,
  bins = DEFAULT_BINS,
): { x: RangeAxis; y: RangeAxis } {
  return {
    x: { key: x.key, integer: x.integer, edges: axisEdges(sets, x, bins) },
    y: { key: y.key, integer: y.integer, edges: axisEdges(sets, y, bins) },
  };
}

/** Count one set on given axes. */
function countOn(points: readonly RangePoint[], x: RangeAxis, y: RangeAxis): RangeResult {
  const nx = x.edges.length - 1;
  const ny = y.edges.length - 1;
  const counts = Array.from({ length: ny }, () => new Array<number>(nx).fill(0));
  let total = 0;
  let skipped = 0;
  for (const p of points) {
    if (!has(p, x.key) || !has(p, y.key)) {
      skipped++;
      continue;
    }
    const xi = binOf(x.edges, p.metrics[x.key]!, x.integer);
    const yi = binOf(y.edges, p.metrics[y.key]!, y.integer);
    if (xi < 0 || yi < 0) {
      skipped++;
      continue;
    }
    counts[yi]![xi]!++;
    total++;
  }
  if (total === 0) return { kind: 'empty', skipped };
  if (total === 1) return { kind: 'one', skipped };
  return { kind: 'grid', grid: { x, y, counts, total, skipped } };
}

/** One set's range on its own edges. */
export function binRange(
  points: readonly RangePoint[],
  x: AxisSpec,
  y: AxisSpec,
  bins = DEFAULT_BINS,
): RangeResult {
  const axes = sharedAxes([points], x, y, bins);
  return countOn(points, axes.x, axes.y);
}

/** Several sets on one set of edges (index i of the answer is set i). */
export function binShared(
  sets: readonly (readonly RangePoint[])[],
  x: AxisSpec,
  y: AxisSpec,
  bins = DEFAULT_BINS,
): { x: RangeAxis; y: RangeAxis; results: RangeResult[] } {
  const axes = sharedAxes(sets, x, y, bins);
  return { ...axes, results: sets.map((s) => countOn(s, axes.x, axes.y)) };
}

/** A result's counts as a grid on its axes, zeros when it has too few candidates to draw. */
export function countsOf(r: RangeResult, x: RangeAxis, y: RangeAxis): number[][] {
  if (r.kind === 'grid') return r.grid.counts;
  return Array.from({ length: y.edges.length - 1 }, () => new Array<number>(x.edges.length - 1).fill(0));
}

/** B minus A, cell by cell; the two must be counted on the same edges. */
export function differenceGrid(a: readonly number[][], b: readonly number[][]): number[][] {
  if (a.length !== b.length || a.some((row, i) => row.length !== b[i]!.length))
    throw new Error('the two ranges are not on the same bins');
  return a.map((row, yi) => row.map((v, xi) => b[yi]![xi]! - v));
}

/** The values a bin holds, as a metric filter (min and max inclusive, as Pools filters are). */
export function binFilter(axis: RangeAxis, i: number): { min: number; max: number } {
  const lo = axis.edges[i]!;
  const hi = axis.edges[i + 1]!;
  return { min: lo, max: axis.integer ? hi - 1 : hi };
}

/** A bin's values in words: "3–4", "5", "1.20–1.45". */
export function binText(axis: RangeAxis, i: number): string {
  const f = binFilter(axis, i);
  if (axis.integer) return f.min === f.max ? String(f.min) : `${f.min}–${f.max}`;
  const d = (v: number): string => (Number.isInteger(v) ? String(v) : v.toFixed(2));
  return `${d(f.min)}–${d(f.max)}`;
}

/** Why there is no picture, in a sentence (null when there is one). */
export function rangeSentence(r: RangeResult, xLabel: string, yLabel: string): string | null {
  if (r.kind === 'grid') return null;
  const left = r.skipped ? ` (${r.skipped} without both metrics)` : '';
  if (r.kind === 'empty') return `No candidate has both ${xLabel} and ${yLabel} yet${left}: nothing to draw.`;
  return `Only one candidate has both ${xLabel} and ${yLabel}${left}: a range needs at least two.`;
}
