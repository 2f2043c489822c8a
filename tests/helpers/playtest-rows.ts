/** Playtest attempts written straight into a studio's database (as import stores them), for tests of what reads them. */
import Database from 'better-sqlite3';
import { sha256Hex } from '../../src-shared/playtest/checksum';

/**
 * Replace a run's attempts with `testers` attempts at each proven candidate, each clearing in
 * `seconds(candidateId, storedDifficulty)` (tester t a few milliseconds slower than t - 1).
 */
export function storeAttempts(
  dbPath: string,
  runId: number,
  seconds: (candidateId: number, model: number) => number,
  testers = 3,
): void {
  const db = new Database(dbPath);
  try {
    const cands = db
      .prepare('SELECT id, difficulty FROM candidates WHERE run_id = ? AND level IS NOT NULL')
      .all(runId) as { id: number; difficulty: number }[];
    const ins = db.prepare(
      `INSERT INTO playtest_attempts (id, run_id, candidate_id, export_id, tester, level, order_kind, started_at, outcome, ms, moves, wasted, restarts, events, recorded_at)
       VALUES (?, ?, ?, NULL, ?, 1, 'approved', '2026-12-02T00:00:00.000Z', 'cleared-more', ?, 1, 1, 0, '[]', '2026-12-02T00:00:00.000Z')`,
    );
    db.transaction(() => {
      db.prepare('DELETE FROM playtest_attempts WHERE run_id = ?').run(runId);
      for (const c of cands)
        for (let t = 0; t < testers; t++) {
          const ms = Math.round(seconds(c.id, c.difficulty) * 1000) + t * 10;
          ins.run(sha256Hex(`${runId}:${c.id}:${t}`), runId, c.id, `tester ${t + 1}`, ms);
        }
    })();
  } finally {
    db.close();
  }
}
