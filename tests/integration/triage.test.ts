/**
 * Duplicate triage through the API (issue 14 part 3): each pair carries both verdicts and where
 * each candidate ships; `duplicates.triage` rejects A or B or marks the pair fine (stored per
 * run and pair with who decided and when), each one history entry that undo and redo replay;
 * fine pairs are no longer listed by default; the steered ordering honours the triage (a pair
 * marked fine may both ship, unmarked one is skipped; a rejected candidate never ships).
 */
import { userInfo } from 'node:os';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src-main/store/migrations';
import { refusal, refusalOf } from '../helpers/refusal';
import { openTestStudio, useTestStudio } from '../helpers/studio';

const DESIGNER = 'Ada (test)';
const studio = useTestStudio({ prefix: 'studio-triage-', designer: DESIGNER });
let runId: number;

function raw<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(studio.dbPath);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
const triageRows = (): unknown[] =>
  raw((db) => db.prepare('SELECT * FROM pair_triage WHERE run_id = ? ORDER BY a_id, b_id').all(runId));

beforeAll(async () => {
  runId = (await studio.finishedRun({ game: 'carillon', seed: 11, levels: 8 })).id;
}, 240_000);

describe('duplicates.list', () => {
  it('gives each pair both verdicts and the level each ships as in the order shipping now (the automatic one here)', async () => {
    const pairs = await studio.api.call('duplicates.list', { runId, limit: 100_000 });
    expect(pairs.length).toBeGreaterThan(0);
    const auto = await studio.api.call('orderings.get', { runId, kind: 'automatic' });
    const levelOf = new Map(auto.levels.map((l) => [l.candidateId, l.level]));
    for (const p of pairs) {
      expect(p.order).toBe('automatic');
      expect(p.fine).toBeNull();
      for (const side of [p.a, p.b]) {
        expect(side.verdict).toBe('none');
        expect(side.ships).toBe(levelOf.get(side.id) ?? null);
      }
    }
    // The automatic order skips near-duplicates: no pair ships both.
    expect(pairs.filter((p) => p.a.ships !== null && p.b.ships !== null)).toEqual([]);
    const one = await studio.api.call('duplicates.list', { runId, limit: 100_000, ships: 'one' });
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((p) => (p.a.ships === null) !== (p.b.ships === null))).toBe(true);
    const none = await studio.api.call('duplicates.list', { runId, limit: 100_000, ships: 'none' });
    expect(one.length + none.length).toBe(pairs.length);
  });

  it('refuses a filter it does not know, naming the field in plain words', async () => {
    const e = await refusalOf(studio.service, 'duplicates.list', { runId, ships: 'sometimes' });
    expect(e.code).toBe('bad-argument');
    expect(e.fields?.[0]?.field).toBe('ships');
    expect(e.message).not.toMatch(/invalid_enum|ZodError/);
  });
});

