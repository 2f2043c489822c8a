/**
 * A run's history in SQLite: every curation action records the rows it changed (before and
 * after), so undo and redo replay exactly that change, across restarts. Linear, like an
 * editor's: a new change after undos drops the undone entries (nothing left to redo).
 *
 * A new kind of change (pins, locks, exclusions, duplicate triage, a saved hand-edited candidate: `row`) adds its field to `appliers`, and
 * returns RowChange[] from its store function; history needs nothing else.
 */
import type {
  HistoryEntry,
  HistoryKind,
  HistoryList,
  HistoryState,
  HistoryStep,
  PairTriageValue,
  RowChange,
} from '../../src-shared/history';
import { candidatesName } from '../../src-shared/vocabulary';
import type { Db } from './db';
import { deleteOrdering, saveOrdering, type StoredOrdering } from './orderings';
import { writePairTriage } from './triage';
import { applyCandidateRow } from './edited-candidates';
import { applyTopUpStatus, entryCandidateIds, removalBlockers } from './top-ups';
import { ApiError } from '../../src-shared/api';
import { writeTransaction } from './write-transaction';

/**
 * Writes one recorded value back. `recorded` is the value on the change's other side; an
 * applier whose write also touches rows the change did not record (undoing a save empties the
 * order levels the candidate filled) answers `{ record }`: that side's value as it must now be
 * recorded, so the opposite step restores exactly those rows too.
 */
type Applier = (db: Db, id: number, value: unknown, recorded: unknown) => { record: unknown } | void;

/** How each (target, field) is written back; values are the plain JSON the change recorded. */
const appliers: Record<string, Applier> = {
  'candidate.verdict': (db, id, v) =>
    void db.prepare('UPDATE candidates SET verdict = ? WHERE id = ?').run(v as string, id),
  'candidate.tags': (db, id, v) =>
    void db.prepare('UPDATE candidates SET tags = ? WHERE id = ?').run(JSON.stringify(v), id),
  'candidate.note': (db, id, v) =>
    void db.prepare('UPDATE candidates SET note = ? WHERE id = ?').run(v as string, id),
  'candidate.row': applyCandidateRow,
  'run.steering': (db, id, v) =>
    void db
      .prepare('UPDATE runs SET steering = ? WHERE id = ?')
      .run(v === null ? null : JSON.stringify(v), id),
  'run.steered-order': (db, id, v) =>
    v === null ? deleteOrdering(db, id, 'steered') : saveOrdering(db, id, 'steered', v as StoredOrdering),
  'run.pair-triage': (db, id, v) => writePairTriage(db, id, v as PairTriageValue),
  'run.topup': (db, id, v) => applyTopUpStatus(db, id, v),
  'run.automatic-order': (db, id, v) =>
    v === null ? deleteOrdering(db, id, 'automatic') : saveOrdering(db, id, 'automatic', v as StoredOrdering),
  'run.report': (db, id, v) =>
    void db.prepare('UPDATE runs SET report = ? WHERE id = ?').run(v === null ? null : JSON.stringify(v), id),
};

function apply(db: Db, c: RowChange, value: unknown, recorded: unknown): { record: unknown } | void {
  const fn = appliers[`${c.target}.${c.field}`];
  if (!fn) throw new Error(`history cannot apply ${c.target}.${c.field}`);
  return fn(db, c.id, value, recorded);
}

interface EntryRow {
  id: number;
  run_id: number;
  kind: HistoryKind;
  label: string;
  scope: string;
  rows: number;
  created_at: string;
  undone: number;
}

const toEntry = (r: EntryRow): HistoryEntry => ({
  id: r.id,
  runId: r.run_id,
  kind: r.kind,
  label: r.label,
  scope: r.scope,
  rows: r.rows,
  createdAt: r.created_at,
  undone: r.undone === 1,
});

/** "L12 · c3" / "9 candidates in L3–L7" for the candidate rows a change touched. */
export function candidateScope(db: Db, ids: readonly number[]): string {
  const get = db.prepare('SELECT slot, idx FROM candidates WHERE id = ?');
  const cands = [...new Set(ids)]
    .map((id) => get.get(id) as { slot: number; idx: number } | undefined)
    .filter((r) => r !== undefined);
  cands.sort((a, b) => a.slot - b.slot || a.idx - b.idx);
  return candidatesName(cands.map((c) => ({ slot: c.slot, index: c.idx })));
}

