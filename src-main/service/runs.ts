/** runs.*: create, read, cancel, resume, delete and compare runs. */
import { ApiError } from '../../src-shared/api';
import { gameById } from '../../src-shared/games/index';
import { compareRuns } from '../runs/compare';
import { checkRunInput } from '../runs/run-input';
import { sizeQuestion } from '../runs/size-guard';
import { markRunDeleting, purgeRun } from '../store/run-delete';
import { getRunReport, listRuns } from '../store/runs';
import { triageCounts } from '../store/triage';
import type { HandlerContext, HandlersOf } from './context';
import { readableRun, runOf, runSummary, storeRun } from './guards';
import { checkTopUp, dropTopUp, startTopUp } from '../runs/top-up';
import { listTopUps, type StoredTopUp } from '../store/top-ups';
import type { TopUpSummary } from '../../src-shared/top-up';

/** A stored top-up as the API answers it (without its working fields). */
const topUpSummary = ({ slots: _s, before: _b, ...t }: StoredTopUp): TopUpSummary => t;

export function runHandlers({ db, engine, reproductions }: HandlerContext): HandlersOf<'runs'> {
  return {
    'runs.list': (args) => listRuns(db, args),
    'runs.get': ({ runId }) => runOf(db, runId),
    'runs.create': ({ game: gameId, seed, name, plan, rules, levels, confirm }) => {
      const game = gameById(gameId);
      const checked = checkRunInput(game, { plan, rules, levels });
      // The size guard experiments use: a huge plan is refused, with its estimated time, until confirmed.
      const question = sizeQuestion(
        db,
        game.id,
        checked.candidatesTotal,
        `this run makes ${checked.candidatesTotal.toLocaleString('en')} candidates (${checked.levels} levels)`,
        confirm,
      );
      if (question)
        throw new ApiError('conflict', question.message, [{ field: 'confirm', message: question.message }]);
      const id = storeRun(db, engine, {
        game,
        seed,
        name: name ?? '',
        plan: checked.plan,
        rules: checked.rules,
        levels: checked.levels,
        candidatesTotal: checked.candidatesTotal,
      });
      engine.enqueue(id);
      return runSummary(db, id);
    },
    'runs.report': ({ runId }) => {
      // A run queued or running again (resumed) has no report yet: the last attempt's is stale.
      if (['queued', 'running'].includes(runOf(db, runId).status)) return null;
      const report = getRunReport(db, runId);
      // Triage moves on after the run ends: its figures are read now, not stored.
      return report
        ? { ...report, nearDuplicates: { ...report.nearDuplicates, triage: triageCounts(db, runId) } }
        : null;
    },
    'runs.cancel': async ({ runId }) => {
      runOf(db, runId);
      // Answered once the run has stopped: the reply's status is the one stored (cancelled, or
      // done/failed when the run ended first), never the 'running' it had when asked.
      await engine.cancel(runId);
      return runSummary(db, runId);
    },
    'runs.resume': ({ runId }) => {
      // A run whose process has died is marked interrupted first; one another live process holds is refused.
      engine.sweep();
      const elsewhere = engine.heldElsewhere(runId);
      if (elsewhere) throw new ApiError('conflict', `cannot resume: ${elsewhere}`);
      const run = readableRun(db, runId);
      if (!['cancelled', 'interrupted', 'failed'].includes(run.status)) {
        throw new ApiError(
          'conflict',
          `run ${runId} is ${run.status}; only a cancelled, interrupted or failed run can be resumed`,
        );
      }
      engine.enqueue(runId);
      return runSummary(db, runId);
    },
    'runs.delete': async ({ runId }) => {
      const run = runOf(db, runId);
      // An experiment's results and status need every one of its runs: they go with it.
      if (run.experiment)
        throw new ApiError(
          'conflict',
          `run ${runId} is a run of experiment ${run.experiment.id} (“${run.experiment.name}”); delete the experiment to remove its runs`,
        );
      if (engine.isActive(runId))
        throw new ApiError('conflict', `run ${runId} is queued or running; cancel it before deleting`);
      const elsewhere = engine.heldElsewhere(runId);
      if (elsewhere) throw new ApiError('conflict', `cannot delete: ${elsewhere}`);
      // The mark checks the lease again, so a process that claims the run meanwhile keeps it.
      const deleted = markRunDeleting(db, runId, engine.timing);
      if (deleted === 0)
        throw new ApiError(
          'conflict',
          `cannot delete: ${engine.heldElsewhere(runId) ?? `run ${runId} was just claimed by another process`}`,
        );
      // Gone for every reader now; its rows go in short batches that let other calls in (store/run-delete.ts).
      await purgeRun(db, runId);
      return { deleted };
    },
    'runs.topUp': ({ runId, levels, candidates, untilNear, confirm }) => {
      engine.sweep();
      const run = runOf(db, runId);
      const args = { levels, candidates, ...(untilNear !== undefined ? { untilNear } : {}) };
      const slots = checkTopUp(db, engine, run, { ...args, confirm });
      const id = startTopUp(db, engine, runId, args, slots);
      return {
        run: runSummary(db, runId),
        topUp: topUpSummary(listTopUps(db, runId).find((t) => t.id === id)!),
      };
    },
    'runs.dropTopUp': ({ runId }) => {
      engine.sweep();
      const { topUp, removed } = dropTopUp(db, engine, runOf(db, runId));
      return { run: runSummary(db, runId), topUp: topUpSummary(topUp), removed };
    },
    'runs.topUps': ({ runId }) => {
      runOf(db, runId);
      return listTopUps(db, runId).map(topUpSummary);
    },
    // Made again on the studio's workers; the reply is the job, its progress and verdict come as events.
    'runs.reproduce': ({ runId }) => reproductions.start(runId),
    'runs.reproduction': ({ runId }) => {
      runOf(db, runId);
      return reproductions.get(runId);
    },
    'runs.compare': ({ a, b, kind, kindB }) => {
      readableRun(db, a);
      readableRun(db, b);
      return compareRuns(db, a, b, kind, kindB ?? kind);
    },
  };
}
