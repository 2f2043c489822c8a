/** Progress stages of a plan: the rows the game describes it by (e.g. "22–49"), as slot ranges. */
import type { AnyGame } from '../../src-shared/game';

export interface PlanStage {
  name: string;
  from: number; // 0-based first slot
  to: number; // 0-based last slot
}

export function planStages(game: AnyGame, plan: unknown): PlanStage[] {
  const n = game.levelCount(plan);
  const rows = game.describePlan ? game.describePlan(plan) : [];
  const stages: PlanStage[] = [];
  for (const row of rows) {
    const m = /^(\d+)(?:\s*[–-]\s*(\d+))?$/.exec(row.levels.trim());
    if (!m) continue;
    const from = Number(m[1]) - 1;
    const to = Number(m[2] ?? m[1]) - 1;
    if (from >= 0 && to >= from && to < n) stages.push({ name: `levels ${row.levels}`, from, to });
  }
  return stages.length > 0 ? stages : [{ name: `levels 1–${n}`, from: 0, to: n - 1 }];
}
