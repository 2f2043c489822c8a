/**
 * An experiment's runs on the studio's one run engine: they are ordinary runs (same engine,
 * same worker pool, same open database), queued together, so the engine overlaps one run's
 * tail with the next one's start. This module follows their progress and status events and
 * turns them into one progress figure for the whole experiment (runs weighted by their
 * candidates, each run's phases weighted; it only moves forward within a process) and one
 * status, stored with it; cancel and resume act on every unfinished run. The time left is the
 * part still to do over the rate that figure has moved at lately, measured since the last
 * start or resume (so it counts ordering and near-duplicate passes, not only generation, and
 * never the time the experiment stood cancelled); `rate` is the candidates per second of the
 * runs generating now.
 */
import { performance } from 'node:perf_hooks';
import { ApiError, type RunProgress, type RunStatus } from '../../src-shared/api';
import { gameById, type GameId } from '../../src-shared/games/index';
import { overallProgress, progressMeter, type ProgressMeter } from '../../src-shared/progress';
import type {
  ExperimentProgress,
  ExperimentRunCell,
  ExperimentStatus,
} from '../../src-shared/experiments/types';
import type { Db } from '../store/db';
import {
  experimentOfRun,
  experimentRuns,
  getExperiment,
  runFigures,
  setExperimentStatus,
} from '../store/experiments';
import type { WorkerPool } from '../jobs/pool';
import { shippedFigures, shippedLevelList } from './results';

interface Figures {
  overall: number;
  runs: Map<number, number>;
  rate: Map<number, number>;
  meter: { from: number; meter: ProgressMeter } | null;
}

/** The least time between two progress figures of one experiment (a run's end always sends one). */
const PROGRESS_EVERY_MS = 250;

/** What the runner needs of the run engine. */
export interface RunQueue {
  enqueue(runId: number): void;
  /** Resolves once the run has stopped and its status is stored. */
  cancel(runId: number): Promise<void>;
  isActive(runId: number): boolean;
  heldElsewhere(runId: number): string | null;
  sweep(): number[];
}

export interface ExperimentRunner {
  /** Queue every unfinished run of an experiment (a new one, or a resume). */
  start(experimentId: number): void;
  /** Stop every queued and running run; resolves once all have stopped and the experiment's status is stored. */
  cancel(experimentId: number): Promise<void>;
  /** True while any of its runs is queued or running here. */
  isActive(experimentId: number): boolean;
  /** Bring the stored status in line with its runs (after a crash, its runs were marked interrupted by the engine). */
  settle(experimentId: number): void;
  progress(experimentId: number): ExperimentProgress;
  /** The engine's events, passed on (service.ts wires them). */
  onRunProgress(p: RunProgress): void;
  onRunChanged(runId: number, status: RunStatus): void;
  /** Resolves when the shipped figures of the experiment's finished runs are stored (results wait for it). */
  figuresReady(experimentId: number): Promise<void>;
}

/** The experiment's status from its runs' statuses. */
function experimentStatus(statuses: readonly RunStatus[]): ExperimentStatus {
  if (statuses.length === 0 || statuses.every((s) => s === 'done')) return 'done';
  if (statuses.some((s) => s === 'running')) return 'running';
  if (statuses.some((s) => s === 'queued'))
    return statuses.some((s) => s !== 'queued') ? 'running' : 'queued';
  if (statuses.includes('failed')) return 'failed';
  if (statuses.includes('interrupted')) return 'interrupted';
  return 'cancelled';
}

