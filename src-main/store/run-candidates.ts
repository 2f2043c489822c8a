/**
 * A run's candidates as stored rows, in slot order: `reproduce` (../runs/reproduce.ts) compares
 * them with a run made again, and the bench's heavy fixtures (../bench/heavy-fixtures.ts) order
 * them. Reads only; store/candidates.ts is the one module that writes candidate rows.
 */
import type { Db } from './db';

export interface StoredCandidate {
  id: number;
  slot: number;
  idx: number;
  level: string | null;
  metrics: string;
}

/** The candidates the generator made (hand-edited ones left out), by slot then index. */
export function generatedCandidates(db: Db, runId: number): StoredCandidate[] {
  return db
    .prepare(
      'SELECT id, slot, idx, level, metrics FROM candidates WHERE run_id = ? AND hand_edited = 0 ORDER BY slot, idx',
    )
    .all(runId) as StoredCandidate[];
}

/** A lookup of one candidate's slot, index and metrics by id (prepared once, for many ids). */
export function candidatePlaceLookup(
  db: Db,
): (id: number) => { slot: number; idx: number; metrics: string } | undefined {
  const get = db.prepare('SELECT slot, idx, metrics FROM candidates WHERE id = ?');
  return (id) => get.get(id) as { slot: number; idx: number; metrics: string } | undefined;
}

/** Every candidate id of a run, by slot then index. */
export function candidateIdsInOrder(db: Db, runId: number): number[] {
  return (
    db.prepare('SELECT id FROM candidates WHERE run_id = ? ORDER BY slot, idx').all(runId) as { id: number }[]
  ).map((r) => r.id);
}
