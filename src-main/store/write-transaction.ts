/**
 * Every write transaction begins IMMEDIATE: it takes the database's write lock before its first
 * read, so another process holding the lock makes it wait (busy_timeout) instead of failing.
 * A deferred transaction that reads and then writes cannot wait: SQLite answers
 * "database is locked" at once, since its snapshot may already be stale. Nested inside another
 * transaction it is a savepoint, as better-sqlite3 makes it.
 */
// The driver's own type, not db.ts's `Db` alias: db.ts imports this module (no import cycle).
import type Database from 'better-sqlite3';

export function writeTransaction<T>(db: Database.Database, fn: () => T): T {
  return db.transaction(fn).immediate();
}
