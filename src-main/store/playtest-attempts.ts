/**
 * Playtest attempts (issue 24): one row per attempt, its id a content hash, so the same
 * results file imported twice adds nothing. Recording is no curation change: no history entry.
 */
import type { AttemptFigures } from '../../src-shared/playtest/candidate-figures';
import type {
  PlaytestOutcome,
  StoredAttempt,
  StoredAttemptSummary,
  TraceEvent,
} from '../../src-shared/playtest/types';
import type { Db } from './db';
import { writeTransaction } from './write-transaction';

interface AttemptRow {
  id: string;
  run_id: number;
  candidate_id: number;
  export_id: string | null;
  tester: string;
  level: number;
  order_kind: string;
  started_at: string;
  outcome: PlaytestOutcome;
  ms: number;
  moves: number;
  wasted: number;
  restarts: number;
  events?: string;
  recorded_at: string;
}

const SUMMARY_COLUMNS =
  'id, run_id, candidate_id, export_id, tester, level, order_kind, started_at, outcome, ms, moves, wasted, restarts, recorded_at';

const toSummary = (r: AttemptRow): StoredAttemptSummary => ({
  id: r.id,
  runId: r.run_id,
  candidateId: r.candidate_id,
  exportId: r.export_id,
  tester: r.tester,
  level: r.level,
  order: r.order_kind,
  startedAt: r.started_at,
  outcome: r.outcome,
  ms: r.ms,
  moves: r.moves,
  wasted: r.wasted,
  restarts: r.restarts,
  recordedAt: r.recorded_at,
});

/** An attempt to store: its events already as JSON text (a results worker writes them; main only stores them). */
export type NewAttempt = StoredAttemptSummary & { eventsJson: string };

/**
 * Store attempts, leaving out any whose id is stored already; returns how many were added.
 * All in one transaction: a failure stores none.
 */
export function insertAttempts(db: Db, attempts: readonly NewAttempt[]): number {
  return writeTransaction(db, () => {
    const insert = db.prepare(
      `INSERT OR IGNORE INTO playtest_attempts
         (id, run_id, candidate_id, export_id, tester, level, order_kind, started_at, outcome, ms, moves, wasted,
          restarts, events, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    let added = 0;
    for (const a of attempts)
      added += insert.run(
        a.id,
        a.runId,
        a.candidateId,
        a.exportId,
        a.tester,
        a.level,
        a.order,
        a.startedAt,
        a.outcome,
        a.ms,
        a.moves,
        a.wasted,
        a.restarts,
        a.eventsJson,
        a.recordedAt,
      ).changes;
    return added;
  });
}

export interface AttemptQuery {
  runId: number;
  level?: number;
  candidateId?: number;
  limit: number;
  offset: number;
}

/** Rows per transaction in insertAttemptsInSteps: about 5 ms of inserts on an idle 2-core machine. */
const STEP = 100;

/**
 * insertAttempts for thousands of rows (a results import): `STEP` rows per transaction with
 * the thread given back in between, so the API stays responsive. Should a step fail (the run
 * deleted meanwhile) or the import be cancelled (`signal`), the rows this call added are taken
 * out again and the error rethrown (`cancelled()` for a cancel), so the import stores all or
 * nothing.
 */
export async function insertAttemptsInSteps(
  db: Db,
  attempts: readonly NewAttempt[],
  opts: { signal?: AbortSignal; cancelled?: () => Error } = {},
): Promise<number> {
  const addedIds: string[] = [];
  try {
    for (let i = 0; i < attempts.length; i += STEP) {
      if (i > 0) await new Promise((r) => setImmediate(r));
      // A cancel between steps takes out what this call stored, as a failure does.
      if (opts.signal?.aborted) throw opts.cancelled?.() ?? new Error('the import was cancelled');
      const chunk = attempts.slice(i, i + STEP);
      writeTransaction(db, () => {
        const known = db.prepare('SELECT 1 FROM playtest_attempts WHERE id = ?').pluck();
        const fresh = chunk.filter((a) => known.get(a.id) === undefined);
        insertAttempts(db, fresh);
        for (const a of fresh) addedIds.push(a.id);
      });
    }
  } catch (e) {
    writeTransaction(db, () => {
      const del = db.prepare('DELETE FROM playtest_attempts WHERE id = ?');
      for (const id of addedIds) del.run(id);
    });
    throw e;
  }
  return addedIds.length;
}

/** A page of a run's attempts (without their events), by level, tester and start. */
export function listAttempts(db: Db, q: AttemptQuery): { attempts: StoredAttemptSummary[]; total: number } {
  const where = ['run_id = ?'];
  const args: (number | string)[] = [q.runId];
  if (q.level !== undefined) {
    where.push('level = ?');
    args.push(q.level);
  }
  if (q.candidateId !== undefined) {
    where.push('candidate_id = ?');
    args.push(q.candidateId);
  }
  const sql = where.join(' AND ');
  const total = db
    .prepare(`SELECT COUNT(*) FROM playtest_attempts WHERE ${sql}`)
    .pluck()
    .get(...args) as number;
  const rows = db
    .prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM playtest_attempts WHERE ${sql}
       ORDER BY level, tester, started_at, id LIMIT ? OFFSET ?`,
    )
    .all(...args, q.limit, q.offset) as AttemptRow[];
  return { attempts: rows.map(toSummary), total };
}

/** One attempt with its events (the inspector's replay), or null. */
export function attemptById(db: Db, id: string): StoredAttempt | null {
  const r = db.prepare('SELECT * FROM playtest_attempts WHERE id = ?').get(id) as AttemptRow | undefined;
  return r ? { ...toSummary(r), events: JSON.parse(r.events!) as TraceEvent[] } : null;
}

/** What the Players analysis reads of every attempt of a run (no events). */
export function attemptFiguresOfRun(db: Db, runId: number): AttemptFigures[] {
  const rows = db
    .prepare(
      `SELECT id, tester, candidate_id, started_at, outcome, ms, wasted FROM playtest_attempts
       WHERE run_id = ? ORDER BY id`,
    )
    .all(runId) as Pick<
    AttemptRow,
    'id' | 'tester' | 'candidate_id' | 'started_at' | 'outcome' | 'ms' | 'wasted'
  >[];
  return rows.map((r) => ({
    id: r.id,
    tester: r.tester,
    candidateId: r.candidate_id,
    startedAt: r.started_at,
    outcome: r.outcome,
    ms: r.ms,
    wasted: r.wasted,
  }));
}
