/**
 * What the Plots page draws (src-renderer/src/plots/plot-points.ts), without a figure: pool
 * points placed on the level axis and marked when they ship, the curve, targets and steps
 * down, the histogram's metric, pool and bars, and where the arrow keys take the chosen point
 * (← → between pools, to the shipped candidate or the nearest in difficulty; ↑ ↓ within a
 * pool by difficulty; Enter opens).
 */
import { describe, expect, it } from 'vitest';
import type { OrderingLevel, OrderingView, PoolPoint } from '../../src-shared/api';
import type { MetricInfo } from '../../src-shared/game';
import {
  histMetricKey,
  histPoints,
  histRows,
  plotKeyMove,
  plotPoints,
  stepRows,
} from '../../src-renderer/src/plots/plot-points';
import type { RunPlotData } from '../../src-renderer/src/plots/run-data';

const point = (id: number, slot: number, index: number, difficulty: number | null, reads = 3): PoolPoint => ({
  id,
  slot,
  index,
  difficulty,
  verdict: 'none',
  metrics: difficulty === null ? {} : { bits: difficulty, reads },
});
const level = (
  l: number,
  candidateId: number | null,
  difficulty: number | null,
  step: number | null,
): OrderingLevel => ({
  level: l,
  candidateId,
  slot: l - 1,
  index: 0,
  difficulty,
  target: l === 3 ? null : l,
  step,
  metrics: {},
});

// Pool L1: ids 1 (d 1), 2 (d 3, ships), 3 (gave up); pool L2: 4 (d 2), 5 (d 6, ships), 6 (d 4); pool L4: 7 (d 5).
const data: RunPlotData = {
  runId: 1,
  points: [
    point(1, 0, 0, 1),
    point(2, 0, 1, 3),
    point(3, 0, 2, null),
    point(4, 1, 0, 2),
    point(5, 1, 1, 6),
    point(6, 1, 2, 4, 9),
    point(7, 3, 0, 5),
  ],
  ordering: {
    levels: [level(1, 2, 3, null), level(2, 5, 6, 3), level(3, null, null, null)],
    shortLevels: [3],
  } as unknown as OrderingView,
  stages: [],
  stageWord: 'stage',
};

describe('the points and the curve', () => {
  const p = plotPoints(data);

  it('places each point on its level, jittered within it, and marks those that ship', () => {
    expect(p.placed.map((x) => x.level)).toEqual([1, 1, 1, 2, 2, 2, 4]);
    for (const x of p.placed) expect(Math.abs(x.x - x.level)).toBeLessThan(0.3);
    expect(p.placed.filter((x) => x.shipped).map((x) => x.id)).toEqual([2, 5]);
    expect([p.plottable.length, p.failed]).toEqual([6, 1]);
  });

  it('spans as many levels as the order or the pools reach; no data is one level', () => {
    expect(p.levelCount).toBe(4);
    expect(plotPoints(null).levelCount).toBe(1);
    expect(plotPoints(null).placed).toEqual([]);
  });

  it('the curve, targets and steps leave out the levels without them, and count steps down', () => {
    expect(p.curve.map((l) => l.level)).toEqual([1, 2]);
    expect(p.targets.map((l) => l.level)).toEqual([1, 2]);
    expect(p.steps.map((l) => l.level)).toEqual([2]);
    expect(p.breaks).toBe(0);
    const down = plotPoints({ ...data, ordering: { ...data.ordering, levels: [level(2, 5, 6, -1)] } });
    expect(down.breaks).toBe(1);
    expect(stepRows(down.steps)).toEqual([{ level: 2, step: -1, kind: 'easier than the level before' }]);
    expect(stepRows(p.steps)).toEqual([{ level: 2, step: 3, kind: 'climb' }]);
  });
});

describe('the histogram', () => {
  const p = plotPoints(data);
  const metrics = [{ key: 'bits' }, { key: 'reads' }] as MetricInfo[];

  it('shows the chosen metric while the game has it, else the difficulty', () => {
    expect(histMetricKey(metrics, 'reads', 'bits')).toBe('reads');
    expect(histMetricKey(metrics, 'gone', 'bits')).toBe('bits');
    expect(histMetricKey(metrics, '', 'bits')).toBe('bits');
  });

  it('counts the points with the metric, of every pool or one level’s', () => {
    expect(histPoints(p.placed, 'reads', 0).map((x) => x.id)).toEqual([1, 2, 4, 5, 6, 7]);
    expect(histPoints(p.placed, 'reads', 2).map((x) => x.id)).toEqual([4, 5, 6]);
  });

  it('draws one bar per whole value over a short range, bins otherwise', () => {
    const r = histRows(histPoints(p.placed, 'reads', 2), 'reads', true);
    expect(r).toEqual({
      rows: [
        { value: 3, group: 'pool' },
        { value: 3, group: 'ships in the order' },
        { value: 9, group: 'pool' },
      ],
      lo: 3,
      hi: 9,
      asBars: true,
    });
    expect(histRows(p.placed.slice(0, 2), 'bits', false).asBars).toBe(false);
    const wide = histRows(
      [
        { ...p.placed[0]!, metrics: { n: 0 } },
        { ...p.placed[1]!, metrics: { n: 61 } },
      ],
      'n',
      true,
    );
    expect(wide.asBars).toBe(false);
    expect(histRows([], 'n', true)).toEqual({ rows: [], lo: 0, hi: 0, asBars: true });
  });
});

describe('the arrow keys on the plot', () => {
  const { plottable } = plotPoints(data);
  const byId = (id: number) => plottable.find((x) => x.id === id)!;
  const to = (from: number | null, key: string) => {
    const m = plotKeyMove(plottable, from === null ? null : byId(from), key);
    return m && 'to' in m ? (m.to?.id ?? null) : m;
  };

  it('starts in the first pool', () => {
    expect(to(null, 'ArrowRight')).toBe(2);
    expect(to(null, 'ArrowUp')).toBe(1);
  });

  it('→ and ← go to the next pool’s shipped candidate, else the nearest in difficulty, and stop at the ends', () => {
    expect(to(1, 'ArrowRight')).toBe(5);
    expect(to(5, 'ArrowRight')).toBe(7);
    expect(to(7, 'ArrowRight')).toBe(7);
    expect(to(7, 'ArrowLeft')).toBe(5);
    expect(to(1, 'ArrowLeft')).toBe(2);
    // A pool with nothing shipped: the nearest in difficulty.
    const noShip = plotPoints({ ...data, ordering: { ...data.ordering, levels: [] } }).plottable;
    const m = plotKeyMove(
      noShip,
      noShip.find((x) => x.id === 1)!,
      'ArrowRight',
    );
    expect(m && 'to' in m && m.to?.id).toBe(4);
  });

  it('↑ and ↓ go to the next harder or easier candidate of the pool', () => {
    expect(to(4, 'ArrowUp')).toBe(6);
    expect(to(6, 'ArrowUp')).toBe(5);
    expect(to(5, 'ArrowUp')).toBe(5);
    expect(to(6, 'ArrowDown')).toBe(4);
    expect(to(4, 'ArrowDown')).toBe(4);
  });

  it('Enter opens the chosen point; other keys and an empty plot are not the plot’s', () => {
    expect(plotKeyMove(plottable, byId(6), 'Enter')).toEqual({ open: byId(6) });
    expect(plotKeyMove(plottable, null, 'Enter')).toBeNull();
    expect(plotKeyMove(plottable, byId(6), 'a')).toBeNull();
    expect(plotKeyMove([], null, 'ArrowRight')).toBeNull();
  });
});
