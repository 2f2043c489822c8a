/**
 * The checks handlers share before they act: the run or experiment exists, a run's curation
 * may change, the candidates of one change belong to one run, a list's keys exist for the
 * run's game. Each throws the ApiError the designer reads and changes nothing. Also the two
 * writes every handler makes the same way: a curation change with its history entry, and a
 * new queued run under this engine's lease.
 */
import { ApiError, BadArgument, type RunDetail, type RunSummary } from '../../src-shared/api';
import { gameById, type AnyGame } from '../../src-shared/games/index';
import type { CurationChange, RowChange } from '../../src-shared/history';
import type { RunScope } from '../../src-shared/experiments/scope';
import { MAX_REPLY_CHANGES } from '../../src-shared/api/call-bounds';
import type { RunEngine } from '../runs/run-engine';
import { JOB_MS_METRIC } from '../runs/metrics';
import { candidateRuns, PLAIN_SORT_KEYS } from '../store/candidates';
import type { Db } from '../store/db';
import { getExperiment, type StoredExperiment } from '../store/experiments';
import { historyState, recordChange, recordChangeInSteps, type ChangeMeta } from '../store/history';
import { getRun, insertRun } from '../store/runs';

/** The run, or not-found. */
export function runOf(db: Db, runId: number): RunDetail {
  const run = getRun(db, runId);
  if (!run) throw new ApiError('not-found', `run ${runId} does not exist`);
  return run;
}

/** The run without its plan and rules (what most replies carry). */
export function runSummary(db: Db, runId: number): RunSummary {
  const { plan: _p, rules: _r, ...rest } = runOf(db, runId);
  return rest;
}

/** A run whose stored rules and plan could be read: one that cannot is read-only, refused with its sentence. */
export function readableRun(db: Db, runId: number): RunDetail {
  const run = runOf(db, runId);
  if (run.dataProblem) throw new ApiError('conflict', run.dataProblem);
  return run;
}

/** The run's game. */
export function gameOf(db: Db, runId: number): AnyGame {
  return gameById(runOf(db, runId).game);
}

/** A run whose curation may change (not an imported pack). */
export function writableRun(db: Db, runId: number): void {
  if (readableRun(db, runId).status === 'imported')
    throw new ApiError('conflict', `run ${runId} is an imported pack and read-only`);
}

/** Curation changes need one existing, writable run for all the named candidates: its id. */
export function curatedRun(db: Db, ids: readonly number[]): number {
  return curatedRunOf(db, ids, candidateRuns(db, ids));
}

/**
 * curatedRun for thousands of ids: they are looked up 2,000 at a time with the thread given
 * back in between (a bulk tag change names up to 20,000), then checked the same way.
 */
export async function curatedRunInSteps(db: Db, ids: readonly number[]): Promise<number> {
  const runs = new Map<number, number>();
  // 500 ids a lookup: 2,000 held the thread 50-110 ms on a busy machine.
  for (let i = 0; i < ids.length; i += 500) {
    await new Promise<void>((r) => setImmediate(r));
    for (const [id, run] of candidateRuns(db, ids.slice(i, i + 500))) runs.set(id, run);
  }
  return curatedRunOf(db, ids, runs);
}

function curatedRunOf(db: Db, ids: readonly number[], runs: ReadonlyMap<number, number>): number {
  const missing = ids.filter((id) => !runs.has(id));
  if (missing.length)
    throw new ApiError(
      'not-found',
      `candidate${missing.length === 1 ? '' : 's'} ${missing.slice(0, 10).join(', ')} do${missing.length === 1 ? 'es' : ''} not exist`,
      [{ field: 'candidateIds', message: 'unknown candidate id' }],
    );
  const runIds = new Set(runs.values());
  if (runIds.size > 1)
    throw new ApiError('bad-argument', 'the candidates belong to different runs; change one run at a time', [
      { field: 'candidateIds', message: 'mixes runs' },
    ]);
  const runId = [...runIds][0]!;
  writableRun(db, runId);
  return runId;
}

