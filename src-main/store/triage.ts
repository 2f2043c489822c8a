/**
 * Duplicate triage as stored: the near-duplicate pairs a designer marked "fine" (both may ship),
 * per run and pair of candidates, with who decided and when. Changed only through history
 * (the write returns its RowChange; history's applier writes a recorded value back).
 */
import type { PairTriageValue, RowChange } from '../../src-shared/history';
import type { Db } from './db';

export interface FineMark {
  a: number;
  b: number;
  by: string;
  at: string;
}

/** The pair's key: its two candidate ids, lower first (the table's order). */
const pairKey = (x: number, y: number): { a: number; b: number } => (x < y ? { a: x, b: y } : { a: y, b: x });

/** Every pair of a run marked fine. */
export function loadFineMarks(db: Db, runId: number): FineMark[] {
  return db
    .prepare(
      "SELECT a_id AS a, b_id AS b, decided_by AS by, decided_at AS at FROM pair_triage WHERE run_id = ? AND decision = 'fine' ORDER BY a_id, b_id",
    )
    .all(runId) as FineMark[];
}

function fineOf(db: Db, runId: number, a: number, b: number): PairTriageValue['fine'] {
  const r = db
    .prepare(
      "SELECT decided_by AS by, decided_at AS at FROM pair_triage WHERE run_id = ? AND a_id = ? AND b_id = ? AND decision = 'fine'",
    )
    .get(runId, a, b) as { by: string; at: string } | undefined;
  return r ? { by: r.by, at: r.at } : null;
}

/** Write a pair's triage value as it is (history's applier, and the write below). */
export function writePairTriage(db: Db, runId: number, v: PairTriageValue): void {
  const { a, b } = pairKey(v.a, v.b);
  if (v.fine === null)
    db.prepare('DELETE FROM pair_triage WHERE run_id = ? AND a_id = ? AND b_id = ?').run(runId, a, b);
  else {
    db.prepare(
      `INSERT INTO pair_triage (run_id, a_id, b_id, decision, decided_by, decided_at) VALUES (?, ?, ?, 'fine', ?, ?)
       ON CONFLICT (run_id, a_id, b_id) DO UPDATE SET decision = excluded.decision, decided_by = excluded.decided_by, decided_at = excluded.decided_at`,
    ).run(runId, a, b, v.fine.by, v.fine.at);
  }
}

/**
 * Mark a pair fine (by `by`, at `at`) or take the mark off (fine = null). Returns the change,
 * or nothing when the pair is already so (a second "fine" keeps the first decider).
 */
export function setPairFine(
  db: Db,
  runId: number,
  x: number,
  y: number,
  fine: { by: string; at: string } | null,
): RowChange[] {
  const { a, b } = pairKey(x, y);
  const before = fineOf(db, runId, a, b);
  if ((before === null) === (fine === null)) return [];
  const after: PairTriageValue = { a, b, fine };
  writePairTriage(db, runId, after);
  return [
    {
      target: 'run',
      id: runId,
      field: 'pair-triage',
      before: { a, b, fine: before } satisfies PairTriageValue,
      after,
    },
  ];
}

/** How far a run's pairs are triaged: marked fine, settled by rejecting a side, and still open. */
export function triageCounts(db: Db, runId: number): { fine: number; rejected: number; open: number } {
  const r = db
    .prepare(
      `SELECT COUNT(t.run_id) AS fine,
              SUM(t.run_id IS NULL AND (a.verdict = 'rejected' OR b.verdict = 'rejected')) AS rejected,
              SUM(t.run_id IS NULL AND a.verdict <> 'rejected' AND b.verdict <> 'rejected') AS open
       FROM duplicate_pairs p
       JOIN candidates a ON a.id = p.a_id JOIN candidates b ON b.id = p.b_id
       LEFT JOIN pair_triage t ON t.run_id = p.run_id AND t.a_id = MIN(p.a_id, p.b_id) AND t.b_id = MAX(p.a_id, p.b_id)
       WHERE p.run_id = ?`,
    )
    .get(runId) as { fine: number; rejected: number | null; open: number | null };
  return { fine: r.fine, rejected: r.rejected ?? 0, open: r.open ?? 0 };
}
