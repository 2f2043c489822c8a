/** Opening the studio's SQLite file: WAL, foreign keys, migrations by user_version. */
import Database from 'better-sqlite3';
import { migrations } from './migrations';

export type Db = Database.Database;

export interface OpenOptions {
  /** Refuse to open a file whose schema is newer than this build knows. */
  readonly?: boolean;
}

export function openDatabase(path: string, opts: OpenOptions = {}): Db {
  const db = new Database(path, { readonly: opts.readonly ?? false });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Apply every migration past the file's user_version, each in its own transaction. */
export function migrate(db: Db): number {
  const current = schemaVersion(db);
  if (current > migrations.length) {
    throw new Error(
      `database schema version ${current} is newer than this studio knows (${migrations.length}); update the studio`,
    );
  }
  for (let v = current; v < migrations.length; v++) {
    db.transaction(() => {
      db.exec(migrations[v] as string);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return schemaVersion(db);
}
