import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../src-main/store/migrations';
import { openDatabase, schemaVersion } from '../../src-main/store/db';
import { getRun, insertRun, listRuns, markInterrupted } from '../../src-main/store/runs';
import { spawn } from 'node:child_process';
import { tempDir } from '../helpers/temp';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

function tables(db: Database.Database): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
}

describe('store', () => {
  it('migrates an empty file to the latest schema with WAL and foreign keys on', () => {
    const t = tempDir(); cleanup = t.cleanup;
    const db = openDatabase(join(t.dir, 'studio.db'));
    expect(schemaVersion(db)).toBe(migrations.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(tables(db)).toEqual(expect.arrayContaining(['runs', 'candidates', 'candidate_metrics', 'orderings', 'ordering_levels', 'duplicate_pairs']));
    db.close();
  });

  it('reopens an existing file without losing data or re-running migrations', () => {
    const t = tempDir(); cleanup = t.cleanup;
    const path = join(t.dir, 'studio.db');
    const db = openDatabase(path);
    const id = insertRun(db, { game: 'carillon', seed: 7, plan: [{ a: 1 }], rules: { r: 2 }, status: 'done', levels: 3, candidatesTotal: 48 }, '2026-01-01T00:00:00.000Z');
    db.close();
    const again = openDatabase(path);
    expect(schemaVersion(again)).toBe(migrations.length);
    const run = getRun(again, id);
    expect(run).toMatchObject({ id, game: 'carillon', seed: 7, plan: [{ a: 1 }], rules: { r: 2 }, levels: 3, candidatesTotal: 48, candidatesDone: 0 });
    expect(listRuns(again, { game: 'apsis' })).toEqual([]);
    expect(listRuns(again, { game: 'carillon' })).toHaveLength(1);
    again.close();
  });

  it('upgrades a file made by an older schema (user_version 0 with no tables)', () => {
    const t = tempDir(); cleanup = t.cleanup;
    const path = join(t.dir, 'old.db');
    const raw = new Database(path);
    raw.exec('CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES (\'kept\')');
    raw.close();
    const db = openDatabase(path);
    expect(schemaVersion(db)).toBe(migrations.length);
    expect(db.prepare('SELECT x FROM notes').get()).toEqual({ x: 'kept' });
    db.close();
  });

  it('refuses a file whose schema is newer than this build', () => {
    const t = tempDir(); cleanup = t.cleanup;
    const path = join(t.dir, 'new.db');
    const raw = new Database(path);
    raw.pragma(`user_version = ${migrations.length + 5}`);
    raw.close();
    expect(() => openDatabase(path)).toThrow(/newer than this studio knows/);
  });

  it('enforces foreign keys and the verdict check', () => {
    const t = tempDir(); cleanup = t.cleanup;
    const db = openDatabase(join(t.dir, 'studio.db'));
    expect(() => db.prepare('INSERT INTO candidates (run_id, slot, idx) VALUES (999, 0, 0)').run()).toThrow(/FOREIGN KEY/);
    const id = insertRun(db, { game: 'apsis', seed: 1, plan: [], rules: {}, status: 'queued', levels: 1, candidatesTotal: 1 }, 'now');
    expect(() => db.prepare("INSERT INTO candidates (run_id, slot, idx, verdict) VALUES (?, 0, 0, 'maybe')").run(id)).toThrow(/CHECK/);
    db.close();
  });

  it('marks runs of a dead process interrupted, but leaves a run another live process is generating', async () => {
    const t = tempDir(); cleanup = t.cleanup;
    const db = openDatabase(join(t.dir, 'studio.db'));
    const run = (status: 'running' | 'queued' | 'done', owner: number | null): number => {
      const id = insertRun(db, { game: 'apsis', seed: 1, plan: [], rules: {}, status, levels: 1, candidatesTotal: 1 }, 'now');
      db.prepare('UPDATE runs SET owner_pid = ? WHERE id = ?').run(owner, id);
      return id;
    };
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => gone.on('exit', r));
    try {
      const alive = run('running', live.pid!);
      const dead = run('running', gone.pid!);
      const queuedNoOwner = run('queued', null);
      const finished = run('done', gone.pid!);
      expect(markInterrupted(db).sort()).toEqual([dead, queuedNoOwner].sort());
      expect(getRun(db, alive)!.status).toBe('running');
      expect(getRun(db, dead)!.status).toBe('interrupted');
      expect(getRun(db, dead)!.error).toMatch(/resume it/);
      expect(getRun(db, finished)!.status).toBe('done');
    } finally {
      live.kill();
      db.close();
    }
  });
});
