/**
 * Why a Carillon level is as hard as it is: per dot, the chance the difficulty model's guesser
 * taps it first and whether that tap can still win in the fewest taps; the bits split by
 * cause (the number of dots, the decoys' previews, the extra taps) and tap by tap, both from
 * difficulty.ts's own model and adding up to its bits; the reach graph with its strongly
 * connected components (the chain starts are the sources).
 */
import type { Explanation, ExplanationPart } from '../../proof';
import type { CarillonLevel } from './model';
import type { CarillonRules } from './rules';
import { buildField } from './reach';
import { stronglyConnected, sourceComponents } from './solver-theorem';
import { difficultyBits, difficultySteps } from './difficulty';
import { BITS_FREE_STARTS } from './prove';

const fmt = (x: number): string => (Math.abs(x) < 0.005 ? '0' : x.toFixed(2));

export function explainCarillon(level: CarillonLevel, rules: CarillonRules): Explanation {
  const n = level.dots.length;
  if (n === 0)
    return {
      total: 0,
      parts: [],
      steps: [],
      perElement: [],
      graph: { edges: [], components: [], sources: [] },
      line: 'no dots',
    };
  const field = buildField(level.dots, rules);
  const { comp } = stronglyConnected(field);
  const sources = sourceComponents(field);
  const k = sources.length;
  const sourceIds = sources.map((c) => comp[c[0]!]!);
  const winningDot = new Uint8Array(n);
  for (const c of sources) for (const v of c) winningDot[v] = 1;
  const edges: [number, number][] = [];
  for (let a = 0; a < n; a++) for (const b of field.out[a]!) edges.push([a, b]);
  const graph = { edges, components: Array.from(comp), sources: sourceIds };
  const W = winningDot.reduce((a, b) => a + b, 0);
  const perElementOf = (first: (v: number) => number | null): Record<string, number | boolean | string>[] =>
    level.dots.map((_, v) => {
      const f = first(v);
      return {
        ...(f === null ? {} : { first: f }),
        wins: winningDot[v] === 1,
        preview: field.out[v]!.length,
        component: comp[v]!,
        start: winningDot[v] === 1,
      };
    });

  if (k > Math.min(rules.maxSources, BITS_FREE_STARTS)) {
    return {
      total: null,
      parts: [],
      perElement: perElementOf(() => null),
      graph,
      line: `${k} chain starts: too many to measure the bits; ${W} of ${n} dots win first`,
    };
  }
  const d = difficultySteps(field, rules.maxSources);
  const total = difficultyBits(field, rules.maxSources);
  const first = d.tapBits[0] ?? 0;
  const extra = d.tapBits.slice(1).reduce((a, b) => a + b, 0);
  // The first tap's bits, log2(Σw / Σw over winning dots), split into the count of dots
  // against the winning ones, and how much more the decoys' previews weigh than the winners'.
  const fromDots = Math.log2(n / W);
  const fromPreviews = first - fromDots;
  const parts: ExplanationPart[] = [
    { label: `number of dots (${W} of ${n} win the first tap)`, value: fromDots },
    { label: "decoys' previews", value: fromPreviews },
    { label: k > 1 ? `the ${k - 1} extra tap${k > 2 ? 's' : ''}` : 'extra taps (none)', value: extra },
  ];
  const steps: ExplanationPart[] = d.tapBits.map((b, t) => ({ label: `tap ${t + 1}`, value: b }));
  return {
    total,
    parts,
    steps,
    perElement: perElementOf((v) => d.firstWeight[v]! / d.firstTotal),
    graph,
    line: `${fmt(total)} bits in ${k} tap${k === 1 ? '' : 's'}: ${fmt(fromDots)} from ${n} dot${n === 1 ? '' : 's'} (${W} win${W === 1 ? 's' : ''}), ${fmt(fromPreviews)} from the decoys' previews, ${fmt(extra)} from ${k - 1} extra tap${k === 2 ? '' : 's'}`,
  };
}
