/**
 * rebuildTables (src-main/store/rebuild-tables.ts), the copy-and-swap step for future
 * migrations: written for migration 6's change (the ordering tables' CHECK), it gives the
 * same columns, keys, foreign keys, indexes and rows as migration 6's hand-written SQL, inside
 * a transaction with foreign keys on, without cascading a single row away.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../src-main/store/migrations';
import { rebuildTables } from '../../src-main/store/rebuild-tables';

type Db = Database.Database;

/** A database at version 5 holding two runs, their orderings and levels. */
function atVersion5(): Db {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  for (let v = 0; v < 5; v++) db.exec(migrations[v]!);
  db.prepare(
    "INSERT INTO runs (id, game, seed, plan, rules, status, levels, created_at) VALUES (1, 'carillon', 1, '[]', '{}', 'done', 2, 'x'), (2, 'apsis', 2, '[]', '{}', 'done', 1, 'y')",
  ).run();
  db.prepare(
    "INSERT INTO candidates (id, run_id, slot, idx, level) VALUES (7, 1, 0, 0, '{}'), (8, 1, 1, 0, '{}'), (9, 2, 0, 0, '{}')",
  ).run();
  db.prepare(
    "INSERT INTO orderings (run_id, kind, computed_at, problems) VALUES (1, 'automatic', 'a', '[]'), (1, 'approved', 'b', '[{\"level\":2}]'), (2, 'automatic', 'c', '[]')",
  ).run();
  db.prepare(
    "INSERT INTO ordering_levels (run_id, kind, level, candidate_id, target) VALUES (1, 'automatic', 1, 7, 0.5), (1, 'automatic', 2, 8, 1.5), (1, 'approved', 1, 7, NULL), (2, 'automatic', 1, 9, 2)",
  ).run();
  return db;
}

/** Migration 6's change through the helper. */
const steeredKind = `ALTER TABLE runs ADD COLUMN steering TEXT;\n${rebuildTables(
  {
    name: 'orderings',
    body: `run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('automatic','approved','steered')),
      computed_at TEXT NOT NULL,
      problems TEXT NOT NULL DEFAULT '[]',
      PRIMARY KEY (run_id, kind)`,
    columns: ['run_id', 'kind', 'computed_at', 'problems'],
  },
  [
    {
      name: 'ordering_levels',
      body: `run_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        level INTEGER NOT NULL,
        candidate_id INTEGER REFERENCES candidates (id) ON DELETE CASCADE,
        target REAL,
        PRIMARY KEY (run_id, kind, level),
        FOREIGN KEY (run_id, kind) REFERENCES {parent} (run_id, kind) ON DELETE CASCADE`,
      columns: ['run_id', 'kind', 'level', 'candidate_id', 'target'],
    },
  ],
)}`;

/** The tables' shape (columns, keys, foreign keys, indexes) and rows, for comparison. */
function shape(db: Db): unknown {
  const tables = ['runs', 'orderings', 'ordering_levels'];
  return {
    tables: (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
        name: string;
      }[]
    ).map((r) => r.name),
    ...Object.fromEntries(
      tables.map((t) => [
        t,
        {
          columns: db
            .prepare(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info('${t}')`)
            .all(),
          foreignKeys: db
            .prepare(
              `SELECT "table", "from", "to", on_delete FROM pragma_foreign_key_list('${t}') ORDER BY id, seq`,
            )
            .all(),
          indexes: db
            .prepare(`SELECT name, "unique", origin FROM pragma_index_list('${t}') ORDER BY name`)
            .all(),
          rows: db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3`).all(),
        },
      ]),
    ),
  };
}

function apply(db: Db, sql: string): void {
  db.transaction(() => db.exec(sql))();
}

describe('rebuildTables', () => {
  it('does what migration 6 does by hand: same tables, keys, foreign keys, indexes and rows', () => {
    const byHand = atVersion5();
    const byHelper = atVersion5();
    const before = shape(byHand);
    apply(byHand, migrations[5]!);
    apply(byHelper, steeredKind);
    expect(shape(byHelper)).toEqual(shape(byHand));
    // No row was lost on the way (the cascade from the dropped parent never ran).
    expect((shape(byHelper) as { ordering_levels: { rows: unknown[] } }).ordering_levels.rows).toEqual(
      (before as { ordering_levels: { rows: unknown[] } }).ordering_levels.rows,
    );
    for (const db of [byHand, byHelper]) expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
  });

  it('leaves the new constraint in force and the cascades working', () => {
    const db = atVersion5();
    apply(db, steeredKind);
    db.prepare("INSERT INTO orderings (run_id, kind, computed_at) VALUES (1, 'steered', 's')").run();
    expect(() =>
      db.prepare("INSERT INTO orderings (run_id, kind, computed_at) VALUES (1, 'sideways', 's')").run(),
    ).toThrow(/CHECK/);
    expect(() =>
      db.prepare("INSERT INTO ordering_levels (run_id, kind, level) VALUES (2, 'approved', 1)").run(),
    ).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM runs WHERE id = 1').run();
    expect(db.prepare('SELECT run_id, kind FROM orderings').all()).toEqual([
      { run_id: 2, kind: 'automatic' },
    ]);
    expect(db.prepare('SELECT run_id, level FROM ordering_levels').all()).toEqual([{ run_id: 2, level: 1 }]);
  });

  it('recreates the indexes that went with the dropped table', () => {
    const db = atVersion5();
    apply(
      db,
      rebuildTables({
        name: 'duplicate_pairs',
        body: `id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        a_id INTEGER NOT NULL REFERENCES candidates (id) ON DELETE CASCADE, b_id INTEGER NOT NULL REFERENCES candidates (id) ON DELETE CASCADE,
        rule TEXT NOT NULL, transform TEXT NOT NULL DEFAULT '', share REAL NOT NULL CHECK (share >= 0)`,
        columns: ['id', 'run_id', 'a_id', 'b_id', 'rule', 'transform', 'share'],
        indexes: ['CREATE INDEX duplicate_pairs_by_run ON duplicate_pairs (run_id, share DESC);'],
      }),
    );
    expect(db.prepare("SELECT name FROM pragma_index_list('duplicate_pairs')").all()).toEqual([
      { name: 'duplicate_pairs_by_run' },
    ]);
    expect(() =>
      db
        .prepare("INSERT INTO duplicate_pairs (run_id, a_id, b_id, rule, share) VALUES (1, 7, 8, 'r', -1)")
        .run(),
    ).toThrow(/CHECK/);
  });

  it('refuses a name that is not a plain table or column name', () => {
    expect(() =>
      rebuildTables({ name: 'runs; DROP TABLE runs', body: 'id INTEGER', columns: ['id'] }),
    ).toThrow(/not a plain table or column name/);
    expect(() => rebuildTables({ name: 'runs', body: 'id INTEGER', columns: ['id', 'x y'] })).toThrow(
      /"x y"/,
    );
    expect(() => rebuildTables({ name: 'runs', body: 'id INTEGER', columns: [] })).toThrow(
      /copies no columns/,
    );
  });
});
