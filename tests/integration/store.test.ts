import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../src-main/store/migrations';
import { openDatabase, schemaVersion } from '../../src-main/store/db';
import { getRun, insertRun, listRuns } from '../../src-main/store/runs';
import { markInterrupted } from '../../src-main/store/leases';
import { tempDir } from '../helpers/temp';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

function tables(db: Database.Database): string[] {
  return (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  ).map((r) => r.name);
}

describe('store', () => {
  it('migrates an empty file to the latest schema with WAL and foreign keys on', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const db = openDatabase(join(t.dir, 'studio.db'));
    expect(schemaVersion(db)).toBe(migrations.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'runs',
        'candidates',
        'candidate_metrics',
        'orderings',
        'ordering_levels',
        'duplicate_pairs',
      ]),
    );
    db.close();
  });

  it('reopens an existing file without losing data or re-running migrations', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const path = join(t.dir, 'studio.db');
    const db = openDatabase(path);
    const id = insertRun(
      db,
      {
        game: 'carillon',
        seed: 7,
        plan: [{ a: 1 }],
        rules: { r: 2 },
        status: 'done',
        levels: 3,
        candidatesTotal: 48,
      },
      '2026-01-01T00:00:00.000Z',
    );
    db.close();
    const again = openDatabase(path);
    expect(schemaVersion(again)).toBe(migrations.length);
    const run = getRun(again, id);
    expect(run).toMatchObject({
      id,
      game: 'carillon',
      seed: 7,
      plan: [{ a: 1 }],
      rules: { r: 2 },
      levels: 3,
      candidatesTotal: 48,
      candidatesDone: 0,
    });
    expect(listRuns(again, { game: 'apsis' })).toEqual([]);
    expect(listRuns(again, { game: 'carillon' })).toHaveLength(1);
    again.close();
  });

  it('upgrades a file made by an older schema (user_version 0 with no tables)', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const path = join(t.dir, 'old.db');
    const raw = new Database(path);
    raw.exec("CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('kept')");
    raw.close();
    const db = openDatabase(path);
    expect(schemaVersion(db)).toBe(migrations.length);
    expect(db.prepare('SELECT x FROM notes').get()).toEqual({ x: 'kept' });
    db.close();
  });

  it('refuses a file whose schema is newer than this build', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const path = join(t.dir, 'new.db');
    const raw = new Database(path);
    raw.pragma(`user_version = ${migrations.length + 5}`);
    raw.close();
    expect(() => openDatabase(path)).toThrow(/newer than this studio knows/);
  });

  it('enforces foreign keys and the verdict check', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const db = openDatabase(join(t.dir, 'studio.db'));
    expect(() => db.prepare('INSERT INTO candidates (run_id, slot, idx) VALUES (999, 0, 0)').run()).toThrow(
      /FOREIGN KEY/,
    );
    const id = insertRun(
      db,
      { game: 'apsis', seed: 1, plan: [], rules: {}, status: 'queued', levels: 1, candidatesTotal: 1 },
      'now',
    );
    expect(() =>
      db.prepare("INSERT INTO candidates (run_id, slot, idx, verdict) VALUES (?, 0, 0, 'maybe')").run(id),
    ).toThrow(/CHECK/);
    db.close();
  });

  it('marks runs under a dead lease interrupted, whatever their PID looks like, and leaves live leases alone', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const db = openDatabase(join(t.dir, 'studio.db'));
    let clock = 1_000_000;
    const timing = { heartbeatMs: 1_000, staleMs: 15_000, now: () => clock };
    const run = (
      status: 'running' | 'queued' | 'done',
      owner: string | null,
      heartbeat: number | null,
    ): number => {
      const id = insertRun(
        db,
        { game: 'apsis', seed: 1, plan: [], rules: {}, status, levels: 1, candidatesTotal: 1 },
        'now',
      );
      db.prepare('UPDATE runs SET owner = ?, heartbeat_at = ? WHERE id = ?').run(owner, heartbeat, id);
      return id;
    };
    try {
      // A live lease whose PID is not on this machine (another host, or simply gone).
      const remote = run('running', `aa@other-host:4194000:1`, clock - 1_000);
      // A dead lease whose PID is alive here (reused by this very process, or a zombie).
      const reused = run('running', `bb@${hostname()}:${process.pid}:1`, clock - 15_000);
      const queuedNoOwner = run('queued', null, null);
      const finished = run('done', null, null);
      expect(markInterrupted(db, timing).sort()).toEqual([reused, queuedNoOwner].sort());
      expect(getRun(db, remote)!.status).toBe('running');
      expect(getRun(db, reused)!.status).toBe('interrupted');
      expect(getRun(db, reused)!.error).toMatch(/resume it/);
      expect(getRun(db, finished)!.status).toBe('done');
      // 15 s after its last heartbeat, the remote owner is dead too.
      clock += 14_000;
      expect(markInterrupted(db, timing)).toEqual([remote]);
    } finally {
      db.close();
    }
  });
});
