/**
 * verifyPack: re-prove every level of a pack independently of the file's claims, each with
 * the same proof the editor uses (prove.ts), then hold the claims and the order against it.
 * Each problem names the level and the rule:
 *  level-number, color, inside-field, spacing, ring-margin, plan-taps, plan-dots, tutorial,
 *  fewest-search, fewest-theorem, solution, solution-replay, bits, fair-share,
 *  chain-start-reached, order-bits, order-dots, near-duplicate, level-count.
 */
import type { PackProblem } from '../../game';
import type { CarillonPack } from './pack';
import { packLevels } from './pack';
import { levelCount, stretchOf } from './plan';
import { replaySolution } from './chain';
import { duplicatePairs } from './near-duplicates';
import { MAX_VERIFY_PAIRS, tooManyPairsMessage } from '../../pack/verify-caps';
import { proveCarillonDetail } from './prove';

/**
 * Proof rules verify checks through the file's claims instead (the plan's taps against the
 * claimed taps, each solver against the claimed taps, the claimed solution replayed): a proof
 * that finds the fewest taps off the plan breaks one of those, so nothing is lost.
 */
const PROOF_RULES_VERIFY_HOLDS_AGAINST_CLAIMS = new Set(['plan-taps', 'fewest-search', 'solution-replay']);

const BITS_TOLERANCE = 1e-3;

/** "the solution's 1 tap leaves 1 dot standing", with each count's own number. */
function standing(taps: number, dots: number): string {
  return `the solution's ${taps} tap${taps === 1 ? ' leaves' : 's leave'} ${dots} dot${dots === 1 ? '' : 's'} standing`;
}

export function verifyPack(pack: CarillonPack, onLevel?: (level: number | null) => void): PackProblem[] {
  const { rules, plan } = pack;
  const problems: PackProblem[] = [];
  const add = (level: number | null, rule: string, message: string): void => {
    problems.push({ level, rule, message });
  };
  const expected = levelCount(plan);
  if (pack.levels.length !== expected)
    add(null, 'level-count', `the pack has ${pack.levels.length} levels, its plan ${expected}`);
  let prevBits = -Infinity,
    prevDots = 0;
  pack.levels.forEach((l, i) => {
    const L = i + 1;
    onLevel?.(L);
    if (l.level !== L) add(L, 'level-number', `level ${L} is numbered ${l.level}`);
    const stretch = stretchOf(plan, L);
    if (stretch) {
      if (stretch.taps !== l.taps)
        add(L, 'plan-taps', `the plan wants ${stretch.taps} taps, the level says ${l.taps}`);
      if (stretch.tutorial !== l.tutorial)
        add(L, 'tutorial', `the plan says tutorial=${stretch.tutorial}, the level says ${l.tutorial}`);
    }
    // The level's own rules come from the one proof the editor and the CLI use; what is left
    // here holds the file's claims (taps, solution, bits) against that proof's solvers.
    const d = proveCarillonDetail(l, rules, { plan, slot: i });
    for (const v of d.proof.violations) {
      if (PROOF_RULES_VERIFY_HOLDS_AGAINST_CLAIMS.has(v.rule)) continue;
      add(L, v.rule === 'plan' ? 'plan-taps' : v.rule, v.message);
    }
    const field = d.field;
    if (d.searchError !== undefined) add(L, 'fewest-search', d.searchError);
    if (d.search !== null && d.search !== l.taps)
      add(L, 'fewest-search', `the search needs ${d.search} taps, the level says ${l.taps}`);
    if (d.theorem !== l.taps)
      add(L, 'fewest-theorem', `the field has ${d.theorem} source components, the level says ${l.taps} taps`);
    if (l.solution.length !== l.taps)
      add(L, 'solution', `the solution has ${l.solution.length} taps, the level says ${l.taps}`);
    if (field) {
      const replay = replaySolution(field, l.solution);
      if (replay.error) add(L, 'solution-replay', replay.error);
      else if (!replay.cleared)
        add(
          L,
          'solution-replay',
          standing(replay.taps, field.n - replay.chains.reduce((a, c) => a + c.length, 0)),
        );
    }
    const bits = d.bits ?? NaN;
    if (d.bits !== null && Math.abs(d.bits - l.bits) > BITS_TOLERANCE)
      add(L, 'bits', `difficulty measures ${d.bits} bits, the level says ${l.bits}`);
    if (!Number.isNaN(bits)) {
      if (bits < prevBits - 1e-9)
        add(L, 'order-bits', `level ${L} (${bits} bits) is easier than level ${L - 1} (${prevBits} bits)`);
      prevBits = bits;
    }
    if (l.dots.length < prevDots)
      add(L, 'order-dots', `level ${L} has ${l.dots.length} dots, fewer than level ${L - 1} (${prevDots})`);
    prevDots = l.dots.length;
  });
  onLevel?.(null);
  const pairs = duplicatePairs(packLevels(pack), rules, undefined, MAX_VERIFY_PAIRS + 1);
  if (pairs.length > MAX_VERIFY_PAIRS) {
    pairs.length = MAX_VERIFY_PAIRS;
    add(null, 'near-duplicate', tooManyPairsMessage());
  }
  for (const p of pairs) {
    const d = p.duplicate!;
    problems.push({
      level: p.b + 1,
      rule: 'near-duplicate',
      message: `levels ${p.a + 1} and ${p.b + 1} are near-duplicates (${d.rule}, ${d.transform}, ${Math.round(d.share * 100)} % shared)`,
      pair: [p.a + 1, p.b + 1],
    });
  }
  return problems;
}