/** What a change is called, given the rows it changed (the label may name the scope). */
export interface ChangeMeta {
  kind: HistoryKind;
  label: (scope: string, changes: RowChange[]) => string;
  /** The scope when the change touched no candidate row (e.g. "levels 1–10" for a lock). */
  scope?: string;
}

/**
 * Run `mutate` and record what it changed as one entry, in one transaction. Returns the
 * changes and the entry (null when nothing changed: then nothing is recorded).
 */
export function recordChange(
  db: Db,
  runId: number,
  now: string,
  meta: ChangeMeta,
  mutate: () => RowChange[],
): { changes: RowChange[]; entry: HistoryEntry | null } {
  return writeTransaction(db, () => {
    const changes = mutate();
    if (changes.length === 0) return { changes, entry: null };
    // A new change ends the redo branch.
    db.prepare('DELETE FROM history WHERE run_id = ? AND undone = 1').run(runId);
    const candidateIds = changes.filter((c) => c.target === 'candidate').map((c) => c.id);
    const scope =
      candidateIds.length === 0 && meta.scope !== undefined ? meta.scope : candidateScope(db, candidateIds);
    const rows = new Set(changes.map((c) => `${c.target}:${c.id}`)).size;
    const info = db
      .prepare('INSERT INTO history (run_id, kind, label, scope, rows, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(runId, meta.kind, meta.label(scope, changes), scope, rows, now);
    const entryId = Number(info.lastInsertRowid);
    const ins = db.prepare(
      'INSERT INTO history_changes (entry_id, seq, target, target_id, field, before, after) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    changes.forEach((c, i) =>
      ins.run(entryId, i, c.target, c.id, c.field, JSON.stringify(c.before), JSON.stringify(c.after)),
    );
    return { changes, entry: getEntry(db, entryId) };
  });
}

/** The run's change counter (store/run-changes.ts). */
const runChangeCount = (db: Db, runId: number): number =>
  (db.prepare('SELECT changes FROM runs WHERE id = ?').pluck().get(runId) as number | undefined) ?? -1;

/**
 * One change written in steps, each its own short transaction with the thread given back in
 * between (a tag change on 20,000 candidates held the thread for seconds in one), recorded as
 * one history entry all the same: the first step that changes rows makes the entry, each later
 * step adds its rows to it, and the entry's label and scope are written once the last is in.
 * Undo takes the whole change back in one step. A later step writes only if no other change
 * landed on the run since the entry was made (the run's change counter, in any process); if
 * one did, the steps stop there and `complete` is false: the entry holds exactly the rows
 * written, so it still undoes cleanly. A crash between steps leaves the same.
 */
export async function recordChangeInSteps(
  db: Db,
  runId: number,
  now: string,
  meta: ChangeMeta,
  steps: readonly (() => RowChange[])[],
): Promise<{ changes: RowChange[]; entry: HistoryEntry | null; complete: boolean }> {
  const all: RowChange[] = [];
  // Each changed candidate's place, read with its step, so the whole change's name costs no read at the end.
  const places = new Map<number, { slot: number; index: number }>();
  const place = db.prepare('SELECT slot, idx FROM candidates WHERE id = ?');
  let entryId: number | null = null;
  let seen = -1;
  let complete = true;
  for (const step of steps) {
    // The caller's checks ran just before: each step starts on a turn of its own.
    await new Promise<void>((r) => setImmediate(r));
    const wrote = writeTransaction(db, () => {
      if (entryId !== null && runChangeCount(db, runId) !== seen) return false;
      const changes = step();
      if (changes.length === 0) return true;
      if (entryId === null) {
        // A new change ends the redo branch.
        db.prepare('DELETE FROM history WHERE run_id = ? AND undone = 1').run(runId);
        const scope =
          meta.scope ??
          candidateScope(
            db,
            changes.filter((c) => c.target === 'candidate').map((c) => c.id),
          );
        entryId = Number(
          db
            .prepare(
              'INSERT INTO history (run_id, kind, label, scope, rows, created_at) VALUES (?, ?, ?, ?, ?, ?)',
            )
            .run(runId, meta.kind, meta.label(scope, changes), scope, 0, now).lastInsertRowid,
        );
        seen = runChangeCount(db, runId);
      }
      const ins = db.prepare(
        'INSERT INTO history_changes (entry_id, seq, target, target_id, field, before, after) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      changes.forEach((c, j) =>
        ins.run(
          entryId,
          all.length + j,
          c.target,
          c.id,
          c.field,
          JSON.stringify(c.before),
          JSON.stringify(c.after),
        ),
      );
      all.push(...changes);
      for (const c of changes)
        if (c.target === 'candidate' && !places.has(c.id)) {
          const r = place.get(c.id) as { slot: number; idx: number } | undefined;
          if (r) places.set(c.id, { slot: r.slot, index: r.idx });
        }
      db.prepare('UPDATE history SET rows = ? WHERE id = ?').run(
        new Set(all.map((c) => `${c.target}:${c.id}`)).size,
        entryId,
      );
      return true;
    });
    if (!wrote) {
      complete = false;
      break;
    }
  }
  if (entryId === null) return { changes: all, entry: null, complete };
  // The whole change's name, once its rows are known.
  const scope =
    places.size === 0 && meta.scope !== undefined
      ? meta.scope
      : candidatesName([...places.values()].sort((a, b) => a.slot - b.slot || a.index - b.index));
  const id = entryId;
  writeTransaction(db, () =>
    db.prepare('UPDATE history SET label = ?, scope = ? WHERE id = ?').run(meta.label(scope, all), scope, id),
  );
  return { changes: all, entry: getEntry(db, id), complete };
}

function getEntry(db: Db, id: number): HistoryEntry | null {
  const r = db.prepare('SELECT * FROM history WHERE id = ?').get(id) as EntryRow | undefined;
  return r ? toEntry(r) : null;
}

function entryChanges(db: Db, entryId: number): (RowChange & { seq: number })[] {
  const rows = db
    .prepare(
      'SELECT seq, target, target_id, field, before, after FROM history_changes WHERE entry_id = ? ORDER BY seq',
    )
    .all(entryId) as {
    seq: number;
    target: RowChange['target'];
    target_id: number;
    field: RowChange['field'];
    before: string;
    after: string;
  }[];
  return rows.map((r) => ({
    seq: r.seq,
    target: r.target,
    id: r.target_id,
    field: r.field,
    before: JSON.parse(r.before) as unknown,
    after: JSON.parse(r.after) as unknown,
  }));
}

export function historyState(db: Db, runId: number): HistoryState {
  const undo = db
    .prepare('SELECT * FROM history WHERE run_id = ? AND undone = 0 ORDER BY id DESC LIMIT 1')
    .get(runId) as EntryRow | undefined;
  const redo = db
    .prepare('SELECT * FROM history WHERE run_id = ? AND undone = 1 ORDER BY id ASC LIMIT 1')
    .get(runId) as EntryRow | undefined;
  return { runId, undo: undo ? toEntry(undo) : null, redo: redo ? toEntry(redo) : null };
}

export function listHistory(db: Db, runId: number, limit: number): HistoryList {
  const rows = db
    .prepare('SELECT * FROM history WHERE run_id = ? ORDER BY id DESC LIMIT ?')
    .all(runId, limit) as EntryRow[];
  const total = (db.prepare('SELECT COUNT(*) AS n FROM history WHERE run_id = ?').get(runId) as { n: number })
    .n;
  return { ...historyState(db, runId), entries: rows.map(toEntry), total };
}

/**
 * A top-up is undone or redone only on a finished run (not while it generates), and undone only
 * while nobody has worked on its candidates: that work would go with them.
 */
function checkTopUpStep(db: Db, entry: HistoryEntry, recorded: readonly RowChange[], undo: boolean): void {
  if (entry.kind !== 'topup') return;
  const run = db.prepare('SELECT status FROM runs WHERE id = ?').get(entry.runId) as
    { status: string } | undefined;
  if (run && run.status !== 'done')
    throw new ApiError(
      'conflict',
      `run ${entry.runId} is ${run.status}; a top-up is ${undo ? 'undone' : 'redone'} only on a finished run`,
    );
  if (!undo) return;
  const blocked = removalBlockers(db, entry.runId, entryCandidateIds(recorded));
  if (blocked) throw new ApiError('conflict', `cannot undo “${entry.label}”: ${blocked}. Nothing changed`);
}

/** Undo one entry: its rows go back to their before values, last change first. */
function undoEntry(db: Db, entry: HistoryEntry): RowChange[] {
  const recorded = entryChanges(db, entry.id);
  checkTopUpStep(db, entry, recorded, true);
  const out: RowChange[] = [];
  const rerecord = db.prepare('UPDATE history_changes SET after = ? WHERE entry_id = ? AND seq = ?');
  for (const { seq, ...c } of [...recorded].reverse()) {
    const touched = apply(db, c, c.before, c.after);
    if (touched) rerecord.run(JSON.stringify(touched.record), entry.id, seq);
    out.push({ ...c, before: c.after, after: c.before });
  }
  db.prepare('UPDATE history SET undone = 1 WHERE id = ?').run(entry.id);
  return out;
}

function redoEntry(db: Db, entry: HistoryEntry): RowChange[] {
  const recorded = entryChanges(db, entry.id).map(({ seq: _seq, ...c }) => c);
  checkTopUpStep(db, entry, recorded, false);
  for (const c of recorded) apply(db, c, c.after, c.before);
  db.prepare('UPDATE history SET undone = 0 WHERE id = ?').run(entry.id);
  return recorded;
}

function step(db: Db, runId: number, entries: HistoryEntry[], changes: RowChange[]): HistoryStep {
  return {
    ...historyState(db, runId),
    entries: entries.map((e) => getEntry(db, e.id)!),
    changes,
    changed: new Set(changes.map((c) => `${c.target}:${c.id}`)).size,
  };
}

/** Undo exactly the newest change still in effect; null when there is none. */
export function undoLast(db: Db, runId: number): HistoryStep | null {
  return writeTransaction(db, () => {
    const { undo } = historyState(db, runId);
    if (!undo) return null;
    return step(db, runId, [undo], undoEntry(db, undo));
  });
}

/** Redo exactly the oldest undone change; null when there is none. */
export function redoNext(db: Db, runId: number): HistoryStep | null {
  return writeTransaction(db, () => {
    const { redo } = historyState(db, runId);
    if (!redo) return null;
    return step(db, runId, [redo], redoEntry(db, redo));
  });
}

/**
 * Go to the state right after entry `entryId` (0: before the first change): undo every
 * newer entry still in effect, newest first, or redo the undone ones up to it, oldest first.
 * Returns null when the entry is not in this run's history.
 */
export function jumpTo(db: Db, runId: number, entryId: number): HistoryStep | null {
  return writeTransaction(db, () => {
    if (entryId !== 0) {
      const e = getEntry(db, entryId);
      if (!e || e.runId !== runId) return null;
    }
    const toUndo = (
      db
        .prepare('SELECT * FROM history WHERE run_id = ? AND undone = 0 AND id > ? ORDER BY id DESC')
        .all(runId, entryId) as EntryRow[]
    ).map(toEntry);
    const toRedo = (
      db
        .prepare('SELECT * FROM history WHERE run_id = ? AND undone = 1 AND id <= ? ORDER BY id ASC')
        .all(runId, entryId) as EntryRow[]
    ).map(toEntry);
    // A top-up crossed by the jump is checked against the rows as they are before any step:
    // work on its candidates that came after it is undone first in the steps, but it is work
    // on them all the same, so the jump is refused naming it (undo that work on its own first).
    for (const e of toUndo)
      if (e.kind === 'topup') {
        const blocked = removalBlockers(db, runId, entryCandidateIds(entryChanges(db, e.id)));
        if (blocked) throw new ApiError('conflict', `cannot undo “${e.label}”: ${blocked}. Nothing changed`);
      }
    const changes: RowChange[] = [];
    for (const e of toUndo) changes.push(...undoEntry(db, e));
    for (const e of toRedo) changes.push(...redoEntry(db, e));
    return step(db, runId, [...toUndo, ...toRedo], changes);
  });
}

/**
 * What a jump to `entryId` would cross, counted before any of it is done (the service bounds
 * a jump, api/call-bounds.ts): the entries it would undo or redo and the rows they touch.
 */
export function jumpSpan(db: Db, runId: number, entryId: number): { entries: number; rows: number } {
  const r = db
    .prepare(
      `SELECT COUNT(*) AS entries, COALESCE(SUM(rows), 0) AS rows FROM history
        WHERE run_id = ? AND ((undone = 0 AND id > ?) OR (undone = 1 AND id <= ?))`,
    )
    .get(runId, entryId, entryId) as { entries: number; rows: number };
  return r;
}