/** A run whose pools may be ordered now: generated (not an imported pack) and not generating. */
export function orderableRun(db: Db, engine: Pick<RunEngine, 'isActive'>, runId: number): RunDetail {
  const run = readableRun(db, runId);
  if (run.status === 'imported')
    throw new ApiError('conflict', `run ${runId} is an imported pack; it has no pools to order`);
  if (engine.isActive(runId))
    throw new ApiError('conflict', `run ${runId} is still generating; wait for it to finish`);
  return run;
}

/** The experiment, or not-found naming the field. */
export function experimentOf(db: Db, experimentId: number): StoredExperiment {
  const e = getExperiment(db, experimentId);
  if (!e)
    throw new ApiError('not-found', `experiment ${experimentId} does not exist`, [
      { field: 'experimentId', message: 'no such experiment' },
    ]);
  return e;
}

/**
 * A list's sort key and filter metrics must exist for the run's game (the store would
 * otherwise answer the default order, or no candidates at all): its metrics plus the
 * studio's job time; a sort may also use the plain columns (slot, index, id, verdict).
 */
export function checkListKeys(
  game: AnyGame,
  q: { sort?: { key: string }; filters?: { metric: string }[] },
): void {
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
  if (fields.length) throw new BadArgument(fields);
}

/** Run a curation write and record what it changed in the run's history, in one transaction. */
export function curate(db: Db, runId: number, meta: ChangeMeta, mutate: () => RowChange[]): CurationChange {
  const { changes, entry } = recordChange(db, runId, new Date().toISOString(), meta, mutate);
  const state = historyState(db, runId);
  return cappedCuration({
    ...state,
    changed: entry ? entry.rows : 0,
    changes,
    entry,
    undoable: state.undo !== null,
  });
}

/**
 * A curation reply carries at most MAX_REPLY_CHANGES row changes and counts the rest: tags on
 * 9,600 candidates made a 2.3 MB reply, written out on the main thread; the page reloads its
 * rows when some were left out.
 */
function cappedCuration(change: CurationChange): CurationChange {
  if (change.changes.length <= MAX_REPLY_CHANGES) return change;
  return {
    ...change,
    changes: change.changes.slice(0, MAX_REPLY_CHANGES),
    changesLeftOut: change.changes.length - MAX_REPLY_CHANGES,
  };
}

/**
 * A curation write too big for one short transaction, written in steps that give the thread
 * back in between and recorded as one history entry (store/history.ts, recordChangeInSteps).
 * If another studio or CLI changed the run between two steps, the steps stop: what was written
 * stays, as one change undo takes back, and the designer is told in a sentence.
 */
export async function curateInSteps(
  db: Db,
  runId: number,
  meta: ChangeMeta,
  steps: readonly (() => RowChange[])[],
): Promise<CurationChange> {
  const { changes, entry, complete } = await recordChangeInSteps(
    db,
    runId,
    new Date().toISOString(),
    meta,
    steps,
  );
  if (!complete)
    throw new ApiError(
      'conflict',
      `run ${runId} was changed in another studio or CLI while this change was written: it stopped after ${entry?.rows ?? 0} candidates, kept as one change (undo takes it back); make the rest of it again`,
    );
  const state = historyState(db, runId);
  return cappedCuration({
    ...state,
    changed: entry ? entry.rows : 0,
    changes,
    entry,
    undoable: state.undo !== null,
  });
}

/** A checked run to store. */
export interface NewRun {
  game: AnyGame;
  seed: number;
  name: string;
  plan: unknown;
  rules: unknown;
  levels: number;
  candidatesTotal: number;
  scope?: RunScope;
}

/** Store a checked run, queued and held by this engine's lease (the engine starts it when it is enqueued). */
export function storeRun(db: Db, engine: Pick<RunEngine, 'owner' | 'timing'>, r: NewRun): number {
  return insertRun(
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
}
