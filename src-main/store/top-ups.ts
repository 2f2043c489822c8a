/**
 * A run's top-ups (issue 23) in SQLite: each with its arguments, where each slot's new indices
 * start, its status and its outcome; and the candidate queries a top-up needs (its rows, the
 * ones past a targeted level's stop, the curation that keeps its undo from removing them).
 */
import type { TopUpArgs, TopUpOutcome, TopUpSlot, TopUpSummary } from '../../src-shared/top-up';
import type { RowChange } from '../../src-shared/history';
import { candidateName } from '../../src-shared/vocabulary';
import type { Db } from './db';
import type { CandidateSnapshot } from './edited-candidates';
import { loadSteering } from './steering';
import { deleteOrdering, loadOrdering, saveOrdering, type StoredOrdering } from './orderings';
import { ORDER_WORDS } from '../../src-shared/ordering/ships-now';
import { writeTransaction } from './write-transaction';
import { storedPairs } from './duplicates';

interface TopUpRow {
  id: number;
  run_id: number;
  levels: string;
  candidates: number;
  until_near: number | null;
  slots: string;
  before: string;
  status: TopUpSummary['status'];
  outcome: string | null;
  created_at: string;
  finished_at: string | null;
}

/** A stored top-up with its slots. */
export interface StoredTopUp extends TopUpSummary {
  slots: TopUpSlot[];
  before: TopUpBefore;
}

/** What the run was before a top-up: what its history entry records as the other side. */
interface TopUpBefore {
  order: StoredOrdering | null;
  report: unknown;
  candidatesTotal: number;
}

const toTopUp = (r: TopUpRow): StoredTopUp => ({
  id: r.id,
  runId: r.run_id,
  levels: JSON.parse(r.levels) as number[],
  candidates: r.candidates,
  ...(r.until_near !== null ? { untilNear: r.until_near } : {}),
  slots: JSON.parse(r.slots) as TopUpSlot[],
  before: JSON.parse(r.before) as TopUpBefore,
  status: r.status,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
  outcome: r.outcome ? (JSON.parse(r.outcome) as TopUpOutcome) : null,
});

/** Store a new top-up (pending), with the run's state before it; the run's total grows by what it may make. */
export function insertTopUp(db: Db, runId: number, args: TopUpArgs, slots: TopUpSlot[], now: string): number {
  return writeTransaction(db, () => {
    const report = db.prepare('SELECT report FROM runs WHERE id = ?').get(runId) as { report: string | null };
    const total = runCandidatesTotal(db, runId);
    const before: TopUpBefore = {
      order: loadOrdering(db, runId, 'automatic'),
      report: report.report === null ? null : (JSON.parse(report.report) as unknown),
      candidatesTotal: total,
    };
    const info = db
      .prepare(
        `INSERT INTO run_topups (run_id, levels, candidates, until_near, slots, before, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)`,
      )
      .run(
        runId,
        JSON.stringify(args.levels),
        args.candidates,
        args.untilNear ?? null,
        JSON.stringify(slots),
        JSON.stringify(before),
        now,
      );
    setRunCandidatesTotal(db, runId, total + slots.length * args.candidates);
    return Number(info.lastInsertRowid);
  });
}

/** Take back a top-up that never started (its run could not be queued): nothing of it stays. */
export function forgetTopUp(db: Db, id: number): void {
  writeTransaction(db, () => {
    const r = db.prepare('SELECT run_id, before FROM run_topups WHERE id = ?').get(id) as
      { run_id: number; before: string } | undefined;
    if (!r) return;
    setRunCandidatesTotal(db, r.run_id, (JSON.parse(r.before) as TopUpBefore).candidatesTotal);
    db.prepare('DELETE FROM run_topups WHERE id = ?').run(id);
  });
}

/**
 * Drop a pending top-up (cancelled, interrupted or failed part-way): its candidates go (their
 * metrics, pairs and order places with them), the automatic order, report and total it may
 * have changed go back to what it recorded before it, its row goes and the run is finished
 * again, all in one transaction: either the run is as it was before the top-up or nothing
 * changed. Returns the candidates removed. The caller has checked nobody worked on them.
 */
export function dropPendingTopUp(db: Db, topUp: StoredTopUp): number {
  return writeTransaction(db, () => {
    const del = db.prepare(
      'DELETE FROM candidates WHERE run_id = ? AND slot = ? AND idx >= ? AND idx < ? AND hand_edited = 0',
    );
    let removed = 0;
    for (const s of topUp.slots)
      removed += del.run(topUp.runId, s.slot, s.from, s.from + topUp.candidates).changes;
    const { order, report, candidatesTotal } = topUp.before;
    if (order) saveOrdering(db, topUp.runId, 'automatic', order);
    else deleteOrdering(db, topUp.runId, 'automatic');
    db.prepare(
      "UPDATE runs SET report = ?, candidates_total = ?, status = 'done', error = NULL WHERE id = ?",
    ).run(report === null ? null : JSON.stringify(report), candidatesTotal, topUp.runId);
    db.prepare("DELETE FROM run_topups WHERE id = ? AND status = 'pending'").run(topUp.id);
    return removed;
  });
}

