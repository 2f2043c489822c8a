/**
 * The top-ups table's migration (issue 23): a database made before it keeps its runs and gains
 * an empty `run_topups`; a top-up row holds only the statuses the code writes and goes with
 * its run.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src-main/store/db';
import { migrations } from '../../src-main/store/migrations';
import { tempDir } from '../helpers/temp';

const t = tempDir('studio-topup-table-');
afterAll(() => t.cleanup());

describe('the run_topups migration', () => {
  it('adds the table to a database made before it, keeping its runs', () => {
    const at = migrations.findIndex((m) => m.includes('CREATE TABLE run_topups'));
    expect(at).toBeGreaterThan(0);
    const db = new Database(join(t.dir, 'old.db'));
    db.pragma('foreign_keys = ON');
    for (let v = 0; v < at; v++) db.exec(migrations[v]!);
    db.pragma(`user_version = ${at}`);
    db.prepare(
      "INSERT INTO runs (id, game, seed, plan, rules, status, levels, created_at) VALUES (1, 'carillon', 7, '{}', '{}', 'done', 3, 'then')",
    ).run();
    expect(migrate(db)).toBe(migrations.length);
    expect(db.prepare('SELECT id, status FROM runs').all()).toEqual([{ id: 1, status: 'done' }]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM run_topups').get()).toEqual({ n: 0 });
    const insert = db.prepare(
      "INSERT INTO run_topups (run_id, levels, candidates, slots, before, status, created_at) VALUES (1, '[2]', 4, '[]', '{}', ?, 'now')",
    );
    insert.run('pending');
    expect(() => insert.run('half-done')).toThrow(/CHECK constraint/);
    db.prepare('DELETE FROM runs WHERE id = 1').run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM run_topups').get()).toEqual({ n: 0 });
    db.close();
  });
});
