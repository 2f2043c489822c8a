/**
 * What the studio checks before it opens its database file, so a file it cannot safely use is
 * named and left exactly as it is:
 * - missing: a new studio. The designer asked for one by opening a path where no file is
 *   (the default path on first start, or a new `--db` path); its folder must exist and be
 *   writable. A file missing beside its own journal (`-wal`) was moved or deleted: named.
 * - empty (0 bytes), or not a regular file: named, never rebuilt into an empty studio.
 * - read-only file, journal or folder (WAL writes `-wal` and `-shm` beside the file): named.
 * - damaged (`PRAGMA quick_check` finds a fault): named with how to copy it, never written.
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';

const BACKUP_HINT = (path: string): string =>
  `copy it first with \`npm run cli -- backup --db ${path} --out COPY.db\`, then restore a backup (docs/data.md, "Storage that survives")`;

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuse a file the studio cannot safely open, naming it; true when the file exists (and
 * should be checked for damage), false when it is a new studio.
 */
export function checkDatabaseFile(path: string, readonly: boolean): boolean {
  if (path === ':memory:' || path === '') return false;
  const folder = dirname(path);
  if (!existsSync(path)) {
    if (!existsSync(folder))
      throw new Error(`cannot open the database ${path}: its folder ${folder} does not exist`);
    if (existsSync(`${path}-wal`))
      throw new Error(
        `cannot open the database ${path}: the file is missing but its journal ${path}-wal is there, so the database was moved or deleted; put the file back, or remove ${path}-wal and ${path}-shm to start a new studio there`,
      );
    if (!readonly && !writable(folder))
      throw new Error(
        `cannot open the database ${path}: its folder ${folder} is read-only, so no new studio can be made there; choose a writable folder`,
      );
    return false;
  }
  const st = statSync(path);
  if (!st.isFile()) throw new Error(`cannot open the database ${path}: it is not a file`);
  if (st.size === 0)
    throw new Error(
      `cannot open the database ${path}: it is an empty file (0 bytes), not a studio database, and was left as it is; to start a new studio there delete it, or open the file your studio is in`,
    );
  if (readonly) return true;
  if (!writable(path))
    throw new Error(
      `cannot open the database ${path}: the file is read-only; make it writable (chmod u+w), or copy it somewhere writable and open the copy`,
    );
  for (const side of [`${path}-wal`, `${path}-shm`])
    if (existsSync(side) && !writable(side))
      throw new Error(`cannot open the database ${path}: its journal ${side} is read-only; make it writable`);
  if (!writable(folder))
    throw new Error(
      `cannot open the database ${path}: its folder ${folder} is read-only, and the studio writes its journal (${path}-wal, ${path}-shm) beside the file; make the folder writable, or copy the file somewhere writable`,
    );
  return true;
}

/** Refuse a damaged file, naming it and the first fault SQLite found; nothing is written. */
export function checkIntegrity(path: string, open: () => Database.Database): void {
  let faults: string[];
  let db: Database.Database | null = null;
  try {
    db = open();
    faults = (db.pragma('quick_check(5)') as { quick_check: string }[]).map((r) => r.quick_check);
  } catch (e) {
    const code = (e as { code?: string }).code;
    // Not a database at all is worded by openDatabase; a busy file is left to the busy timeout.
    if (code === 'SQLITE_NOTADB' || code?.startsWith('SQLITE_BUSY')) return;
    faults = [e instanceof Error ? e.message : String(e)];
  } finally {
    db?.close();
  }
  if (faults.length === 1 && faults[0] === 'ok') return;
  // SQLite's report can span lines ("*** in database main ***\nTree 9 page 93: …"); the sentence is one line.
  const oneLine = (t: string): string => t.replace(/\s+/g, ' ').trim();
  throw new Error(
    `cannot open the database ${path}: it is damaged (SQLite's check found: ${oneLine(faults[0]!)}${faults.length > 1 ? ' …' : ''}); it was not changed. Nothing was opened: ${BACKUP_HINT(path)}`,
  );
}
