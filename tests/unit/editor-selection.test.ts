/**
 * The editor's selection (src-renderer/src/editor/selection.ts): the primary element is the
 * last selected; Shift-click adds or removes one; a box takes the elements whose centre lies in
 * it, corners in either order, edges included; deleting renumbers what stays selected; the
 * deletion order never shifts an index under the next.
 */
import { describe, expect, it } from 'vitest';
import {
  afterRemove,
  all,
  inBox,
  nameOf,
  primary,
  removalOrder,
  toggle,
  union,
  within,
} from '../../src-renderer/src/editor/selection';

describe('selection', () => {
  it('the primary element is the last selected; none without a selection', () => {
    expect(primary([])).toBeNull();
    expect(primary([4, 1, 7])).toBe(7);
  });

  it('Shift-click adds an element as primary, and takes a selected one out', () => {
    expect(toggle([1, 3], 5)).toEqual([1, 3, 5]);
    expect(toggle([1, 3, 5], 3)).toEqual([1, 5]);
    expect(toggle([], 0)).toEqual([0]);
  });

  it('a union keeps the order and never repeats an element', () => {
    expect(union([2, 0], [0, 4, 4, 1])).toEqual([2, 0, 4, 1]);
  });

  it('a box takes the centres inside it, corners in either order, edges included', () => {
    const centres = [
      { x: 0, y: 0 },
      { x: 10, y: 10 },
      { x: 20, y: 5 },
      { x: 10, y: 30 },
    ];
    expect(inBox(centres, { x: -1, y: -1 }, { x: 10, y: 10 })).toEqual([0, 1]);
    expect(inBox(centres, { x: 25, y: 11 }, { x: 10, y: 0 })).toEqual([1, 2]);
    expect(inBox(centres, { x: 50, y: 50 }, { x: 40, y: 40 })).toEqual([]);
  });

  it('after a delete, the deleted leave the selection and later ones move down', () => {
    expect(afterRemove([0, 2, 5, 7], [2, 5])).toEqual([0, 5]);
    expect(afterRemove([3], [0, 1])).toEqual([1]);
    expect(afterRemove([1, 2], [1, 2])).toEqual([]);
  });

  it('deletes go highest index first, once each', () => {
    expect(removalOrder([2, 7, 0, 7])).toEqual([7, 2, 0]);
  });

  it('an undo that shortens the level drops what is past its end; select all is every element', () => {
    expect(within([0, 3, 5, -1, 1.5], 4)).toEqual([0, 3]);
    expect(all(3)).toEqual([0, 1, 2]);
    expect(all(0)).toEqual([]);
  });

  it('names one element by its name and several by their count', () => {
    const name = (i: number): string => `dot ${i}`;
    expect(nameOf([4], name, 'dots')).toBe('dot 4');
    expect(nameOf([4, 1, 2], name, 'dots')).toBe('3 dots');
  });
});
