/**
 * A run's stored candidates as counted by the store (migration 11: run_candidate_counts, kept by
 * triggers on candidates), so progress reads one row per run instead of counting candidates.
 * "Done" counts the run's jobs: generated candidates; a hand-edited one saved from the editor is
 * not a job of the run, except in an imported run, whose levels all count (the pack's
 * hand-edited ones too).
 */
import type { Db } from './db';

/** The join that brings a run's counts in as `n` (a run with no candidate yet has no row). */
export const countsJoin = (runAlias: string): string =>
  `LEFT JOIN run_candidate_counts n ON n.run_id = ${runAlias}.id`;

/** The SQL expression of a run's jobs done, given its alias (with countsJoin of the same alias). */
export const candidatesDoneSql = (runAlias: string): string =>
  `(COALESCE(n.made, 0) + CASE WHEN ${runAlias}.status = 'imported' THEN COALESCE(n.edited, 0) ELSE 0 END)`;

/** The counts kept for a run (zeros before its first candidate). */
export function candidateCounts(db: Db, runId: number): { made: number; edited: number } {
  const row = db.prepare('SELECT made, edited FROM run_candidate_counts WHERE run_id = ?').get(runId) as
    { made: number; edited: number } | undefined;
  return row ?? { made: 0, edited: 0 };
}
