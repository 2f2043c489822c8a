/**
 * Wording issue 22 found wrong: a refusal another sentence follows ends in a full stop ("…
 * 1.24. Nothing changed.", not "1.24 Nothing changed."), and Carillon's difficulty line counts
 * one dot in the singular ("from 1 dot (1 wins)", not "1 dots").
 */
import { describe, expect, it } from 'vitest';
import { fullStop } from '../../src-renderer/src/lib/errors';
import { explainCarillon } from '../../src-shared/games/carillon/index';
import { dot, rules } from '../games/carillon/fixtures';

describe('wording', () => {
  it('closes a refusal as a sentence before "Nothing changed."', () => {
    expect(`${fullStop('These constraints cannot hold: level 11 needs at most 1.24')} Nothing changed.`).toBe(
      'These constraints cannot hold: level 11 needs at most 1.24. Nothing changed.',
    );
    expect(fullStop('Already said.')).toBe('Already said.');
    expect(fullStop('Really?  ')).toBe('Really?');
    expect(fullStop('')).toBe('');
  });

  it("counts one dot in the singular in Carillon's difficulty line", () => {
    const one = explainCarillon(
      { taps: 1, tutorial: false, bits: 0, dots: [dot(300, 300, 'normal')], solution: [0] },
      rules,
    );
    expect(one.line).toContain('from 1 dot (1 wins)');
    const two = explainCarillon(
      {
        taps: 2,
        tutorial: false,
        bits: 0,
        dots: [dot(100, 100, 'normal'), dot(700, 700, 'normal')],
        solution: [0, 1],
      },
      rules,
    );
    expect(two.line).toContain('from 2 dots (2 win)');
  });
});
