/**
 * Each candidate's players' figures for the blended order (src-shared/ordering/observed-blend.ts):
 * distinct testers, and the observed difficulty as the median over attempts of the log of the
 * seconds to clear, an attempt that did not clear (failed, gave up, skipped) counting as the
 * slowest: the log of the run's longest attempt. A log, because times to clear spread over
 * orders of magnitude and a slow tester should not outweigh the rest; a median, because one
 * tester who walked away should not move it. The Players report (docs/playtests.md) uses the
 * same figure; this reads the attempts table straight, in one query, for the ordering.
 */
import type { Db } from './db';

export interface CandidateObserved {
  testers: number;
  attempts: number;
  observed: number | null;
}

const CLEARED = new Set(['cleared-fewest', 'cleared-more']);

export function observedByCandidate(db: Db, runId: number): Map<number, CandidateObserved> {
  const rows = db
    .prepare(
      'SELECT candidate_id AS candidateId, tester, outcome, ms FROM playtest_attempts WHERE run_id = ? ORDER BY candidate_id, id',
    )
    .all(runId) as { candidateId: number; tester: string; outcome: string; ms: number }[];
  const out = new Map<number, CandidateObserved>();
  if (rows.length === 0) return out;
  const slowest = Math.log(Math.max(1, ...rows.map((r) => r.ms)) / 1000);
  const per = new Map<number, { testers: Set<string>; logs: number[] }>();
  for (const r of rows) {
    let p = per.get(r.candidateId);
    if (!p) per.set(r.candidateId, (p = { testers: new Set(), logs: [] }));
    p.testers.add(r.tester);
    p.logs.push(CLEARED.has(r.outcome) ? Math.log(Math.max(1, r.ms) / 1000) : slowest);
  }
  for (const [id, p] of per) {
    const s = p.logs.sort((a, b) => a - b);
    const mid = s.length >> 1;
    const median = s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
    out.set(id, { testers: p.testers.size, attempts: s.length, observed: median });
  }
  return out;
}
