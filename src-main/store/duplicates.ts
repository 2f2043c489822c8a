/** Stored near-duplicate pairs among a run's candidates. */
import type { DuplicatePairView } from '../../src-shared/api';
import type { Db } from './db';

export interface NewPair {
  a: number;
  b: number;
  rule: string;
  transform: string;
  share: number;
}

export function replacePairs(db: Db, runId: number, pairs: readonly NewPair[]): void {
  db.transaction(() => {
    db.prepare('DELETE FROM duplicate_pairs WHERE run_id = ?').run(runId);
    const ins = db.prepare('INSERT INTO duplicate_pairs (run_id, a_id, b_id, rule, transform, share) VALUES (?, ?, ?, ?, ?, ?)');
    for (const p of pairs) ins.run(runId, p.a, p.b, p.rule, p.transform, p.share);
  })();
}

export function listPairs(db: Db, runId: number, limit: number): DuplicatePairView[] {
  const rows = db
    .prepare(
      `SELECT p.id, p.rule, p.transform, p.share, a.id AS a_id, a.slot AS a_slot, a.idx AS a_idx, b.id AS b_id, b.slot AS b_slot, b.idx AS b_idx
       FROM duplicate_pairs p JOIN candidates a ON a.id = p.a_id JOIN candidates b ON b.id = p.b_id
       WHERE p.run_id = ? ORDER BY p.share DESC, p.id LIMIT ?`,
    )
    .all(runId, limit) as { id: number; rule: string; transform: string; share: number; a_id: number; a_slot: number; a_idx: number; b_id: number; b_slot: number; b_idx: number }[];
  return rows.map((r) => ({
    id: r.id,
    rule: r.rule,
    transform: r.transform,
    share: r.share,
    a: { id: r.a_id, slot: r.a_slot, index: r.a_idx },
    b: { id: r.b_id, slot: r.b_slot, index: r.b_idx },
  }));
}

/** A run's stored pairs as candidate ids only. */
export function pairIds(db: Db, runId: number): { a: number; b: number }[] {
  return db.prepare('SELECT a_id AS a, b_id AS b FROM duplicate_pairs WHERE run_id = ?').all(runId) as { a: number; b: number }[];
}
