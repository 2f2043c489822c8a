/**
 * The Players section's scatter: each played level's model difficulty against its observed
 * figure, the uncertainty as a vertical bar, stuck levels in the danger colour, each point
 * labelled with its level. What it draws is ./players-view.ts.
 */
import * as Plot from '@observablehq/plot';
import { plotStyle, tagMarks, type PlotColors } from './plot-kit';
import type { ScatterPoint } from './players-view';

export function playersFigure(
  points: readonly ScatterPoint[],
  o: { width: number; c: PlotColors; modelLabel: string; observedLabel: string },
): Element {
  const { c } = o;
  const kind = (d: ScatterPoint) => (d.stuck ? 'stuck' : 'played');
  return Plot.plot({
    width: Math.max(320, o.width),
    height: 300,
    marginLeft: 52,
    marginRight: 16,
    marginTop: 24,
    style: plotStyle(c),
    x: { label: `${o.modelLabel} (model) →`, grid: true, nice: true },
    y: { label: `↑ ${o.observedLabel}`, grid: true, nice: true },
    color: { domain: ['played', 'stuck'], range: [c.accent2, c.danger] },
    marks: [
      Plot.ruleX(points as ScatterPoint[], {
        x: 'model',
        y1: 'low',
        y2: 'high',
        stroke: kind,
        strokeOpacity: 0.55,
        strokeWidth: 2,
      }),
      Plot.dot(points as ScatterPoint[], {
        x: 'model',
        y: 'observed',
        r: 4.5,
        fill: kind,
        stroke: c.panel,
        strokeWidth: 1,
        render: tagMarks(points, (d) => d.level, 'data-level'),
        className: 'players-points',
      }),
      Plot.text(points as ScatterPoint[], {
        x: 'model',
        y: 'observed',
        text: (d: ScatterPoint) => String(d.level),
        dx: 9,
        dy: -7,
        fill: c.muted,
        fontSize: 10,
      }),
      Plot.tip(
        points as ScatterPoint[],
        Plot.pointer({
          x: 'model',
          y: 'observed',
          channels: {
            level: (d: ScatterPoint) => `${d.level} · ${d.candidate}`,
            range: (d: ScatterPoint) => `${d.low.toFixed(2)}–${d.high.toFixed(2)}`,
          },
          format: { fill: false, stroke: false },
          fill: c.panel,
          stroke: c.border,
        }),
      ),
    ],
  });
}
