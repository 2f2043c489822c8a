/**
 * Carillon's level in a playtest page: its dots and whether it is a tutorial, nothing the
 * solver found (taps, bits, solution, roots). The page solves it again for the fewest taps
 * the replay counts wasted taps against.
 */
import type { BlindLevel } from '../../game';
import { parseCarillonLevel } from './level-input';
import type { CarillonLevel } from './model';
import { buildField } from './reach';
import type { CarillonRules } from './rules';
import { solveSearch } from './solver-search';

export const carillonBlindLevel: BlindLevel<CarillonLevel, CarillonRules> = {
  strip: (level) => ({
    tutorial: level.tutorial,
    dots: level.dots.map((d) => ({ x: d.x, y: d.y, size: d.size, color: d.color })),
  }),
  read(raw, rules) {
    const level = parseCarillonLevel(raw);
    const solution = solveSearch(buildField(level.dots, rules)).solution;
    return { ...level, taps: solution.length, solution };
  },
};