export function createExperimentRunner(opts: {
  db: Db;
  engine: () => RunQueue;
  pool: WorkerPool;
  onProgress: (p: ExperimentProgress) => void;
  onChanged: (experimentId: number, status: ExperimentStatus) => void;
  /** The clock (ms) the time left is measured by; tests pass their own. */
  now?: () => number;
}): ExperimentRunner {
  const { db } = opts;
  const now = opts.now ?? (() => performance.now());
  /**
   * Per experiment: the overall figure shown last (it never goes down), each run's own, the
   * generation rate of each run generating now, and the meter of the overall figure since the
   * last start (null while nothing of it runs here).
   */
  const figures = new Map<number, Figures>();
  const figuresOf = (experimentId: number): Figures => {
    const f = figures.get(experimentId) ?? {
      overall: 0,
      runs: new Map<number, number>(),
      rate: new Map<number, number>(),
      meter: null,
    };
    figures.set(experimentId, f);
    return f;
  };
  /** Fractions of the whole are metered in millionths (the meter counts items). */
  const UNITS = 1_000_000;
  const lastEmit = new Map<number, number>();
  /** Shipped figures being worked out on the pool, per experiment. */
  const pending = new Map<number, Set<Promise<void>>>();

  /** A whole-plan run of an experiment is done: work out its shipped figures on the pool, once. */
  const figure = (experimentId: number, runId: number): void => {
    const e = getExperiment(db, experimentId);
    if (!e || e.scope.kind !== 'plan' || runFigures(db, runId)) return;
    const cell = experimentRuns(db, experimentId).find((c) => c.runId === runId);
    const arm = cell ? e.arms[cell.arm] : undefined;
    if (!arm) return;
    const levels = shippedLevelList(db, runId);
    const task =
      levels.length > 1
        ? opts.pool.run({ kind: 'closest', game: e.game, rules: arm.rules, levels })
        : Promise.resolve(null);
    const p: Promise<void> = task
      .then((closest) => {
        if (getExperiment(db, experimentId)) shippedFigures(db, gameById(e.game), runId, arm.rules, closest);
      })
      .catch((err: unknown) =>
        console.error(`experiment ${experimentId}: run ${runId}'s shipped figures:`, err),
      )
      .finally(() => pending.get(experimentId)?.delete(p));
    const set = pending.get(experimentId) ?? new Set<Promise<void>>();
    set.add(p);
    pending.set(experimentId, set);
  };
  /** run -> experiment, for the runs this process has seen (null: not an experiment's run). */
  const owners = new Map<number, number | null>();

  const ownerOf = (runId: number): number | null => {
    if (!owners.has(runId)) owners.set(runId, experimentOfRun(db, runId));
    return owners.get(runId)!;
  };

  /** A run's fraction done from what is stored: 1 when done, else its generation so far. */
  const storedFraction = (game: GameId, cell: ExperimentRunCell): number =>
    cell.status === 'done'
      ? 1
      : overallProgress('generate', cell.candidatesDone, cell.candidatesTotal, gameById(game).phaseWeights);

  const progress = (experimentId: number): ExperimentProgress => {
    const e = getExperiment(db, experimentId);
    if (!e) throw new ApiError('not-found', `experiment ${experimentId} does not exist`);
    const cells = experimentRuns(db, experimentId);
    const f = figuresOf(experimentId);
    let weight = 0,
      sum = 0,
      cDone = 0,
      cTotal = 0,
      runsDone = 0;
    for (const c of cells) {
      const own = Math.max(storedFraction(e.game, c), c.status === 'done' ? 1 : (f.runs.get(c.runId) ?? 0));
      sum += own * c.candidatesTotal;
      weight += c.candidatesTotal;
      cDone += c.candidatesDone;
      cTotal += c.candidatesTotal;
      if (c.status === 'done') runsDone++;
    }
    const status = experimentStatus(cells.map((c) => c.status));
    f.overall = status === 'done' ? 1 : Math.max(f.overall, weight > 0 ? sum / weight : 0);
    const rates = [...f.rate.values()];
    const rate = rates.length ? rates.reduce((a, b) => a + b, 0) : 0;
    const active = status === 'queued' || status === 'running';
    if (!active) f.meter = null;
    const eta =
      status === 'done'
        ? 0
        : f.meter
          ? f.meter.meter.update(Math.round((f.overall - f.meter.from) * UNITS), now()).etaSeconds
          : null;
    return {
      experimentId,
      status,
      overall: f.overall,
      runsDone,
      runsTotal: cells.length,
      candidatesDone: cDone,
      candidatesTotal: cTotal,
      rate,
      etaSeconds: eta,
    };
  };

  /** Store the status the runs add up to; tell listeners when it changed. */
  const settle = (experimentId: number): void => {
    const e = getExperiment(db, experimentId);
    if (!e) return;
    const status = experimentStatus(experimentRuns(db, experimentId).map((c) => c.status));
    if (status !== e.status) {
      setExperimentStatus(db, experimentId, status, status === 'done' ? new Date().toISOString() : null);
      opts.onChanged(experimentId, status);
    }
  };

  return {
    start(experimentId) {
      const engine = opts.engine();
      engine.sweep();
      // Seed by seed (base, then each variant), so no arm gets all the early runs (a cold pool's slower builds).
      const seeds = getExperiment(db, experimentId)?.seeds ?? [];
      const cells = experimentRuns(db, experimentId)
        .filter((c) => c.status !== 'done' && !engine.isActive(c.runId))
        .sort((a, b) => seeds.indexOf(a.seed) - seeds.indexOf(b.seed) || a.arm - b.arm);
      for (const c of cells) {
        const elsewhere = engine.heldElsewhere(c.runId);
        if (elsewhere) throw new ApiError('conflict', `cannot run experiment ${experimentId}: ${elsewhere}`);
      }
      for (const c of cells) {
        owners.set(c.runId, experimentId);
        engine.enqueue(c.runId);
      }
      // The time left is measured from here: what it ran at before a cancel says nothing now.
      const f = figuresOf(experimentId);
      f.meter = { from: f.overall, meter: progressMeter(Math.round((1 - f.overall) * UNITS), now()) };
      settle(experimentId);
      opts.onProgress(progress(experimentId));
    },
    async cancel(experimentId) {
      const engine = opts.engine();
      // Queued runs first (they stop at once), so none starts while a running one winds down.
      const cells = experimentRuns(db, experimentId).filter((c) => engine.isActive(c.runId));
      cells.sort((a, b) => Number(a.status === 'running') - Number(b.status === 'running'));
      const stopping = cells.map((c) => engine.cancel(c.runId));
      await Promise.all(stopping);
      settle(experimentId);
    },
    settle,
    isActive(experimentId) {
      const engine = opts.engine();
      return experimentRuns(db, experimentId).some((c) => engine.isActive(c.runId));
    },
    progress,
    onRunProgress(p) {
      const experimentId = ownerOf(p.runId);
      if (experimentId === null) return;
      const f = figuresOf(experimentId);
      f.runs.set(p.runId, Math.max(f.runs.get(p.runId) ?? 0, p.overall));
      // Generation rates of the runs generating now add up (they share the pool).
      if (p.stage === 'generate' && p.rate > 0) f.rate.set(p.runId, p.rate);
      else f.rate.delete(p.runId);
      // At most a few figures a second: each reads the experiment's runs from the database.
      const t = now();
      if (t - (lastEmit.get(experimentId) ?? Number.NEGATIVE_INFINITY) < PROGRESS_EVERY_MS) return;
      lastEmit.set(experimentId, t);
      opts.onProgress(progress(experimentId));
    },
    async figuresReady(experimentId) {
      await Promise.all([...(pending.get(experimentId) ?? [])]);
    },
    onRunChanged(runId, status) {
      const experimentId = ownerOf(runId);
      if (experimentId === null) return;
      // A run that stopped generating (cancelled, failed, done) adds nothing to the rate any more.
      if (status !== 'running') figures.get(experimentId)?.rate.delete(runId);
      if (status === 'done') figure(experimentId, runId);
      settle(experimentId);
      if (getExperiment(db, experimentId)) opts.onProgress(progress(experimentId));
    },
  };
}
