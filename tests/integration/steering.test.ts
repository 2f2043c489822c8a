/**
 * Steering a run's order through the API (orderings.steer): pins, locks and exclusions hold
 * in the stored steered order; no constraints give the automatic order; every action is one
 * history entry that undo and redo replay (steering and steered order both); impossible
 * constraints are refused naming levels and rule, with nothing stored.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../helpers/refusal';
import { migrate } from '../../src-main/store/db';
import { migrations } from '../../src-main/store/migrations';
import { rowSnapshot } from '../helpers/rows';
import { useTestStudio } from '../helpers/studio';
import { tempDir } from '../helpers/temp';

const studio = useTestStudio({ workers: 2, prefix: 'studio-steer-' });
let runId: number;

/** Everything steering may change: the run's steering, its orderings, its history. */
const snapshot = (): string =>
  rowSnapshot(
    studio.dbPath,
    [
      'SELECT steering FROM runs WHERE id = ?',
      'SELECT * FROM orderings WHERE run_id = ? ORDER BY kind',
      'SELECT * FROM ordering_levels WHERE run_id = ? ORDER BY kind, level',
      'SELECT id, undone FROM history WHERE run_id = ? ORDER BY id',
    ],
    runId,
  );

beforeAll(async () => {
  runId = (await studio.finishedRun({ game: 'carillon', seed: 11, levels: 8 })).id;
}, 240_000);

