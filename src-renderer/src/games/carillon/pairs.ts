/**
 * Carillon near-duplicate pairs: the game's check lists the matched dots itself, and b is
 * lined up with a by the inverse of one of the eight turns and mirrors.
 */
import { carillonGame, TRANSFORMS, type TransformName } from '../../../../src-shared/games/carillon/index';

export function align(transform: string): { transform: TransformName | null; label: string } {
  if (!(TRANSFORMS as readonly string[]).includes(transform))
    return { transform: null, label: 'as stored (matched by chain structure, not by position)' };
  const name = transform as TransformName;
  const inverse: TransformName = name === 'rot90' ? 'rot270' : name === 'rot270' ? 'rot90' : name;
  // In the game's words ("turned 90° anticlockwise"), never the stored code ("rot270").
  return {
    transform: inverse,
    label:
      inverse === 'identity'
        ? 'as stored (no turn needed)'
        : `${carillonGame.describeTransform(inverse, 'same-picture').name} to line up with A`,
  };
}

/** What "33 % shared" means for two Carillon fields (the share src-shared/games/carillon/near-duplicates.ts reports). */
export const shareMeaning =
  'the part of the larger field’s dots that land on a dot of the same size in the other field, once one field is turned or mirrored to line up best';

/** Carillon's check always lists its matched dots, so there is nothing to pair by position. */
export function copyPairs(): [number, number][] {
  return [];
}
