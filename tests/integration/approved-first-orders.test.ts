/**
 * The approved-first order through the API: "Compute approved ordering" stores it beside the
 * approved one, it ships an approved candidate at its level and the game's search elsewhere,
 * it exports; steering once anything is approved starts from it; the automatic pack stays the
 * same bytes. And migration 18 keeps the orders of a file stored at schema version 15 (through 16 and 17).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src-main/store/db';
import { migrations } from '../../src-main/store/migrations';
import { useTestStudio } from '../helpers/studio';
import { tempDir } from '../helpers/temp';

const studio = useTestStudio({ workers: 2, prefix: 'studio-approved-first-' });
let runId: number;

beforeAll(async () => {
  runId = (await studio.finishedRun({ game: 'carillon', seed: 11, levels: 8 })).id;
}, 240_000);

describe('approved first', () => {
  it('ships an approved candidate at its level, the search elsewhere, and steering starts from it', async () => {
    const autoPack = await studio.api.call('packs.export', { runId, kind: 'automatic', layout: 'file' });
    const auto = await studio.api.call('orderings.get', { runId, kind: 'automatic' });
    const page = await studio.api.call('candidates.list', { runId, limit: 2000, withLevels: false });
    const d = (l: number) => auto.levels[l - 1]!.difficulty!;
    const shipped = new Set(auto.levels.map((l) => l.candidateId));
    // A candidate the automatic order does not ship, between its level's neighbours' difficulties.
    const spare = page.items.find(
      (c) =>
        c.failure === null &&
        c.slot >= 1 &&
        c.slot <= 6 &&
        !shipped.has(c.id) &&
        c.metrics['bits']! >= d(c.slot) &&
        c.metrics['bits']! <= d(c.slot + 2),
    )!;
    expect(spare).toBeDefined();
    const L = spare.slot + 1;
    await studio.api.call('candidates.setVerdict', { candidateIds: [spare.id], verdict: 'approved' });

    const approved = await studio.api.call('orderings.computeApproved', { runId });
    expect(approved.shortLevels.length).toBeGreaterThan(0); // one approval cannot fill the approved-only order
    const first = await studio.api.call('orderings.get', { runId, kind: 'approved-first' });
    expect(first.computedAt).not.toBeNull();
    expect(first.shortLevels).toEqual([]);
    expect(first.levels[L - 1]!.candidateId).toBe(spare.id);
    const ids = first.levels.map((l) => l.candidateId);
    expect(new Set(ids).size).toBe(ids.length);

    // It exports, and the game's verify finds nothing in it.
    const pack = await studio.api.call('packs.export', { runId, kind: 'approved-first', layout: 'file' });
    expect(pack.fileName).toMatch(/-approved-first\.json$/);
    // The automatic pack is the same bytes as before anything was approved.
    const autoAgain = await studio.api.call('packs.export', { runId, kind: 'automatic', layout: 'file' });
    expect(autoAgain.text).toBe(autoPack.text);

    // Steering with no base named starts from approved first once anything is approved.
    const steered = await studio.api.call('orderings.steer', { runId, lock: [1] });
    expect(steered.steering.approvedFirst).toBe(true);
    expect(steered.ordering.levels[L - 1]!.candidateId).toBe(spare.id);
    // The designer may still steer around the automatic order.
    const plain = await studio.api.call('orderings.steer', { runId, approvedFirst: false });
    expect(plain.steering.approvedFirst).toBe(false);
    await studio.api.call('history.undo', { runId });
    await studio.api.call('history.undo', { runId });
  }, 240_000);

  it('with nothing approved there is no approved-first order', async () => {
    const page = await studio.api.call('candidates.list', {
      runId,
      verdict: 'approved',
      limit: 100,
      withLevels: false,
    });
    expect(page.items.length).toBeGreaterThan(0);
    await studio.api.call('candidates.setVerdict', {
      candidateIds: page.items.map((c) => c.id),
      verdict: 'none',
    });
    await studio.api.call('orderings.computeApproved', { runId });
    expect((await studio.api.call('orderings.get', { runId, kind: 'approved-first' })).computedAt).toBeNull();
  }, 240_000);

  it('migration 18 keeps the orders a version-15 file stored, and takes the new kind', () => {
    const dir = tempDir('studio-approved-first-mig-');
    try {
      const db = new Database(join(dir.dir, 'old.db'));
      db.pragma('foreign_keys = ON');
      for (let v = 0; v < 15; v++) db.exec(migrations[v]!);
      db.pragma('user_version = 15');
      db.exec(readFileSync(join(__dirname, '../fixtures/schema/orderings-v15.sql'), 'utf8'));
      const before = db.prepare('SELECT * FROM ordering_levels ORDER BY kind, level').all();
      const heads = db.prepare('SELECT * FROM orderings ORDER BY kind').all();
      expect(migrate(db)).toBe(migrations.length);
      expect(db.prepare('SELECT * FROM ordering_levels ORDER BY kind, level').all()).toEqual(before);
      // The columns a version-15 file had (later migrations add their own, e.g. observed_blend).
      expect(
        db.prepare('SELECT run_id, kind, computed_at, problems FROM orderings ORDER BY kind').all(),
      ).toEqual(heads);
      const changes = () =>
        (db.prepare('SELECT changes FROM runs WHERE id = 1').get() as { changes: number }).changes;
      const c0 = changes();
      db.prepare("INSERT INTO orderings (run_id, kind, computed_at) VALUES (1, 'approved-first', 'z')").run();
      // The change counter's triggers and the candidate index came back with the rebuilt tables.
      expect(changes()).toBe(c0 + 1);
      expect(
        db.prepare("SELECT name FROM sqlite_master WHERE name = 'ordering_levels_by_candidate'").get(),
      ).toBeDefined();
      expect(() =>
        db.prepare("INSERT INTO orderings (run_id, kind, computed_at) VALUES (1, 'sideways', 'z')").run(),
      ).toThrow(/CHECK/);
      db.prepare('DELETE FROM runs WHERE id = 1').run();
      expect(db.prepare('SELECT COUNT(*) AS n FROM ordering_levels').get()).toEqual({ n: 0 });
      db.close();
    } finally {
      dir.cleanup();
    }
  });
});
