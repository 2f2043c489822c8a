/**
 * Each run's stored candidates are counted by the store as they come and go (migration 11,
 * src-main/store/candidate-counts.ts), so experiments.get and runs.list read one row per run:
 * the counts agree with counting the rows after any mix of batches, repeats, edits, deletions,
 * flips and deleted runs (fixed-seed property); an older file is counted when it is upgraded;
 * and experiments.get answers the same, without reading a candidate, on a database that holds
 * many other runs and an edit in one of the experiment's own runs.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiArgs, ExperimentDetail, StudioClient } from '../../src-shared/api';
import { candidateCounts } from '../../src-main/store/candidate-counts';
import { insertCandidate, insertCandidates, type NewCandidate } from '../../src-main/store/candidates';
import { migrate, openDatabase, type Db } from '../../src-main/store/db';
import { experimentRuns, experimentRunsSql } from '../../src-main/store/experiments';
import { migrations } from '../../src-main/store/migrations';
import { getRun, insertRun, listRuns } from '../../src-main/store/runs';
import { fcRuns } from '../helpers/fast-check';
import { useTestStudio } from '../helpers/studio';
import { tempDir } from '../helpers/temp';

const NOW = '2026-11-30T00:00:00.000Z';
const newRun = (db: Db, status: 'done' | 'imported' = 'done'): number =>
  insertRun(
    db,
    { game: 'carillon', seed: 1, plan: [], rules: {}, status, levels: 4, candidatesTotal: 64 },
    NOW,
  );
const cand = (slot: number, index: number): NewCandidate => ({
  slot,
  index,
  level: { dots: [slot, index] },
  metrics: { bits: slot },
  difficulty: slot,
  proof: { tries: 1 },
});

/** What the counts must equal: the run's rows counted (the query runs.list used before). */
function counted(db: Db, runId: number): { made: number; edited: number; done: number } {
  const r = db
    .prepare(
      `SELECT COALESCE(SUM(hand_edited = 0), 0) AS made, COALESCE(SUM(hand_edited <> 0), 0) AS edited,
              (SELECT COUNT(*) FROM candidates c JOIN runs r ON r.id = c.run_id WHERE c.run_id = @id AND (c.hand_edited = 0 OR r.status = 'imported')) AS done
       FROM candidates WHERE run_id = @id`,
    )
    .get({ id: runId }) as { made: number; edited: number; done: number };
  return r;
}

type Op =
  | { op: 'batch'; run: number; slots: [number, number][] }
  | { op: 'edit'; run: number; slot: number }
  | { op: 'delete'; k: number }
  | { op: 'flip'; k: number }
  | { op: 'move'; k: number; run: number }
  | { op: 'dropRun'; run: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('batch' as const),
    run: fc.nat(2),
    slots: fc.array(fc.tuple(fc.nat(3), fc.nat(5)), { maxLength: 12 }),
  }),
  fc.record({ op: fc.constant('edit' as const), run: fc.nat(2), slot: fc.nat(3) }),
  fc.record({ op: fc.constant('delete' as const), k: fc.nat(50) }),
  fc.record({ op: fc.constant('flip' as const), k: fc.nat(50) }),
  fc.record({ op: fc.constant('move' as const), k: fc.nat(50), run: fc.nat(2) }),
  fc.record({ op: fc.constant('dropRun' as const), run: fc.nat(2) }),
);

