/**
 * The expressive range as Observable Plot draws it: the binned counts as cells (Plot.rect over
 * the cells ./range-view.ts works out, shaded by count, or by a difference in diverging
 * colours), and the shipped levels as points coloured by level. Each cell's rect carries
 * `data-cell="xi,yi"` for the pointer and the tests.
 */
import * as Plot from '@observablehq/plot';
import type { MetricInfo } from '../../../src-shared/game';
import { plotStyle, tagMarks, type PlotColors } from './plot-kit';
import type { RangeCell, ShippedMark } from './range-view';

export interface RangeFigureOptions {
  width: number;
  height?: number;
  c: PlotColors;
  x: MetricInfo;
  y: MetricInfo;
  /** The axes' extents (the shared bins' outer edges, as drawn). */
  xDomain: [number, number];
  yDomain: [number, number];
  /** 'count': candidates per cell; 'difference': B minus A, diverging around 0. */
  mode?: 'count' | 'difference';
  /** The colour scale's top (both sides of a pair shade alike); the largest count when absent. */
  max?: number;
  /** Shown in the colour legend's label. */
  legend?: string;
}

/** The cells shaded by count (or difference), the shipped levels on top. */
export function rangeFigure(
  cells: readonly RangeCell[],
  shipped: readonly ShippedMark[],
  o: RangeFigureOptions,
): SVGSVGElement | HTMLElement {
  const { c } = o;
  const diff = o.mode === 'difference';
  const maxAbs = o.max ?? Math.max(1, ...cells.map((d) => Math.abs(d.count)));
  const levels = shipped.map((s) => s.level);
  const levelColor = Plot.scale({
    color: {
      type: 'sequential',
      scheme: 'viridis',
      domain: [Math.min(1, ...levels), Math.max(2, ...levels)],
    },
  });
  return Plot.plot({
    width: Math.max(300, o.width),
    height: o.height ?? 340,
    marginLeft: 56,
    marginRight: 16,
    marginTop: 28,
    marginBottom: 40,
    style: plotStyle(c),
    x: { label: `${o.x.label} →`, domain: o.xDomain },
    y: { label: `↑ ${o.y.label}`, domain: o.yDomain },
    color: diff
      ? {
          type: 'diverging',
          scheme: 'PuOr',
          domain: [-maxAbs, maxAbs],
          legend: true,
          label: o.legend ?? 'B − A',
        }
      : {
          type: 'sequential',
          scheme: 'blues',
          domain: [0, maxAbs],
          legend: true,
          label: o.legend ?? 'candidates',
        },
    marks: [
      Plot.rect(cells, {
        x1: 'x1',
        x2: 'x2',
        y1: 'y1',
        y2: 'y2',
        fill: 'count',
        inset: 0.5,
        title: (d: RangeCell) => `${d.count} candidate${Math.abs(d.count) === 1 ? '' : 's'}`,
        render: tagMarks(cells, (d) => `${d.xi},${d.yi}`, 'data-cell'),
        className: 'range-cells',
      }),
      Plot.dot(shipped, {
        x: 'x',
        y: 'y',
        r: 4,
        fill: (d: ShippedMark) => String(levelColor.apply(d.level)),
        stroke: c.panel,
        strokeWidth: 1,
        title: (d: ShippedMark) => `level ${d.level}`,
        render: tagMarks(shipped, (d) => d.level, 'data-level'),
        className: 'range-shipped',
      }),
    ],
  });
}

/** The outer edges of a grid's axes as drawn (whole-number bins centred on their values). */
export function rangeDomain(edges: readonly number[], integer: boolean): [number, number] {
  const lo = edges[0]!;
  const hi = edges[edges.length - 1]!;
  return integer ? [lo - 0.5, hi - 0.5] : [lo, hi];
}
