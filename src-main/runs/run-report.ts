/** Building the report a run stores when it ends, from what the database holds about it. */
import type { AnyGame } from '../../src-shared/games/index';
import type { RunReport } from '../../src-shared/run-report';
import { levelsText } from '../../src-shared/ordering/level-ranges';
import type { Db } from '../store/db';
import { gaveUpFigures, pairFigures } from '../store/run-figures';
import { orderingView } from './ordering-view';

export function buildRunReport(
  db: Db,
  game: AnyGame,
  runId: number,
  status: RunReport['status'],
  phases: RunReport['phases'],
  resumes: number,
  error: string | null,
): RunReport {
  const view = orderingView(db, game, runId, 'automatic');
  const shipped = view.levels.filter((l) => l.difficulty !== null);
  let difficulty: RunReport['difficulty'] = null;
  if (shipped.length > 0) {
    const values = shipped.map((l) => l.difficulty!);
    let largestStep: { from: number; to: number; step: number } | null = null;
    for (const l of view.levels) {
      if (l.step !== null && (largestStep === null || l.step > largestStep.step))
        largestStep = { from: l.level - 1, to: l.level, step: l.step };
    }
    const metric = game.metrics.find((m) => m.key === game.difficulty);
    difficulty = {
      metric: game.difficulty,
      label: metric?.label ?? game.difficulty,
      unit: metric?.unit,
      min: Math.min(...values),
      max: Math.max(...values),
      largestStep,
    };
  }

  const jobs = gaveUpFigures(db, runId);
  const pairs = pairFigures(db, runId);

  const warnings: string[] = [];
  if (error) warnings.push(error);
  if (view.shortLevels.length)
    warnings.push(`${levelsText(view.shortLevels)} could not be filled from the pools`);
  for (const p of view.problems.slice(0, 10)) warnings.push(`level ${p.level}: ${p.message}`);
  if (view.problems.length > 10) warnings.push(`and ${view.problems.length - 10} more ordering problems`);
  if (pairs.both > 0)
    warnings.push(
      `${pairs.both} near-duplicate pair${pairs.both === 1 ? '' : 's'} both ship (not marked fine)`,
    );
  if (jobs.jobs > 0 && jobs.failed / jobs.jobs > 0.1)
    warnings.push(`${Math.round((jobs.failed / jobs.jobs) * 100)} % of candidate jobs gave up`);

  return {
    status,
    finishedAt: new Date().toISOString(),
    difficulty,
    gaveUp: { count: jobs.failed, of: jobs.jobs, reasons: jobs.reasons },
    nearDuplicates: { found: pairs.found, skipped: pairs.skipped, bothShip: pairs.both },
    shortLevels: view.shortLevels,
    warnings,
    phases,
    resumes,
  };
}
