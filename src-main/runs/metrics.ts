/** Metrics the studio adds to every game's own: how long a candidate took to build and prove. */
import type { MetricInfo } from '../../src-shared/game';

export const JOB_MS_METRIC: MetricInfo = {
  key: 'jobMs',
  label: 'Build time (ms)',
  integer: false,
  cost: true,
  developer: true,
  explain:
    'How long a worker took to build and prove this candidate, in milliseconds (a cost, not a difficulty).',
};
