/** The expressive range's binning (src-shared/range/expressive-range.ts), against hand counts. */
import { describe, expect, it } from 'vitest';
import {
  axisEdges,
  binFilter,
  binRange,
  binShared,
  binText,
  countsOf,
  differenceGrid,
  rangeSentence,
  type RangePoint,
} from '../../src-shared/range/expressive-range';

const pt = (dots: number, bits?: number): RangePoint => ({
  metrics: bits === undefined ? { dots } : { dots, bits },
});
const X = { key: 'dots', integer: true };
const Y = { key: 'bits', integer: false };

// dots 1–6 in three whole-number bins {1,2} {3,4} {5,6}; bits 0–2 in three of 2/3 each.
const fixed = [pt(1, 0), pt(2, 0.5), pt(2, 2), pt(3, 1), pt(4, 1.9), pt(6, 0.7), pt(5, 1.33), pt(4)];

describe('expressive range binning', () => {
  it('counts a small fixed set as counted by hand', () => {
    const r = binRange(fixed, X, Y, 3);
    expect(r.kind).toBe('grid');
    if (r.kind !== 'grid') return;
    expect(r.grid.x.edges).toEqual([1, 3, 5, 7]);
    expect(r.grid.y.edges.map((e) => Math.round(e * 1000) / 1000)).toEqual([0, 0.667, 1.333, 2]);
    // counts[y][x]
    expect(r.grid.counts).toEqual([
      [2, 0, 0], // bits 0–0.67: (1,0) (2,0.5)
      [0, 1, 2], // bits 0.67–1.33: (3,1) (6,0.7) (5,1.33)
      [1, 1, 0], // bits 1.33–2: (2,2) the top edge, (4,1.9)
    ]);
    expect(r.grid.total).toBe(7);
    expect(r.grid.skipped).toBe(1); // (4) has no bits
  });

  it('a whole-number metric with few values gets one bin per value', () => {
    expect(axisEdges([[pt(3), pt(5), pt(4)]], X, 20)).toEqual([3, 4, 5, 6]);
    const r = binRange([pt(3, 1), pt(5, 1), pt(5, 1)], X, { key: 'bits', integer: false }, 20);
    if (r.kind !== 'grid') throw new Error('expected a grid');
    expect(r.grid.counts).toEqual([[1, 0, 2]]);
  });

  it('shared edges span both sets, and the difference is B minus A cell by cell', () => {
    const a = [pt(1, 0), pt(1, 0), pt(2, 1)];
    const b = [pt(2, 1), pt(4, 2), pt(4, 2), pt(4, 2)];
    const s = binShared([a, b], X, Y, 2);
    expect(s.x.edges).toEqual([1, 3, 5]);
    expect(s.y.edges).toEqual([0, 1, 2]);
    const ca = countsOf(s.results[0]!, s.x, s.y);
    const cb = countsOf(s.results[1]!, s.x, s.y);
    expect(ca).toEqual([
      [2, 0],
      [1, 0],
    ]);
    expect(cb).toEqual([
      [0, 0],
      [1, 3],
    ]);
    const d = differenceGrid(ca, cb);
    for (let yi = 0; yi < 2; yi++)
      for (let xi = 0; xi < 2; xi++) expect(d[yi]![xi]).toBe(cb[yi]![xi]! - ca[yi]![xi]!);
    expect(d).toEqual([
      [-2, 0],
      [0, 3],
    ]);
    expect(() => differenceGrid(ca, [[1, 2]])).toThrow(/same bins/);
  });

  it('an empty set and a one-candidate set give a sentence, not a grid', () => {
    const empty = binRange([], X, Y);
    expect(empty.kind).toBe('empty');
    expect(rangeSentence(empty, 'Dots', 'Bits')).toBe(
      'No candidate has both Dots and Bits yet: nothing to draw.',
    );
    const failedOnly = binRange([pt(3)], X, Y);
    expect(rangeSentence(failedOnly, 'Dots', 'Bits')).toMatch(/\(1 without both metrics\)/);
    const one = binRange([pt(3, 1), pt(4)], X, Y);
    expect(one.kind).toBe('one');
    expect(rangeSentence(one, 'Dots', 'Bits')).toBe(
      'Only one candidate has both Dots and Bits (1 without both metrics): a range needs at least two.',
    );
    // A result without a grid still counts as zeros on shared bins (Compare of an empty run).
    const s = binShared([[], [pt(1, 0), pt(2, 1)]], X, Y, 2);
    expect(countsOf(s.results[0]!, s.x, s.y)).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('a cell is a metric filter: whole-number bins end one below the next edge', () => {
    const r = binRange(fixed, X, Y, 3);
    if (r.kind !== 'grid') throw new Error('expected a grid');
    expect(binFilter(r.grid.x, 1)).toEqual({ min: 3, max: 4 });
    expect(binText(r.grid.x, 1)).toBe('3–4');
    expect(binFilter(r.grid.y, 0)).toEqual({ min: 0, max: r.grid.y.edges[1] });
    expect(binText(r.grid.y, 2)).toBe('1.33–2');
    // Every counted candidate passes the filters of the cell it was counted in.
    let inCells = 0;
    for (const p of fixed) {
      if (p.metrics['bits'] === undefined) continue;
      const hits = [];
      for (let xi = 0; xi < 3; xi++)
        for (let yi = 0; yi < 3; yi++) {
          const fx = binFilter(r.grid.x, xi);
          const fy = binFilter(r.grid.y, yi);
          const v = p.metrics;
          if (v['dots']! >= fx.min && v['dots']! <= fx.max && v['bits']! >= fy.min && v['bits']! <= fy.max)
            hits.push(r.grid.counts[yi]![xi]);
        }
      expect(hits.length).toBeGreaterThan(0);
      inCells++;
    }
    expect(inCells).toBe(7);
  });
});
