/**
 * Loading what the Plots page draws for one run: every pool point, the automatic ordering and
 * the plan's stages (the expressive range's stage choice).
 */
import type { OrderingView, PoolPoint } from '../../../src-shared/api';
import type { PlanStage } from '../../../src-shared/game';
import { gameViews } from '../games/index';
import { studio } from '../lib/studio.svelte';

export interface RunPlotData {
  runId: number;
  points: PoolPoint[];
  ordering: OrderingView;
  /** The plan's rows as level ranges (a stretch, a stage), and what the game calls one. */
  stages: PlanStage[];
  stageWord: string;
}

export async function loadRunPlotData(runId: number): Promise<RunPlotData> {
  const [points, ordering, run] = await Promise.all([
    studio.client.call('candidates.points', { runId }),
    studio.client.call('orderings.get', { runId, kind: 'automatic' }),
    studio.client.call('runs.get', { runId }),
  ]);
  const game = gameViews.find((v) => v.game.id === run.game)?.game;
  // A plan this studio cannot read (run.dataProblem) has no stages to offer; levels still work.
  let stages: PlanStage[] = [];
  if (game && !run.dataProblem)
    try {
      stages = game.stages(run.plan);
    } catch {
      stages = [];
    }
  return { runId, points, ordering, stages, stageWord: game?.words.stage ?? 'stage' };
}

/** A pool point placed on the level axis (slot s is level s+1's pool), jittered. */
export interface PlacedPoint extends PoolPoint {
  level: number;
  x: number;
  shipped: boolean;
}
