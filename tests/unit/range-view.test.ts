/**
 * The expressive range's view model (src-renderer/src/plots/range-view.ts): the axes chosen,
 * the levels filtered, the stage choices, the shipped levels placed, a cell's candidates and a
 * cell as Pools' metric filters that hold exactly its candidates. (The cells Plot draws are
 * checked against the same counts in tests/unit/range-bins.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { OrderingLevel, PoolPoint } from '../../src-shared/api';
import type { MetricInfo } from '../../src-shared/game';
import {
  cellCandidates,
  cellRanges,
  cellText,
  pairedRange,
  pooledArm,
  parseCell,
  pointsOfLevels,
  rangeAxes,
  rangeOf,
  rangeStages,
  shippedMarks,
  stageChoice,
  stageLevels,
} from '../../src-renderer/src/plots/range-view';

const metrics: MetricInfo[] = [
  { key: 'bits', label: 'Bits', integer: false },
  { key: 'dots', label: 'Dots', integer: true },
  { key: 'ms', label: 'Build time', integer: false, cost: true },
];
const dots = metrics[1]!;
const bits = metrics[0]!;
const p = (id: number, slot: number, index: number, d?: number, b?: number): PoolPoint => ({
  id,
  slot,
  index,
  difficulty: b ?? null,
  verdict: 'none',
  metrics: d === undefined ? {} : { dots: d, bits: b! },
});
const points = [
  p(1, 0, 0, 1, 0),
  p(2, 0, 1, 2, 0.5),
  p(3, 1, 0, 2, 2),
  p(4, 1, 1, 3, 1),
  p(5, 2, 0, 4, 1.9),
  p(6, 2, 1),
];
const lvl = (level: number, candidateId: number | null): OrderingLevel => ({
  level,
  candidateId,
  slot: level - 1,
  index: 0,
  difficulty: null,
  target: null,
  step: null,
  metrics: {},
});

describe('expressive range view', () => {
  it('axes: the chosen metrics, else difficulty up and another across; costs are never axes', () => {
    expect(rangeAxes(metrics, 'dots', 'bits', 'bits')).toEqual({ x: dots, y: bits });
    expect(rangeAxes(metrics, '', '', 'bits')).toEqual({ x: dots, y: bits });
    expect(rangeAxes(metrics, 'ms', 'gone', 'bits')).toEqual({ x: dots, y: bits });
    expect(rangeAxes([bits], '', '', 'bits')).toBeNull();
  });

  it('levels from..to keep only those pools', () => {
    expect(pointsOfLevels(points, 2, 3).map((q) => q.id)).toEqual([3, 4, 5, 6]);
    expect(pointsOfLevels(points, 0, 1).map((q) => q.id)).toEqual([1, 2]);
    expect(pointsOfLevels(points, 0, 0)).toHaveLength(6);
  });

  it('counts the chosen candidates; a cell reads its values and its first candidates', () => {
    const { result, sentence } = rangeOf(points, { x: dots, y: bits }, 2);
    expect(sentence).toBeNull();
    if (result.kind !== 'grid') throw new Error('expected a grid');
    // dots {1,2} {3,4}; bits [0,1) [1,2]
    expect(result.grid.counts).toEqual([
      [2, 0],
      [1, 2],
    ]);
    expect(cellText(result.grid, 1, 1, dots, bits)).toBe('Dots 3–4 · Bits 1–2');
    expect(cellCandidates(points, result.grid, 1, 1).map((q) => q.id)).toEqual([4, 5]);
    expect(cellCandidates(points, result.grid, 0, 0, 1).map((q) => q.id)).toEqual([1]);
  });

  it("a cell as Pools' filters holds exactly the cell's candidates", () => {
    const { result } = rangeOf(points, { x: dots, y: bits }, 3);
    if (result.kind !== 'grid') throw new Error('expected a grid');
    const g = result.grid;
    for (let yi = 0; yi < g.counts.length; yi++)
      for (let xi = 0; xi < g.counts[0]!.length; xi++) {
        const r = cellRanges(g, xi, yi);
        const inside = points.filter((q) =>
          Object.entries(r).every(([k, { min, max }]) => {
            const v = q.metrics[k];
            return v !== undefined && v >= Number(min) && v <= Number(max);
          }),
        );
        expect(inside.length).toBe(g.counts[yi]![xi]);
      }
    expect(cellRanges(g, 0, 0)).toEqual({ dots: { min: '1', max: '2' }, bits: { min: '0', max: '0.667' } });
  });

  it('shipped levels sit at their candidates; a short level or one without the metrics is left out', () => {
    const marks = shippedMarks(points, [lvl(1, 2), lvl(2, null), lvl(3, 6), lvl(4, 5)], { x: dots, y: bits });
    expect(marks).toEqual([
      { level: 1, candidateId: 2, x: 2, y: 0.5 },
      { level: 4, candidateId: 5, x: 4, y: 1.9 },
    ]);
  });

  it('empty and one-candidate sets give a sentence', () => {
    expect(rangeOf([], { x: dots, y: bits }, 20).sentence).toMatch(/^No candidate has both Dots and Bits/);
    expect(rangeOf([points[0]!, points[5]!], { x: dots, y: bits }, 20).sentence).toMatch(
      /^Only one candidate/,
    );
  });

  it('reads a cell attribute', () => {
    expect(parseCell('3,12')).toEqual({ xi: 3, yi: 12 });
    expect(parseCell('x')).toBeNull();
    expect(parseCell(null)).toBeNull();
  });
});

describe('paired expressive range', () => {
  it('A and B on the same bins, one scale for both and one for B − A', () => {
    const a = [p(1, 0, 0, 1, 0), p(2, 0, 1, 1, 0), p(3, 0, 2, 2, 1)];
    const b = [p(4, 0, 0, 2, 1), p(5, 0, 1, 4, 2), p(6, 0, 2, 4, 2), p(7, 0, 3, 4, 2)];
    const r = pairedRange(a, b, { x: dots, y: bits }, 2);
    expect(r.x.edges).toEqual([1, 3, 5]);
    expect(r.y.edges).toEqual([0, 1, 2]);
    // A: {0,0: 2, 0,1: 1}; B: {0,1: 1, 1,1: 3}; B − A: {0,0: −2, 0,1: 0, 1,1: 3}.
    expect(r.max).toBe(3);
    expect(r.diffMax).toBe(3);
    expect([r.totalA, r.totalB]).toEqual([3, 4]);
    expect(r.sentenceA).toBeNull();
  });

  it('an empty side has its sentence; the other side still counts', () => {
    const r = pairedRange([], [p(1, 0, 0, 1, 0), p(2, 0, 1, 3, 1)], { x: dots, y: bits }, 2);
    expect(r.sentenceA).toMatch(/^No candidate has both/);
    expect(r.sentenceB).toBeNull();
    expect([r.totalA, r.totalB, r.max, r.diffMax]).toEqual([0, 2, 1, 1]);
  });
});

describe('the range limited to a stage', () => {
  const stages = rangeStages(
    [
      { first: 1, last: 8 },
      { first: 9, last: 9 },
      { first: 10, last: 20 },
    ],
    'stretch',
  );

  it("names each plan row in the game's word with its levels; a one-row plan offers none", () => {
    expect(stages.map((s) => s.label)).toEqual([
      'stretch 1 · levels 1–8',
      'stretch 2 · level 9',
      'stretch 3 · levels 10–20',
    ]);
    expect(rangeStages([{ first: 1, last: 20 }], 'stage')).toEqual([]);
  });

  it('a choice sets the levels, and the levels read back as the choice', () => {
    expect(stageLevels(stages, 'all')).toEqual({ from: 0, to: 0 });
    expect(stageLevels(stages, '2')).toEqual({ from: 10, to: 20 });
    expect(stageLevels(stages, 'custom')).toBeNull();
    expect(stageChoice(stages, 0, 0, 20)).toBe('all');
    expect(stageChoice(stages, 1, 20, 20)).toBe('all');
    expect(stageChoice(stages, 10, 20, 20)).toBe('2');
    expect(stageChoice(stages, 10, 0, 20)).toBe('2');
    expect(stageChoice(stages, 0, 8, 20)).toBe('0');
    expect(stageChoice(stages, 3, 8, 20)).toBe('custom');
    // The stage's candidates are its pools' (slot s is level s + 1).
    const l = stageLevels(stages, '1')!;
    expect(pointsOfLevels(points, l.from, l.to)).toEqual([]);
    expect(pointsOfLevels(points, 2, 2).map((q) => q.id)).toEqual([3, 4]);
  });
});

describe('experiment arms pooled over seeds', () => {
  it("pools an arm's finished runs only, in seed order", () => {
    const runs = [
      { arm: 1, seed: 9, runId: 12, status: 'done' },
      { arm: 1, seed: 3, runId: 11, status: 'done' },
      { arm: 1, seed: 5, runId: 13, status: 'generating' },
      { arm: 0, seed: 3, runId: 10, status: 'done' },
    ];
    const byRun = new Map([
      [10, ['base']],
      [11, ['a', 'b']],
      [12, ['c']],
      [13, ['never']],
    ]);
    expect(pooledArm(runs, byRun, 1)).toEqual({ points: ['a', 'b', 'c'], runs: 2 });
    expect(pooledArm(runs, byRun, 0)).toEqual({ points: ['base'], runs: 1 });
    expect(pooledArm(runs, byRun, 2)).toEqual({ points: [], runs: 0 });
  });
});
