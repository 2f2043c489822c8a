/**
 * The Plots page's three figures as Observable Plot draws them: difficulty per level (pool
 * points, target line, the shipped curve, a tip per point), the steps between neighbours, and
 * the histogram of one metric. What they draw is worked out in ./plot-points.ts; the page
 * mounts them and wires the pointer (PlotsPage.svelte).
 */
import * as Plot from '@observablehq/plot';
import type { MetricInfo } from '../../../src-shared/game';
import type { OrderingLevel } from '../../../src-shared/api';
import { candidateName } from '../../../src-shared/vocabulary';
import { fmt, plotStyle, tagMarks, verdictLabel, verdictRange, type PlotColors } from './plot-kit';
import { histRows, stepRows, type PlotPoints } from './plot-points';
import type { PlacedPoint } from './run-data';

const MARGIN_LEFT = 52;

/** The level axis every figure of the page shares. */
function levelAxis(levelCount: number) {
  return {
    label: 'Level →',
    domain: [0.4, levelCount + 0.6],
    ticks: Math.min(levelCount, 20),
    tickFormat: (d: number) => (Number.isInteger(d) ? String(d) : ''),
  };
}

/** The tip's lines for a pool point: its name, verdict and every shown metric. */
function tipChannels(metrics: readonly MetricInfo[]): Record<string, (d: PlacedPoint) => string> {
  const ch: Record<string, (d: PlacedPoint) => string> = {
    candidate: (d) => candidateName(d.slot, d.index),
    verdict: (d) => (d.shipped ? `${verdictLabel(d.verdict)} · ships` : verdictLabel(d.verdict)),
  };
  for (const m of metrics) ch[m.label] = (d) => fmt(d.metrics[m.key], m.integer);
  return ch;
}

/** Difficulty per level: pool points, the target line, the shipped curve. */
export function mainFigure(
  p: PlotPoints,
  o: { width: number; c: PlotColors; difficultyLabel: string; metrics: readonly MetricInfo[] },
): Element {
  const { c } = o;
  return Plot.plot({
    width: Math.max(360, o.width),
    height: 380,
    marginLeft: MARGIN_LEFT,
    marginRight: 16,
    marginTop: 24,
    style: plotStyle(c),
    x: levelAxis(p.levelCount),
    y: { label: `↑ ${o.difficultyLabel}`, grid: true, nice: true, zero: true },
    color: verdictRange(c),
    marks: [
      Plot.dot(p.plottable, {
        x: 'x',
        y: 'difficulty',
        r: 3.2,
        fill: (d: PlacedPoint) => verdictLabel(d.verdict),
        fillOpacity: 0.55,
        stroke: c.panel,
        strokeWidth: 0.6,
        render: tagMarks(p.plottable, (d) => d.id),
        className: 'pool-points',
      }),
      Plot.line(p.targets, {
        x: 'level',
        y: 'target',
        stroke: c.accent2,
        strokeWidth: 1.5,
        strokeDasharray: '6,4',
        curve: 'step',
        className: 'target-line',
      }),
      Plot.line(p.curve, {
        x: 'level',
        y: 'difficulty',
        stroke: c.accent,
        strokeWidth: 2.2,
        className: 'order-curve',
      }),
      Plot.dot(p.curve, {
        x: 'level',
        y: 'difficulty',
        r: 4.2,
        fill: c.accent,
        stroke: c.panel,
        strokeWidth: 1.2,
        render: tagMarks(p.curve, (l: OrderingLevel) => l.candidateId),
        className: 'order-dots',
      }),
      Plot.tip(
        p.plottable,
        Plot.pointer({
          x: 'x',
          y: 'difficulty',
          channels: tipChannels(o.metrics),
          format: { x: false, y: false, fill: false },
          maxRadius: 30,
          fill: c.panel,
          stroke: c.border,
        }),
      ),
    ],
  });
}

/** The steps between neighbours, on the same level axis. */
export function stepsFigure(
  p: PlotPoints,
  o: { width: number; c: PlotColors; difficultyLabel: string },
): Element {
  const { c } = o;
  const rows = stepRows(p.steps);
  return Plot.plot({
    width: Math.max(360, o.width),
    height: 150,
    marginLeft: MARGIN_LEFT,
    marginRight: 16,
    marginTop: 24,
    style: plotStyle(c),
    x: levelAxis(p.levelCount),
    y: { label: `↑ step (${o.difficultyLabel})`, grid: true, nice: true },
    color: { domain: ['climb', 'easier than the level before'], range: [c.accent2, c.danger] },
    marks: [
      Plot.rectY(rows, {
        x1: (d: { level: number }) => d.level - 0.35,
        x2: (d: { level: number }) => d.level + 0.35,
        y: 'step',
        fill: 'kind',
        render: tagMarks(rows, (d) => d.level, 'data-level'),
      }),
      Plot.ruleY([0], { stroke: c.muted }),
      Plot.tip(
        rows,
        Plot.pointerX({
          x: 'level',
          y: 'step',
          channels: { 'from level': (d: { level: number }) => String(d.level - 1) },
          format: { fill: false },
          fill: c.panel,
          stroke: c.border,
        }),
      ),
    ],
  });
}

/** Histogram of one metric over the points, shipped candidates stacked apart. */
export function histFigure(
  points: readonly PlacedPoint[],
  o: { width: number; c: PlotColors; key: string; info: MetricInfo | undefined },
): Element {
  const { c, key } = o;
  const { rows, lo, hi, asBars } = histRows(points, key, o.info?.integer ?? true);
  const label = `${o.info?.label ?? key} →`;
  const common = {
    width: Math.max(360, o.width),
    height: 220,
    marginLeft: MARGIN_LEFT,
    marginRight: 16,
    marginTop: 14,
    style: plotStyle(c),
    y: { label: '↑ candidates', grid: true },
    color: { domain: ['pool', 'ships in the order'], range: [c.accent2, c.accent], legend: true },
  };
  // Whole-number metrics over a short range: one bar per value (every value in the range shown).
  if (asBars)
    return Plot.plot({
      ...common,
      x: {
        label,
        type: 'band',
        domain: Array.from({ length: hi - lo + 1 }, (_, i) => lo + i),
        padding: hi - lo < 4 ? 0.45 : 0.15,
      },
      marks: [
        Plot.barY(rows, Plot.groupX({ y: 'count' }, { x: 'value', fill: 'group' })),
        Plot.ruleY([0], { stroke: c.muted }),
        Plot.tip(
          rows,
          Plot.pointerX(Plot.groupX({ y: 'count' }, { x: 'value', fill: c.panel, stroke: c.border })),
        ),
      ],
    });
  return Plot.plot({
    ...common,
    x: { label },
    marks: [
      Plot.rectY(
        rows,
        Plot.binX<Plot.RectYOptions>({ y: 'count' }, { x: 'value', fill: 'group', thresholds: 24, inset: 1 }),
      ),
      Plot.ruleY([0], { stroke: c.muted }),
      Plot.tip(
        rows,
        Plot.pointerX(
          Plot.binX<Plot.TipOptions>(
            { y: 'count' },
            { x: 'value', thresholds: 24, fill: c.panel, stroke: c.border },
          ),
        ),
      ),
    ],
  });
}
