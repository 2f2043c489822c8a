/**
 * The Duplicates page's line under side B ("turned 90° anticlockwise to line up with A") is
 * in the game's words for every stored transform, never the stored code (audit: Carillon
 * printed "turned by rot180 to line up with A").
 */
import { describe, expect, it } from 'vitest';
import { TRANSFORMS } from '../../src-shared/games/carillon/index';
import { align as carillonAlign } from '../../src-renderer/src/games/carillon/pairs';
import { align as apsisAlign } from '../../src-renderer/src/games/apsis/pairs';

const CODE = /rot\d|mirror[-+]|identity|\bdiag\b|\banti\b/;

describe('pair alignment labels', () => {
  it.each(TRANSFORMS.map((t) => [t]))('Carillon %s', (t) => {
    const { label, transform } = carillonAlign(t);
    expect(transform).not.toBeNull();
    expect(label).not.toMatch(CODE);
    expect(label).toMatch(t === 'identity' ? /^as stored/ : /(turned|mirrored) .* to line up with A$/);
  });

  it('Carillon: a quarter turn is undone by the opposite quarter turn, in words', () => {
    expect(carillonAlign('rot90').label).toBe('turned 90° anticlockwise to line up with A');
    expect(carillonAlign('rot270').label).toBe('turned 90° clockwise to line up with A');
    expect(carillonAlign('rot180').label).toBe('turned 180° to line up with A');
  });

  it.each([['rot95.25'], ['mirror+rot0'], ['mirror+rot180'], ['rot0'], ['graph']])('Apsis %s', (t) => {
    expect(apsisAlign(t).label).not.toMatch(CODE);
  });
});
