/**
 * The editor's snap to a grid (src-renderer/src/editor/snap.ts): values land on the nearest
 * multiple of the step (never −0), a step of 0 or less leaves them, the grid in force is null
 * when it is off, and the step control walks the game's steps round.
 */
import { describe, expect, it } from 'vitest';
import { gridStep, nextStep, snapPoint, snapValue } from '../../src-renderer/src/editor/snap';

describe('snap to a grid', () => {
  it('rounds to the nearest multiple of the step, halves up, with one zero', () => {
    expect(snapValue(14, 10)).toBe(10);
    expect(snapValue(15, 10)).toBe(20);
    expect(snapValue(-4, 10)).toBe(0);
    expect(Object.is(snapValue(-4, 10), -0)).toBe(false);
    expect(snapValue(-16, 10)).toBe(-20);
    expect(snapValue(352, 15)).toBe(345);
    expect(snapPoint({ x: 23, y: 37.4 }, 5)).toEqual({ x: 25, y: 35 });
  });

  it('a step of 0 or less, or a value that is not a number, is left as it is', () => {
    expect(snapValue(13.3, 0)).toBe(13.3);
    expect(snapValue(13.3, -5)).toBe(13.3);
    expect(snapValue(Number.NaN, 5)).toBeNaN();
  });

  it('the grid in force: its step when on, null when off', () => {
    expect(gridStep({ on: true, step: 10 })).toBe(10);
    expect(gridStep({ on: false, step: 10 })).toBeNull();
    expect(gridStep({ on: true, step: 0 })).toBeNull();
  });

  it("the step control walks the game's steps and wraps; an unknown step goes to the first", () => {
    const info = { steps: [5, 10, 20], step: 10, unit: ' units' };
    expect(nextStep(info, 5)).toBe(10);
    expect(nextStep(info, 20)).toBe(5);
    expect(nextStep(info, 7)).toBe(5);
  });
});
