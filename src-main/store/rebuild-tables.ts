/**
 * The copy-and-swap step SQLite needs to change what ALTER TABLE cannot (a CHECK, a column's
 * type or constraint, a foreign key), as SQL text for a FUTURE migration to include. Shipped
 * migrations stay as they are: migration 6 wrote this very pattern out by hand, and
 * tests/unit/rebuild-tables.test.ts checks that this helper gives the same schema and rows.
 *
 * Why this order: migrations run inside a transaction with foreign keys on, and
 * `PRAGMA foreign_keys` cannot change inside a transaction. Dropping a parent table deletes
 * its rows first, which would cascade into its children; so each child is renamed away
 * before anything else, the new parent is filled, each child is made anew pointing at the
 * new parent and refilled, the old tables are dropped (children first), and the new parent
 * takes the old name (SQLite rewrites the children's references with it). Indexes go with a
 * dropped table, so each table's are created again at the end.
 */

export interface TableRebuild {
  name: string;
  /** What goes inside `CREATE TABLE name ( ... )`; a child writes its parent's name as `{parent}`. */
  body: string;
  /** The columns copied from the old table (those both share). */
  columns: readonly string[];
  /** CREATE INDEX statements to run again once the table has its name back. */
  indexes?: readonly string[];
}

const NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * SQL rebuilding `parent` and the tables whose foreign keys point at it (`children`, each
 * given in full: they are rebuilt too, rows kept).
 */
export function rebuildTables(parent: TableRebuild, children: readonly TableRebuild[] = []): string {
  for (const t of [parent, ...children]) {
    for (const n of [t.name, ...t.columns])
      if (!NAME.test(n)) throw new Error(`rebuildTables: "${n}" is not a plain table or column name`);
    if (t.columns.length === 0) throw new Error(`rebuildTables: ${t.name} copies no columns`);
  }
  const cols = (t: TableRebuild): string => t.columns.join(', ');
  const fresh = `${parent.name}_new`;
  return [
    ...children.map((c) => `ALTER TABLE ${c.name} RENAME TO ${c.name}_old;`),
    `CREATE TABLE ${fresh} (${parent.body});`,
    `INSERT INTO ${fresh} (${cols(parent)}) SELECT ${cols(parent)} FROM ${parent.name};`,
    ...children.flatMap((c) => [
      `CREATE TABLE ${c.name} (${c.body.replaceAll('{parent}', fresh)});`,
      `INSERT INTO ${c.name} (${cols(c)}) SELECT ${cols(c)} FROM ${c.name}_old;`,
    ]),
    ...children.map((c) => `DROP TABLE ${c.name}_old;`),
    `DROP TABLE ${parent.name};`,
    `ALTER TABLE ${fresh} RENAME TO ${parent.name};`,
    ...[parent, ...children].flatMap((t) => t.indexes ?? []),
  ].join('\n');
}
