/** Bench fixtures: many real stored candidates in a run, without waiting for a whole run. */
import { carillonGame } from '../../src-shared/games/carillon/index';
import { insertCandidates, type NewCandidate } from '../store/candidates';
import type { Db } from '../store/db';
import { insertRun } from '../store/runs';

/** A done Carillon run holding `count` real candidates (16 per slot, grown from the default plan's slots). */
export function insertCarillonRun(db: Db, count: number): { runId: number; insertMs: number } {
  const plan = carillonGame.defaultPlan;
  const rules = carillonGame.defaultRules;
  const slots = Math.ceil(count / 16);
  const runId = insertRun(db, { game: 'carillon', seed: 1, name: `${count} candidates (bench)`, plan, rules, status: 'done', levels: slots, candidatesTotal: count }, new Date().toISOString());
  const rows: NewCandidate[] = [];
  for (let i = 0; i < count; i++) {
    const slot = Math.floor(i / 16), index = i % 16;
    const c = carillonGame.generate({ rules, plan, seed: 1, slot: slot % 120, index: index + 16 * Math.floor(slot / 120) });
    rows.push({ slot, index, level: c.level, metrics: c.metrics, difficulty: c.metrics['bits'] ?? null, proof: { tries: c.tries } });
  }
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i += 500) insertCandidates(db, runId, rows.slice(i, i + 500));
  return { runId, insertMs: performance.now() - t0 };
}