describe("the store counts each run's candidates as they come and go", () => {
  it('property: the counts equal counting the rows, after any mix of changes', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 25 }), (ops) => {
        const db = openDatabase(':memory:');
        try {
          // Three runs; the third is imported (its hand-edited levels count as done).
          const runs = [newRun(db), newRun(db), newRun(db, 'imported')];
          let editIndex = 100;
          const ids = (): number[] =>
            (db.prepare('SELECT id FROM candidates ORDER BY id').all() as { id: number }[]).map((r) => r.id);
          for (const o of ops) {
            const all = ids();
            const pick = (k: number): number | undefined => all[k % Math.max(1, all.length)];
            if (o.op === 'batch')
              insertCandidates(
                db,
                runs[o.run]!,
                o.slots.map(([s, i]) => cand(s, i)),
              );
            else if (o.op === 'edit')
              insertCandidate(db, runs[o.run]!, { ...cand(o.slot, editIndex++), handEdited: true }, null);
            else if (o.op === 'delete' && pick(o.k) !== undefined)
              db.prepare('DELETE FROM candidates WHERE id = ?').run(pick(o.k));
            else if (o.op === 'flip' && pick(o.k) !== undefined)
              db.prepare('UPDATE candidates SET hand_edited = 1 - hand_edited WHERE id = ?').run(pick(o.k));
            else if (o.op === 'move' && pick(o.k) !== undefined)
              db.prepare('UPDATE OR IGNORE candidates SET run_id = ? WHERE id = ?').run(
                runs[o.run],
                pick(o.k),
              );
            else if (o.op === 'dropRun') {
              db.prepare('DELETE FROM runs WHERE id = ?').run(runs[o.run]);
              runs[o.run] = newRun(db, o.run === 2 ? 'imported' : 'done');
            }
            for (const id of runs) {
              const want = counted(db, id);
              expect(candidateCounts(db, id)).toEqual({ made: want.made, edited: want.edited });
              expect(getRun(db, id)!.candidatesDone).toBe(want.done);
            }
            // A deleted run leaves no count behind.
            expect(
              (
                db
                  .prepare(
                    'SELECT COUNT(*) AS n FROM run_candidate_counts WHERE run_id NOT IN (SELECT id FROM runs)',
                  )
                  .get() as { n: number }
              ).n,
            ).toBe(0);
          }
          expect(listRuns(db).map((r) => r.candidatesDone)).toEqual(
            listRuns(db).map((r) => counted(db, r.id).done),
          );
        } finally {
          db.close();
        }
      }),
      fcRuns(60),
    );
  });

  it('a file from before the counts is counted when it is upgraded', () => {
    const t = tempDir();
    try {
      const path = join(t.dir, 'old.db');
      const raw = new Database(path);
      raw.pragma('foreign_keys = ON');
      for (let v = 0; v < 9; v++) raw.exec(migrations[v]!);
      raw.pragma('user_version = 9');
      // The rows as a studio of schema version 9 wrote them (today's store writes later columns).
      const oldRun = (status: string): number =>
        Number(
          raw
            .prepare(
              `INSERT INTO runs (game, seed, plan, rules, status, levels, candidates_total, created_at)
               VALUES ('carillon', 1, '[]', '{}', ?, 4, 64, ?)`,
            )
            .run(status, NOW).lastInsertRowid,
        );
      const oldCandidate = (runId: number, slot: number, index: number, handEdited = 0): void => {
        raw
          .prepare(
            `INSERT INTO candidates (run_id, slot, idx, level, metrics, difficulty, proof, hand_edited)
             VALUES (?, ?, ?, ?, ?, ?, '{"tries":1}', ?)`,
          )
          .run(
            runId,
            slot,
            index,
            JSON.stringify({ dots: [slot, index] }),
            JSON.stringify({ bits: slot }),
            slot,
            handEdited,
          );
      };
      const a = oldRun('done'),
        b = oldRun('imported'),
        c = oldRun('done');
      for (const [slot, index] of [
        [0, 0],
        [0, 1],
        [1, 0],
      ] as const)
        oldCandidate(a, slot, index);
      oldCandidate(a, 0, 9, 1);
      oldCandidate(b, 0, 0);
      oldCandidate(b, 0, 9, 1);
      expect(migrate(raw)).toBe(migrations.length);
      expect([a, b, c].map((id) => candidateCounts(raw, id))).toEqual([
        { made: 3, edited: 1 },
        { made: 1, edited: 1 },
        { made: 0, edited: 0 },
      ]);
      expect([a, b, c].map((id) => getRun(raw, id)!.candidatesDone)).toEqual([3, 2, 0]);
      // And kept from then on.
      insertCandidates(raw, c, [cand(2, 0)]);
      expect(getRun(raw, c)!.candidatesDone).toBe(1);
      raw.close();
    } finally {
      t.cleanup();
    }
  });
});

describe('experiments.get reads what the experiment holds, not the database', () => {
  const studio = useTestStudio({ prefix: 'studio-exp-get-' });

  async function settled(client: StudioClient, experimentId: number): Promise<ExperimentDetail> {
    for (;;) {
      const e = await client.call('experiments.get', { experimentId });
      if (e.status !== 'queued' && e.status !== 'running') return e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('the same answer beside 200 other runs (10,000 candidates) and a hand edit in its own run; no candidate read', async () => {
    const args: ApiArgs<'experiments.create'> = {
      base: { game: 'carillon', levels: 2 },
      variants: [{ changes: { 'rules.spacing': 22 } }],
      seeds: [5, 9],
      scope: { kind: 'slots', slots: [0, 1], candidates: 4 },
    };
    const made = await studio.api.call('experiments.create', args);
    if (made.experimentId === null) throw new Error(made.confirm.message);
    const before = await settled(studio.api, made.experimentId);
    expect(before.status).toBe('done');
    expect(before.runs.map((r) => [r.candidatesDone, r.candidatesTotal])).toEqual(
      before.runs.map(() => [8, 8]),
    );

    const db = openDatabase(studio.dbPath);
    try {
      // Many other runs, stored as generation stores them.
      db.transaction(() => {
        for (let r = 0; r < 200; r++) {
          const id = newRun(db);
          insertCandidates(
            db,
            id,
            Array.from({ length: 50 }, (_, i) => cand(i % 4, Math.floor(i / 4))),
          );
        }
      })();
      // A designer's edit saved into one of the experiment's runs is not one of its jobs.
      insertCandidate(db, before.runs[0]!.runId, { ...cand(0, 50), handEdited: true }, null);
      const after = await studio.api.call('experiments.get', { experimentId: made.experimentId });
      expect(after).toEqual(before);
      expect(experimentRuns(db, made.experimentId)).toEqual(before.runs);
      // The query reads the experiment's links, its runs and one count row per run: never a candidate.
      const plan = (
        db.prepare(`EXPLAIN QUERY PLAN ${experimentRunsSql}`).all(made.experimentId) as { detail: string }[]
      ).map((p) => p.detail);
      expect(plan.join('\n')).not.toMatch(/\bcandidates\b|\bc\b USING|SCAN/);
      expect(plan.some((d) => /^SEARCH n USING INTEGER PRIMARY KEY/.test(d))).toBe(true);
    } finally {
      db.close();
    }
  });
});