describe('duplicates.triage', () => {
  it('marks a pair fine with who decided and when, hides it from the default list, and undo/redo replay exactly that', async () => {
    const [pair] = await studio.api.call('duplicates.list', { runId, limit: 1 });
    const before = await studio.api.call('duplicates.list', { runId, limit: 100_000 });
    const r = await studio.api.call('duplicates.triage', { pairId: pair!.id, decision: 'fine' });
    expect(r.changed).toBe(1);
    expect(r.entry?.kind).toBe('triage');
    expect(r.entry?.label).toMatch(/^Marked L\d+ · c\d+ ↔ L\d+ · c\d+ fine \(both may ship\)$/);
    expect(r.pair.fine?.by).toBe(DESIGNER);
    expect(Date.parse(r.pair.fine!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(triageRows()).toEqual([
      {
        run_id: runId,
        a_id: Math.min(pair!.a.id, pair!.b.id),
        b_id: Math.max(pair!.a.id, pair!.b.id),
        decision: 'fine',
        decided_by: DESIGNER,
        decided_at: r.pair.fine!.at,
      },
    ]);

    const open = await studio.api.call('duplicates.list', { runId, limit: 100_000 });
    expect(open.map((p) => p.id)).toEqual(before.map((p) => p.id).filter((id) => id !== pair!.id));
    expect(
      (await studio.api.call('duplicates.list', { runId, limit: 100_000, triage: 'fine' })).map((p) => p.id),
    ).toEqual([pair!.id]);
    expect(await studio.api.call('duplicates.list', { runId, limit: 100_000, triage: 'all' })).toHaveLength(
      before.length,
    );

    // Marking it again changes nothing and records nothing (the first decider stays).
    const again = await studio.api.call('duplicates.triage', { pairId: pair!.id, decision: 'fine' });
    expect(again.changed).toBe(0);
    expect(again.entry).toBeNull();

    const history = await studio.api.call('history.list', { runId });
    expect(history.entries[0]!.label).toBe(r.entry!.label);
    const undone = await studio.api.call('history.undo', { runId });
    expect(undone.entries[0]!.id).toBe(r.entry!.id);
    expect(triageRows()).toEqual([]);
    expect(await studio.api.call('duplicates.list', { runId, limit: 100_000 })).toHaveLength(before.length);
    await studio.api.call('history.redo', { runId });
    expect((triageRows()[0] as { decided_by: string; decided_at: string }).decided_at).toBe(r.pair.fine!.at);

    const off = await studio.api.call('duplicates.triage', { pairId: pair!.id, decision: 'not-fine' });
    expect(off.entry?.label).toMatch(/^Took the fine mark off L\d+ · c\d+ ↔ L\d+ · c\d+$/);
    expect(off.pair.fine).toBeNull();
    expect(triageRows()).toEqual([]);
  });

  it('rejects B or A as a verdict change naming the other candidate; the pair then counts as settled', async () => {
    const [pair] = await studio.api.call('duplicates.list', { runId, limit: 1, triage: 'unresolved' });
    const rb = await studio.api.call('duplicates.triage', { pairId: pair!.id, decision: 'reject-b' });
    expect(rb.entry?.kind).toBe('verdict');
    expect(rb.entry?.label).toMatch(/^Rejected L\d+ · c\d+ \(near-duplicate of L\d+ · c\d+\)$/);
    expect(rb.pair.b.verdict).toBe('rejected');
    expect(rb.pair.a.verdict).toBe('none');
    expect(
      (await studio.api.call('duplicates.list', { runId, limit: 100_000, triage: 'unresolved' })).some(
        (p) => p.id === pair!.id,
      ),
    ).toBe(false);
    // Still reported under the default filter: only a fine mark hides a pair.
    expect(
      (await studio.api.call('duplicates.list', { runId, limit: 100_000 })).some((p) => p.id === pair!.id),
    ).toBe(true);
    const report = await studio.api.call('runs.report', { runId });
    expect(report?.nearDuplicates.triage).toMatchObject({ fine: 0 });
    expect(report?.nearDuplicates.triage?.rejected).toBeGreaterThanOrEqual(1);

    await studio.api.call('history.undo', { runId });
    const back = (await studio.api.call('duplicates.list', { runId, limit: 100_000 })).find(
      (p) => p.id === pair!.id,
    )!;
    expect(back.b.verdict).toBe('none');

    const ra = await studio.api.call('duplicates.triage', { pairId: pair!.id, decision: 'reject-a' });
    expect(ra.pair.a.verdict).toBe('rejected');
    expect(ra.pair.b.verdict).toBe('none');
    await studio.api.call('history.undo', { runId });
  });

  it('refuses an unknown pair or decision by name and changes nothing', async () => {
    const entries = (await studio.api.call('history.list', { runId })).total;
    const missing = await refusal(
      studio.api.call('duplicates.triage', { pairId: 99_999_999, decision: 'fine' }),
    );
    expect(missing.code).toBe('not-found');
    expect(missing.message).toMatch(/pair 99999999 does not exist/);
    const bad = await refusalOf(studio.service, 'duplicates.triage', { pairId: 1, decision: 'maybe' });
    expect(bad.fields?.[0]?.field).toBe('decision');
    const extra = await refusalOf(studio.service, 'duplicates.triage', {
      pairId: 1,
      decision: 'fine',
      by: 'mallory',
    });
    expect(extra.fields?.some((f) => f.field === 'by')).toBe(true);
    expect((await studio.api.call('history.list', { runId })).total).toBe(entries);
  });
});

describe('the steered ordering honours the triage', () => {
  /**
   * Two candidates of pool L1 made exact copies of each other, everything else of the run
   * excluded: the only way to ship two levels is to ship both copies.
   */
  let a: number;
  let b: number;
  let pairId: number;
  beforeAll(async () => {
    const page = await studio.api.call('candidates.list', { runId, slot: 0, limit: 2000, withLevels: false });
    const proven = page.items.filter((c) => c.failure === null);
    expect(proven.length).toBeGreaterThanOrEqual(2);
    [a, b] = [proven[0]!.id, proven[1]!.id];
    pairId = raw((db) => {
      db.prepare(
        'UPDATE candidates SET level = (SELECT level FROM candidates WHERE id = @a), metrics = (SELECT metrics FROM candidates WHERE id = @a), difficulty = (SELECT difficulty FROM candidates WHERE id = @a) WHERE id = @b',
      ).run({ a, b });
      db.prepare(
        'DELETE FROM duplicate_pairs WHERE (a_id = @a AND b_id = @b) OR (a_id = @b AND b_id = @a)',
      ).run({ a, b });
      return Number(
        db
          .prepare(
            "INSERT INTO duplicate_pairs (run_id, a_id, b_id, rule, transform, share) VALUES (?, ?, ?, 'same-picture', 'identity', 1)",
          )
          .run(runId, a, b).lastInsertRowid,
      );
    });
    const all = await studio.api.call('candidates.list', { runId, limit: 2000, withLevels: false });
    const others = all.items.filter((c) => c.failure === null && c.id !== a && c.id !== b).map((c) => c.id);
    await studio.api.call('orderings.steer', { runId, clear: true, exclude: others });
  }, 120_000);

  const shipped = async (): Promise<number[]> => {
    const r = await studio.api.call('orderings.steer', { runId });
    return r.ordering.levels
      .map((l) => l.candidateId)
      .filter((id): id is number => id !== null && (id === a || id === b));
  };

  it('unmarked, one of the two copies is skipped; marked fine, both ship; undone, one again', async () => {
    expect(await shipped()).toHaveLength(1);
    await studio.api.call('duplicates.triage', { pairId, decision: 'fine' });
    expect((await shipped()).sort()).toEqual([a, b].sort());
    const listed = (await studio.api.call('duplicates.list', { runId, limit: 100_000, triage: 'fine' }))[0]!;
    expect(listed.order).toBe('steered');
    expect(listed.a.ships).not.toBeNull();
    expect(listed.b.ships).not.toBeNull();
    // Undo the recompute, then the mark: the next recompute skips one copy again.
    await studio.api.call('history.undo', { runId });
    await studio.api.call('history.undo', { runId });
    expect(await shipped()).toHaveLength(1);
  }, 120_000);

  it("names a pair both shipping (pinned) among the order's problems until it is marked fine", async () => {
    const pinned = await studio.api.call('orderings.steer', {
      runId,
      pin: [
        { level: 1, candidateId: a },
        { level: 2, candidateId: b },
      ],
    });
    expect(pinned.ordering.levels.slice(0, 2).map((l) => l.candidateId)).toEqual([a, b]);
    expect(pinned.ordering.problems).toContainEqual(
      expect.objectContaining({
        level: 2,
        message:
          'levels 1 and 2 are near-duplicates and both ship: reject one or mark the pair fine (Duplicates)',
      }),
    );
    await studio.api.call('duplicates.triage', { pairId, decision: 'fine' });
    const fine = await studio.api.call('orderings.steer', { runId });
    expect(fine.ordering.levels.slice(0, 2).map((l) => l.candidateId)).toEqual([a, b]);
    expect(fine.ordering.problems.filter((p) => /near-duplicates/.test(p.message))).toEqual([]);
    await studio.api.call('duplicates.triage', { pairId, decision: 'not-fine' });
    await studio.api.call('orderings.steer', { runId, unpin: [1, 2] });
  }, 120_000);

  it('never ships a rejected candidate, and refuses a pin on one, naming the level', async () => {
    await studio.api.call('duplicates.triage', { pairId, decision: 'fine' });
    await studio.api.call('duplicates.triage', { pairId, decision: 'reject-b' });
    const pairView = (
      await studio.api.call('duplicates.list', { runId, limit: 100_000, triage: 'all' })
    ).find((p) => p.id === pairId)!;
    const rejected = pairView.b.id;
    const ids = await shipped();
    expect(ids).not.toContain(rejected);
    expect(ids).toHaveLength(1);
    const pin = await refusal(
      studio.api.call('orderings.steer', { runId, pin: [{ level: 2, candidateId: rejected }] }),
    );
    expect(pin.code).toBe('conflict');
    expect(pin.message).toMatch(/level 2 is pinned to L1 · c\d+, which is rejected/);
  }, 120_000);
});

describe('who decided', () => {
  it('is the OS user running main when nobody says otherwise, never an argument', async () => {
    const other = openTestStudio({ workers: 1, prefix: 'studio-triage-who-' });
    try {
      const id = (await other.finishedRun({ game: 'carillon', seed: 3, levels: 4 })).id;
      const pairs = await other.api.call('duplicates.list', { runId: id, limit: 1 });
      expect(pairs.length).toBe(1);
      const r = await other.api.call('duplicates.triage', { pairId: pairs[0]!.id, decision: 'fine' });
      expect(r.pair.fine?.by).toBe(userInfo().username);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('has its table in the newest schema', () => {
    expect(raw((db) => db.pragma('user_version', { simple: true }))).toBe(migrations.length);
  });
});
