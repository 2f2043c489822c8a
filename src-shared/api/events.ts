/**
 * The events main pushes to every client: run and experiment progress and status changes, and
 * the runs another process changed on the same database.
 */
import type { ExperimentProgress, ExperimentStatus } from '../experiments/types';
import type { ReproduceJob, RunProgress, RunStatus } from './runs';

export interface ApiEvents {
  'run.progress': RunProgress;
  'run.changed': { runId: number; status: RunStatus };
  /** A reproduce check's progress and, at the end, its verdict (runs.reproduce). */
  'run.reproduce': ReproduceJob;
  /**
   * Runs another process (the CLI, a second studio) made, changed or deleted on the same
   * database, seen through SQLite's change signal: each with its status now (null: deleted).
   * A run's stored candidates growing counts as a change, reported at most every 2 s.
   */
  'runs.changedElsewhere': { runs: { runId: number; status: RunStatus | null }[] };
  'experiment.progress': ExperimentProgress;
  'experiment.changed': { experimentId: number; status: ExperimentStatus };
  /**
   * Playtest attempts were stored for a run (however they came: the studio's blind sessions,
   * an imported results file), so the screens that list them (Plots' Players section, the
   * inspector's attempts) read them again. Sent only when something was added.
   */
  'playtests.stored': { runId: number; added: number };
}
export type ApiEventName = keyof ApiEvents;
export const apiEventNames: ApiEventName[] = [
  'run.progress',
  'run.changed',
  'run.reproduce',
  'runs.changedElsewhere',
  'experiment.progress',
  'experiment.changed',
  'playtests.stored',
];
