/**
 * The rows `reproduce` compares and the one it stamps: every query of runs/reproduce.ts, kept in
 * the store like all SQL.
 */
import type { Db } from './db';

export interface GeneratedCandidateRow {
  id: number;
  slot: number;
  idx: number;
  level: string | null;
  metrics: string;
}

/**
 * A page of a run's generated candidates (hand-edited ones left out), in slot and index order:
 * the first `limit` after (slot, idx) `after` (null: from the start).
 */
export function generatedCandidatePage(
  db: Db,
  runId: number,
  after: { slot: number; idx: number } | null,
  limit: number,
): GeneratedCandidateRow[] {
  return db
    .prepare(
      `SELECT id, slot, idx, level, metrics FROM candidates
        WHERE run_id = ? AND hand_edited = 0 AND (slot > ? OR (slot = ? AND idx > ?))
        ORDER BY slot, idx LIMIT ?`,
    )
    .all(runId, after?.slot ?? -1, after?.slot ?? -1, after?.idx ?? -1, limit) as GeneratedCandidateRow[];
}

/** Reads one candidate's slot, index and stored metrics by id (undefined: no such candidate). */
export function candidateMetricsReader(
  db: Db,
): (id: number) => { slot: number; idx: number; metrics: string } | undefined {
  const get = db.prepare('SELECT slot, idx, metrics FROM candidates WHERE id = ?');
  return (id) => get.get(id) as { slot: number; idx: number; metrics: string } | undefined;
}

/** A run's stored scope (JSON text; null: the whole plan). */
export function runScopeText(db: Db, runId: number): string | null {
  const row = db.prepare('SELECT scope FROM runs WHERE id = ?').get(runId) as
    { scope: string | null } | undefined;
  return row?.scope ?? null;
}

/** Stamps a run with the studio and generator that made another (so two packs differ only in levels). */
export function stampMade(db: Db, runId: number, studio: string | null, generator: string | null): void {
  db.prepare('UPDATE runs SET studio_version = ?, generator = ? WHERE id = ?').run(studio, generator, runId);
}
