/**
 * Apsis's level in a playtest page: its orbits and arrows, which is all an Apsis level holds
 * (its rounds, reads and blockers are measured, never stored in it).
 */
import type { BlindLevel } from '../../game';
import { parseApsisLevel } from './level-input';
import type { ApsisLevel } from './model';
import type { ApsisRules } from './rules';

export const apsisBlindLevel: BlindLevel<ApsisLevel, ApsisRules> = {
  strip: (level) => ({
    orbits: level.orbits,
    arrows: level.arrows.map((a) => ({
      orbit: a.orbit,
      angle: a.angle,
      heading: a.heading,
      length: a.length,
    })),
  }),
  read: (raw) => parseApsisLevel(raw),
};
