/**
 * Copies of the studio's database made with SQLite's online backup (better-sqlite3's
 * `db.backup`): page by page from a read connection, so the copy is one consistent moment of
 * the file even while runs are being written, and the studio never waits for it long. A copy
 * is written beside its name as `.part` and renamed when whole, so a crash never leaves half
 * a copy under the name asked for. Before a schema migration the studio keeps one named with
 * the old version (the last KEEP_BACKUPS), in a folder beside the file.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { ApiError } from '../../src-shared/api';
import { checkDatabaseFile } from './file-checks';
import { migrations } from './migrations';
import { nativeBinding } from './native-binding';

/** How many pre-migration backups are kept per database. */
export const KEEP_BACKUPS = 3;

export interface BackupResult {
  path: string;
  bytes: number;
  schemaVersion: number;
}

/**
 * Write a consistent copy of the database at `from` to `to` (a new file). The source is
 * opened read-only and not checked for damage, so a damaged file can be copied before a repair.
 */
export async function backupDatabase(
  from: string,
  to: string,
  opts: { replace?: boolean } = {},
): Promise<BackupResult> {
  const src = resolve(from),
    out = resolve(to);
  if (!existsSync(src)) throw new Error(`cannot back up ${src}: there is no such file`);
  if (statSync(src).size === 0) throw new Error(`cannot back up ${src}: it is an empty file (0 bytes)`);
  if ([src, `${src}-wal`, `${src}-shm`, `${src}-journal`].includes(out))
    throw new Error(`cannot back up ${src} onto itself or its journal; choose another file for the copy`);
  if (existsSync(out) && !opts.replace)
    throw new Error(`cannot back up to ${out}: the file exists already; choose a new name`);
  if (!existsSync(dirname(out))) throw new Error(`cannot back up to ${out}: its folder does not exist`);
  let db: Database.Database;
  try {
    db = new Database(src, { readonly: true, fileMustExist: true, nativeBinding: nativeBinding() });
  } catch (e) {
    throw new Error(`cannot back up ${src}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  const part = `${out}.part`;
  try {
    db.pragma('busy_timeout = 5000');
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    await db.backup(part);
    renameSync(part, out);
    return { path: out, bytes: statSync(out).size, schemaVersion };
  } catch (e) {
    rmSync(part, { force: true });
    throw new Error(`cannot back up ${src} to ${out}: ${e instanceof Error ? e.message : String(e)}`, {
      cause: e,
    });
  } finally {
    db.close();
  }
}

/** The folder the pre-migration backups of `dbPath` go to. */
export function backupFolder(dbPath: string): string {
  return join(dirname(resolve(dbPath)), `${basename(dbPath)}-backups`);
}

/**
 * Before migrating a database with data, copy it as `<name>.schema-v<old>.<time>.db` into its
 * backup folder and keep the last KEEP_BACKUPS; returns the copy's path, or null when no
 * migration is due (a new, empty or current file). Refuses, as opening would, a file the
 * studio cannot use (file-checks.ts), before writing anything.
 */
export async function backupBeforeMigration(dbPath: string, now = new Date()): Promise<string | null> {
  const path = resolve(dbPath);
  if (!checkDatabaseFile(path, false)) return null;
  let version: number;
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true, nativeBinding: nativeBinding() });
    try {
      version = db.pragma('user_version', { simple: true }) as number;
    } finally {
      db.close();
    }
  } catch {
    // Not a database, or unreadable: opening it names why.
    return null;
  }
  if (version === 0 || version >= migrations.length) return null;
  const folder = backupFolder(path);
  mkdirSync(folder, { recursive: true });
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const out = join(folder, `${basename(path)}.schema-v${version}.${stamp}.db`);
  await backupDatabase(path, out);
  const kept = readdirSync(folder)
    .filter((f) => f.startsWith(`${basename(path)}.schema-v`) && f.endsWith('.db'))
    .sort((a, b) => statSync(join(folder, a)).mtimeMs - statSync(join(folder, b)).mtimeMs);
  for (const old of kept.slice(0, Math.max(0, kept.length - KEEP_BACKUPS))) rmSync(join(folder, old));
  return out;
}

/** The name a designer's copy is offered under: `studio-backup-2026-12-01.db`. */
export function backupFileName(dbPath: string, now = new Date()): string {
  return `${basename(dbPath).replace(/\.db$/i, '')}-backup-${now.toISOString().slice(0, 10)}.db`;
}

/** The most a copy handed to a browser as a download may be (a bigger one: the CLI's backup). */
const DOWNLOAD_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A copy for a browser download: written to a scratch folder, read back, removed. A database
 * over `maxBytes` is refused in a sentence naming the CLI command, since the reply carries the
 * whole file.
 */
export async function backupForDownload(
  dbPath: string,
  maxBytes = DOWNLOAD_MAX_BYTES,
): Promise<{ fileName: string; bytes: number; schemaVersion: number; data: Buffer }> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-backup-'));
  try {
    const r = await backupDatabase(dbPath, join(dir, 'copy.db'));
    if (r.bytes > maxBytes)
      throw new ApiError(
        'conflict',
        `the database is ${(r.bytes / 1024 / 1024).toFixed(0)} MB, more than the ${(maxBytes / 1024 / 1024).toFixed(0)} MB a browser download may carry; back it up with \`npm run cli -- backup --out FILE --db ${basename(dbPath)}\` in the studio's folder`,
      );
    return {
      fileName: backupFileName(dbPath),
      bytes: r.bytes,
      schemaVersion: r.schemaVersion,
      data: readFileSync(r.path),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
