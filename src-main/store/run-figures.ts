/** Counts a run's summary and its stored report are made of, read from its candidates and pairs. */
import type { Db } from './db';

/** Proven and failed jobs, build tries, summed job time (ms) and near-duplicate pairs. */
export function jobFigures(
  db: Db,
  runId: number,
): { proven: number; failed: number; tries: number; ms: number; pairs: number } {
  const r = db
    .prepare(
      `SELECT SUM(level IS NOT NULL) AS proven, SUM(level IS NULL) AS failed,
              SUM(COALESCE(json_extract(proof, '$.tries'), 0)) AS tries, SUM(COALESCE(json_extract(proof, '$.ms'), 0)) AS ms,
              (SELECT COUNT(*) FROM duplicate_pairs p WHERE p.run_id = @runId) AS pairs
       FROM candidates WHERE run_id = @runId`,
    )
    .get({ runId }) as {
    proven: number | null;
    failed: number | null;
    tries: number | null;
    ms: number | null;
    pairs: number;
  };
  return { proven: r.proven ?? 0, failed: r.failed ?? 0, tries: r.tries ?? 0, ms: r.ms ?? 0, pairs: r.pairs };
}

/** Jobs stored, how many gave up, and the five commonest reasons they gave. */
export function gaveUpFigures(
  db: Db,
  runId: number,
): { jobs: number; failed: number; reasons: { reason: string; count: number }[] } {
  const jobs = db
    .prepare('SELECT COUNT(*) AS n, SUM(level IS NULL) AS failed FROM candidates WHERE run_id = ?')
    .get(runId) as { n: number; failed: number | null };
  const reasons = db
    .prepare(
      `SELECT COALESCE(json_extract(proof, '$.failure'), 'the job gave up') AS reason, COUNT(*) AS count
       FROM candidates WHERE run_id = ? AND level IS NULL GROUP BY reason ORDER BY count DESC, reason LIMIT 5`,
    )
    .all(runId) as { reason: string; count: number }[];
  return { jobs: jobs.n, failed: jobs.failed ?? 0, reasons };
}

/** Near-duplicate pairs found, those the automatic order skipped one of, and those it ships both of (pairs marked fine left out). */
export function pairFigures(db: Db, runId: number): { found: number; skipped: number; both: number } {
  const pairs = db
    .prepare(
      `SELECT
         COUNT(*) AS found,
         SUM((a.level IS NOT NULL) + (b.level IS NOT NULL) = 1) AS skipped,
         SUM(a.level IS NOT NULL AND b.level IS NOT NULL AND t.run_id IS NULL) AS both
       FROM duplicate_pairs p
       LEFT JOIN ordering_levels a ON a.run_id = p.run_id AND a.kind = 'automatic' AND a.candidate_id = p.a_id
       LEFT JOIN ordering_levels b ON b.run_id = p.run_id AND b.kind = 'automatic' AND b.candidate_id = p.b_id
       LEFT JOIN pair_triage t ON t.run_id = p.run_id AND t.a_id = MIN(p.a_id, p.b_id) AND t.b_id = MAX(p.a_id, p.b_id)
       WHERE p.run_id = ?`,
    )
    .get(runId) as { found: number; skipped: number | null; both: number | null };
  return { found: pairs.found, skipped: pairs.skipped ?? 0, both: pairs.both ?? 0 };
}
