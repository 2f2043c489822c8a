/** Progress stages of a plan: the game's stages (a Carillon stretch, an Apsis stage) as slot ranges. */
import type { AnyGame } from '../../src-shared/games/index';

export interface PlanStage {
  name: string;
  from: number; // 0-based first slot
  to: number; // 0-based last slot
}

export function planStages(game: AnyGame, plan: unknown): PlanStage[] {
  const n = game.levelCount(plan);
  const stages = game
    .stages(plan)
    .filter((s) => s.first >= 1 && s.last >= s.first && s.last <= n)
    .map((s) => ({
      name: s.first === s.last ? `level ${s.first}` : `levels ${s.first}–${s.last}`,
      from: s.first - 1,
      to: s.last - 1,
    }));
  return stages.length > 0 ? stages : [{ name: `levels 1–${n}`, from: 0, to: n - 1 }];
}
