/** The events main pushes to every client: run and experiment progress and status changes. */
import type { ExperimentProgress, ExperimentStatus } from '../experiments/types';
import type { ReproduceJob, RunProgress, RunStatus } from './runs';

export interface ApiEvents {
  'run.progress': RunProgress;
  'run.changed': { runId: number; status: RunStatus };
  /** A reproduce check's progress and, at the end, its verdict (runs.reproduce). */
  'run.reproduce': ReproduceJob;
  'experiment.progress': ExperimentProgress;
  'experiment.changed': { experimentId: number; status: ExperimentStatus };
}
export type ApiEventName = keyof ApiEvents;
export const apiEventNames: ApiEventName[] = [
  'run.progress',
  'run.changed',
  'run.reproduce',
  'experiment.progress',
  'experiment.changed',
];