/** The run's top-up still being made (started, not finished), or null. */
export function pendingTopUp(db: Db, runId: number): StoredTopUp | null {
  const r = db
    .prepare("SELECT * FROM run_topups WHERE run_id = ? AND status = 'pending' ORDER BY id LIMIT 1")
    .get(runId) as TopUpRow | undefined;
  return r ? toTopUp(r) : null;
}

/** Every top-up of the run, oldest first. */
export function listTopUps(db: Db, runId: number): StoredTopUp[] {
  return (db.prepare('SELECT * FROM run_topups WHERE run_id = ? ORDER BY id').all(runId) as TopUpRow[]).map(
    toTopUp,
  );
}

/** The top-ups that are part of the run now (done, not undone), in the order they were applied. */
export function appliedTopUps(db: Db, runId: number): StoredTopUp[] {
  return listTopUps(db, runId).filter((t) => t.status === 'done');
}

export function finishTopUp(db: Db, id: number, outcome: TopUpOutcome, now: string): void {
  db.prepare("UPDATE run_topups SET status = 'done', outcome = ?, finished_at = ? WHERE id = ?").run(
    JSON.stringify(outcome),
    now,
    id,
  );
}

/** History's writer for `run.topup`: the top-up is part of the run ('done') or not ('undone'), and the run's total follows. */
export function applyTopUpStatus(db: Db, runId: number, value: unknown): void {
  const v = value as { topUpId: number; status: 'done' | 'undone'; candidatesTotal: number };
  db.prepare('UPDATE run_topups SET status = ? WHERE id = ? AND run_id = ?').run(v.status, v.topUpId, runId);
  db.prepare('UPDATE runs SET candidates_total = ? WHERE id = ?').run(v.candidatesTotal, runId);
}

export function runCandidatesTotal(db: Db, runId: number): number {
  return (db.prepare('SELECT candidates_total AS n FROM runs WHERE id = ?').get(runId) as { n: number }).n;
}

export function setRunCandidatesTotal(db: Db, runId: number, total: number): void {
  db.prepare('UPDATE runs SET candidates_total = ? WHERE id = ?').run(total, runId);
}

/** The highest stored index of each slot of the run (slots with none are absent). */
export function highestIndices(db: Db, runId: number): Map<number, number> {
  const rows = db
    .prepare('SELECT slot, MAX(idx) AS m FROM candidates WHERE run_id = ? GROUP BY slot')
    .all(runId) as { slot: number; m: number }[];
  return new Map(rows.map((r) => [r.slot, r.m]));
}

/** A top-up's generated candidates as stored now: (slot, index) → id and difficulty (null: gave up or a draft). */
export function topUpRows(
  db: Db,
  runId: number,
  slots: readonly TopUpSlot[],
  count: number,
): { id: number; slot: number; index: number; difficulty: number | null; proven: boolean }[] {
  const get = db.prepare(
    'SELECT id, slot, idx, difficulty, level IS NOT NULL AS proven FROM candidates WHERE run_id = ? AND slot = ? AND idx >= ? AND idx < ? AND hand_edited = 0 ORDER BY idx',
  );
  return slots.flatMap((s) =>
    (
      get.all(runId, s.slot, s.from, s.from + count) as {
        id: number;
        slot: number;
        idx: number;
        difficulty: number | null;
        proven: number;
      }[]
    ).map((r) => ({
      id: r.id,
      slot: r.slot,
      index: r.idx,
      difficulty: r.difficulty,
      proven: r.proven === 1,
    })),
  );
}

/** Remove a targeted level's candidates past its stop (made by jobs that finished before the stop was known). */
export function deleteTopUpPast(db: Db, runId: number, slot: number, last: number, end: number): number {
  return db
    .prepare(
      'DELETE FROM candidates WHERE run_id = ? AND slot = ? AND idx > ? AND idx < ? AND hand_edited = 0',
    )
    .run(runId, slot, last, end).changes;
}

