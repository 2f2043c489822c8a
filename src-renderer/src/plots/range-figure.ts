/**
 * The expressive range as Observable Plot draws it: the candidates binned by Plot's own bin
 * transform on the shared edges (./range-bins.ts) as cells shaded by count, or by B − A in
 * diverging colours, and the shipped levels as points coloured by level. Each cell's rect
 * carries `data-cell="xi,yi"` for the pointer and the tests.
 */
import * as Plot from '@observablehq/plot';
import type { MetricInfo } from '../../../src-shared/game';
import type { RangeAxis, RangePoint } from '../../../src-shared/range/expressive-range';
import { plotStyle, tagMarks, type PlotColors } from './plot-kit';
import { drawable, rangeBin, tagCells } from './range-bins';
import type { ShippedMark } from './range-view';

export interface RangeFigureOptions {
  width: number;
  height?: number;
  c: PlotColors;
  x: MetricInfo;
  y: MetricInfo;
  /** The shared bins (their edges are Plot's thresholds and the axes' extents). */
  bins: { x: RangeAxis; y: RangeAxis };
  /** 'count': candidates per cell; 'difference': B minus A (by `sign`), diverging around 0. */
  mode?: 'count' | 'difference';
  /** Difference mode: each point's side, +1 for B and −1 for A. */
  sign?: readonly number[];
  /** The colour scale's top (both sides of a pair shade alike, a difference around 0). */
  max: number;
  /** Shown in the colour legend's label. */
  legend?: string;
}

/** The points binned into cells shaded by count (or difference), the shipped levels on top. */
export function rangeFigure(
  all: readonly RangePoint[],
  shipped: readonly ShippedMark[],
  o: RangeFigureOptions,
): SVGSVGElement | HTMLElement {
  const { c } = o;
  const diff = o.mode === 'difference';
  const maxAbs = Math.max(1, o.max);
  const { x, y } = o.bins;
  const { points, sign } = drawable(all, x, y, o.sign);
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
    x: { label: `${o.x.label} →`, domain: rangeDomain(x.edges, x.integer), ...wholeTicks(x) },
    y: { label: `↑ ${o.y.label}`, domain: rangeDomain(y.edges, y.integer), ...wholeTicks(y) },
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
      Plot.rect(points, {
        ...rangeBin(x, y, diff ? 'difference' : 'count', sign),
        render: tagCells(x, y),
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

/** A whole-number axis is ticked on whole numbers only (never "4.6 dots"), at most about 10 of them. */
function wholeTicks(a: RangeAxis): { ticks?: number[]; tickFormat?: string } {
  if (!a.integer) return {};
  const lo = a.edges[0]!;
  const hi = a.edges[a.edges.length - 1]! - 1;
  const step = Math.max(1, Math.ceil((hi - lo + 1) / 10));
  const ticks: number[] = [];
  for (let v = lo; v <= hi; v += step) ticks.push(v);
  return { ticks, tickFormat: 'd' };
}

/** The outer edges of a grid's axes as drawn (whole-number bins centred on their values). */
function rangeDomain(edges: readonly number[], integer: boolean): [number, number] {
  const lo = edges[0]!;
  const hi = edges[edges.length - 1]!;
  return integer ? [lo - 0.5, hi - 0.5] : [lo, hi];
}
