/**
 * Deleting a run without holding the thread: the run is marked deleting in one short
 * transaction (from then on getRun, listRuns and leases treat it as gone), then its rows are
 * removed a batch at a time, each batch one IMMEDIATE transaction of about BATCH_MS, the
 * thread given back between them, so no other call waits for more than one batch. A run left
 * marked (the process closed or died mid-delete) is finished by the next studio that opens.
 * Rows found by run id go first, so the candidates' own cascade has little left to look up.
 */
import type { Db } from './db';
import { writeTransaction } from './write-transaction';
import type { LeaseTiming } from './leases';

/** About how long one batch holds the thread and the database's write lock. */
const BATCH_MS = 15;
/** Rows one statement deletes at most (a batch runs several until BATCH_MS). */
const STEP_ROWS = 50;

/** Mark a run deleting unless a live lease holds it (compare-and-swap); 1 when marked, else 0. */
export function markRunDeleting(db: Db, runId: number, timing: LeaseTiming): number {
  return db
    .prepare(
      `UPDATE runs SET deleting = 1
       WHERE id = ? AND deleting = 0 AND (owner IS NULL OR heartbeat_at IS NULL OR heartbeat_at <= ?)`,
    )
    .run(runId, timing.now() - timing.staleMs).changes;
}

/** Delete an experiment and mark its runs deleting, in one transaction; the runs marked. */
export function markExperimentDeleting(db: Db, experimentId: number): { deleted: number; runIds: number[] } {
  return writeTransaction(db, () => {
    const runIds = db
      .prepare('SELECT run_id FROM experiment_runs WHERE experiment_id = ?')
      .pluck()
      .all(experimentId) as number[];
    const mark = db.prepare('UPDATE runs SET deleting = 1 WHERE id = ?');
    for (const id of runIds) mark.run(id);
    const deleted = db.prepare('DELETE FROM experiments WHERE id = ?').run(experimentId).changes;
    return { deleted, runIds };
  });
}

/** Runs marked deleting, oldest first. */
function deletingRuns(db: Db): number[] {
  return db.prepare('SELECT id FROM runs WHERE deleting = 1 ORDER BY id').pluck().all() as number[];
}

/** Each statement deletes up to STEP_ROWS of the run's rows; the run's own row goes last. */
const STEPS = [
  'DELETE FROM duplicate_pairs WHERE id IN (SELECT id FROM duplicate_pairs WHERE run_id = @run LIMIT @n)',
  'DELETE FROM pair_triage WHERE run_id = @run AND (a_id, b_id) IN (SELECT a_id, b_id FROM pair_triage WHERE run_id = @run LIMIT @n)',
  'DELETE FROM ordering_levels WHERE rowid IN (SELECT rowid FROM ordering_levels WHERE run_id = @run LIMIT @n)',
  'DELETE FROM playtest_attempts WHERE id IN (SELECT id FROM playtest_attempts WHERE run_id = @run LIMIT @n)',
  'DELETE FROM playtest_exports WHERE id IN (SELECT id FROM playtest_exports WHERE run_id = @run LIMIT @n)',
  'DELETE FROM history WHERE id IN (SELECT id FROM history WHERE run_id = @run LIMIT @n)',
  // Newest first: a hand-edited candidate goes before the one it was edited from.
  'DELETE FROM candidates WHERE id IN (SELECT id FROM candidates WHERE run_id = @run ORDER BY id DESC LIMIT @n)',
  'DELETE FROM runs WHERE id = @run AND deleting = 1',
];

/**
 * One batch of a deleting run's rows, for about BATCH_MS; true once the run is gone (or was
 * never marked: a run not deleting is never touched).
 */
function deleteBatch(db: Db, runId: number, budgetMs = BATCH_MS): boolean {
  const steps = STEPS.map((sql) => db.prepare(sql));
  return writeTransaction(db, () => {
    const marked = db.prepare('SELECT deleting FROM runs WHERE id = ?').pluck().get(runId) as
      number | undefined;
    if (marked !== 1) return true;
    const t0 = performance.now();
    for (const [i, step] of steps.entries()) {
      // A step is done when it deletes fewer rows than asked; the last one removes the run.
      for (;;) {
        const n = step.run({ run: runId, n: STEP_ROWS }).changes;
        if (i === steps.length - 1) return true;
        if (n < STEP_ROWS) break;
        if (performance.now() - t0 >= budgetMs) return false;
      }
    }
    return false;
  });
}

/**
 * Remove a deleting run's rows batch by batch, giving the thread back between batches; stops
 * early once the database is closed (the run stays marked, for the next open).
 */
export async function purgeRun(db: Db, runId: number): Promise<void> {
  while (db.open && !deleteBatch(db, runId)) await new Promise<void>((r) => setImmediate(r));
}

/** Finish, in the background, the deletes a closed or crashed studio left half done. */
export function finishDeletes(db: Db): void {
  void (async () => {
    for (const runId of deletingRuns(db)) await purgeRun(db, runId);
  })().catch((e: unknown) => {
    if (db.open) console.warn(`finishing a run's delete: ${e instanceof Error ? e.message : String(e)}`);
  });
}
