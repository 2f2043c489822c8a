/**
 * A candidate's name typed back (src-shared/vocabulary.ts, readCandidateName), as the CLI's
 * --pin and --exclude read it: the form the studio prints (`L10 · c6`, from a table or
 * `order --json`) with plain or no-break spaces and any middle dot, and the short `L10c6`.
 */
import { describe, expect, it } from 'vitest';
import { candidateName, readCandidateName } from '../../src-shared/vocabulary';

describe('readCandidateName', () => {
  it('reads back every name candidateName prints', () => {
    for (const [slot, index] of [
      [0, 0],
      [9, 5],
      [119, 15],
    ] as const)
      expect(readCandidateName(candidateName(slot, index))).toEqual({ slot, index });
  });

  it('reads the short form and the printed one however its spaces and dot were copied', () => {
    for (const text of [
      'L10c6',
      'l10c6',
      'L10 c6',
      'L10.c6',
      'L10 · c6',
      ' L10 · c6 ',
      'L10\u00a0·\u00a0c6',
      'L10\u202f·\u202fc6',
      'L10 • c6',
      'L10 ⋅ c6',
      'L10·c6',
    ])
      expect(readCandidateName(text), JSON.stringify(text)).toEqual({ slot: 9, index: 5 });
  });

  it('refuses what is not a candidate', () => {
    for (const text of ['L0c1', 'L1c0', 'L10', 'c6', '10c6', 'L10 x c6', 'L10 ·· c6', 'L10c6x', ''])
      expect(readCandidateName(text), JSON.stringify(text)).toBeNull();
  });
});
