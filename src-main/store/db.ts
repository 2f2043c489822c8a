/**
 * Opening the studio's SQLite file: WAL, foreign keys, migrations by user_version. The schema
 * version is read before any pragma that writes, so a file from a newer studio is refused
 * byte for byte unchanged; every failure names the file. Before that the file is checked
 * (file-checks.ts): a damaged, empty or read-only file, or a read-only folder, is refused
 * unchanged; a missing file is a new studio.
 */
import Database from 'better-sqlite3';
import { checkDatabaseFile, checkIntegrity } from './file-checks';
import { migrations } from './migrations';
import { nativeBinding } from './native-binding';
import { writeTransaction } from './write-transaction';

export type Db = Database.Database;

export interface OpenOptions {
  /** Refuse to open a file whose schema is newer than this build knows. */
  readonly?: boolean;
}

export function openDatabase(path: string, opts: OpenOptions = {}): Db {
  const existing = checkDatabaseFile(path, opts.readonly ?? false);
  // A read-only connection reads the file's pages and writes nothing, not even a checkpoint.
  if (existing)
    checkIntegrity(
      path,
      () => new Database(path, { readonly: true, fileMustExist: true, nativeBinding: nativeBinding() }),
    );
  let db: Db;
  try {
    db = new Database(path, { readonly: opts.readonly ?? false, nativeBinding: nativeBinding() });
  } catch (e) {
    throw new Error(`cannot open the database ${path}: ${reason(e)}`, { cause: e });
  }
  try {
    // Read-only first: journal_mode = WAL rewrites the header of a file we may have to refuse.
    checkVersion(schemaVersion(db));
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (e) {
    db.close();
    throw new Error(`cannot open the database ${path}: ${reason(e)}`, { cause: e });
  }
}

function reason(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return (e as { code?: string }).code === 'SQLITE_NOTADB'
    ? 'it is not a studio database (not an SQLite file)'
    : message;
}

function checkVersion(current: number): void {
  if (current > migrations.length) {
    throw new Error(
      `its schema version ${current} is newer than this studio knows (${migrations.length}); update the studio`,
    );
  }
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Apply every migration past the file's user_version, each in its own transaction. */
export function migrate(db: Db): number {
  const current = schemaVersion(db);
  checkVersion(current);
  for (let v = current; v < migrations.length; v++) {
    writeTransaction(db, () => {
      db.exec(migrations[v] as string);
      db.pragma(`user_version = ${v + 1}`);
    });
  }
  return schemaVersion(db);
}

/** For bench fixtures only: a connection that skips fsync, to record many rows fast. */
export function skipFsync(db: Db): void {
  db.pragma('synchronous = OFF');
}
