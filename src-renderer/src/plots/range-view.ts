/**
 * What the expressive range draws and does, apart from its figure (./range-figure.ts) and
 * component (ExpressiveRange.svelte): the candidates of the chosen stage or levels, their 2-D
 * counts (src-shared/range/expressive-range.ts; Plot draws the cells on the same edges,
 * ./range-bins.ts), the shipped levels as points, a cell's candidates (for the hover's
 * thumbnails) and a cell as Pools' metric filters. Pure; unit-tested in
 * tests/unit/range-view.test.ts.
 */
import type { MetricInfo, PlanStage } from '../../../src-shared/game';
import type { OrderingLevel, PoolPoint } from '../../../src-shared/api';
import {
  binFilter,
  binOf,
  binRange,
  binShared,
  countsOf,
  differenceGrid,
  binText,
  rangeSentence,
  type RangeAxis,
  type RangeGrid,
  type RangePoint,
  type RangeResult,
} from '../../../src-shared/range/expressive-range';

/** A shipped level on the range: where its candidate sits, and its level. */
export interface ShippedMark {
  level: number;
  candidateId: number;
  x: number;
  y: number;
}

/** The two axes a range shows: the chosen metrics while the game has them, else its first two. */
export function rangeAxes(
  metrics: readonly MetricInfo[],
  x: string,
  y: string,
  difficultyKey: string,
): { x: MetricInfo; y: MetricInfo } | null {
  const usable = metrics.filter((m) => !m.cost);
  if (usable.length < 2) return null;
  const find = (k: string): MetricInfo | undefined => usable.find((m) => m.key === k);
  const yInfo = find(y) ?? find(difficultyKey) ?? usable[0]!;
  const xInfo = find(x) ?? usable.find((m) => m.key !== yInfo.key)!;
  return { x: xInfo, y: yInfo };
}

/** The candidates of levels from..to (1-based, inclusive; 0 = open end). */
export function pointsOfLevels(points: readonly PoolPoint[], from: number, to: number): PoolPoint[] {
  return points.filter((p) => (from <= 0 || p.slot + 1 >= from) && (to <= 0 || p.slot + 1 <= to));
}

/** A stage the range can be limited to: a plan row in the game's word, with its levels. */
export interface RangeStage {
  label: string;
  first: number;
  last: number;
}

/** The plan's rows as the range's stage choices ("stretch 2 · levels 9–16"); none for a one-row plan. */
export function rangeStages(stages: readonly PlanStage[], word: string): RangeStage[] {
  if (stages.length < 2) return [];
  return stages.map((s, i) => ({
    label: `${word} ${i + 1} · ${s.first === s.last ? `level ${s.first}` : `levels ${s.first}–${s.last}`}`,
    first: s.first,
    last: s.last,
  }));
}

/**
 * Which choice levels from..to (0 = open end) are: 'all', a stage's index as text, or
 * 'custom' for any other range.
 */
export function stageChoice(
  stages: readonly RangeStage[],
  from: number,
  to: number,
  levelCount: number,
): string {
  const f = from <= 0 ? 1 : from;
  const t = to <= 0 ? levelCount : to;
  if (f <= 1 && t >= levelCount) return 'all';
  const i = stages.findIndex((s) => s.first === f && s.last === t);
  return i >= 0 ? String(i) : 'custom';
}

/** The levels (from, to; 0 = open end) a stage choice stands for; null for 'custom' (left as it is). */
export function stageLevels(
  stages: readonly RangeStage[],
  choice: string,
): { from: number; to: number } | null {
  if (choice === 'all') return { from: 0, to: 0 };
  const s = stages[Number(choice)];
  return s ? { from: s.first, to: s.last } : null;
}

/** The range of the chosen candidates, and its sentence when there is nothing to draw. */
export function rangeOf(
  points: readonly PoolPoint[],
  axes: { x: MetricInfo; y: MetricInfo },
  bins: number,
): { result: RangeResult; sentence: string | null } {
  const result = binRange(points, axes.x, axes.y, bins);
  return { result, sentence: rangeSentence(result, axes.x.label, axes.y.label) };
}

/** The shipped levels' candidates that have both metrics, at their values. */
export function shippedMarks(
  points: readonly PoolPoint[],
  levels: readonly OrderingLevel[],
  axes: { x: MetricInfo; y: MetricInfo },
): ShippedMark[] {
  const byId = new Map(points.map((p) => [p.id, p]));
  const out: ShippedMark[] = [];
  for (const l of levels) {
    const p = l.candidateId === null ? undefined : byId.get(l.candidateId);
    const x = p?.metrics[axes.x.key];
    const y = p?.metrics[axes.y.key];
    if (!p || x === undefined || y === undefined) continue;
    out.push({ level: l.level, candidateId: p.id, x, y });
  }
  return out;
}

