/** A run's steering (pins, locks, exclusions) as stored on the run; changed only through history. */
import type { Steering } from '../../src-shared/api';
import type { Db } from './db';

export const emptySteering = (): Steering => ({ approved: false, pins: [], locks: [], excluded: [] });

export function loadSteering(db: Db, runId: number): Steering | null {
  const row = db.prepare('SELECT steering FROM runs WHERE id = ?').get(runId) as
    { steering: string | null } | undefined;
  return row?.steering ? (JSON.parse(row.steering) as Steering) : null;
}

export function saveSteering(db: Db, runId: number, steering: Steering): void {
  db.prepare('UPDATE runs SET steering = ? WHERE id = ?').run(JSON.stringify(steering), runId);
}

/** Whether the run has an approved candidate (approved first is then the default steered base). */
export function anyApproved(db: Db, runId: number): boolean {
  return (
    db.prepare("SELECT 1 FROM candidates WHERE run_id = ? AND verdict = 'approved' LIMIT 1").get(runId) !==
    undefined
  );
}
