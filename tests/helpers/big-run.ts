/**
 * A done run of `count` candidates written straight into SQLite (no generation), with every
 * kind of row that points at a candidate: metric rows, hand-edited children (parent_id),
 * near-duplicate pairs, an automatic order's levels, triage marks and a history entry. The
 * levels are placeholders: deletes, counts and locks never read them; the plan and rules are the
 * game's defaults, so the run reads back (a run whose stored settings cannot be read is read-only).
 */
import Database from 'better-sqlite3';
import { gameById } from '../../src-shared/games/index';

export function seedBigRun(dbPath: string, count: number, game = 'carillon'): number {
  const db = new Database(dbPath);
  db.pragma('busy_timeout = 5000');
  try {
    return db
      .transaction(() => {
        const now = new Date().toISOString();
        const runId = Number(
          db
            .prepare(
              `INSERT INTO runs (game, seed, name, plan, rules, status, levels, candidates_total, created_at)
               VALUES (?, 1, 'big run', ?, ?, 'done', ?, ?, ?)`,
            )
            .run(
              game,
              JSON.stringify(gameById(game).defaultPlan),
              JSON.stringify(gameById(game).defaultRules),
              Math.ceil(count / 16),
              count,
              now,
            ).lastInsertRowid,
        );
        const cand = db.prepare(
          `INSERT INTO candidates (run_id, slot, idx, level, metrics, difficulty, proof, hand_edited, parent_id)
           VALUES (?, ?, ?, '{}', '{"bits":1}', ?, '{}', ?, ?)`,
        );
        const metric = db.prepare(
          'INSERT INTO candidate_metrics (candidate_id, run_id, key, value) VALUES (?, ?, ?, ?)',
        );
        const ids: number[] = [];
        for (let i = 0; i < count; i++) {
          const slot = Math.floor(i / 16);
          // Every 16th candidate is a hand edit of the one before it.
          const parent = i % 16 === 15 ? ids[i - 1]! : null;
          const id = Number(
            cand.run(runId, slot, i % 16, i / count, parent === null ? 0 : 1, parent).lastInsertRowid,
          );
          ids.push(id);
          for (const key of ['bits', 'taps', 'dots', 'chains']) metric.run(id, runId, key, (i * 7) % 13);
        }
        db.prepare("INSERT INTO orderings (run_id, kind, computed_at) VALUES (?, 'automatic', ?)").run(
          runId,
          now,
        );
        const level = db.prepare(
          "INSERT INTO ordering_levels (run_id, kind, level, candidate_id, target) VALUES (?, 'automatic', ?, ?, 0)",
        );
        for (let s = 0; s * 16 < count; s++) level.run(runId, s + 1, ids[s * 16]!);
        const pair = db.prepare(
          "INSERT INTO duplicate_pairs (run_id, a_id, b_id, rule, transform, share) VALUES (?, ?, ?, 'same', 'identity', 0.9)",
        );
        const fine = db.prepare(
          "INSERT INTO pair_triage (run_id, a_id, b_id, decision, decided_by, decided_at) VALUES (?, ?, ?, 'fine', 'test', ?)",
        );
        for (let i = 0; i + 1 < count; i += 2) {
          pair.run(runId, ids[i]!, ids[i + 1]!);
          if (i % 8 === 0) fine.run(runId, ids[i]!, ids[i + 1]!, now);
        }
        const entry = Number(
          db
            .prepare(
              "INSERT INTO history (run_id, kind, label, scope, rows, created_at) VALUES (?, 'verdict', 'Approved', '1 candidate', 1, ?)",
            )
            .run(runId, now).lastInsertRowid,
        );
        db.prepare(
          `INSERT INTO history_changes (entry_id, seq, target, target_id, field, before, after)
           VALUES (?, 0, 'candidate', ?, 'verdict', '"none"', '"approved"')`,
        ).run(entry, ids[0]!);
        return runId;
      })
      .immediate();
  } finally {
    db.close();
  }
}
