/**
 * An experiment's runs on the studio's one run engine: they are ordinary runs (same engine,
 * same worker pool, same open database), queued together, so the engine overlaps one run's
 * tail with the next one's start. This module follows their progress and status events and
 * turns them into one progress figure for the whole experiment (runs weighted by their
 * candidates; it only moves forward within a process) and one status, stored with it;
 * cancel and resume act on every unfinished run.
 */
import { ApiError, type RunProgress, type RunStatus } from '../../src-shared/api';
import { gameById } from '../../src-shared/games/index';
import { overallProgress } from '../../src-shared/progress';
import type { ExperimentProgress, ExperimentRunCell, ExperimentStatus } from '../../src-shared/experiments/types';
import type { Db } from '../store/db';
import { experimentOfRun, experimentRuns, getExperiment, setExperimentStatus } from '../store/experiments';

/** What the runner needs of the run engine. */
export interface RunQueue {
  enqueue(runId: number): void;
  cancel(runId: number): void;
  isActive(runId: number): boolean;
  heldElsewhere(runId: number): string | null;
  sweep(): number[];
}

export interface ExperimentRunner {
  /** Queue every unfinished run of an experiment (a new one, or a resume). */
  start(experimentId: number): void;
  cancel(experimentId: number): void;
  /** True while any of its runs is queued or running here. */
  isActive(experimentId: number): boolean;
  progress(experimentId: number): ExperimentProgress;
  /** The engine's events, passed on (service.ts wires them). */
  onRunProgress(p: RunProgress): void;
  onRunChanged(runId: number, status: RunStatus): void;
}

/** The experiment's status from its runs' statuses. */
export function experimentStatus(statuses: readonly RunStatus[]): ExperimentStatus {
  if (statuses.length === 0 || statuses.every((s) => s === 'done')) return 'done';
  if (statuses.some((s) => s === 'running')) return 'running';
  if (statuses.some((s) => s === 'queued')) return statuses.some((s) => s !== 'queued') ? 'running' : 'queued';
  if (statuses.includes('failed')) return 'failed';
  if (statuses.includes('interrupted')) return 'interrupted';
  return 'cancelled';
}

export function createExperimentRunner(opts: {
  db: Db;
  engine: () => RunQueue;
  onProgress: (p: ExperimentProgress) => void;
  onChanged: (experimentId: number, status: ExperimentStatus) => void;
}): ExperimentRunner {
  const { db } = opts;
  /** Per experiment: the overall figure shown last (it never goes down) and each run's own. */
  const figures = new Map<number, { overall: number; runs: Map<number, number>; rate: Map<number, number> }>();
  /** run -> experiment, for the runs this process has seen (null: not an experiment's run). */
  const owners = new Map<number, number | null>();

  const ownerOf = (runId: number): number | null => {
    if (!owners.has(runId)) owners.set(runId, experimentOfRun(db, runId));
    return owners.get(runId)!;
  };

  /** A run's fraction done from what is stored: 1 when done, else its generation so far. */
  const storedFraction = (game: string, cell: ExperimentRunCell): number =>
    cell.status === 'done' ? 1 : overallProgress('generate', cell.candidatesDone, cell.candidatesTotal, gameById(game).phaseWeights);

  const progress = (experimentId: number): ExperimentProgress => {
    const e = getExperiment(db, experimentId);
    if (!e) throw new ApiError('not-found', `experiment ${experimentId} does not exist`);
    const cells = experimentRuns(db, experimentId);
    const f = figures.get(experimentId) ?? { overall: 0, runs: new Map<number, number>(), rate: new Map<number, number>() };
    figures.set(experimentId, f);
    let weight = 0, sum = 0, cDone = 0, cTotal = 0, runsDone = 0;
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
    const left = Math.max(0, cTotal - cDone);
    return {
      experimentId,
      status,
      overall: f.overall,
      runsDone,
      runsTotal: cells.length,
      candidatesDone: cDone,
      candidatesTotal: cTotal,
      rate,
      etaSeconds: status === 'done' ? 0 : rate > 0 ? left / rate : null,
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
      const cells = experimentRuns(db, experimentId).filter((c) => c.status !== 'done' && !engine.isActive(c.runId));
      for (const c of cells) {
        const elsewhere = engine.heldElsewhere(c.runId);
        if (elsewhere) throw new ApiError('conflict', `cannot run experiment ${experimentId}: ${elsewhere}`);
      }
      for (const c of cells) {
        owners.set(c.runId, experimentId);
        engine.enqueue(c.runId);
      }
      settle(experimentId);
      opts.onProgress(progress(experimentId));
    },
    cancel(experimentId) {
      const engine = opts.engine();
      for (const c of experimentRuns(db, experimentId)) if (engine.isActive(c.runId)) engine.cancel(c.runId);
      settle(experimentId);
    },
    isActive(experimentId) {
      const engine = opts.engine();
      return experimentRuns(db, experimentId).some((c) => engine.isActive(c.runId));
    },
    progress,
    onRunProgress(p) {
      const experimentId = ownerOf(p.runId);
      if (experimentId === null) return;
      const f = figures.get(experimentId) ?? { overall: 0, runs: new Map<number, number>(), rate: new Map<number, number>() };
      figures.set(experimentId, f);
      f.runs.set(p.runId, Math.max(f.runs.get(p.runId) ?? 0, p.overall));
      // Generation rates of the runs generating now add up (they share the pool).
      if (p.stage === 'generate' && p.rate > 0) f.rate.set(p.runId, p.rate);
      else f.rate.delete(p.runId);
      opts.onProgress(progress(experimentId));
    },
    onRunChanged(runId, _status) {
      const experimentId = ownerOf(runId);
      if (experimentId === null) return;
      settle(experimentId);
      if (getExperiment(db, experimentId)) opts.onProgress(progress(experimentId));
    },
  };
}
