/**
 * The service object: implements every API method over the store and the engine.
 * Transports (Electron IPC, local server) call `dispatch`, which validates arguments first.
 */
import { readFileSync } from 'node:fs';
import {
  ApiError,
  type ApiEnvelope,
  type ApiEventName,
  type ApiEvents,
  type ApiHandlers,
  type AppInfo,
  type GameInfo,
  isApiMethodName,
  parseArgs,
} from '../src-shared/api';
import type { AnyGame } from '../src-shared/game';
import { gameById, games } from '../src-shared/games/index';
import { basename } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Db } from './store/db';
import { getRun, getRunReport, insertRun, listRuns } from './store/runs';
import { deleteUnleasedRun, type LeaseTiming } from './store/leases';
import {
  candidatePoints,
  candidateRuns,
  getCandidateRow,
  listCandidates,
  PLAIN_SORT_KEYS,
  setNote,
  setTags,
  setVerdicts,
} from './store/candidates';
import {
  candidateScope,
  historyState,
  jumpTo,
  listHistory,
  recordChange,
  redoNext,
  undoLast,
  type ChangeMeta,
} from './store/history';
import type { CurationChange, RowChange } from '../src-shared/history';
import { curationLabels } from './curation-labels';
import { candidateName } from '../src-shared/vocabulary';
import { getPair, listPairs, pairView } from './store/duplicates';
import { setPairFine, triageCounts } from './store/triage';
import { designerName } from './designer';
import type { WorkerPool } from './jobs/pool';
import { createEventHub } from './jobs/listeners';
import { createRunEngine, type RunEngine } from './runs/run-engine';
import { checkRunInput } from './runs/run-input';
import { orderInWorkers, orderStoredPools, PackNotReadyError } from './runs/finish';
import { orderingView } from './runs/ordering-view';
import { swapOptions } from './runs/swap-options';
import { steerInWorkers, steerRun, SteeringImpossibleError } from './runs/steer';
import { createRunTurns } from './runs/run-turns';
import { emptySteering, loadSteering } from './store/steering';
import { buildExport, importPackText, PackBreaksError } from './runs/packs';
import type { ImportLimits } from '../src-shared/pack/import-limits';
import { compareRuns } from './runs/compare';
import { proveInRun, saveEdited } from './runs/save-edited';
import { JOB_MS_METRIC } from './runs/metrics';
import { checkExperiment } from './experiments/create';
import { sizeQuestion } from './runs/size-guard';
import { createExperimentRunner } from './experiments/runner';
import { experimentResults } from './experiments/results';
import { resolveSettings } from './experiments/settings';
import {
  deleteExperiment,
  experimentRuns,
  getExperiment,
  insertExperiment,
  listExperiments,
  summaryOf,
} from './store/experiments';
import { deletePreset, listPresets, presetByName, savePreset } from './store/presets';
import { settingsDiff } from '../src-shared/experiments/diff';
import type { RunScope } from '../src-shared/experiments/scope';

export interface ServiceContext {
  db: Db;
  dbPath: string;
  pool: WorkerPool;
  transport: AppInfo['transport'];
  version: string;
  /** Run lease timings (tests shorten them). */
  lease?: Partial<LeaseTiming>;
  /** Import limits (tests lower them); default IMPORT_LIMITS. */
  importLimits?: ImportLimits;
  /** Who decisions are recorded as (duplicate triage); default the OS user running main. */
  designer?: string;
}

export interface Service {
  handlers: ApiHandlers;
  /** The database file (main side only: never sent to the renderer); export writers refuse it. */
  readonly dbPath: string;
  engine: RunEngine;
  /** Validate and run one call; never throws, always answers with an envelope. */
  dispatch(method: string, rawArgs: unknown): Promise<ApiEnvelope<unknown>>;
  on<E extends ApiEventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
  emit<E extends ApiEventName>(event: E, payload: ApiEvents[E]): void;
  close(): Promise<void>;
}

