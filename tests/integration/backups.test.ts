/**
 * Backups (issue 21): `backup --out FILE --db PATH` writes a consistent copy while a run is
 * being generated into the database by another process, and the copy opens, passes SQLite's
 * integrity check and agrees with itself (every stored candidate counted); before a schema
 * migration the studio copies the database, named with its old version, and keeps the last
 * KEEP_BACKUPS.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../src-main/store/migrations';
import { backupBeforeMigration, backupFolder, KEEP_BACKUPS } from '../../src-main/store/backups';
import { startStudio } from '../../src-main/studio';
import { cli, projectRoot } from '../helpers/cli';
import { openTestStudio, type TestStudio } from '../helpers/studio';
import { tempDir } from '../helpers/temp';

let studio: TestStudio | null = null;
let cleanup = (): void => undefined;
afterEach(async () => {
  await studio?.close();
  studio = null;
  cleanup();
});

function cliAsync(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', join(projectRoot, 'src-main/cli/main.ts'), ...args],
    {
      cwd: projectRoot,
    },
  );
  let stdout = '',
    stderr = '';
  proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => proc.once('exit', (status) => resolve({ status, stdout, stderr })));
}

/** A database at schema version `version` holding one run. */
function olderDatabase(path: string, version: number): void {
  const db = new Database(path);
  for (let v = 0; v < version; v++) db.exec(migrations[v]!);
  db.pragma(`user_version = ${version}`);
  db.prepare(
    `INSERT INTO runs (game, seed, name, plan, rules, status, levels, created_at)
     VALUES ('carillon', 1, 'kept', '{}', '{}', 'done', 1, '2026-01-01T00:00:00.000Z')`,
  ).run();
  db.close();
}

describe('backups', () => {
  it('the CLI backs up a database while a run is being generated into it, and the copy is whole', async () => {
    studio = openTestStudio({ workers: 1, prefix: 'studio-backup-' });
    const s = studio;
    const run = await s.api.call('runs.create', { game: 'carillon', seed: 9, levels: 8 });
    await new Promise<void>((resolve) => {
      const off = s.service.on('run.progress', (p) => {
        if (p.runId === run.id && p.stage === 'generate' && p.done > 0) {
          off();
          resolve();
        }
      });
    });
    const out = join(s.dir, 'copy.db');
    const r = await cliAsync('backup', '--db', s.dbPath, '--out', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`wrote ${out}`);
    const copy = new Database(out, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('user_version', { simple: true })).toBe(migrations.length);
      const stored = copy
        .prepare('SELECT COUNT(*) FROM candidates WHERE run_id = ?')
        .pluck()
        .get(run.id) as number;
      const counted = copy
        .prepare('SELECT made + edited FROM run_candidate_counts WHERE run_id = ?')
        .pluck()
        .get(run.id);
      const metricsOf = copy
        .prepare('SELECT COUNT(DISTINCT candidate_id) FROM candidate_metrics WHERE run_id = ?')
        .pluck()
        .get(run.id) as number;
      expect(stored).toBeGreaterThan(0);
      // One moment of the file: the trigger-kept count and the rows agree, and no metric lacks its candidate.
      expect(counted).toBe(stored);
      expect(metricsOf).toBeLessThanOrEqual(stored);
      expect(copy.prepare('SELECT status FROM runs WHERE id = ?').pluck().get(run.id)).toMatch(
        /queued|running|done/,
      );
    } finally {
      copy.close();
    }
    // The run carries on and ends whole.
    expect((await s.service.engine.waitFor(run.id)).status).toBe('done');
    // A second backup onto the same name is refused, and the copy is kept.
    const again = cli('backup', '--db', s.dbPath, '--out', out);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`cannot back up to ${out}: the file exists already`);
  }, 240_000);

  it('before a schema migration the studio copies the database, named with its old version', async () => {
    const t = tempDir('studio-backup-');
    cleanup = t.cleanup;
    const path = join(t.dir, 'studio.db');
    const old = migrations.length - 2;
    olderDatabase(path, old);
    const service = await startStudio({ dbPath: path, workers: 1, transport: 'cli' });
    await service.close();
    const files = readdirSync(backupFolder(path));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^studio\\.db\\.schema-v${old}\\..+\\.db$`));
    const copy = new Database(join(backupFolder(path), files[0]!), { readonly: true });
    expect(copy.pragma('user_version', { simple: true })).toBe(old);
    expect(copy.prepare('SELECT name FROM runs').pluck().all()).toEqual(['kept']);
    copy.close();
    // Migrated now: opening again copies nothing.
    const again = await startStudio({ dbPath: path, workers: 1, transport: 'cli' });
    await again.close();
    expect(readdirSync(backupFolder(path))).toHaveLength(1);
  }, 60_000);

  it(`keeps the last ${KEEP_BACKUPS} pre-migration copies`, async () => {
    const t = tempDir('studio-backup-');
    cleanup = t.cleanup;
    const path = join(t.dir, 'studio.db');
    olderDatabase(path, migrations.length - 1);
    const made: string[] = [];
    for (let i = 0; i < KEEP_BACKUPS + 2; i++) {
      made.push((await backupBeforeMigration(path, new Date(Date.UTC(2026, 0, 1, 0, 0, i))))!);
      await new Promise((r) => setTimeout(r, 20));
    }
    const kept = readdirSync(backupFolder(path))
      .map((f) => join(backupFolder(path), f))
      .sort();
    expect(kept).toEqual(made.slice(-KEEP_BACKUPS).sort());
  });
});
