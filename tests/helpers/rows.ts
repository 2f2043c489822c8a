/**
 * What the database holds, read straight from SQLite on a read-only connection of its own
 * (never through the API under test): rows of one query, or a snapshot of several that two
 * moments can be compared by (history undo and redo, steering refused without a trace).
 */
import Database from 'better-sqlite3';

/** The rows `sql` answers with `params`. */
export function readRows<T = Record<string, unknown>>(
  dbPath: string,
  sql: string,
  ...params: unknown[]
): T[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The answers of several queries, each given the same params, as one JSON text (equal text: equal rows). */
export function rowSnapshot(dbPath: string, queries: readonly string[], ...params: unknown[]): string {
  const db = new Database(dbPath, { readonly: true });
  try {
    return JSON.stringify(queries.map((sql) => db.prepare(sql).all(...params)));
  } finally {
    db.close();
  }
}
