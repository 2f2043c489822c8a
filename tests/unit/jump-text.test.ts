/**
 * The palette's jump text (src-renderer/src/lib/jump-text.ts): every form the studio shows a
 * level or a candidate in reads back to it, and anything else is no jump.
 */
import { describe, expect, it } from 'vitest';
import { jumpTitle, parseJump } from '../../src-renderer/src/lib/jump-text';
import { candidateName } from '../../src-shared/vocabulary';

describe('jump text', () => {
  it('reads levels, candidates and ids in the studio’s vocabulary', () => {
    expect(parseJump('12')).toEqual({ kind: 'level', level: 12, order: null });
    expect(parseJump('  level 12 ')).toEqual({ kind: 'level', level: 12, order: null });
    expect(parseJump('Level12')).toEqual({ kind: 'level', level: 12, order: null });
    expect(parseJump('approved 3')).toEqual({ kind: 'level', level: 3, order: 'approved' });
    expect(parseJump('automatic level 7')).toEqual({ kind: 'level', level: 7, order: 'automatic' });
    expect(parseJump('#345')).toEqual({ kind: 'id', id: 345 });
    expect(parseJump('id 345')).toEqual({ kind: 'id', id: 345 });
    expect(parseJump('L12 · c3')).toEqual({ kind: 'candidate', slot: 11, index: 2 });
    expect(parseJump('l12c3')).toEqual({ kind: 'candidate', slot: 11, index: 2 });
    expect(parseJump('L12 c3')).toEqual({ kind: 'candidate', slot: 11, index: 2 });
    // A pool alone is its first candidate (L12 names a pool, never level 12).
    expect(parseJump('L12')).toEqual({ kind: 'candidate', slot: 11, index: 0 });
  });

  it('reads back every candidate name the studio shows', () => {
    for (const [slot, index] of [
      [0, 0],
      [11, 2],
      [149, 15],
      [999, 99],
    ] as const) {
      expect(parseJump(candidateName(slot, index))).toEqual({ kind: 'candidate', slot, index });
    }
  });

  it('is no jump for anything else, zeros included', () => {
    for (const text of [
      '',
      'level',
      'level twelve',
      '0',
      'level 0',
      'L0',
      'L1 · c0',
      '#',
      '#-3',
      '3.5',
      '12 13',
      'approved',
      'c3',
      'L12 · d3',
      '1e3',
      '#12345678901234',
    ]) {
      expect(parseJump(text), text).toBeNull();
    }
  });

  it('names each jump for the palette', () => {
    expect(jumpTitle({ kind: 'level', level: 4, order: null }, 'automatic')).toBe(
      'Jump to level 4 of the automatic order',
    );
    expect(jumpTitle({ kind: 'level', level: 4, order: 'approved' }, 'automatic')).toBe(
      'Jump to level 4 of the approved order',
    );
    expect(jumpTitle({ kind: 'candidate', slot: 4, index: 1 }, 'automatic')).toBe(
      'Jump to candidate L5 · c2',
    );
    expect(jumpTitle({ kind: 'id', id: 9 }, 'approved')).toBe('Jump to candidate #9');
  });
});
