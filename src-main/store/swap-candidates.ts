/**
 * The candidates a level's swap options weigh (runs/swap-options.ts), read light: no level and
 * no metrics text, only the stored difficulty and what the steering filters on, and at most
 * `limit` of them. The current pick comes first, then the level's own pool, then the stage's
 * other pools nearest to it, so a bounded read keeps the candidates a designer would swap to.
 */
import type { Verdict } from '../../src-shared/api';
import type { Db } from './db';

export interface SwapCandidate {
  id: number;
  slot: number;
  index: number;
  difficulty: number | null;
  verdict: Verdict;
  draft: boolean;
  proven: boolean;
}

export function swapCandidates(
  db: Db,
  q: {
    runId: number;
    firstSlot: number;
    lastSlot: number;
    ownSlot: number;
    current: number | null;
    limit: number;
  },
): { items: SwapCandidate[]; total: number } {
  const { total } = db
    .prepare('SELECT COUNT(*) AS total FROM candidates WHERE run_id = ? AND slot BETWEEN ? AND ?')
    .get(q.runId, q.firstSlot, q.lastSlot) as { total: number };
  // Pool by pool, nearest first, each read in index order (the (run_id, slot, idx) index):
  // a sort of the whole stage held the main thread for a 50,000-candidate stretch.
  const pool = db.prepare(
    `SELECT id, slot, idx, difficulty, verdict, draft, level IS NOT NULL AS proven FROM candidates
      WHERE run_id = ? AND slot = ? ORDER BY idx LIMIT ?`,
  );
  type Row = {
    id: number;
    slot: number;
    idx: number;
    difficulty: number | null;
    verdict: Verdict;
    draft: number;
    proven: number;
  };
  const rows: Row[] = [];
  if (q.current !== null) {
    const cur = db
      .prepare(
        `SELECT id, slot, idx, difficulty, verdict, draft, level IS NOT NULL AS proven FROM candidates
          WHERE id = ? AND run_id = ? AND slot BETWEEN ? AND ?`,
      )
      .get(q.current, q.runId, q.firstSlot, q.lastSlot) as Row | undefined;
    if (cur) rows.push(cur);
  }
  const span = Math.max(q.ownSlot - q.firstSlot, q.lastSlot - q.ownSlot);
  for (let d = 0; d <= span && rows.length < q.limit; d++)
    for (const slot of d === 0 ? [q.ownSlot] : [q.ownSlot - d, q.ownSlot + d]) {
      if (slot < q.firstSlot || slot > q.lastSlot || rows.length >= q.limit) continue;
      for (const r of pool.all(q.runId, slot, q.limit - rows.length + 1) as Row[])
        if (r.id !== q.current && rows.length < q.limit) rows.push(r);
    }
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      slot: r.slot,
      index: r.idx,
      difficulty: r.difficulty,
      verdict: r.verdict,
      draft: r.draft !== 0,
      proven: r.proven !== 0,
    })),
  };
}

/** The levels (parsed) of a few candidates, by id. */
export function candidateLevels(db: Db, ids: readonly number[]): Map<number, unknown> {
  const out = new Map<number, unknown>();
  const get = db.prepare('SELECT level FROM candidates WHERE id = ?');
  for (const id of ids) {
    const r = get.get(id) as { level: string | null } | undefined;
    if (r?.level != null) out.set(id, JSON.parse(r.level) as unknown);
  }
  return out;
}
