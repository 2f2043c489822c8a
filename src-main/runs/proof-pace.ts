/**
 * The pace of a pack check, level by level (issue 21: 400 levels at 24 taps took each about a
 * second to prove and ran 120 s into the import's time budget before they were refused). The
 * import worker says when each level's proof starts; from that the runner refuses, naming the
 * level:
 *  - one level whose proof runs past `levelBudgetMs` (its timer is the runner's), and
 *  - a pack whose levels so far show it cannot finish in `timeBudgetMs`: the time gone plus the
 *    levels left at the pace so far. It is judged once `PACE_AFTER_MS` have gone and two levels
 *    are done, so a quick pack is never refused on one slow level's guess.
 * Plain functions of the times given (no clock here), so the figures are tested as they are.
 */

/** How long a check runs before its pace is judged. */
export const PACE_AFTER_MS = 3000;

export interface ProofPace {
  /** Level `level` of `of` starts its proof at `now` (null: the levels are done); a refusal sentence, or null. */
  level(level: number | null, of: number, now: number): string | null;
}

const seconds = (ms: number): string =>
  ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;

/** A level past its own budget, named. */
export function levelTooLargeSentence(level: number, levelBudgetMs: number): string {
  return `level ${level} is too large to prove: its proof took longer than ${seconds(levelBudgetMs)}, the most one level's check may take; nothing was stored`;
}

/** `startedAt`: when the check began (the worker was started). */
export function createProofPace(startedAt: number, timeBudgetMs: number): ProofPace {
  let passStart = startedAt;
  let current: { level: number; at: number } | null = null;
  let slowest = { level: 0, ms: -1 };
  return {
    level(level, of, now) {
      if (current) {
        const ms = now - current.at;
        if (ms > slowest.ms) slowest = { level: current.level, ms };
      }
      // Import proves the levels, then measures them: a pass starts again at level 1.
      if (level === 1) passStart = now;
      current = level === null ? null : { level, at: now };
      if (level === null || !Number.isFinite(timeBudgetMs)) return null;
      const done = level - 1;
      const gone = now - startedAt;
      if (gone < PACE_AFTER_MS || done < 2) return null;
      const projected = gone + ((now - passStart) / done) * (of - done);
      if (projected <= timeBudgetMs) return null;
      return `the pack's levels are too large to prove in the time a check may take: level ${slowest.level} took ${seconds(slowest.ms)} to prove, and at the pace of its first ${done} levels all ${of.toLocaleString('en-US')} would take about ${seconds(projected)}, more than the ${seconds(timeBudgetMs)} an import may take; nothing was stored`;
    },
  };
}
