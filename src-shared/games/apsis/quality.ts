/**
 * Quality figures of a shipped Apsis pack, for the many-seed quality bench (docs/quality.md):
 * the largest step in reads, the longest run of equal reads, the closest pair's rule-2 share
 * (exact, any real rotation) and the reads of the first and last level. Pure: the figures are
 * recomputed from the pack's levels (reads re-measured), not taken from its claims.
 */
import { stepStats } from '../../ordering/curve';
import type { ApsisPack } from './pack';
import { packLevels } from './pack';
import { apsisRulesSchema } from './rules';
import { solveRounds } from './solver';
import { closestPairs } from './near-duplicates';

export interface ApsisQualityFigures {
  levels: number;
  /** Largest rise in reads from one level to the next, and the level it rises to (1-based). */
  largestStep: number;
  largestStepAt: number;
  longestEqualRun: number;
  /** Rule-2 share (0..1) of the closest pair of shipped levels, and which pair (1-based). */
  closestShare: number;
  closestPair: { a: number; b: number; transform: string } | null;
  firstReads: number;
  lastReads: number;
}

export function apsisQualityFigures(pack: ApsisPack): ApsisQualityFigures {
  const rules = apsisRulesSchema.parse(pack.rules);
  const levels = packLevels(pack);
  const reads = levels.map((l) => solveRounds(l, rules).reads);
  const st = stepStats(reads);
  const top = closestPairs(levels, rules, 1)[0];
  return {
    levels: levels.length,
    largestStep: st.largestStep,
    largestStepAt: st.largestStepAt,
    longestEqualRun: st.longestEqualRun,
    closestShare: top?.share ?? 0,
    closestPair: top ? { a: top.a + 1, b: top.b + 1, transform: top.transform } : null,
    firstReads: reads[0] ?? 0,
    lastReads: reads[reads.length - 1] ?? 0,
  };
}
