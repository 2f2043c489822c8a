/** The editor's own history of unsaved edits (src-renderer/src/editor/edit-history.ts): undo, redo, labels, no-op edits, reset. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EditHistory } from '../../src-renderer/src/editor/edit-history';

describe('edit history', () => {
  it('undoes and redoes every edit with its label, and drops the redo branch on a new edit', () => {
    const h = new EditHistory({ n: 0 });
    expect(h.push({ n: 1 }, 'one')).toBe(true);
    expect(h.push({ n: 2 }, 'two')).toBe(true);
    expect([h.undoCount, h.redoCount, h.undoLabel]).toEqual([2, 0, 'two']);
    expect(h.undo()).toBe('two');
    expect(h.level).toEqual({ n: 1 });
    expect(h.redoLabel).toBe('two');
    expect(h.undo()).toBe('one');
    expect(h.undo()).toBeNull();
    expect(h.level).toEqual({ n: 0 });
    expect(h.redo()).toBe('one');
    // A new edit after an undo: 'two' can no longer be redone.
    h.push({ n: 3 }, 'three');
    expect(h.redoCount).toBe(0);
    expect(h.redo()).toBeNull();
    expect(h.undo()).toBe('three');
    expect(h.level).toEqual({ n: 1 });
  });

  it('does not record an edit that changes nothing', () => {
    const h = new EditHistory({ dots: [1, 2] });
    expect(h.push({ dots: [1, 2] }, 'move nothing')).toBe(false);
    expect(h.undoCount).toBe(0);
  });

  it('starts over from a saved level', () => {
    const h = new EditHistory('a');
    h.push('b', 'b');
    h.reset('b');
    expect([h.level, h.undoCount, h.redoCount]).toEqual(['b', 0, 0]);
  });

  it('property: undoing every edit gives the start back, redoing every one gives the end', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 40 }), (values) => {
        const h = new EditHistory(0);
        for (const v of values) h.push(v, `set ${v}`);
        const end = h.level;
        while (h.undo() !== null);
        expect(h.level).toBe(0);
        while (h.redo() !== null);
        expect(h.level).toBe(end);
      }),
    );
  });
});
