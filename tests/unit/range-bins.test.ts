/**
 * The expressive range is drawn with Observable Plot's own bin transform on the shared edges
 * (src-renderer/src/plots/range-bins.ts): the cells Plot makes must be exactly the ones the
 * shared binning counts (src-shared/range/expressive-range.ts), which the CLI prints and the
 * hover and click read. Plot's transform runs here without a page (the mark's channels).
 */
import * as Plot from '@observablehq/plot';
import { describe, expect, it } from 'vitest';
import type { MetricInfo } from '../../src-shared/game';
import {
  binRange,
  binShared,
  countsOf,
  differenceGrid,
  type RangeAxis,
  type RangePoint,
} from '../../src-shared/range/expressive-range';
import { binAxis, countTitle, drawable, rangeBin } from '../../src-renderer/src/plots/range-bins';

const dots: MetricInfo = { key: 'dots', label: 'Dots', integer: true };
const bits: MetricInfo = { key: 'bits', label: 'Bits', integer: false };
const pt = (d?: number, b?: number): RangePoint => ({
  metrics: { ...(d === undefined ? {} : { dots: d }), ...(b === undefined ? {} : { bits: b }) },
});

/** Plot's cells for the points: "xi,yi" → its fill (count or B − A), with its title and spans. */
function plotCells(
  all: readonly RangePoint[],
  x: RangeAxis,
  y: RangeAxis,
  mode: 'count' | 'difference' = 'count',
  signs?: readonly number[],
): Map<string, { fill: number; title: string; x1: number; x2: number; y1: number; y2: number }> {
  const { points, sign } = drawable(all, x, y, signs);
  // A mark's initialize() runs its transform (Plot's own, untyped in its d.ts) without a page.
  const mark = Plot.rect(points, rangeBin(x, y, mode, sign)) as unknown as {
    initialize(): { facets: number[][]; channels: Record<string, { value: ArrayLike<unknown> }> };
  };
  const state = mark.initialize();
  const ch = (k: string): unknown[] => Array.from(state.channels[k]!.value);
  const [fill, title, x1, x2, y1, y2] = ['fill', 'title', 'x1', 'x2', 'y1', 'y2'].map(ch) as [
    number[],
    string[],
    number[],
    number[],
    number[],
    number[],
  ];
  const tx = binAxis(x).thresholds;
  const ty = binAxis(y).thresholds;
  const out = new Map<
    string,
    { fill: number; title: string; x1: number; x2: number; y1: number; y2: number }
  >();
  for (const i of state.facets[0]!)
    out.set(`${tx.indexOf(x1[i]!)},${ty.indexOf(y1[i]!)}`, {
      fill: fill[i]!,
      title: title[i]!,
      x1: x1[i]!,
      x2: x2[i]!,
      y1: y1[i]!,
      y2: y2[i]!,
    });
  return out;
}

/** The shared grid's non-empty (or kept) cells as "xi,yi" → value. */
function gridCells(counts: number[][], keep: (yi: number, xi: number) => boolean): Map<string, number> {
  const out = new Map<string, number>();
  counts.forEach((row, yi) => row.forEach((v, xi) => (keep(yi, xi) ? out.set(`${xi},${yi}`, v) : 0)));
  return out;
}

const fills = (m: ReturnType<typeof plotCells>): Map<string, number> =>
  new Map([...m].map(([k, v]) => [k, v.fill]));

/** A fixed pseudo-random set (no Math.random: the same every run). */
function points(n: number, seed: number): RangePoint[] {
  let s = seed;
  const next = (): number => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return Array.from({ length: n }, (_, i) =>
    i % 17 === 0 ? pt(undefined, next()) : pt(Math.floor(next() * 23), Math.round(next() * 4000) / 1000),
  );
}

describe("the expressive range binned by Plot's bin transform", () => {
  it('makes the cells the shared binning counts on a small fixed set, the top edge inside the last bin', () => {
    // dots 1..4 in {1,2} {3,4}; bits [0,1) [1,2], 2 (the top edge) in the last bin.
    const set = [pt(1, 0), pt(2, 0.5), pt(2, 2), pt(3, 1), pt(4, 1.9), pt(undefined, 1)];
    const r = binRange(set, dots, bits, 2);
    if (r.kind !== 'grid') throw new Error('expected a grid');
    const cells = plotCells(set, r.grid.x, r.grid.y);
    expect(fills(cells)).toEqual(
      new Map([
        ['0,0', 2],
        ['0,1', 1],
        ['1,1', 2],
      ]),
    );
    // A whole-number bin is drawn around its values: 1–2 spans 0.5 to 2.5.
    expect(cells.get('0,0')).toMatchObject({ x1: 0.5, x2: 2.5, y1: 0, y2: 1, title: '2 candidates' });
    expect(cells.get('0,1')!.title).toBe('1 candidate');
  });

  it('agrees with the shared counts cell for cell on larger sets and every bin count', () => {
    for (const [n, seed] of [
      [500, 1],
      [2000, 7],
    ] as const) {
      const set = points(n, seed);
      for (const bins of [5, 10, 20, 40]) {
        const r = binRange(set, dots, bits, bins);
        if (r.kind !== 'grid') throw new Error('expected a grid');
        const g = r.grid;
        expect(fills(plotCells(set, g.x, g.y))).toEqual(
          gridCells(g.counts, (yi, xi) => g.counts[yi]![xi]! > 0),
        );
        // Floating metric across too: equal-width fractional edges.
        const r2 = binRange(set, bits, bits, bins);
        if (r2.kind !== 'grid') throw new Error('expected a grid');
        const g2 = r2.grid;
        expect(fills(plotCells(set, g2.x, g2.y))).toEqual(
          gridCells(g2.counts, (yi, xi) => g2.counts[yi]![xi]! > 0),
        );
      }
    }
  });

  it("differences B − A by summing signs on shared edges: the shared grid's subtraction, where either has one", () => {
    const a = points(400, 3);
    const b = points(600, 11);
    const s = binShared([a, b], dots, bits, 10);
    const ca = countsOf(s.results[0]!, s.x, s.y);
    const cb = countsOf(s.results[1]!, s.x, s.y);
    const d = differenceGrid(ca, cb);
    const cells = plotCells([...a, ...b], s.x, s.y, 'difference', [...a.map(() => -1), ...b.map(() => 1)]);
    expect(fills(cells)).toEqual(gridCells(d, (yi, xi) => ca[yi]![xi]! > 0 || cb[yi]![xi]! > 0));
    // Each side alone on the shared edges is its own shared count.
    expect(fills(plotCells(a, s.x, s.y))).toEqual(gridCells(ca, (yi, xi) => ca[yi]![xi]! > 0));
    const neg = [...cells.values()].find((c) => c.fill < 0);
    expect(neg).toBeDefined();
    expect(neg!.title).toBe(`${neg!.fill} candidate${neg!.fill === -1 ? '' : 's'}`);
  });

  it('leaves out the candidates without both metrics, and titles read as a designer counts', () => {
    const x: RangeAxis = { key: 'dots', integer: true, edges: [0, 2, 4] };
    const y: RangeAxis = { key: 'bits', integer: false, edges: [0, 1] };
    expect(drawable([pt(1, 0.5), pt(undefined, 0.5), pt(2)], x, y).points).toHaveLength(1);
    expect(countTitle(1)).toBe('1 candidate');
    expect(countTitle(-3)).toBe('-3 candidates');
    expect(countTitle(0)).toBe('0 candidates');
  });
});
