/**
 * Hand-edited candidates (issue 15): a level saved from the inspector's editor becomes a
 * candidate of the same pool, marked hand-edited, linked to the candidate it came from, and a
 * draft when it breaks a hard rule. Saving records the whole row (with its metric rows and its
 * near-duplicate pairs) as one history change, so undo removes it and redo puts it back with
 * the same id. Undoing a save takes the candidate out of the stored orders it ships in (the
 * level is left empty, named in the order's problems) and records where, in the same history
 * entry, so redo puts it back. Rows are written and read through candidates.ts's one mapping.
 */
import type { OrderingKind } from '../../src-shared/api';
import type { RowChange } from '../../src-shared/history';
import { candidateName } from '../../src-shared/vocabulary';
import { loadOrdering, setOrderingProblems } from './orderings';
import type { Db } from './db';
import { candidateRuns, insertCandidate, provenCandidates } from './candidates';

/** Everything a saved candidate is, as plain JSON (what history records and redo restores). */
export interface CandidateSnapshot {
  runId: number;
  slot: number;
  index: number;
  level: unknown;
  metrics: Record<string, number>;
  difficulty: number | null;
  proof: Record<string, unknown>;
  verdict: string;
  note: string;
  tags: string[];
  handEdited: boolean;
  draft: boolean;
  parentId: number | null;
  /** Its near-duplicate pairs with other candidates of the run (a, b: candidate ids; this one is `self` until stored). */
  pairs: { a: number | 'self'; b: number | 'self'; rule: string; transform: string; share: number }[];
  /** The stored orders' levels it left when its save was last undone (redo puts it back there). */
  leftLevels?: LeftLevel[];
}

/** The index a hand-edited candidate takes in its slot: after every stored one, and never one a generator job may still fill. */
export function nextEditIndex(db: Db, runId: number, slot: number, poolSize: number): number {
  const r = db
    .prepare('SELECT MAX(idx) AS m FROM candidates WHERE run_id = ? AND slot = ?')
    .get(runId, slot) as { m: number | null };
  return Math.max(poolSize, (r.m ?? -1) + 1);
}

function writeRow(db: Db, id: number | null, s: CandidateSnapshot): number {
  // The parent may be gone (its run's rows deleted): keep the link only while it exists.
  const parentId = s.parentId !== null && candidateRuns(db, [s.parentId]).has(s.parentId) ? s.parentId : null;
  const newId = insertCandidate(db, s.runId, { ...s, parentId }, id);
  const exists = db.prepare('SELECT 1 FROM candidates WHERE id = ?');
  const pair = db.prepare(
    'INSERT INTO duplicate_pairs (run_id, a_id, b_id, rule, transform, share) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const p of s.pairs) {
    const a = p.a === 'self' ? newId : p.a,
      b = p.b === 'self' ? newId : p.b;
    if (exists.get(a === newId ? b : a)) pair.run(s.runId, a, b, p.rule, p.transform, p.share);
  }
  return newId;
}

/** Store a new hand-edited candidate; returns its id and the change history records. */
export function insertEditedCandidate(db: Db, s: CandidateSnapshot): { id: number; change: RowChange } {
  const id = writeRow(db, null, s);
  const after: CandidateSnapshot = {
    ...s,
    pairs: s.pairs.map((p) => ({ ...p, a: p.a === 'self' ? id : p.a, b: p.b === 'self' ? id : p.b })),
  };
  return { id, change: { target: 'candidate', id, field: 'row', before: null, after } };
}

/**
 * A stored order's level a saved candidate filled when its save was undone: the level was left
 * empty with `problem` (an order is the search's answer; undo never invents another), and redo
 * puts the candidate back there.
 */
interface LeftLevel {
  kind: OrderingKind;
  level: number;
  problem: string;
}

/**
 * Take a candidate out of every stored order of its run before its row goes: each level it
 * fills is left empty (it reads short, and the pack cannot be exported until the order is
 * recomputed), with a problem naming it. Without this the row's deletion would drop the
 * level's row from the order (a pack one level short).
 */
