/**
 * The attempts store: inserting in steps leaves out stored ids, and a step that fails takes
 * out what the call added, so an import stores all or nothing; lists page and filter.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../src-main/store/candidates';
import { openDatabase } from '../../src-main/store/db';
import {
  attemptById,
  insertAttempts,
  insertAttemptsInSteps,
  listAttempts,
  type NewAttempt,
} from '../../src-main/store/playtest-attempts';
import { insertRun } from '../../src-main/store/runs';
import { tempDir } from '../helpers/temp';

const t = tempDir('studio-playtest-attempts-');
afterAll(() => t.cleanup());

describe('playtest attempts in the store', () => {
  const db = openDatabase(join(t.dir, 'a.db'));
  afterAll(() => db.close());
  const runId = insertRun(
    db,
    { game: 'carillon', seed: 1, plan: [], rules: {}, status: 'done', levels: 2, candidatesTotal: 2 },
    '2026-12-02T00:00:00.000Z',
  );
  const [c1, c2] = [0, 1].map((slot) =>
    insertCandidate(
      db,
      runId,
      { slot, index: 0, level: { dots: [] }, metrics: {}, difficulty: 0, proof: {} },
      null,
    ),
  );
  const row = (i: number, candidateId = c1!): NewAttempt => ({
    id: i.toString(16).padStart(64, '0'),
    runId,
    candidateId,
    exportId: null,
    tester: `t${i % 3}`,
    level: candidateId === c1 ? 1 : 2,
    order: 'automatic',
    startedAt: `2026-12-02T09:00:00.${String(i % 1000).padStart(3, '0')}Z`,
    outcome: 'gave-up',
    ms: 100 + i,
    moves: 1,
    wasted: 1,
    restarts: 0,
    recordedAt: '2026-12-02T10:00:00.000Z',
    eventsJson: JSON.stringify([{ kind: 'move', at: 50, element: 0, effect: 'popped 1' }]),
  });

  it('adds only ids not stored yet, in steps, and pages and filters the list', async () => {
    expect(insertAttempts(db, [row(1), row(2)])).toBe(2);
    const rows = Array.from({ length: 700 }, (_, i) => row(i + 1, i % 2 ? c1 : c2));
    expect(await insertAttemptsInSteps(db, rows)).toBe(698);
    expect(listAttempts(db, { runId, limit: 10, offset: 0 }).total).toBe(700);
    const page = listAttempts(db, { runId, candidateId: c2!, limit: 50, offset: 299 });
    // Rows 1 and 2 were stored on c1 first: row 1 stays there, so c2 holds 349 and c1 351.
    expect(page.total).toBe(349);
    expect(page.attempts).toHaveLength(50);
    expect(page.attempts.every((a) => a.candidateId === c2 && a.level === 2)).toBe(true);
    expect(listAttempts(db, { runId, level: 1, limit: 1, offset: 0 }).total).toBe(351);
    expect(attemptById(db, row(5).id)?.events).toEqual([
      { kind: 'move', at: 50, element: 0, effect: 'popped 1' },
    ]);
    expect(attemptById(db, 'f'.repeat(64))).toBeNull();
  });

  it('takes out what it added when a later step fails', async () => {
    const before = listAttempts(db, { runId, limit: 1, offset: 0 }).total;
    // Row 601 names a candidate that does not exist: its step fails after six steps went in.
    const rows = Array.from({ length: 700 }, (_, i) => row(10_000 + i, i === 600 ? 999_999 : c1));
    await expect(insertAttemptsInSteps(db, rows)).rejects.toThrow(/FOREIGN KEY/);
    expect(listAttempts(db, { runId, limit: 1, offset: 0 }).total).toBe(before);
  });
});
