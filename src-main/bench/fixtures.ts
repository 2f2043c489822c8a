/** Bench fixtures: many real stored candidates in a run, without waiting for a whole run. */
import { gameById } from '../../src-shared/games/index';
import { insertCandidates, type NewCandidate } from '../store/candidates';
import type { Db } from '../store/db';
import { insertRun } from '../store/runs';

/**
 * A done run of `game` holding `count` real candidates (16 per slot, grown from the default
 * plan's slots, the plan's levels repeated with later candidate indices past its end).
 */
export function insertGeneratedRun(
  db: Db,
  gameId: string,
  count: number,
): { runId: number; insertMs: number } {
  const game = gameById(gameId);
  const plan = game.defaultPlan;
  const rules = game.defaultRules;
  const levels = game.levelCount(plan);
  const slots = Math.ceil(count / 16);
  const runId = insertRun(
    db,
    {
      game: game.id,
      seed: 1,
      name: `${count} candidates (bench)`,
      plan,
      rules,
      status: 'done',
      levels: slots,
      candidatesTotal: count,
    },
    new Date().toISOString(),
  );
  const rows: NewCandidate[] = [];
  for (let i = 0; i < count; i++) {
    const slot = Math.floor(i / 16),
      index = i % 16;
    const c = game.generate({
      rules,
      plan,
      seed: 1,
      slot: slot % levels,
      index: index + 16 * Math.floor(slot / levels),
    });
    rows.push({
      slot,
      index,
      level: c.level,
      metrics: c.metrics,
      difficulty: c.metrics[game.difficulty] ?? null,
      proof: { tries: c.tries },
    });
  }
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i += 500) insertCandidates(db, runId, rows.slice(i, i + 500));
  return { runId, insertMs: performance.now() - t0 };
}

/** A done Carillon run holding `count` real candidates. */
export function insertCarillonRun(db: Db, count: number): { runId: number; insertMs: number } {
  return insertGeneratedRun(db, 'carillon', count);
}
