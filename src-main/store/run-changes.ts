/**
 * A run's change counter (migration 14; kept by triggers on history and orderings). A change
 * that reads a run, computes away from the database (a steer waits for a worker), then writes,
 * reads the counter first and writes only if it is unchanged, inside one IMMEDIATE
 * transaction: another process's change meanwhile makes it compute again on what is stored
 * now instead of overwriting it (runs/run-turns.ts orders changes inside one process only).
 */
import { busyError } from './busy';
import type { Db } from './db';
import { writeTransaction } from './write-transaction';

/** How many times a change is computed again before it gives up as busy. */
export const CHANGE_TRIES = 5;

export function changeCount(db: Db, runId: number): number {
  return (db.prepare('SELECT changes FROM runs WHERE id = ?').pluck().get(runId) as number | undefined) ?? -1;
}

/**
 * `compute` on the run as stored, then `commit` its result only if no change landed on the run
 * meanwhile (checked in the write's own transaction); else computed again, CHANGE_TRIES times.
 */
export async function changeRun<P, R>(
  db: Db,
  runId: number,
  compute: () => Promise<P>,
  commit: (prepared: P) => R,
): Promise<R> {
  for (let i = 0; i < CHANGE_TRIES; i++) {
    const seen = changeCount(db, runId);
    const prepared = await compute();
    const done = writeTransaction(db, () =>
      changeCount(db, runId) === seen ? { value: commit(prepared) } : null,
    );
    if (done) return done.value;
  }
  throw busyError();
}
