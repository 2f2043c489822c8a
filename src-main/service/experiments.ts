/** experiments.*: create, follow, cancel, resume and delete experiments; their results; adopting a variant. */
import { ApiError, BadArgument } from '../../src-shared/api';
import { settingsDiff } from '../../src-shared/experiments/diff';
import type { RunScope } from '../../src-shared/experiments/scope';
import { gameById } from '../../src-shared/games/index';
import { checkExperiment } from '../experiments/create';
import { experimentResults } from '../experiments/results';
import { checkRunInput } from '../runs/run-input';
import { sizeQuestion } from '../runs/size-guard';
import { experimentRuns, insertExperiment, listExperiments, summaryOf } from '../store/experiments';
import { presetByName, savePreset } from '../store/presets';
import type { HandlerContext, HandlersOf } from './context';
import { experimentOf, runSummary, storeRun } from './guards';
import { markExperimentDeleting, purgeRun } from '../store/run-delete';

export function experimentHandlers({ db, engine, experiments }: HandlerContext): HandlersOf<'experiments'> {
  return {
    'experiments.create': (args) => {
      const checked = checkExperiment(db, args);
      const question = sizeQuestion(
        db,
        checked.game.id,
        checked.candidates,
        `this experiment makes ${checked.candidates.toLocaleString('en')} candidates (${checked.arms.length} arms × ${checked.seeds.length} seeds)`,
        args.confirm,
      );
      if (question) return { experimentId: null, confirm: question };
      const { game, scope } = checked;
      const runScope: RunScope | undefined =
        scope.kind === 'slots'
          ? { slots: [...scope.slots].sort((a, b) => a - b), candidates: scope.candidates }
          : undefined;
      const label =
        args.name?.trim() ||
        `experiment: ${checked.arms
          .slice(1)
          .map((a) => a.name)
          .join(' / ')}`;
      const { id, runIds } = insertExperiment(
        db,
        {
          game: game.id,
          name: label,
          baseRunId: checked.baseRunId,
          arms: checked.arms,
          seeds: checked.seeds,
          scope,
        },
        new Date().toISOString(),
        (arm, seed) =>
          storeRun(db, engine, {
            game,
            seed,
            name: `${label} · ${arm.name} · seed ${seed}`.slice(0, 120),
            plan: arm.plan,
            rules: arm.rules,
            levels: game.levelCount(arm.plan),
            candidatesTotal: checked.perRun[arm.arm]!,
            ...(runScope ? { scope: runScope } : {}),
          }),
      );
      experiments.start(id);
      return {
        experimentId: id,
        runs: runIds.length,
        candidates: checked.candidates,
        estimatedSeconds: checked.estimatedSeconds,
      };
    },
    'experiments.list': ({ game }) => {
      // A studio that died mid-experiment left it 'running'; its runs say what it is now.
      const all = listExperiments(db, game ? { game } : {});
      for (const e of all) if (e.status === 'queued' || e.status === 'running') experiments.settle(e.id);
      return listExperiments(db, game ? { game } : {}).map(summaryOf);
    },
    'experiments.get': ({ experimentId }) => {
      experimentOf(db, experimentId);
      experiments.settle(experimentId);
      const e = experimentOf(db, experimentId);
      const game = gameById(e.game);
      const base = e.arms[0]!;
      return {
        ...summaryOf(e),
        arms: e.arms.map((a) => ({ ...a, diff: a.arm === 0 ? [] : settingsDiff(game, base, a) })),
        runs: experimentRuns(db, experimentId),
        progress: experiments.progress(experimentId),
      };
    },
    'experiments.results': async ({ experimentId }) => {
      experimentOf(db, experimentId);
      await experiments.figuresReady(experimentId);
      return experimentResults(db, experimentOf(db, experimentId));
    },
    'experiments.cancel': async ({ experimentId }) => {
      experimentOf(db, experimentId);
      if (!experiments.isActive(experimentId)) {
        experiments.settle(experimentId);
        const e = experimentOf(db, experimentId);
        const held = experimentRuns(db, experimentId)
          .map((c) => engine.heldElsewhere(c.runId))
          .find((m) => m !== null);
        if (held) throw new ApiError('conflict', `cannot cancel experiment ${experimentId} here: ${held}`);
        throw new ApiError(
          'conflict',
          `experiment ${experimentId} is ${e.status}; only a queued or running experiment can be cancelled`,
        );
      }
      // Answered once every run has stopped, with the status they add up to.
      await experiments.cancel(experimentId);
      return summaryOf(experimentOf(db, experimentId));
    },
    'experiments.resume': ({ experimentId }) => {
      experimentOf(db, experimentId);
      experiments.settle(experimentId);
      const e = experimentOf(db, experimentId);
      if (e.status === 'done')
        throw new ApiError('conflict', `experiment ${experimentId} is done; every run finished`);
      // Nothing left to queue: every unfinished run is queued or running here already.
      const left = experimentRuns(db, experimentId).filter(
        (c) => c.status !== 'done' && !engine.isActive(c.runId),
      );
      if (left.length === 0)
        throw new ApiError(
          'conflict',
          `experiment ${experimentId} is ${e.status} already; only a cancelled, interrupted or failed experiment can be resumed`,
        );
      experiments.start(experimentId);
      return summaryOf(experimentOf(db, experimentId));
    },
    'experiments.delete': async ({ experimentId }) => {
      experimentOf(db, experimentId);
      if (experiments.isActive(experimentId))
        throw new ApiError('conflict', `experiment ${experimentId} is running; cancel it before deleting`);
      for (const c of experimentRuns(db, experimentId)) {
        const elsewhere = engine.heldElsewhere(c.runId);
        if (elsewhere) throw new ApiError('conflict', `cannot delete: ${elsewhere}`);
      }
      // Its runs go as runs.delete's do: hidden at once, their rows in short batches.
      const { deleted, runIds } = markExperimentDeleting(db, experimentId);
      for (const runId of runIds) await purgeRun(db, runId);
      return { deleted, runs: runIds.length };
    },
    'experiments.adopt': ({ experimentId, variant, as, name, seed }) => {
      const e = experimentOf(db, experimentId);
      const arm = e.arms[variant];
      if (!arm)
        throw new BadArgument(
          [{ field: 'variant', message: `must be 0-${e.arms.length - 1}` }],
          `variant: experiment ${experimentId} has variants 1-${e.arms.length - 1} (0 = the base)`,
        );
      const game = gameById(e.game);
      if (as === 'preset') {
        if (!name)
          throw new BadArgument(
            [{ field: 'name', message: 'a preset needs a name' }],
            'name: a preset needs a name',
          );
        if (presetByName(db, game.id, name))
          throw new ApiError(
            'conflict',
            `a ${game.title} preset named "${name}" exists already; choose another name`,
            [{ field: 'name', message: 'taken' }],
          );
        return {
          run: null,
          preset: savePreset(
            db,
            { game: game.id, name, plan: arm.plan, rules: arm.rules },
            new Date().toISOString(),
          ),
        };
      }
      // Always the whole plan: a quick experiment's slots were only for the answer.
      const checked = checkRunInput(game, { plan: arm.plan, rules: arm.rules });
      const id = storeRun(db, engine, {
        game,
        seed: seed ?? e.seeds[0]!,
        name: name || `${arm.name} (from experiment ${e.id})`,
        plan: checked.plan,
        rules: checked.rules,
        levels: checked.levels,
        candidatesTotal: checked.candidatesTotal,
      });
      engine.enqueue(id);
      return { run: runSummary(db, id), preset: null };
    },
  };
}
