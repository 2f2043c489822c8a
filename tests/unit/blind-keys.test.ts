/** The blind board's keyboard walk (src-renderer/src/playtest/blind-keys.ts). */
import { describe, expect, it } from 'vitest';
import { readingOrder, stepFocus } from '../../src-renderer/src/playtest/blind-keys';

// Two rows (the second dot sits 5 px higher than the first: the same row), one gone element.
const spots = [
  { x: 100, y: 50, live: true },
  { x: 20, y: 45, live: true },
  { x: 60, y: 200, live: true },
  { x: 10, y: 210, live: false },
  { x: 200, y: 52, live: true },
];

describe('the blind board keyboard', () => {
  it('walks the elements in play in reading order, rows first, leaving gone ones out', () => {
    expect(readingOrder(spots)).toEqual([1, 0, 4, 2]);
  });

  it('steps forward and back from the focus, wrapping, and starts at an end with no focus', () => {
    expect(stepFocus(spots, null, 1)).toBe(1);
    expect(stepFocus(spots, null, -1)).toBe(2);
    expect(stepFocus(spots, 1, 1)).toBe(0);
    expect(stepFocus(spots, 2, 1)).toBe(1);
    expect(stepFocus(spots, 1, -1)).toBe(2);
    // A focus on an element gone meanwhile starts again at the first.
    expect(stepFocus(spots, 3, 1)).toBe(1);
  });

  it('has nothing to focus once every element is gone', () => {
    expect(stepFocus([{ x: 0, y: 0, live: false }], null, 1)).toBeNull();
  });
});
