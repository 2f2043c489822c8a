/**
 * A recompute says what else it moved (src-renderer/src/ordering/moved-text.ts): locking level
 * 6 once changed level 1 while the message said only "Locked level 6".
 */
import { describe, expect, it } from 'vitest';
import { movedText } from '../../src-renderer/src/ordering/moved-text';

const at = (level: number, slot: number | null, index: number | null) => ({
  level,
  candidateId: slot === null || index === null ? null : slot * 100 + index,
  slot,
  index,
});

describe('movedText', () => {
  const before = [at(1, 0, 6), at(2, 1, 0), at(3, 2, 2), at(6, 5, 1)];

  it('names a level that changed without being asked, with what it shipped before', () => {
    const after = [at(1, 0, 3), at(2, 1, 0), at(3, 2, 2), at(6, 5, 1)];
    expect(movedText(before, after)).toBe('level 1 now ships L1 · c4 (was c7)');
  });

  it('names the old candidate in full when it came from another pool, and a level left short', () => {
    const after = [at(1, 7, 2), at(2, null, null), at(3, 2, 2), at(6, 5, 1)];
    expect(movedText(before, after)).toBe(
      'level 1 now ships L8 · c3 (was L1 · c7) and level 2 now ships nothing (short) (was L2 · c1)',
    );
  });

  it('leaves out the levels the action placed itself, and says when nothing else moved', () => {
    const after = [at(1, 0, 6), at(2, 1, 0), at(3, 2, 2), at(6, 4, 4)];
    expect(movedText(before, after, [6])).toBe('nothing else moved');
    expect(movedText(before, before)).toBe('nothing else moved');
  });

  it('counts the moved levels past three instead of naming them all', () => {
    const after = [at(1, 0, 1), at(2, 1, 1), at(3, 2, 1), at(6, 5, 2)];
    expect(movedText(before, after)).toBe(
      'level 1 now ships L1 · c2 (was c7), level 2 now ships L2 · c2 (was c1), level 3 now ships L3 · c2 (was c3) and 1 more level moved',
    );
  });
});
