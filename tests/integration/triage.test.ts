/**
 * Duplicate triage through the API (issue 14 part 3): each pair carries both verdicts and where
 * each candidate ships; `duplicates.triage` rejects A or B or marks the pair fine (stored per
 * run and pair with who decided and when), each one history entry that undo and redo replay;
 * fine pairs are no longer listed by default; the steered ordering honours the triage (a pair
 * marked fine may both ship, unmarked one is skipped; a rejected candidate never ships).
 */
import { userInfo } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurationChange, DuplicatePairView, RunSummary, StudioClient } from '../../src-shared/api';
import { openStudio } from '../../src-main/studio';
import { localClient } from '../../src-main/local-client';
import type { Service } from '../../src-main/service';
import { migrations } from '../../src-main/store/migrations';
import { tempDir } from '../helpers/temp';

const t = tempDir('studio-triage-');
const dbPath = join(t.dir, 'studio.db');
const DESIGNER = 'Ada (test)';
let service: Service;
let runId: number;

type Triaged = CurationChange & { pair: DuplicatePairView };

async function call(method: string, args: unknown) {
  return service.dispatch(method, args);
}
/** The API in-process, typed per method (src-main/local-client.ts). */
const ok: StudioClient['call'] = (name, args) => localClient(service).call(name, args);
function raw<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(dbPath);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
const triageRows = (): unknown[] => raw((db) => db.prepare('SELECT * FROM pair_triage WHERE run_id = ? ORDER BY a_id, b_id').all(runId));

beforeAll(async () => {
  service = openStudio({ dbPath, workers: 2, transport: 'server', designer: DESIGNER });
  const run = await ok('runs.create', { game: 'carillon', seed: 11, levels: 8 });
  runId = run.id;
  expect((await service.engine.waitFor(runId)).status).toBe('done');
}, 240_000);
afterAll(async () => {
  await service.close();
  t.cleanup();
});

describe('duplicates.list', () => {
  it('gives each pair both verdicts and the level each ships as in the order shipping now (the automatic one here)', async () => {
    const pairs = await ok('duplicates.list', { runId, limit: 100_000 });
    expect(pairs.length).toBeGreaterThan(0);
    const auto = await ok('orderings.get', { runId, kind: 'automatic' });
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
    const one = await ok('duplicates.list', { runId, limit: 100_000, ships: 'one' });
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((p) => (p.a.ships === null) !== (p.b.ships === null))).toBe(true);
    const none = await ok('duplicates.list', { runId, limit: 100_000, ships: 'none' });
    expect(one.length + none.length).toBe(pairs.length);
  });

  it('refuses a filter it does not know, naming the field in plain words', async () => {
    const env = await call('duplicates.list', { runId, ships: 'sometimes' });
    expect(env.ok).toBe(false);
    if (!env.ok) {
      expect(env.error.code).toBe('bad-argument');
      expect(env.error.fields?.[0]?.field).toBe('ships');
      expect(env.error.message).not.toMatch(/invalid_enum|ZodError/);
    }
  });
});

