/**
 * Hand-edited candidates (issue 15): a level saved from the inspector's editor becomes a
 * candidate of the same pool, marked hand-edited, linked to the candidate it came from, and a
 * draft when it breaks a hard rule. Saving records the whole row (with its metric rows and its
 * near-duplicate pairs) as one history change, so undo removes it and redo puts it back with
 * the same id. Rows are written and read through candidates.ts's one mapping.
 */
import type { RowChange } from '../../src-shared/history';
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
}

/** The index a hand-edited candidate takes in its slot: after every stored one, and never one a generator job may still fill. */
export function nextEditIndex(db: Db, runId: number, slot: number, poolSize: number): number {
  const r = db.prepare('SELECT MAX(idx) AS m FROM candidates WHERE run_id = ? AND slot = ?').get(runId, slot) as { m: number | null };
  return Math.max(poolSize, (r.m ?? -1) + 1);
}

function writeRow(db: Db, id: number | null, s: CandidateSnapshot): number {
  // The parent may be gone (its run's rows deleted): keep the link only while it exists.
  const parentId = s.parentId !== null && candidateRuns(db, [s.parentId]).has(s.parentId) ? s.parentId : null;
  const newId = insertCandidate(db, s.runId, { ...s, parentId }, id);
  const exists = db.prepare('SELECT 1 FROM candidates WHERE id = ?');
  const pair = db.prepare('INSERT INTO duplicate_pairs (run_id, a_id, b_id, rule, transform, share) VALUES (?, ?, ?, ?, ?, ?)');
  for (const p of s.pairs) {
    const a = p.a === 'self' ? newId : p.a, b = p.b === 'self' ? newId : p.b;
    if (exists.get(a === newId ? b : a)) pair.run(s.runId, a, b, p.rule, p.transform, p.share);
  }
  return newId;
}

/** Store a new hand-edited candidate; returns its id and the change history records. */
export function insertEditedCandidate(db: Db, s: CandidateSnapshot): { id: number; change: RowChange } {
  const id = writeRow(db, null, s);
  const after: CandidateSnapshot = { ...s, pairs: s.pairs.map((p) => ({ ...p, a: p.a === 'self' ? id : p.a, b: p.b === 'self' ? id : p.b })) };
  return { id, change: { target: 'candidate', id, field: 'row', before: null, after } };
}

/** History's writer for `candidate.row`: null removes the candidate (its metrics and pairs go with it), a snapshot puts it back under the same id. */
export function applyCandidateRow(db: Db, id: number, value: unknown): void {
  if (value === null) {
    db.prepare('DELETE FROM candidates WHERE id = ?').run(id);
    return;
  }
  const s = value as CandidateSnapshot;
  if (db.prepare('SELECT 1 FROM candidates WHERE id = ?').get(id)) return;
  writeRow(db, id, { ...s, pairs: s.pairs.map((p) => ({ ...p, a: p.a === id ? 'self' : p.a, b: p.b === id ? 'self' : p.b })) });
}

/** The run's candidates a new one in `slot` is compared with: the same near-duplicate window as the run's pass. */
export function neighbourLevels(db: Db, runId: number, inWindow: (slot: number) => boolean): { id: number; slot: number; index: number; level: unknown }[] {
  return provenCandidates(db, runId).flatMap((c) => (inWindow(c.slot) ? [{ id: c.id, slot: c.slot, index: c.index, level: c.level }] : []));
}

/** A run's drafts (hand-edited levels that break a hard rule), with the plain names of the rules each breaks. */
export function draftsOf(db: Db, runId: number, onlyApproved = false): { id: number; slot: number; index: number; broken: string[] }[] {
  const rows = db
    .prepare(`SELECT id, slot, idx, proof FROM candidates WHERE run_id = ? AND draft = 1 ${onlyApproved ? "AND verdict = 'approved'" : ''} ORDER BY slot, idx`)
    .all(runId) as { id: number; slot: number; idx: number; proof: string }[];
  return rows.map((r) => {
    const proof = JSON.parse(r.proof) as { broken?: { name?: string }[] };
    const broken = [...new Set((proof.broken ?? []).map((b) => b.name).filter((n): n is string => typeof n === 'string'))];
    return { id: r.id, slot: r.slot, index: r.idx, broken };
  });
}
