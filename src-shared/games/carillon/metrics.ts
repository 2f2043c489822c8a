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
  { key: 'bits', label: 'Difficulty (bits)', integer: false, explain: 'How hard a winning first tap is to find by guessing; each bit doubles the guesses.' },
  { key: 'taps', label: 'Fewest taps', integer: true, explain: 'The fewest taps that pop every dot.' },
  { key: 'dots', label: 'Dots', integer: true, explain: 'How many dots the field holds.' },
  { key: 'arrows', label: 'Reach links', integer: true, explain: 'How many times one dot’s ring reaches another dot (links of the chain reaction).' },
  { key: 'winning', label: 'Winning first taps', integer: true, explain: 'How many dots can start a solution in the fewest taps.' },
  { key: 'bigDots', label: 'Big dots', integer: true, explain: 'How many dots are big (the widest rings).' },
  { key: 'bigStarts', label: 'Big chain starts', integer: true, explain: 'How many of the winning first taps are big dots.' },
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
