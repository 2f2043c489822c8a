/**
 * Every write transaction begins IMMEDIATE: it takes the database's write lock before its first
 * read, so another process holding the lock makes it wait (busy_timeout) instead of failing.
 * A deferred transaction that reads and then writes cannot wait: SQLite answers
 * "database is locked" at once, since its snapshot may already be stale. Nested inside another
 * transaction it is a savepoint, as better-sqlite3 makes it.
 */
import type { Db } from './db';

export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}
