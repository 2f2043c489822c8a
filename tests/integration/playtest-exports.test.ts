/**
 * The playtest pages the studio wrote (store/playtest-exports.ts): an export reads back as it
 * was stored, an unknown id is null, and deleting its run deletes it with the run's attempts.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../src-main/store/candidates';
import { openDatabase, type Db } from '../../src-main/store/db';
import {
  playtestExportById,
  playtestExportsOfRun,
  recordPlaytestExport,
} from '../../src-main/store/playtest-exports';
import { markRunDeleting, purgeRun } from '../../src-main/store/run-delete';
import { LEASE_TIMING } from '../../src-main/store/leases';
import { insertRun } from '../../src-main/store/runs';
import {
  PLAYTEST_OUTCOMES,
  type PlaytestExport,
  type PlaytestOutcome,
  type TraceEvent,
} from '../../src-shared/playtest/types';
import { tempDir } from '../helpers/temp';

const t = tempDir('studio-playtest-exports-');
afterAll(() => t.cleanup());
const NOW = '2026-12-02T00:00:00.000Z';

function runWithCandidates(db: Db): { runId: number; ids: number[] } {
  const runId = insertRun(
    db,
    { game: 'carillon', seed: 1, plan: [], rules: {}, status: 'done', levels: 2, candidatesTotal: 2 },
    NOW,
  );
  const ids = [0, 1].map((slot) =>
    insertCandidate(
      db,
      runId,
      { slot, index: 0, level: { dots: [slot] }, metrics: {}, difficulty: slot, proof: {} },
      null,
    ),
  );
  return { runId, ids };
}

describe('playtest exports in the store', () => {
  it('reads an export back as stored, newest first per run, and null for an id it never wrote', () => {
    const db = openDatabase(join(t.dir, 'a.db'));
    try {
      const { runId, ids } = runWithCandidates(db);
      const first: PlaytestExport = {
        id: 'exp-1',
        runId,
        order: 'automatic',
        packChecksum: 'ab'.repeat(32),
        candidateIds: ids,
        testers: { subset: null, shuffle: false, seed: null },
        createdAt: NOW,
      };
      const second: PlaytestExport = {
        ...first,
        id: 'exp-2',
        order: 'steered',
        testers: { subset: 1, shuffle: true, seed: 42 },
        createdAt: '2026-12-02T01:00:00.000Z',
      };
      recordPlaytestExport(db, first);
      recordPlaytestExport(db, second);
      expect(playtestExportById(db, 'exp-1')).toEqual(first);
      expect(playtestExportById(db, 'exp-2')).toEqual(second);
      expect(playtestExportById(db, 'nope')).toBeNull();
      expect(playtestExportsOfRun(db, runId).map((e) => e.id)).toEqual(['exp-2', 'exp-1']);
      // The same id twice is refused by the primary key: an export is never overwritten.
      expect(() => recordPlaytestExport(db, first)).toThrow(/UNIQUE/);
    } finally {
      db.close();
    }
  });

  it('deleting the run deletes its exports and its attempts', async () => {
    const db = openDatabase(join(t.dir, 'b.db'));
    try {
      const { runId, ids } = runWithCandidates(db);
      recordPlaytestExport(db, {
        id: 'exp-x',
        runId,
        order: 'automatic',
        packChecksum: 'cd'.repeat(32),
        candidateIds: ids,
        testers: { subset: null, shuffle: false, seed: null },
        createdAt: NOW,
      });
      db.prepare(
        `INSERT INTO playtest_attempts (id, run_id, candidate_id, export_id, tester, level, order_kind, started_at,
           outcome, ms, moves, wasted, restarts, events, recorded_at)
         VALUES ('att-1', ?, ?, 'exp-x', 'Ana', 1, 'automatic', ?, 'cleared-fewest', 900, 1, 0, 0, '[]', ?)`,
      ).run(runId, ids[0], NOW, NOW);
      expect(markRunDeleting(db, runId, LEASE_TIMING)).toBe(1);
      await purgeRun(db, runId);
      expect(db.prepare('SELECT COUNT(*) FROM playtest_exports').pluck().get()).toBe(0);
      expect(db.prepare('SELECT COUNT(*) FROM playtest_attempts').pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  });
});

describe('playtest attempts in the store', () => {
  it("the table's outcome CHECK accepts exactly the shared outcomes", () => {
    const db = openDatabase(join(t.dir, 'c.db'));
    try {
      const { runId, ids } = runWithCandidates(db);
      const insert = db.prepare(
        `INSERT INTO playtest_attempts (id, run_id, candidate_id, export_id, tester, level, order_kind, started_at,
           outcome, ms, moves, wasted, restarts, events, recorded_at)
         VALUES (?, ?, ?, NULL, 'Ana', 1, 'automatic', ?, ?, 900, 1, 0, 0, ?, ?)`,
      );
      const events: TraceEvent[] = [{ kind: 'move', at: 120, element: 0, effect: 'popped 1' }];
      const outcomes: readonly PlaytestOutcome[] = PLAYTEST_OUTCOMES;
      for (const [i, outcome] of outcomes.entries())
        insert.run(`att-${i}`, runId, ids[0], NOW, outcome, JSON.stringify(events), NOW);
      expect(db.prepare('SELECT COUNT(*) FROM playtest_attempts').pluck().get()).toBe(outcomes.length);
      expect(() => insert.run('att-bad', runId, ids[0], NOW, 'won', '[]', NOW)).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});
