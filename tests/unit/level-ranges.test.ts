/** The one level-ranges formatter (src-shared/ordering/level-ranges.ts), edge cases included. */
import { describe, expect, it } from 'vitest';
import { levelRuns, levelsText, rangesText } from '../../src-shared/ordering/level-ranges';

describe('level ranges', () => {
  it('joins contiguous levels into ranges with an en dash', () => {
    expect(rangesText([3, 4, 5, 8])).toBe('3–5, 8');
    expect(levelsText([3, 4, 5, 8])).toBe('levels 3–5, 8');
    expect(rangesText([31, ...Array.from({ length: 90 }, (_, i) => 31 + i)])).toBe('31–120');
  });

  it('empty: no text, and "no levels" in a sentence', () => {
    expect(rangesText([])).toBe('');
    expect(levelRuns([])).toEqual([]);
    expect(levelsText([])).toBe('no levels');
  });

  it('one level is singular; two adjacent levels are a range and plural', () => {
    expect(levelsText([7])).toBe('level 7');
    expect(rangesText([7])).toBe('7');
    expect(levelsText([7, 8])).toBe('levels 7–8');
    expect(levelsText([2, 9])).toBe('levels 2, 9');
  });

  it('unsorted input comes out sorted', () => {
    expect(rangesText([9, 1, 3, 2, 10])).toBe('1–3, 9–10');
    expect(levelRuns([9, 1, 3, 2, 10])).toEqual([
      { from: 1, to: 3 },
      { from: 9, to: 10 },
    ]);
  });

  it('repeats count once (a level named twice is still "level 4")', () => {
    expect(levelsText([4, 4, 4])).toBe('level 4');
    expect(rangesText([5, 3, 4, 3, 5])).toBe('3–5');
  });

  it('numbers that are not levels never print as NaN', () => {
    expect(rangesText([Number.NaN, 2, Number.POSITIVE_INFINITY, 3])).toBe('2–3');
    expect(levelsText([Number.NaN])).toBe('no levels');
  });

  it('a typed-back list uses a plain hyphen when asked', () => {
    expect(rangesText([3, 1, 2, 5, 8, 9], '-')).toBe('1-3, 5, 8-9');
  });
});
