/**
 * verifyPack: re-prove every level of a pack independently of the file's claims. Each
 * problem names the level and the rule:
 *  level-number, color, inside-field, spacing, ring-margin, plan-taps, plan-dots, tutorial,
 *  fewest-search, fewest-theorem, solution, solution-replay, bits, fair-share,
 *  chain-start-reached, order-bits, order-dots, near-duplicate, level-count.
 */
import type { PackProblem } from '../../game';
import { roundTo } from '../../pack/pack-io';
import type { CarillonPack } from './pack';
import { packLevels } from './pack';
import { levelCount, plannedDots, stretchOf } from './plan';
import { buildField } from './reach';
import { fairnessProblems, fairShareProblems } from './fairness';
import { solveSearch } from './solver-search';
import { sourceComponents } from './solver-theorem';
import { replaySolution } from './chain';
import { difficultyBits } from './difficulty';
import { duplicatePairs } from './near-duplicates';

export const BITS_TOLERANCE = 1e-3;

export function verifyPack(pack: CarillonPack): PackProblem[] {
  const { rules, plan } = pack;
  const problems: PackProblem[] = [];
  const add = (level: number | null, rule: string, message: string): void => { problems.push({ level, rule, message }); };
  const expected = levelCount(plan);
  if (pack.levels.length !== expected) add(null, 'level-count', `the pack has ${pack.levels.length} levels, its plan ${expected}`);
  let prevBits = -Infinity, prevDots = 0;
  pack.levels.forEach((l, i) => {
    const L = i + 1;
    if (l.level !== L) add(L, 'level-number', `level ${L} is numbered ${l.level}`);
    l.dots.forEach((d, j) => { if (d.color >= rules.colors) add(L, 'color', `dot ${j} has colour ${d.color}, outside 0..${rules.colors - 1}`); });
    for (const f of fairnessProblems(l.dots, rules)) add(L, f.rule, f.message);
    const stretch = stretchOf(plan, L);
    if (!stretch) add(L, 'plan-taps', `level ${L} is outside the plan`);
    else {
      if (stretch.taps !== l.taps) add(L, 'plan-taps', `the plan wants ${stretch.taps} taps, the level says ${l.taps}`);
      if (stretch.tutorial !== l.tutorial) add(L, 'tutorial', `the plan says tutorial=${stretch.tutorial}, the level says ${l.tutorial}`);
      const cap = plannedDots(stretch, L);
      if (l.dots.length > cap) add(L, 'plan-dots', `${l.dots.length} dots, more than the plan's ${cap}`);
    }
    const field = buildField(l.dots, rules);
    let search: number | null = null;
    try { search = solveSearch(field).fewest; } catch (e) { add(L, 'fewest-search', (e as Error).message); }
    const sources = sourceComponents(field);
    if (search !== null && search !== l.taps) add(L, 'fewest-search', `the search needs ${search} taps, the level says ${l.taps}`);
    if (sources.length !== l.taps) add(L, 'fewest-theorem', `the field has ${sources.length} source components, the level says ${l.taps} taps`);
    if (l.solution.length !== l.taps) add(L, 'solution', `the solution has ${l.solution.length} taps, the level says ${l.taps}`);
    const replay = replaySolution(field, l.solution);
    if (replay.error) add(L, 'solution-replay', replay.error);
    else if (!replay.cleared) add(L, 'solution-replay', `the solution's ${replay.taps} taps leave ${field.n - replay.chains.reduce((a, c) => a + c.length, 0)} dots standing`);
    let bits = NaN;
    try {
      bits = roundTo(difficultyBits(field, rules.maxSources), 4);
      if (Math.abs(bits - l.bits) > BITS_TOLERANCE) add(L, 'bits', `difficulty measures ${bits} bits, the level says ${l.bits}`);
    } catch (e) { add(L, 'bits', (e as Error).message); }
    for (const m of fairShareProblems(field, sources.map((c) => c[0]!), rules.fairShare)) add(L, 'fair-share', m);
    if (!l.tutorial) for (const c of sources) if (c.length > 1) add(L, 'chain-start-reached', `chain start dots ${c.join(', ')} reach each other (only tutorial levels may reach a root)`);
    if (!Number.isNaN(bits)) {
      if (bits < prevBits - 1e-9) add(L, 'order-bits', `level ${L} (${bits} bits) is easier than level ${L - 1} (${prevBits} bits)`);
      prevBits = bits;
    }
    if (l.dots.length < prevDots) add(L, 'order-dots', `level ${L} has ${l.dots.length} dots, fewer than level ${L - 1} (${prevDots})`);
    prevDots = l.dots.length;
  });
  for (const p of duplicatePairs(packLevels(pack), rules)) {
    const d = p.duplicate!;
    add(p.b + 1, 'near-duplicate', `levels ${p.a + 1} and ${p.b + 1} are near-duplicates (${d.rule}, ${d.transform}, share ${d.share.toFixed(2)})`);
  }
  return problems;
}
