/**
 * Stored near-duplicate pairs among a run's candidates, read with what triage needs: both
 * candidates' verdicts, the level each ships as in one stored order, and the pair's "fine" mark.
 */
import type {
  DuplicatePairView,
  DuplicateShipsFilter,
  DuplicateTriageFilter,
  OrderingKind,
  Verdict,
} from '../../src-shared/api';
import { pairShown } from '../../src-shared/duplicate-filter';
import type { Db } from './db';
import { loadFineMarks } from './triage';
import { writeTransaction } from './write-transaction';

export interface NewPair {
  a: number;
  b: number;
  rule: string;
  transform: string;
  share: number;
}

export function replacePairs(db: Db, runId: number, pairs: readonly NewPair[]): void {
  writeTransaction(db, () => {
    db.prepare('DELETE FROM duplicate_pairs WHERE run_id = ?').run(runId);
    const ins = db.prepare(
      'INSERT INTO duplicate_pairs (run_id, a_id, b_id, rule, transform, share) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const p of pairs) ins.run(runId, p.a, p.b, p.rule, p.transform, p.share);
  });
}

/** A run's stored pairs, as the pass wrote them. */
export function storedPairs(db: Db, runId: number): NewPair[] {
  return db
    .prepare(
      'SELECT a_id AS a, b_id AS b, rule, transform, share FROM duplicate_pairs WHERE run_id = ? ORDER BY id',
    )
    .all(runId) as NewPair[];
}

/** The order a designer ships now: the steered one when there is one, else the approved, else the automatic; null before any. */
function currentOrderKind(db: Db, runId: number): OrderingKind | null {
  const kinds = new Set(
    (db.prepare('SELECT kind FROM orderings WHERE run_id = ?').all(runId) as { kind: OrderingKind }[]).map(
      (r) => r.kind,
    ),
  );
  return (['steered', 'approved', 'automatic'] as const).find((k) => kinds.has(k)) ?? null;
}

/** Candidate id → the level it ships as in `kind`. */
function shippedLevels(db: Db, runId: number, kind: OrderingKind | null): Map<number, number> {
  if (kind === null) return new Map();
  const rows = db
    .prepare(
      'SELECT candidate_id AS id, level FROM ordering_levels WHERE run_id = ? AND kind = ? AND candidate_id IS NOT NULL',
    )
    .all(runId, kind) as { id: number; level: number }[];
  return new Map(rows.map((r) => [r.id, r.level]));
}

export interface PairQuery {
  runId: number;
  limit: number;
  /** The order "ships" is read against (default: the current one, see currentOrderKind). */
  order?: OrderingKind;
  ships?: DuplicateShipsFilter;
  triage?: DuplicateTriageFilter;
  /** Only this pair. */
  pairId?: number;
}

/** A run's pairs, closest first, filtered; by default every pair not marked fine. */
export function listPairs(db: Db, q: PairQuery): DuplicatePairView[] {
  const order = q.order ?? currentOrderKind(db, q.runId);
  const ships = shippedLevels(db, q.runId, order);
  const fine = new Map(loadFineMarks(db, q.runId).map((m) => [`${m.a}:${m.b}`, { by: m.by, at: m.at }]));
  const rows = db
    .prepare(
      `SELECT p.id, p.rule, p.transform, p.share,
              a.id AS a_id, a.slot AS a_slot, a.idx AS a_idx, a.verdict AS a_verdict,
              b.id AS b_id, b.slot AS b_slot, b.idx AS b_idx, b.verdict AS b_verdict
       FROM duplicate_pairs p JOIN candidates a ON a.id = p.a_id JOIN candidates b ON b.id = p.b_id
       WHERE p.run_id = ? ${q.pairId !== undefined ? 'AND p.id = ?' : ''} ORDER BY p.share DESC, p.id`,
    )
    .all(...(q.pairId !== undefined ? [q.runId, q.pairId] : [q.runId])) as {
    id: number;
    rule: string;
    transform: string;
    share: number;
    a_id: number;
    a_slot: number;
    a_idx: number;
    a_verdict: Verdict;
    b_id: number;
    b_slot: number;
    b_idx: number;
    b_verdict: Verdict;
  }[];
  const out: DuplicatePairView[] = [];
  for (const r of rows) {
    const p: DuplicatePairView = {
      id: r.id,
      rule: r.rule,
      transform: r.transform,
      share: r.share,
      a: {
        id: r.a_id,
        slot: r.a_slot,
        index: r.a_idx,
        verdict: r.a_verdict,
        ships: ships.get(r.a_id) ?? null,
      },
      b: {
        id: r.b_id,
        slot: r.b_slot,
        index: r.b_idx,
        verdict: r.b_verdict,
        ships: ships.get(r.b_id) ?? null,
      },
      fine: fine.get(r.a_id < r.b_id ? `${r.a_id}:${r.b_id}` : `${r.b_id}:${r.a_id}`) ?? null,
      order,
    };
    if (!pairShown(p, q.ships ?? 'any', q.triage ?? 'open')) continue;
    out.push(p);
    if (out.length >= q.limit) break;
  }
  return out;
}

/** One stored pair by id (with its run), or null. */
export function getPair(db: Db, pairId: number): { runId: number; a: number; b: number } | null {
  const r = db
    .prepare('SELECT run_id AS runId, a_id AS a, b_id AS b FROM duplicate_pairs WHERE id = ?')
    .get(pairId) as { runId: number; a: number; b: number } | undefined;
  return r ?? null;
}

/** The pair `pairId` as the list shows it (any filter), or null. */
export function pairView(db: Db, pairId: number, order?: OrderingKind): DuplicatePairView | null {
  const head = getPair(db, pairId);
  if (!head) return null;
  return (
    listPairs(db, { runId: head.runId, limit: 1, triage: 'all', pairId, ...(order ? { order } : {}) })[0] ??
    null
  );
}

/** A run's stored pairs as candidate ids only. */
export function pairIds(db: Db, runId: number): { a: number; b: number }[] {
  return db.prepare('SELECT a_id AS a, b_id AS b FROM duplicate_pairs WHERE run_id = ?').all(runId) as {
    a: number;
    b: number;
  }[];
}
