/** The metric columns of a Carillon candidate. */
import type { MetricInfo } from '../../game';
import type { CarillonRules } from './rules';
import type { CarillonLevel } from './model';
import { buildField } from './reach';
import type { Field } from './reach';
import { difficultyBits } from './difficulty';
import { roundTo } from '../../pack/pack-io';
import { sourceComponents } from './solver-theorem';

export const carillonMetrics: MetricInfo[] = [
  { key: 'bits', label: 'Difficulty (bits)', integer: false },
  { key: 'taps', label: 'Fewest taps', integer: true },
  { key: 'dots', label: 'Dots', integer: true },
  { key: 'arrows', label: 'Arrows', integer: true },
  { key: 'winning', label: 'Winning first taps', integer: true },
  { key: 'bigDots', label: 'Big dots', integer: true },
  { key: 'bigStarts', label: 'Big chain starts', integer: true },
];

export function levelMetrics(level: CarillonLevel, rules: CarillonRules, field: Field = buildField(level.dots, rules)): Record<string, number> {
  const sources = sourceComponents(field);
  const winning = sources.reduce((a, c) => a + c.length, 0);
  let bigStarts = 0;
  for (const c of sources) for (const v of c) if (level.dots[v]!.size === 'big') bigStarts++;
  return {
    bits: roundTo(difficultyBits(field, rules.maxSources), 4),
    taps: sources.length,
    dots: field.n,
    arrows: field.arrows,
    winning,
    bigDots: level.dots.filter((d) => d.size === 'big').length,
    bigStarts,
  };
}
