/**
 * What the Plots page draws, worked out from a run's points and automatic order, apart from
 * the figures (./plot-figures.ts) and the page (PlotsPage.svelte): every pool point placed on
 * the level axis and marked when it ships, the shipped curve, target and steps, the
 * histogram's metric and rows, and where the arrow keys go on the main plot. Pure; unit-tested
 * in tests/unit/plot-points.test.ts.
 */
import type { MetricInfo } from '../../../src-shared/game';
import type { OrderingLevel } from '../../../src-shared/api';
import { jitter } from './plot-kit';
import type { PlacedPoint, RunPlotData } from './run-data';

export interface PlotPoints {
  /** Levels on the axis: the order's, or as many as the pools reach. */
  levelCount: number;
  placed: PlacedPoint[];
  /** The points with a difficulty (a candidate that gave up has none). */
  plottable: PlacedPoint[];
  /** Candidates without a level (gave up). */
  failed: number;
  /** The shipped order's levels with a difficulty, a target, a step. */
  curve: OrderingLevel[];
  targets: OrderingLevel[];
  steps: OrderingLevel[];
  /** Steps down (a level easier than the one before). */
  breaks: number;
}

export function plotPoints(data: RunPlotData | null): PlotPoints {
  const levels = data?.ordering.levels ?? [];
  const points = data?.points ?? [];
  const shipped = new Set(levels.map((l) => l.candidateId).filter((id): id is number => id !== null));
  const placed = points.map((p) => ({
    ...p,
    level: p.slot + 1,
    x: p.slot + 1 + jitter(p.index),
    shipped: shipped.has(p.id),
  }));
  const plottable = placed.filter((p) => p.difficulty !== null);
  const steps = levels.filter((l) => l.step !== null);
  return {
    levelCount: data ? Math.max(levels.length, ...points.map((p) => p.slot + 1), 1) : 1,
    placed,
    plottable,
    failed: placed.length - plottable.length,
    curve: levels.filter((l) => l.difficulty !== null),
    targets: levels.filter((l) => l.target !== null),
    steps,
    breaks: steps.filter((l) => (l.step ?? 0) < 0).length,
  };
}

/** The histogram's metric: the one chosen while the game has it, else the game's difficulty. */
export function histMetricKey(metrics: readonly MetricInfo[], chosen: string, difficultyKey: string): string {
  return metrics.some((m) => m.key === chosen) ? chosen : difficultyKey;
}

/** The points the histogram counts: those with the metric, of one level's pool (0: every level). */
export function histPoints(placed: readonly PlacedPoint[], key: string, level: number): PlacedPoint[] {
  return placed.filter((p) => p.metrics[key] !== undefined && (level === 0 || p.level === level));
}

/** The histogram's rows, and whether it draws one bar per whole value (a short whole-number range). */
export function histRows(
  points: readonly PlacedPoint[],
  key: string,
  integer: boolean,
): { rows: { value: number; group: string }[]; lo: number; hi: number; asBars: boolean } {
  const rows = points.map((p) => ({
    value: p.metrics[key]!,
    group: p.shipped ? 'ships in the order' : 'pool',
  }));
  const values = rows.map((r) => r.value);
  const lo = values.length ? Math.min(...values) : 0;
  const hi = values.length ? Math.max(...values) : 0;
  return { rows, lo, hi, asBars: integer && hi - lo <= 60 };
}

/** The steps chart's bars: each level's step, coloured by whether it climbs. */
export function stepRows(steps: readonly OrderingLevel[]): { level: number; step: number; kind: string }[] {
  return steps.map((l) => ({
    level: l.level,
    step: l.step ?? 0,
    kind: (l.step ?? 0) < 0 ? 'easier than the level before' : 'climb',
  }));
}

/**
 * Where a key takes the main plot's chosen point: ← → to the next level pool (to the
 * candidate that ships from it, else the nearest in difficulty), ↑ ↓ to the next harder or
 * easier candidate of the pool, Enter opens the chosen one. Null: the key is not the plot's.
 */
export function plotKeyMove(
  plottable: readonly PlacedPoint[],
  chosen: PlacedPoint | null,
  key: string,
): { open: PlacedPoint } | { to: PlacedPoint | undefined } | null {
  if (plottable.length === 0) return null;
  const cur = chosen ? (plottable.find((p) => p.id === chosen.id) ?? null) : null;
  const pool = (slot: number): PlacedPoint[] =>
    plottable
      .filter((p) => p.slot === slot)
      .sort((a, b) => (a.difficulty ?? 0) - (b.difficulty ?? 0) || a.index - b.index);
  const slots = [...new Set(plottable.map((p) => p.slot))].sort((a, b) => a - b);
  if (key === 'Enter') return cur ? { open: cur } : null;
  if (key === 'ArrowRight' || key === 'ArrowLeft') {
    const at = cur ? slots.indexOf(cur.slot) + (key === 'ArrowRight' ? 1 : -1) : 0;
    const col = pool(slots[Math.max(0, Math.min(slots.length - 1, at))]!);
    const d = cur?.difficulty ?? 0;
    const nearest = col.reduce(
      (best, p) => (Math.abs((p.difficulty ?? 0) - d) < Math.abs((best.difficulty ?? 0) - d) ? p : best),
      col[0]!,
    );
    return { to: col.find((p) => p.shipped) ?? nearest };
  }
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const col = pool(cur?.slot ?? slots[0]!);
    const i = cur ? col.findIndex((p) => p.id === cur.id) + (key === 'ArrowUp' ? 1 : -1) : 0;
    return { to: col[Math.max(0, Math.min(col.length - 1, i))] };
  }
  return null;
}