describe('duplicates.triage', () => {
  it('marks a pair fine with who decided and when, hides it from the default list, and undo/redo replay exactly that', async () => {
    const [pair] = await ok('duplicates.list', { runId, limit: 1 });
    const before = await ok('duplicates.list', { runId, limit: 100_000 });
    const r = await ok('duplicates.triage', { pairId: pair!.id, decision: 'fine' });
    expect(r.changed).toBe(1);
    expect(r.entry?.kind).toBe('triage');
    expect(r.entry?.label).toMatch(/^Marked L\d+ · c\d+ ↔ L\d+ · c\d+ fine \(both may ship\)$/);
    expect(r.pair.fine?.by).toBe(DESIGNER);
    expect(Date.parse(r.pair.fine!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(triageRows()).toEqual([{ run_id: runId, a_id: Math.min(pair!.a.id, pair!.b.id), b_id: Math.max(pair!.a.id, pair!.b.id), decision: 'fine', decided_by: DESIGNER, decided_at: r.pair.fine!.at }]);

    const open = await ok('duplicates.list', { runId, limit: 100_000 });
    expect(open.map((p) => p.id)).toEqual(before.map((p) => p.id).filter((id) => id !== pair!.id));
    expect((await ok('duplicates.list', { runId, limit: 100_000, triage: 'fine' })).map((p) => p.id)).toEqual([pair!.id]);
    expect(await ok('duplicates.list', { runId, limit: 100_000, triage: 'all' })).toHaveLength(before.length);

    // Marking it again changes nothing and records nothing (the first decider stays).
    const again = await ok('duplicates.triage', { pairId: pair!.id, decision: 'fine' });
    expect(again.changed).toBe(0);
    expect(again.entry).toBeNull();

    const history = await ok('history.list', { runId });
    expect(history.entries[0]!.label).toBe(r.entry!.label);
    const undone = await ok('history.undo', { runId });
    expect(undone.entries[0]!.id).toBe(r.entry!.id);
    expect(triageRows()).toEqual([]);
    expect(await ok('duplicates.list', { runId, limit: 100_000 })).toHaveLength(before.length);
    await ok('history.redo', { runId });
    expect((triageRows()[0] as { decided_by: string; decided_at: string }).decided_at).toBe(r.pair.fine!.at);

    const off = await ok('duplicates.triage', { pairId: pair!.id, decision: 'not-fine' });
    expect(off.entry?.label).toMatch(/^Took the fine mark off L\d+ · c\d+ ↔ L\d+ · c\d+$/);
    expect(off.pair.fine).toBeNull();
    expect(triageRows()).toEqual([]);
  });

  it('rejects B or A as a verdict change naming the other candidate; the pair then counts as settled', async () => {
    const [pair] = await ok('duplicates.list', { runId, limit: 1, triage: 'unresolved' });
    const rb = await ok('duplicates.triage', { pairId: pair!.id, decision: 'reject-b' });
    expect(rb.entry?.kind).toBe('verdict');
    expect(rb.entry?.label).toMatch(/^Rejected L\d+ · c\d+ \(near-duplicate of L\d+ · c\d+\)$/);
    expect(rb.pair.b.verdict).toBe('rejected');
    expect(rb.pair.a.verdict).toBe('none');
    expect((await ok('duplicates.list', { runId, limit: 100_000, triage: 'unresolved' })).some((p) => p.id === pair!.id)).toBe(false);
    // Still reported under the default filter: only a fine mark hides a pair.
    expect((await ok('duplicates.list', { runId, limit: 100_000 })).some((p) => p.id === pair!.id)).toBe(true);
    const report = await ok('runs.report', { runId });
    expect(report?.nearDuplicates.triage).toMatchObject({ fine: 0 });
    expect(report?.nearDuplicates.triage?.rejected).toBeGreaterThanOrEqual(1);

    await ok('history.undo', { runId });
    const back = (await ok('duplicates.list', { runId, limit: 100_000 })).find((p) => p.id === pair!.id)!;
    expect(back.b.verdict).toBe('none');

    const ra = await ok('duplicates.triage', { pairId: pair!.id, decision: 'reject-a' });
    expect(ra.pair.a.verdict).toBe('rejected');
    expect(ra.pair.b.verdict).toBe('none');
    await ok('history.undo', { runId });
  });

  it('refuses an unknown pair or decision by name and changes nothing', async () => {
    const entries = (await ok('history.list', { runId })).total;
    const missing = await call('duplicates.triage', { pairId: 99_999_999, decision: 'fine' });
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.error.code).toBe('not-found');
      expect(missing.error.message).toMatch(/pair 99999999 does not exist/);
    }
    const bad = await call('duplicates.triage', { pairId: 1, decision: 'maybe' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.fields?.[0]?.field).toBe('decision');
    const extra = await call('duplicates.triage', { pairId: 1, decision: 'fine', by: 'mallory' });
    expect(extra.ok).toBe(false);
    if (!extra.ok) expect(extra.error.fields?.some((f) => f.field === 'by')).toBe(true);
    expect((await ok('history.list', { runId })).total).toBe(entries);
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
    const page = await ok('candidates.list', { runId, slot: 0, limit: 2000, withLevels: false });
    const proven = page.items.filter((c) => c.failure === null);
    expect(proven.length).toBeGreaterThanOrEqual(2);
    [a, b] = [proven[0]!.id, proven[1]!.id];
    pairId = raw((db) => {
      db.prepare('UPDATE candidates SET level = (SELECT level FROM candidates WHERE id = @a), metrics = (SELECT metrics FROM candidates WHERE id = @a), difficulty = (SELECT difficulty FROM candidates WHERE id = @a) WHERE id = @b').run({ a, b });
      db.prepare('DELETE FROM duplicate_pairs WHERE (a_id = @a AND b_id = @b) OR (a_id = @b AND b_id = @a)').run({ a, b });
      return Number(db.prepare("INSERT INTO duplicate_pairs (run_id, a_id, b_id, rule, transform, share) VALUES (?, ?, ?, 'same-picture', 'identity', 1)").run(runId, a, b).lastInsertRowid);
    });
    const all = await ok('candidates.list', { runId, limit: 2000, withLevels: false });
    const others = all.items.filter((c) => c.failure === null && c.id !== a && c.id !== b).map((c) => c.id);
    await ok('orderings.steer', { runId, clear: true, exclude: others });
  }, 120_000);

  const shipped = async (): Promise<number[]> => {
    const r = await ok('orderings.steer', { runId });
    return r.ordering.levels.map((l) => l.candidateId).filter((id): id is number => id !== null && (id === a || id === b));
  };

  it('unmarked, one of the two copies is skipped; marked fine, both ship; undone, one again', async () => {
    expect(await shipped()).toHaveLength(1);
    await ok('duplicates.triage', { pairId, decision: 'fine' });
    expect((await shipped()).sort()).toEqual([a, b].sort());
    const listed = (await ok('duplicates.list', { runId, limit: 100_000, triage: 'fine' }))[0]!;
    expect(listed.order).toBe('steered');
    expect(listed.a.ships).not.toBeNull();
    expect(listed.b.ships).not.toBeNull();
    // Undo the recompute, then the mark: the next recompute skips one copy again.
    await ok('history.undo', { runId });
    await ok('history.undo', { runId });
    expect(await shipped()).toHaveLength(1);
  }, 120_000);

  it('names a pair both shipping (pinned) among the order\'s problems until it is marked fine', async () => {
    const pinned = await ok('orderings.steer', { runId, pin: [{ level: 1, candidateId: a }, { level: 2, candidateId: b }] });
    expect(pinned.ordering.levels.slice(0, 2).map((l) => l.candidateId)).toEqual([a, b]);
    expect(pinned.ordering.problems).toContainEqual(expect.objectContaining({ level: 2, message: 'levels 1 and 2 are near-duplicates and both ship: reject one or mark the pair fine (Duplicates)' }));
    await ok('duplicates.triage', { pairId, decision: 'fine' });
    const fine = await ok('orderings.steer', { runId });
    expect(fine.ordering.levels.slice(0, 2).map((l) => l.candidateId)).toEqual([a, b]);
    expect(fine.ordering.problems.filter((p) => /near-duplicates/.test(p.message))).toEqual([]);
    await ok('duplicates.triage', { pairId, decision: 'not-fine' });
    await ok('orderings.steer', { runId, unpin: [1, 2] });
  }, 120_000);

  it('never ships a rejected candidate, and refuses a pin on one, naming the level', async () => {
    await ok('duplicates.triage', { pairId, decision: 'fine' });
    await ok('duplicates.triage', { pairId, decision: 'reject-b' });
    const pairView = (await ok('duplicates.list', { runId, limit: 100_000, triage: 'all' })).find((p) => p.id === pairId)!;
    const rejected = pairView.b.id;
    const ids = await shipped();
    expect(ids).not.toContain(rejected);
    expect(ids).toHaveLength(1);
    const pin = await call('orderings.steer', { runId, pin: [{ level: 2, candidateId: rejected }] });
    expect(pin.ok).toBe(false);
    if (!pin.ok) {
      expect(pin.error.code).toBe('conflict');
      expect(pin.error.message).toMatch(/level 2 is pinned to L1 · c\d+, which is rejected/);
    }
  }, 120_000);
});

describe('who decided', () => {
  it('is the OS user running main when nobody says otherwise, never an argument', async () => {
    const t2 = tempDir('studio-triage-who-');
    const other = openStudio({ dbPath: join(t2.dir, 'studio.db'), workers: 1, transport: 'server' });
    try {
      const env = await other.dispatch('runs.create', { game: 'carillon', seed: 3, levels: 4 });
      if (!env.ok) throw new Error(env.error.message);
      const id = (env.value as RunSummary).id;
      expect((await other.engine.waitFor(id)).status).toBe('done');
      const list = await other.dispatch('duplicates.list', { runId: id, limit: 1 });
      const pairs = (list.ok ? list.value : []) as DuplicatePairView[];
      expect(pairs.length).toBe(1);
      const r = await other.dispatch('duplicates.triage', { pairId: pairs[0]!.id, decision: 'fine' });
      expect(r.ok).toBe(true);
      if (r.ok) expect((r.value as Triaged).pair.fine?.by).toBe(userInfo().username);
    } finally {
      await other.close();
      t2.cleanup();
    }
  }, 120_000);

  it('has its table in the newest schema', () => {
    expect(raw((db) => db.pragma('user_version', { simple: true }))).toBe(migrations.length);
  });
});
