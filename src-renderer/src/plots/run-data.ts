/** Loading what the Plots page draws for one run: every pool point and the automatic ordering. */
import type { OrderingView, PoolPoint } from '../../../src-shared/api';
import { studio } from '../lib/studio.svelte';

export interface RunPlotData {
  runId: number;
  points: PoolPoint[];
  ordering: OrderingView;
}

export async function loadRunPlotData(runId: number): Promise<RunPlotData> {
  const [points, ordering] = await Promise.all([
    studio.client.call('candidates.points', { runId }),
    studio.client.call('orderings.get', { runId, kind: 'automatic' }),
  ]);
  return { runId, points, ordering };
}

/** A pool point placed on the level axis (slot s is level s+1's pool), jittered. */
export interface PlacedPoint extends PoolPoint {
  level: number;
  x: number;
  shipped: boolean;
}
