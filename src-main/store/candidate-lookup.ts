/**
 * Single candidates read by id, for the run use-cases: a stored level (packs), a level's
 * point on the difficulty curve (ordering views) and its slot and index (history labels).
 * Each takes many ids and prepares its statement once.
 */
import type { Db } from './db';

/** The stored levels of `ids`, parsed, in the same order (a pack's levels). */
export function candidateLevels(db: Db, ids: readonly number[]): unknown[] {
  const get = db.prepare('SELECT level FROM candidates WHERE id = ?');
  return ids.map((id) => JSON.parse((get.get(id) as { level: string }).level) as unknown);
}

export interface CurvePoint {
  slot: number;
  /** Place in its pool (0-based): with slot, the candidate's name "L12 · c3". */
  index: number;
  difficulty: number | null;
  metrics: Record<string, number>;
}

/** Slot, index, difficulty and metrics by id (an id that is not stored is left out). */
export function curvePoints(db: Db, ids: readonly number[]): Map<number, CurvePoint> {
  const get = db.prepare('SELECT slot, idx, difficulty, metrics FROM candidates WHERE id = ?');
  const out = new Map<number, CurvePoint>();
  for (const id of ids) {
    const c = get.get(id) as
      { slot: number; idx: number; difficulty: number | null; metrics: string } | undefined;
    if (c)
      out.set(id, {
        slot: c.slot,
        index: c.idx,
        difficulty: c.difficulty,
        metrics: JSON.parse(c.metrics) as Record<string, number>,
      });
  }
  return out;
}

/** Slot and index by id (an id that is not stored is left out). */
export function slotIndexes(db: Db, ids: readonly number[]): Map<number, { slot: number; index: number }> {
  const get = db.prepare('SELECT slot, idx FROM candidates WHERE id = ?');
  const out = new Map<number, { slot: number; index: number }>();
  for (const id of ids) {
    const r = get.get(id) as { slot: number; idx: number } | undefined;
    if (r) out.set(id, { slot: r.slot, index: r.idx });
  }
  return out;
}