export function gameInfos(): GameInfo[] {
  return games.map((g) => ({
    id: g.id,
    title: g.title,
    blurb: g.blurb,
    levelCount: g.levelCount(g.defaultPlan),
    defaultRules: g.defaultRules,
    defaultPlan: g.defaultPlan,
    planRows: g.describePlan ? g.describePlan(g.defaultPlan) : [],
    metrics: [...g.metrics, JOB_MS_METRIC],
    difficulty: g.difficulty,
    fields: g.fields ?? { rules: {}, plan: {} },
  }));
}

export function createService(ctx: ServiceContext): Service {
  // Every listener (transports, the CLI, the experiment runner) is guarded where it is called:
  // one that throws is logged once, and the run carries on (jobs/listeners.ts).
  const events = createEventHub<ApiEvents>();
  const { db } = ctx;
  const designer = ctx.designer ?? designerName();
  const engine = createRunEngine({
    db,
    pool: ctx.pool,
    onProgress: (p) => events.emit('run.progress', p),
    onChanged: (runId, status) => events.emit('run.changed', { runId, status }),
    ...(ctx.lease ? { lease: ctx.lease } : {}),
  });
  // An experiment's runs are ordinary runs on this engine; the runner adds up their progress.
  const experiments = createExperimentRunner({
    db,
    engine: () => engine,
    pool: ctx.pool,
    onProgress: (p) => events.emit('experiment.progress', p),
    onChanged: (experimentId, status) => events.emit('experiment.changed', { experimentId, status }),
  });
  events.on('run.progress', (p) => experiments.onRunProgress(p));
  events.on('run.changed', ({ runId, status }) => experiments.onRunChanged(runId, status));

  /** Store a checked run, queued and held by this engine's lease (the engine starts it when it is enqueued). */
  const storeRun = (r: {
    game: AnyGame;
    seed: number;
    name: string;
    plan: unknown;
    rules: unknown;
    levels: number;
    candidatesTotal: number;
    scope?: RunScope;
  }): number =>
    insertRun(
      db,
      {
        game: r.game.id,
        seed: r.seed,
        name: r.name,
        plan: r.plan,
        rules: r.rules,
        status: 'queued',
        levels: r.levels,
        candidatesTotal: r.candidatesTotal,
        lease: { owner: engine.owner, heartbeat: engine.timing.now() },
        ...(r.scope ? { scope: r.scope } : {}),
      },
      new Date().toISOString(),
    );
  /** checkRunInput's refusal, worded for another method. */
  const checkedAs = <T>(method: string, fn: () => T): T => {
    try {
      return fn();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'bad-argument')
        throw new ApiError('bad-argument', e.message.replace(/^runs\.create:/, `${method}:`), e.fields);
      throw e;
    }
  };
  const experimentOf = (experimentId: number) => {
    const e = getExperiment(db, experimentId);
    if (!e)
      throw new ApiError('not-found', `experiment ${experimentId} does not exist`, [
        { field: 'experimentId', message: 'no such experiment' },
      ]);
    return e;
  };

  const runOf = (runId: number) => {
    const run = getRun(db, runId);
    if (!run) throw new ApiError('not-found', `run ${runId} does not exist`);
    return run;
  };
  const summary = (runId: number) => {
    const { plan: _p, rules: _r, ...rest } = runOf(runId);
    return rest;
  };
  /** A run whose stored rules and plan could be read (a run that cannot is read-only, with its sentence). */
  const readableRun = (runId: number) => {
    const run = runOf(runId);
    if (run.dataProblem) throw new ApiError('conflict', run.dataProblem);
    return run;
  };
  const gameOf = (runId: number): AnyGame => gameById(runOf(runId).game);
  /** Curation changes need one existing, writable run for all the named candidates. */
  const curatedRun = (ids: readonly number[]): number => {
    const runs = candidateRuns(db, ids);
    const missing = ids.filter((id) => !runs.has(id));
    if (missing.length)
      throw new ApiError(
        'not-found',
        `candidate${missing.length === 1 ? '' : 's'} ${missing.slice(0, 10).join(', ')} do${missing.length === 1 ? 'es' : ''} not exist`,
        [{ field: 'candidateIds', message: 'unknown candidate id' }],
      );
    const runIds = new Set(runs.values());
    if (runIds.size > 1)
      throw new ApiError(
        'bad-argument',
        'the candidates belong to different runs; change one run at a time',
        [{ field: 'candidateIds', message: 'mixes runs' }],
      );
    const runId = [...runIds][0]!;
    if (readableRun(runId).status === 'imported')
      throw new ApiError('conflict', `run ${runId} is an imported pack and read-only`);
    return runId;
  };
  /** A run whose curation may change (not an imported pack). */
  const writableRun = (runId: number): void => {
    if (readableRun(runId).status === 'imported')
      throw new ApiError('conflict', `run ${runId} is an imported pack and read-only`);
  };
  /**
   * A run's changes take turns (runs/run-turns.ts): a change that comes while a steer, the
   * approved order or a saved edit of the run computes waits for it, so it never acts on what
   * that one is about to overwrite.
   */
  const turns = createRunTurns();
  /** Run a curation write and record what it changed in the run's history, in one transaction. */
  const curate = (runId: number, meta: ChangeMeta, mutate: () => RowChange[]): CurationChange => {
    const { changes, entry } = recordChange(db, runId, new Date().toISOString(), meta, mutate);
    const state = historyState(db, runId);
    return { ...state, changed: entry ? entry.rows : 0, changes, entry, undoable: state.undo !== null };
  };
  /** Imports in flight, by importId, so packs.cancelImport can stop one. */
  const imports = new Map<string, AbortController>();
  /**
   * A list's sort key and filter metrics must exist for the run's game (the store would
   * otherwise answer the default order, or no candidates at all): its metrics plus the
   * studio's job time; a sort may also use the plain columns (slot, index, id, verdict).
   */
  const checkListKeys = (
    game: AnyGame,
    q: { sort?: { key: string }; filters?: { metric: string }[] },
  ): void => {
    const metricKeys = [...game.metrics.map((m) => m.key), JOB_MS_METRIC.key];
    const fields: { field: string; message: string }[] = [];
    if (q.sort && !metricKeys.includes(q.sort.key) && !PLAIN_SORT_KEYS.includes(q.sort.key)) {
      fields.push({
        field: 'sort.key',
        message: `${game.title} has no metric "${q.sort.key}" to sort by; known: ${[...metricKeys, ...PLAIN_SORT_KEYS].join(', ')}`,
      });
    }
    (q.filters ?? []).forEach((f, i) => {
      if (!metricKeys.includes(f.metric))
        fields.push({
          field: `filters.${i}.metric`,
          message: `${game.title} has no metric "${f.metric}"; known: ${metricKeys.join(', ')}`,
        });
    });
    if (fields.length)
      throw new ApiError(
        'bad-argument',
        `candidates.list: bad argument — ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`,
        fields,
      );
  };

  const handlers: ApiHandlers = {
    'app.info': () => ({
      name: 'Level Studio',
      version: ctx.version,
      transport: ctx.transport,
      dbName: basename(ctx.dbPath),
      workers: ctx.pool.size,
      node: process.versions.node,
      platform: process.platform,
    }),
    'games.list': () => gameInfos(),
    'runs.list': (args) => listRuns(ctx.db, args),
    'runs.get': ({ runId }) => runOf(runId),
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
      const id = storeRun({
        game,
        seed,
        name: name ?? '',
        plan: checked.plan,
        rules: checked.rules,
        levels: checked.levels,
        candidatesTotal: checked.candidatesTotal,
      });
      engine.enqueue(id);
      return summary(id);
    },
    'runs.report': ({ runId }) => {
      // A run queued or running again (resumed) has no report yet: the last attempt's is stale.
      if (['queued', 'running'].includes(runOf(runId).status)) return null;
      const report = getRunReport(db, runId);
      // Triage moves on after the run ends: its figures are read now, not stored.
      return report
        ? { ...report, nearDuplicates: { ...report.nearDuplicates, triage: triageCounts(db, runId) } }
        : null;
    },
    'runs.cancel': async ({ runId }) => {
      runOf(runId);
      // Answered once the run has stopped: the reply's status is the one stored (cancelled, or
      // done/failed when the run ended first), never the 'running' it had when asked.
      await engine.cancel(runId);
      return summary(runId);
    },
    'runs.resume': ({ runId }) => {
      // A run whose process has died is marked interrupted first; one another live process holds is refused.
      engine.sweep();
      const elsewhere = engine.heldElsewhere(runId);
      if (elsewhere) throw new ApiError('conflict', `cannot resume: ${elsewhere}`);
      const run = readableRun(runId);
      if (!['cancelled', 'interrupted', 'failed'].includes(run.status)) {
        throw new ApiError(
          'conflict',
          `run ${runId} is ${run.status}; only a cancelled, interrupted or failed run can be resumed`,
        );
      }
      engine.enqueue(runId);
      return summary(runId);
    },
    'runs.delete': ({ runId }) => {
      const run = runOf(runId);
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
      // The delete itself checks the lease again, so a process that claims the run meanwhile keeps it.
      const deleted = deleteUnleasedRun(db, runId, engine.timing);
      if (deleted === 0)
        throw new ApiError(
          'conflict',
          `cannot delete: ${engine.heldElsewhere(runId) ?? `run ${runId} was just claimed by another process`}`,
        );
      return { deleted };
    },
    'runs.compare': ({ a, b, kind }) => {
      readableRun(a);
      readableRun(b);
      return compareRuns(db, a, b, kind);
    },
    'candidates.list': (q) => {
      checkListKeys(gameOf(q.runId), q);
      return listCandidates(db, q);
    },
    'candidates.get': ({ candidateId }) => {
      const row = getCandidateRow(db, candidateId);
      if (!row) throw new ApiError('not-found', `candidate ${candidateId} does not exist`);
      const run = runOf(row.runId);
      const shipped = row.shippedAs.automatic ?? row.shippedAs.approved;
      return {
        ...row,
        game: run.game,
        seed: run.seed,
        rules: run.rules,
        label: `${run.game}/run ${run.id}/seed ${run.seed}/${candidateName(row.slot, row.index)}${shipped ? `/level ${shipped}` : ''}`,
      };
    },
    'candidates.points': ({ runId }) => {
      runOf(runId);
      return candidatePoints(db, runId);
    },
    'candidates.setVerdict': ({ candidateIds, verdict }) => {
      const runId = curatedRun(candidateIds);
      return turns.take(runId, () =>
        curate(runId, curationLabels.verdict(verdict), () => setVerdicts(db, candidateIds, verdict)),
      );
    },
    'candidates.setNote': ({ candidateId, note }) => {
      const runId = curatedRun([candidateId]);
      return turns.take(runId, () => {
        const change = curate(runId, curationLabels.note(note), () => setNote(db, candidateId, note));
        const { proof: _proof, ...row } = getCandidateRow(db, candidateId)!;
        return { ...change, row };
      });
    },
    'candidates.setTags': ({ candidateIds, tags, mode }) => {
      const runId = curatedRun(candidateIds);
      return turns.take(runId, () =>
        curate(runId, curationLabels.tags(mode, tags), () => setTags(db, candidateIds, tags, mode)),
      );
    },
    'candidates.prove': ({ runId, slot, level }) => {
      const run = readableRun(runId);
      return proveInRun(gameById(run.game), run, slot, level);
    },
    'candidates.saveEdited': ({ runId, slot, from, level }) => {
      const run = runOf(runId);
      writableRun(runId);
      return turns.take(runId, () =>
        saveEdited(
          db,
          ctx.pool,
          gameById(run.game),
          run,
          from === undefined ? { slot, level } : { slot, from, level },
          new Date().toISOString(),
        ),
      );
    },
    'history.list': ({ runId, limit }) => {
      runOf(runId);
      return listHistory(db, runId, limit);
    },
    'history.undo': ({ runId }) => {
      writableRun(runId);
      return turns.take(runId, () => {
        const step = undoLast(db, runId);
        if (!step) throw new ApiError('conflict', `run ${runId} has no change to undo`);
        return step;
      });
    },
    'history.redo': ({ runId }) => {
      writableRun(runId);
      return turns.take(runId, () => {
        const step = redoNext(db, runId);
        if (!step) throw new ApiError('conflict', `run ${runId} has no undone change to redo`);
        return step;
      });
    },
    'history.jump': ({ runId, entryId }) => {
      writableRun(runId);
      return turns.take(runId, () => {
        const step = jumpTo(db, runId, entryId);
        if (!step)
          throw new ApiError('not-found', `change ${entryId} is not in the history of run ${runId}`, [
            { field: 'entryId', message: `not a change of run ${runId}` },
          ]);
        return step;
      });
    },
    'orderings.get': ({ runId, kind }) => orderingView(db, gameById(readableRun(runId).game), runId, kind),
    'orderings.computeApproved': ({ runId }) => {
      const run = readableRun(runId);
      if (run.status === 'imported')
        throw new ApiError('conflict', `run ${runId} is an imported pack; it has no pools to order`);
      if (engine.isActive(runId))
        throw new ApiError('conflict', `run ${runId} is still generating; wait for it to finish`);
      const game = gameById(run.game);
      return turns.take(runId, async () => {
        await orderStoredPools(db, game, run, 'approved', orderInWorkers(ctx.pool));
        return orderingView(db, game, runId, 'approved');
      });
    },
    'orderings.steering': ({ runId }) => {
      runOf(runId);
      return loadSteering(db, runId) ?? emptySteering();
    },
    'orderings.steer': ({ runId, ...change }) => {
      const run = readableRun(runId);
      if (run.status === 'imported')
        throw new ApiError('conflict', `run ${runId} is an imported pack; it has no pools to order`);
      if (engine.isActive(runId))
        throw new ApiError('conflict', `run ${runId} is still generating; wait for it to finish`);
      return turns.take(runId, async () => {
        try {
          return await steerRun(
            db,
            gameById(run.game),
            run,
            change,
            steerInWorkers(ctx.pool),
            new Date().toISOString(),
          );
        } catch (e) {
          if (e instanceof SteeringImpossibleError) {
            throw new ApiError(
              'conflict',
              e.message,
              e.conflicts.map((c) => ({
                field: `steering.levels ${c.levels.join(', ')}`,
                message: `${c.message} (rule: ${c.rule})`,
              })),
            );
          }
          throw e;
        }
      });
    },
    'orderings.swapOptions': ({ runId, kind, level }) => {
      const run = readableRun(runId);
      try {
        return swapOptions(db, gameById(run.game), runId, kind, level);
      } catch (e) {
        if (e instanceof RangeError)
          throw new ApiError('conflict', e.message, [{ field: 'level', message: e.message }]);
        throw e;
      }
    },
    'duplicates.list': ({ runId, limit, order, ships, triage }) => {
      runOf(runId);
      return listPairs(db, { runId, limit, ships, triage, ...(order ? { order } : {}) });
    },
    'duplicates.triage': ({ pairId, decision }) => {
      const pair = getPair(db, pairId);
      if (!pair)
        throw new ApiError(
          'not-found',
          `near-duplicate pair ${pairId} does not exist (the run's pairs may have been found again: reload the list)`,
          [{ field: 'pairId', message: 'unknown pair id' }],
        );
      writableRun(pair.runId);
      return turns.take(pair.runId, () => {
        const [nameA, nameB] = [candidateScope(db, [pair.a]), candidateScope(db, [pair.b])];
        let change: CurationChange;
        if (decision === 'reject-a' || decision === 'reject-b') {
          const [id, other] = decision === 'reject-a' ? [pair.a, nameB] : [pair.b, nameA];
          change = curate(
            pair.runId,
            { kind: 'verdict', label: (scope) => `Rejected ${scope} (near-duplicate of ${other})` },
            () => setVerdicts(db, [id], 'rejected'),
          );
        } else {
          const fine = decision === 'fine' ? { by: designer, at: new Date().toISOString() } : null;
          change = curate(
            pair.runId,
            {
              kind: 'triage',
              scope: `${nameA} ↔ ${nameB}`,
              label: (scope) =>
                fine ? `Marked ${scope} fine (both may ship)` : `Took the fine mark off ${scope}`,
            },
            () => setPairFine(db, pair.runId, pair.a, pair.b, fine),
          );
        }
        return { ...change, pair: pairView(db, pairId)! };
      });
    },
    'packs.export': ({ runId, kind, layout, allowBreaks }) => {
      // A run whose stored settings cannot be read never writes a pack (verify would refuse it).
      const run = readableRun(runId);
      try {
        return buildExport(db, gameById(run.game), run, kind, layout, allowBreaks);
      } catch (e) {
        if (e instanceof PackNotReadyError) throw new ApiError('conflict', e.message);
        if (e instanceof PackBreaksError) {
          throw new ApiError(
            'conflict',
            e.message,
            e.problems.map((p) => ({
              field: `breaks.level ${p.level ?? 'pack'}`,
              message: `${p.rule}: ${p.message}`,
            })),
          );
        }
        throw e;
      }
    },
    'packs.import': async ({ text, name, importId }) => {
      // One import at a time: each has its own worker with a large heap cap.
      if (imports.size > 0)
        throw new ApiError('conflict', 'another pack is being imported; wait for it to finish or cancel it');
      const id = importId ?? randomUUID();
      const abort = new AbortController();
      imports.set(id, abort);
      try {
        const imported = await importPackText(db, {
          text,
          name,
          signal: abort.signal,
          limits: ctx.importLimits,
        });
        events.emit('run.changed', { runId: imported.runId, status: 'imported' });
        return { run: summary(imported.runId), levels: imported.levels };
      } finally {
        imports.delete(id);
      }
    },
    'packs.cancelImport': ({ importId }) => {
      const abort = imports.get(importId);
      abort?.abort();
      return { cancelled: abort !== undefined };
    },
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
          storeRun({
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
      experimentOf(experimentId);
      experiments.settle(experimentId);
      const e = experimentOf(experimentId);
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
      experimentOf(experimentId);
      await experiments.figuresReady(experimentId);
      return experimentResults(db, experimentOf(experimentId));
    },
    'experiments.cancel': async ({ experimentId }) => {
      experimentOf(experimentId);
      if (!experiments.isActive(experimentId)) {
        experiments.settle(experimentId);
        const e = experimentOf(experimentId);
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
      return summaryOf(experimentOf(experimentId));
    },
    'experiments.resume': ({ experimentId }) => {
      experimentOf(experimentId);
      experiments.settle(experimentId);
      const e = experimentOf(experimentId);
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
      return summaryOf(experimentOf(experimentId));
    },
    'experiments.delete': ({ experimentId }) => {
      experimentOf(experimentId);
      if (experiments.isActive(experimentId))
        throw new ApiError('conflict', `experiment ${experimentId} is running; cancel it before deleting`);
      for (const c of experimentRuns(db, experimentId)) {
        const elsewhere = engine.heldElsewhere(c.runId);
        if (elsewhere) throw new ApiError('conflict', `cannot delete: ${elsewhere}`);
      }
      const runs = experimentRuns(db, experimentId).length;
      return { deleted: deleteExperiment(db, experimentId), runs };
    },
    'experiments.adopt': ({ experimentId, variant, as, name, seed }) => {
      const e = experimentOf(experimentId);
      const arm = e.arms[variant];
      if (!arm)
        throw new ApiError(
          'bad-argument',
          `experiments.adopt: bad argument — variant: experiment ${experimentId} has variants 1-${e.arms.length - 1} (0 = the base)`,
          [{ field: 'variant', message: `must be 0-${e.arms.length - 1}` }],
        );
      const game = gameById(e.game);
      if (as === 'preset') {
        if (!name)
          throw new ApiError(
            'bad-argument',
            'experiments.adopt: bad argument — name: a preset needs a name',
            [{ field: 'name', message: 'a preset needs a name' }],
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
      const checked = checkedAs('experiments.adopt', () =>
        checkRunInput(game, { plan: arm.plan, rules: arm.rules }),
      );
      const id = storeRun({
        game,
        seed: seed ?? e.seeds[0]!,
        name: name || `${arm.name} (from experiment ${e.id})`,
        plan: checked.plan,
        rules: checked.rules,
        levels: checked.levels,
        candidatesTotal: checked.candidatesTotal,
      });
      engine.enqueue(id);
      return { run: summary(id), preset: null };
    },
    'presets.save': ({ game: gameId, name, plan, rules, replace }) => {
      const game = gameById(gameId);
      const checked = checkedAs('presets.save', () => checkRunInput(game, { plan, rules }));
      if (!replace && presetByName(db, game.id, name))
        throw new ApiError(
          'conflict',
          `a ${game.title} preset named "${name}" exists already; replace it or choose another name`,
          [{ field: 'name', message: 'taken' }],
        );
      return savePreset(
        db,
        { game: game.id, name, plan: checked.plan, rules: checked.rules },
        new Date().toISOString(),
      );
    },
    'presets.list': ({ game }) => listPresets(db, game),
    'presets.delete': ({ presetId }) => {
      const deleted = deletePreset(db, presetId);
      if (deleted === 0)
        throw new ApiError('not-found', `preset ${presetId} does not exist`, [
          { field: 'presetId', message: 'no such preset' },
        ]);
      return { deleted };
    },
    'settings.diff': ({ a, b }) => {
      const sa = resolveSettings(db, a, 'a'),
        sb = resolveSettings(db, b, 'b');
      if (sa.game !== sb.game) {
        const ga = gameById(sa.game).title,
          gb = gameById(sb.game).title;
        return {
          game: sa.game,
          a: sa.name,
          b: sb.name,
          same: false,
          lines: [
            {
              field: 'game',
              text: `Game: ${ga} → ${gb} (the settings of two games are not compared further)`,
              a: sa.game,
              b: sb.game,
            },
          ],
        };
      }
      const lines = settingsDiff(gameById(sa.game), sa, sb);
      return { game: sa.game, a: sa.name, b: sb.name, same: lines.length === 0, lines };
    },
  };

  const dispatch = async (method: string, rawArgs: unknown): Promise<ApiEnvelope<unknown>> => {
    try {
      // The name is quoted and cut as the socket cuts it: an HTTP path may carry 10,000 characters.
      if (!isApiMethodName(method))
        throw new ApiError('unknown-method', `unknown API method ${JSON.stringify(method.slice(0, 80))}`);
      const args = parseArgs(method, rawArgs);
      const handler = handlers[method] as (a: unknown) => unknown;
      return { ok: true, value: await handler(args) };
    } catch (e) {
      if (e instanceof ApiError) return { ok: false, error: e.toBody() };
      const message = e instanceof Error ? e.message : String(e);
      return { ok: false, error: { code: 'internal', message } };
    }
  };

  return {
    handlers,
    dbPath: ctx.dbPath,
    engine,
    dispatch,
    on: (event, listener) => events.on(event, listener),
    emit: (event, payload) => events.emit(event, payload),
    close: async () => {
      for (const abort of imports.values()) abort.abort();
      await engine.close();
      await ctx.pool.close();
      ctx.db.close();
    },
  };
}

/** The package version, read once (works from source and from the built bundle). */
export function packageVersion(fromUrl: string): string {
  for (const rel of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, fromUrl), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'level-studio' && pkg.version) return pkg.version;
    } catch {
      // try the next candidate location
    }
  }
  return '0.0.0';
}