describe('orderings.steer', () => {
  it('with no constraints stores the automatic order as the steered one', async () => {
    const auto = await studio.api.call('orderings.get', { runId, kind: 'automatic' });
    const r = await studio.api.call('orderings.steer', { runId });
    expect(r.ordering.levels.map((l) => l.candidateId)).toEqual(auto.levels.map((l) => l.candidateId));
    expect(r.ordering.kind).toBe('steered');
    expect(r.entry?.label).toBe('Recomputed the steered order');
  });

  it('holds a pin, locks and an exclusion; undo and redo replay steering and order', async () => {
    const auto = await studio.api.call('orderings.get', { runId, kind: 'automatic' });
    const page = await studio.api.call('candidates.list', { runId, limit: 2000, withLevels: false });
    const shipped = new Set(auto.levels.map((l) => l.candidateId));
    // A candidate that does not ship, pinned to level 5 (a real designer choice).
    const spare = page.items.find((c) => c.failure === null && !shipped.has(c.id) && c.slot === 4)!;
    expect(spare).toBeDefined();
    const excluded = auto.levels[6]!.candidateId!;
    const before = snapshot();
    const r = await studio.api.call('orderings.steer', {
      runId,
      pin: [{ level: 5, candidateId: spare.id }],
      lock: [1, 2],
      exclude: [excluded],
    });
    const ids = r.ordering.levels.map((l) => l.candidateId);
    expect(ids[4]).toBe(spare.id);
    expect(ids[0]).toBe(auto.levels[0]!.candidateId);
    expect(ids[1]).toBe(auto.levels[1]!.candidateId);
    expect(ids).not.toContain(excluded);
    expect(new Set(ids).size).toBe(ids.length);
    expect(r.steering.pins).toEqual([{ level: 5, candidateId: spare.id }]);
    expect(r.steering.locks.map((l) => l.level)).toEqual([1, 2]);
    expect(r.entry?.label).toMatch(/^Pinned L5 · c\d+ to level 5; Locked levels 1–2; Excluded L\d+ · c\d+$/);
    // Every break the reply names is on the stored order too.
    const stored = await studio.api.call('orderings.get', { runId, kind: 'steered' });
    expect(stored.levels.map((l) => l.candidateId)).toEqual(ids);
    for (const b of r.breaks) expect(stored.problems.some((p) => p.message === b.message)).toBe(true);
    const after = snapshot();

    await studio.api.call('history.undo', { runId });
    expect(snapshot().replace(/"undone":1/g, '"undone":0')).not.toBe(after);
    expect((await studio.api.call('orderings.steering', { runId })).pins).toEqual([]);
    const undone = await studio.api.call('orderings.get', { runId, kind: 'steered' });
    expect(undone.levels.map((l) => l.candidateId)).toEqual(auto.levels.map((l) => l.candidateId));
    expect(JSON.parse(snapshot())[0]).toEqual(JSON.parse(before)[0]);
    await studio.api.call('history.redo', { runId });
    expect(
      (await studio.api.call('orderings.get', { runId, kind: 'steered' })).levels.map((l) => l.candidateId),
    ).toEqual(ids);
    expect((await studio.api.call('orderings.steering', { runId })).pins).toEqual([
      { level: 5, candidateId: spare.id },
    ]);
  });

  it('refuses impossible constraints naming the levels and the rule, and stores nothing', async () => {
    const page = await studio.api.call('candidates.list', { runId, limit: 2000, withLevels: false });
    const proven = page.items
      .filter((c) => c.failure === null)
      .sort((a, b) => (a.metrics['bits'] ?? 0) - (b.metrics['bits'] ?? 0));
    const easiest = proven[0]!,
      hardest = proven[proven.length - 1]!;
    expect(hardest.metrics['bits']).toBeGreaterThan(easiest.metrics['bits']!);
    const before = snapshot();
    const err = await refusal(
      studio.api.call('orderings.steer', {
        runId,
        clear: true,
        pin: [
          { level: 3, candidateId: hardest.id },
          { level: 6, candidateId: easiest.id },
        ],
      }),
    );
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/level 3 .*harder than level 6/);
    expect(err.fields).toEqual([
      { field: 'steering.levels 3, 6', message: expect.stringMatching(/\(rule: fell\)$/) },
    ]);
    expect(snapshot()).toBe(before);
    const list = await studio.api.call('history.list', { runId });
    expect(list.entries[0]!.kind).toBe('steer');
  });

  it("takes a run's changes in the order they came: an undo sent while a steer computes undoes that steer, two steers sent at once both hold", async () => {
    // A fast designer: L pressed, then Ctrl+Z before the recompute answered. The undo used to run
    // first (it needs no worker) and undo the change before; the steer then stored its order
    // computed from the steering it had read, so what history called undone came back.
    await studio.api.call('orderings.steer', { runId, clear: true });
    const pinned = await studio.api.call('orderings.steer', { runId, lock: [3] });
    const [locked, undone] = await Promise.all([
      studio.api.call('orderings.steer', { runId, lock: [1] }),
      studio.api.call('history.undo', { runId }),
    ]);
    expect(locked.entry?.label).toBe('Locked level 1');
    expect(undone.entries.map((e) => e.label)).toEqual(['Locked level 1']);
    const steering = await studio.api.call('orderings.steering', { runId });
    expect(steering.locks.map((l) => l.level)).toEqual([3]);
    expect(steering.locks).toEqual(pinned.steering.locks);
    // Two steers sent together: the second starts from what the first stored, so both hold.
    const [one, two] = await Promise.all([
      studio.api.call('orderings.steer', { runId, lock: [5] }),
      studio.api.call('orderings.steer', { runId, lock: [7] }),
    ]);
    expect(one.steering.locks.map((l) => l.level)).toEqual([3, 5]);
    expect(two.steering.locks.map((l) => l.level)).toEqual([3, 5, 7]);
    expect((await studio.api.call('orderings.steering', { runId })).locks.map((l) => l.level)).toEqual([
      3, 5, 7,
    ]);
    const list = await studio.api.call('history.list', { runId, limit: 2 });
    expect(list.entries.map((e) => e.label)).toEqual(['Locked level 7', 'Locked level 5']);
  });

  it('migration 6 keeps the stored orderings of an older file', () => {
    const dir = tempDir('studio-steer-mig-');
    try {
      const db = new Database(join(dir.dir, 'old.db'));
      db.pragma('foreign_keys = ON');
      for (let v = 0; v < 5; v++) db.exec(migrations[v]!);
      db.pragma('user_version = 5');
      db.prepare(
        "INSERT INTO runs (id, game, seed, plan, rules, status, levels, created_at) VALUES (1, 'carillon', 1, '[]', '{}', 'done', 2, 'x')",
      ).run();
      db.prepare("INSERT INTO candidates (id, run_id, slot, idx, level) VALUES (7, 1, 0, 0, '{}')").run();
      db.prepare("INSERT INTO orderings (run_id, kind, computed_at) VALUES (1, 'approved', 'x')").run();
      db.prepare(
        'INSERT INTO ordering_levels (run_id, kind, level, candidate_id, target) VALUES (1, ?, 1, 7, 2.5)',
      ).run('approved');
      expect(migrate(db)).toBe(migrations.length);
      expect(db.prepare('SELECT * FROM ordering_levels').all()).toEqual([
        { run_id: 1, kind: 'approved', level: 1, candidate_id: 7, target: 2.5 },
      ]);
      db.prepare("INSERT INTO orderings (run_id, kind, computed_at) VALUES (1, 'steered', 'y')").run();
      // The rebuilt tables still cascade: deleting the run removes its orderings.
      db.prepare('DELETE FROM runs WHERE id = 1').run();
      expect(db.prepare('SELECT COUNT(*) AS n FROM ordering_levels').get()).toEqual({ n: 0 });
      expect(db.prepare('SELECT COUNT(*) AS n FROM orderings').get()).toEqual({ n: 0 });
      db.close();
    } finally {
      dir.cleanup();
    }
  });
});
