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
  {
    key: 'bits',
    short: 'Bits',
    label: 'Difficulty (bits)',
    unit: 'bits',
    integer: false,
    explain: 'How hard a winning first tap is to find by guessing; each bit doubles the guesses.',
  },
  {
    key: 'taps',
    short: 'Taps',
    label: 'Fewest taps',
    integer: true,
    explain: 'The fewest taps that pop every dot.',
  },
  { key: 'dots', label: 'Dots', integer: true, explain: 'How many dots the field holds.' },
  {
    key: 'arrows',
    short: 'Links',
    label: 'Reach links',
    integer: true,
    explain: 'How many times one dot’s ring reaches another dot (links of the chain reaction).',
  },
  {
    key: 'winning',
    short: 'Winning',
    label: 'Winning first taps',
    integer: true,
    explain: 'How many dots can start a solution in the fewest taps.',
  },
  {
    key: 'bigDots',
    short: 'Big',
    label: 'Big dots',
    integer: true,
    explain: 'How many dots are big (the widest rings).',
  },
  {
    key: 'bigStarts',
    short: 'Big starts',
    label: 'Big chain starts',
    integer: true,
    explain: 'How many of the winning first taps are big dots.',
  },
];

export function levelMetrics(
  level: CarillonLevel,
  rules: CarillonRules,
  field: Field = buildField(level.dots, rules),
): Record<string, number> {
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
