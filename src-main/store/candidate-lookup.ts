/**
 * Single candidates read by id, for the run use-cases: a stored level (packs), a level's
 * point on the difficulty curve (ordering views) and its slot and index (history labels).
 * Each takes many ids and prepares its statement once.
 */
import type { Db } from './db';
import type { AnyGame } from '../../src-shared/games/index';
import { ApiError } from '../../src-shared/api';
import { candidateName } from '../../src-shared/vocabulary';
import { readStored } from './stored-data';

/**
 * The stored levels of `ids`, in the same order (a pack's levels): each migrated from its data
 * version and parsed with the game's schema, so a pack is only ever written from levels the
 * game reads. One that cannot be read refuses the pack, naming the run, the candidate and why.
 */
export function candidateLevels(db: Db, game: AnyGame, ids: readonly number[]): unknown[] {
  const get = db.prepare('SELECT run_id, slot, idx, level, data_version FROM candidates WHERE id = ?');
  return ids.map((id) => {
    const r = get.get(id) as {
      run_id: number;
      slot: number;
      idx: number;
      level: string;
      data_version: number;
    };
    const read = readStored(game, 'level', r.level, r.data_version);
    if (!read.ok)
      throw new ApiError(
        'conflict',
        `run ${r.run_id}: the stored level of candidate ${candidateName(r.slot, r.idx)} cannot be read (${read.reason}); no pack is written`,
      );
    return read.value;
  });
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

/** A run's candidate ids in slot and index order. */
export function candidateIdsInOrder(db: Db, runId: number): number[] {
  return (
    db.prepare('SELECT id FROM candidates WHERE run_id = ? ORDER BY slot, idx').all(runId) as { id: number }[]
  ).map((r) => r.id);
}