/** The first `n` candidates (in pool order) counted in cell (xi, yi). */
export function cellCandidates(
  points: readonly PoolPoint[],
  grid: RangeGrid,
  xi: number,
  yi: number,
  n = 3,
): PoolPoint[] {
  const out: PoolPoint[] = [];
  const sorted = [...points].sort((a, b) => a.slot - b.slot || a.index - b.index);
  for (const p of sorted) {
    const x = p.metrics[grid.x.key];
    const y = p.metrics[grid.y.key];
    if (x === undefined || y === undefined) continue;
    if (binOf(grid.x.edges, x, grid.x.integer) === xi && binOf(grid.y.edges, y, grid.y.integer) === yi) {
      out.push(p);
      if (out.length >= n) break;
    }
  }
  return out;
}

/** The cell's values in words: "Dots 3–4 · Bits 0.45–0.90". */
export function cellText(grid: RangeGrid, xi: number, yi: number, x: MetricInfo, y: MetricInfo): string {
  return `${x.label} ${binText(grid.x, xi)} · ${y.label} ${binText(grid.y, yi)}`;
}

/** A filter bound as Pools' field holds it: whole numbers plain, others widened to 3 decimals. */
function bound(v: number, side: 'min' | 'max'): string {
  if (Number.isInteger(v)) return String(v);
  const r = side === 'min' ? Math.floor(v * 1000) / 1000 : Math.ceil(v * 1000) / 1000;
  return String(r);
}

/** The cell as Pools' metric-range filters (min and max inclusive, as Pools reads them). */
export function cellRanges(
  grid: RangeGrid,
  xi: number,
  yi: number,
): Record<string, { min: string; max: string }> {
  const fx = binFilter(grid.x, xi);
  const fy = binFilter(grid.y, yi);
  return {
    [grid.x.key]: { min: bound(fx.min, 'min'), max: bound(fx.max, 'max') },
    [grid.y.key]: { min: bound(fy.min, 'min'), max: bound(fy.max, 'max') },
  };
}

/** "3,1" (a cell's data attribute) -> its grid place. */
export function parseCell(attr: string | null | undefined): { xi: number; yi: number } | null {
  const m = /^(\d+),(\d+)$/.exec(attr ?? '');
  return m ? { xi: Number(m[1]), yi: Number(m[2]) } : null;
}

/** Two sets on the same bins (Compare's A and B, a variant and its base): what their figures need. */
export interface PairedRange {
  x: RangeAxis;
  y: RangeAxis;
  /** The fuller side's fullest cell: A and B shade on one scale up to it. */
  max: number;
  /** The largest |B − A| of a cell: the difference's diverging scale spans ±it. */
  diffMax: number;
  /** Why A or B has nothing to draw (null when it has). */
  sentenceA: string | null;
  sentenceB: string | null;
  totalA: number;
  totalB: number;
}

export function pairedRange(
  a: readonly RangePoint[],
  b: readonly RangePoint[],
  axes: { x: MetricInfo; y: MetricInfo },
  bins: number,
): PairedRange {
  const s = binShared([a, b], axes.x, axes.y, bins);
  const [ra, rb] = s.results as [RangeResult, RangeResult];
  const ca = countsOf(ra, s.x, s.y);
  const cb = countsOf(rb, s.x, s.y);
  const top = (g: number[][]): number => Math.max(0, ...g.map((row) => Math.max(...row.map(Math.abs))));
  return {
    x: s.x,
    y: s.y,
    max: Math.max(top(ca), top(cb)),
    diffMax: top(differenceGrid(ca, cb)),
    sentenceA: rangeSentence(ra, axes.x.label, axes.y.label),
    sentenceB: rangeSentence(rb, axes.x.label, axes.y.label),
    totalA: ra.kind === 'grid' ? ra.grid.total : ra.kind === 'one' ? 1 : 0,
    totalB: rb.kind === 'grid' ? rb.grid.total : rb.kind === 'one' ? 1 : 0,
  };
}

/** An experiment arm's candidates pooled over its finished seeds' runs, in seed order. */
export function pooledArm<P>(
  runs: readonly { arm: number; seed: number; runId: number; status: string }[],
  pointsByRun: ReadonlyMap<number, readonly P[]>,
  arm: number,
): { points: P[]; runs: number } {
  const mine = runs.filter((r) => r.arm === arm && r.status === 'done').sort((x, y) => x.seed - y.seed);
  const points: P[] = [];
  let n = 0;
  for (const r of mine) {
    const ps = pointsByRun.get(r.runId);
    if (!ps) continue;
    points.push(...ps);
    n++;
  }
  return { points, runs: n };
}