function leaveOrders(db: Db, id: number): LeftLevel[] {
  const c = db.prepare('SELECT run_id, slot, idx FROM candidates WHERE id = ?').get(id) as
    { run_id: number; slot: number; idx: number } | undefined;
  if (!c) return [];
  const at = db
    .prepare(
      'SELECT kind, level FROM ordering_levels WHERE run_id = ? AND candidate_id = ? ORDER BY kind, level',
    )
    .all(c.run_id, id) as { kind: OrderingKind; level: number }[];
  const left: LeftLevel[] = at.map((o) => ({
    ...o,
    problem: `${candidateName(c.slot, c.idx)} left this order when its save was undone: level ${o.level} is empty until the order is recomputed`,
  }));
  for (const l of left) {
    db.prepare(
      'UPDATE ordering_levels SET candidate_id = NULL WHERE run_id = ? AND kind = ? AND level = ?',
    ).run(c.run_id, l.kind, l.level);
    const o = loadOrdering(db, c.run_id, l.kind)!;
    setOrderingProblems(db, c.run_id, l.kind, [...o.problems, { level: l.level, message: l.problem }]);
  }
  return left;
}

/** Redo of a save: the candidate goes back into the levels it left, where they are still empty (a recomputed order keeps its answer). */
function returnToOrders(db: Db, runId: number, id: number, left: readonly LeftLevel[]): void {
  for (const l of left) {
    const back = db
      .prepare(
        'UPDATE ordering_levels SET candidate_id = ? WHERE run_id = ? AND kind = ? AND level = ? AND candidate_id IS NULL',
      )
      .run(id, runId, l.kind, l.level);
    const o = loadOrdering(db, runId, l.kind);
    if (!o || back.changes === 0) continue;
    setOrderingProblems(
      db,
      runId,
      l.kind,
      o.problems.filter((p) => !(p.level === l.level && p.message === l.problem)),
    );
  }
}

/**
 * History's writer for `candidate.row`: null removes the candidate (its metrics and pairs go
 * with it, and it leaves the stored orders it ships in: leaveOrders), a snapshot puts it back
 * under the same id (and into the levels it left). Removing it answers the snapshot to record
 * for redo: the one recorded, with the levels it left.
 */
export function applyCandidateRow(
  db: Db,
  id: number,
  value: unknown,
  recorded: unknown,
): { record: unknown } | void {
  if (value === null) {
    const left = leaveOrders(db, id);
    db.prepare('DELETE FROM candidates WHERE id = ?').run(id);
    if (recorded !== null && typeof recorded === 'object')
      return { record: { ...(recorded as CandidateSnapshot), leftLevels: left } };
    return;
  }
  const s = value as CandidateSnapshot;
  if (db.prepare('SELECT 1 FROM candidates WHERE id = ?').get(id)) return;
  writeRow(db, id, {
    ...s,
    pairs: s.pairs.map((p) => ({ ...p, a: p.a === id ? 'self' : p.a, b: p.b === id ? 'self' : p.b })),
  });
  returnToOrders(db, s.runId, id, s.leftLevels ?? []);
}

/** The run's candidates a new one in `slot` is compared with: the same near-duplicate window as the run's pass. */
export function neighbourLevels(
  db: Db,
  runId: number,
  inWindow: (slot: number) => boolean,
): { id: number; slot: number; index: number; level: unknown }[] {
  return provenCandidates(db, runId).flatMap((c) =>
    inWindow(c.slot) ? [{ id: c.id, slot: c.slot, index: c.index, level: c.level }] : [],
  );
}

/** A run's drafts (hand-edited levels that break a hard rule), with the plain names of the rules each breaks. */
export function draftsOf(
  db: Db,
  runId: number,
  onlyApproved = false,
): { id: number; slot: number; index: number; broken: string[] }[] {
  const rows = db
    .prepare(
      `SELECT id, slot, idx, proof FROM candidates WHERE run_id = ? AND draft = 1 ${onlyApproved ? "AND verdict = 'approved'" : ''} ORDER BY slot, idx`,
    )
    .all(runId) as { id: number; slot: number; idx: number; proof: string }[];
  return rows.map((r) => {
    const proof = JSON.parse(r.proof) as { broken?: { name?: string }[] };
    const broken = [
      ...new Set((proof.broken ?? []).map((b) => b.name).filter((n): n is string => typeof n === 'string')),
    ];
    return { id: r.id, slot: r.slot, index: r.idx, broken };
  });
}