/** Everything a generated candidate is, for history (the level's stored text kept as it is, so redo writes the same bytes). */
export function candidateSnapshot(db: Db, id: number): CandidateSnapshot & { levelJson: string | null } {
  const r = db.prepare('SELECT * FROM candidates WHERE id = ?').get(id) as {
    run_id: number;
    slot: number;
    idx: number;
    level: string | null;
    metrics: string;
    difficulty: number | null;
    proof: string;
    verdict: string;
    note: string;
    tags: string;
    hand_edited: number;
    draft: number;
    parent_id: number | null;
  };
  const pairs = db
    .prepare(
      'SELECT a_id, b_id, rule, transform, share FROM duplicate_pairs WHERE a_id = ? OR b_id = ? ORDER BY id',
    )
    .all(id, id) as { a_id: number; b_id: number; rule: string; transform: string; share: number }[];
  return {
    runId: r.run_id,
    slot: r.slot,
    index: r.idx,
    level: null,
    levelJson: r.level,
    metrics: JSON.parse(r.metrics) as Record<string, number>,
    difficulty: r.difficulty,
    proof: JSON.parse(r.proof) as Record<string, unknown>,
    verdict: r.verdict,
    note: r.note,
    tags: JSON.parse(r.tags) as string[],
    handEdited: r.hand_edited === 1,
    draft: r.draft === 1,
    parentId: r.parent_id,
    pairs: pairs.map((p) => ({ a: p.a_id, b: p.b_id, rule: p.rule, transform: p.transform, share: p.share })),
  };
}

/**
 * The candidates of a top-up the designer has worked on, each with what was done ("approved",
 * "noted", ..., "in the steered order": an order other than the automatic one, which the top-up
 * recomputes itself, ships it). Removing them would throw that work away.
 */
function workedOn(db: Db, runId: number, ids: readonly number[]): string[] {
  const get = db.prepare('SELECT slot, idx, verdict, note, tags FROM candidates WHERE id = ?');
  const child = db.prepare('SELECT 1 FROM candidates WHERE parent_id = ? LIMIT 1');
  const orders = db.prepare(
    "SELECT DISTINCT kind FROM ordering_levels WHERE run_id = ? AND kind != 'automatic' AND candidate_id = ? ORDER BY kind",
  );
  const steering = loadSteering(db, runId);
  const pinned = new Set([...(steering?.pins ?? []), ...(steering?.locks ?? [])].map((p) => p.candidateId));
  const out: string[] = [];
  for (const id of ids) {
    const r = get.get(id) as
      { slot: number; idx: number; verdict: string; note: string; tags: string } | undefined;
    if (!r) continue;
    const what: string[] = [];
    if (r.verdict !== 'none') what.push(r.verdict);
    if (r.note !== '') what.push('noted');
    if ((JSON.parse(r.tags) as string[]).length > 0) what.push('tagged');
    if (pinned.has(id)) what.push('pinned');
    if (child.get(id)) what.push('edited from');
    for (const o of orders.all(runId, id) as { kind: keyof typeof ORDER_WORDS }[])
      what.push(`in the ${ORDER_WORDS[o.kind]} order`);
    if (what.length) out.push(`${candidateName(r.slot, r.idx)} (${what.join(', ')})`);
  }
  return out;
}

/**
 * Why a top-up's candidates cannot be removed (by undo or drop), as the sentence's middle
 * ("its candidate L3 · c17 (approved) has been worked on; clear that first"), or null. Read
 * from the rows as they are now, so it does not matter which came first, the top-up's history
 * entry or the work.
 */
export function removalBlockers(db: Db, runId: number, ids: readonly number[]): string | null {
  const worked = workedOn(db, runId, ids);
  if (worked.length === 0) return null;
  const one = worked.length === 1;
  const named = `${worked.slice(0, 10).join(', ')}${worked.length > 10 ? ` and ${worked.length - 10} more` : ''}`;
  return `${one ? 'its candidate' : `${worked.length} of its candidates`} ${named} ${one ? 'has' : 'have'} been worked on; clear ${one ? 'that' : 'those'} first`;
}

/** The candidate ids a recorded top-up entry holds (its `candidate.row` changes). */
export function entryCandidateIds(changes: readonly RowChange[]): number[] {
  return changes.filter((c) => c.target === 'candidate' && c.field === 'row').map((c) => c.id);
}

/** The closest pair (highest share) with one of `added`, named as the studio names candidates. */
export function closestNewPair(
  db: Db,
  runId: number,
  added: ReadonlySet<number>,
): TopUpOutcome['closestPair'] {
  const name = db.prepare('SELECT slot, idx FROM candidates WHERE id = ?');
  let best: { a: number; b: number; share: number } | null = null;
  for (const p of storedPairs(db, runId))
    if ((added.has(p.a) || added.has(p.b)) && (best === null || p.share > best.share)) best = p;
  if (!best) return null;
  const n = (id: number): string => {
    const r = name.get(id) as { slot: number; idx: number };
    return candidateName(r.slot, r.idx);
  };
  return { a: n(best.a), b: n(best.b), share: best.share };
}
