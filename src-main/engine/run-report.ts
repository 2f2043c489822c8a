/** Building the report a run stores when it ends, from what the database holds about it. */
import type { AnyGame } from '../../src-shared/game';
import { levelRanges, type RunReport } from '../../src-shared/run-report';
import type { Db } from '../store/db';
import { orderingView } from './ordering-view';

export function buildRunReport(db: Db, game: AnyGame, runId: number, status: RunReport['status'], phases: RunReport['phases'], error: string | null): RunReport {
  const view = orderingView(db, game, runId, 'automatic');
  const shipped = view.levels.filter((l) => l.difficulty !== null);
  let difficulty: RunReport['difficulty'] = null;
  if (shipped.length > 0) {
    const values = shipped.map((l) => l.difficulty!);
    let largestStep: { from: number; to: number; step: number } | null = null;
    for (const l of view.levels) {
      if (l.step !== null && (largestStep === null || l.step > largestStep.step)) largestStep = { from: l.level - 1, to: l.level, step: l.step };
    }
    const label = game.metrics.find((m) => m.key === game.difficulty)?.label ?? game.difficulty;
    difficulty = { metric: game.difficulty, label, min: Math.min(...values), max: Math.max(...values), largestStep };
  }

  const jobs = db.prepare('SELECT COUNT(*) AS n, SUM(level IS NULL) AS failed FROM candidates WHERE run_id = ?').get(runId) as { n: number; failed: number | null };
  const reasons = db
    .prepare(
      `SELECT COALESCE(json_extract(proof, '$.failure'), 'the job gave up') AS reason, COUNT(*) AS count
       FROM candidates WHERE run_id = ? AND level IS NULL GROUP BY reason ORDER BY count DESC, reason LIMIT 5`,
    )
    .all(runId) as { reason: string; count: number }[];

  const pairs = db
    .prepare(
      `SELECT
         COUNT(*) AS found,
         SUM((a.level IS NOT NULL) + (b.level IS NOT NULL) = 1) AS skipped,
         SUM(a.level IS NOT NULL AND b.level IS NOT NULL) AS both
       FROM duplicate_pairs p
       LEFT JOIN ordering_levels a ON a.run_id = p.run_id AND a.kind = 'automatic' AND a.candidate_id = p.a_id
       LEFT JOIN ordering_levels b ON b.run_id = p.run_id AND b.kind = 'automatic' AND b.candidate_id = p.b_id
       WHERE p.run_id = ?`,
    )
    .get(runId) as { found: number; skipped: number | null; both: number | null };

  const warnings: string[] = [];
  if (error) warnings.push(error);
  if (view.shortLevels.length) warnings.push(`${levelRanges(view.shortLevels)} could not be filled from the pools`);
  for (const p of view.problems.slice(0, 10)) warnings.push(`level ${p.level}: ${p.message}`);
  if (view.problems.length > 10) warnings.push(`and ${view.problems.length - 10} more ordering problems`);
  if ((pairs.both ?? 0) > 0) warnings.push(`${pairs.both} near-duplicate pair${pairs.both === 1 ? '' : 's'} both ship`);
  if (jobs.n > 0 && (jobs.failed ?? 0) / jobs.n > 0.1) warnings.push(`${Math.round(((jobs.failed ?? 0) / jobs.n) * 100)} % of candidate jobs gave up`);

  return {
    status,
    finishedAt: new Date().toISOString(),
    difficulty,
    gaveUp: { count: jobs.failed ?? 0, of: jobs.n, reasons },
    nearDuplicates: { found: pairs.found, skipped: pairs.skipped ?? 0, bothShip: pairs.both ?? 0 },
    shortLevels: view.shortLevels,
    warnings,
    phases,
  };
}
