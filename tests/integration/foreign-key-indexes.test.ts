/**
 * Every foreign key has an index that starts with its columns. Without one, deleting a parent
 * row (a candidate, a run) scans the whole child table once per deleted row: deleting a
 * 9,600-candidate run took minutes (issue 21).
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/store/db';
import { tempDir } from '../helpers/temp';

const t = tempDir('studio-fk-');
afterAll(() => t.cleanup());

describe('foreign key indexes', () => {
  it('every foreign key of every table is the leading columns of one of its indexes', () => {
    const db = openDatabase(join(t.dir, 'studio.db'));
    try {
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .pluck()
        .all() as string[];
      const missing: string[] = [];
      let keys = 0;
      for (const table of tables) {
        const fks = db.pragma(`foreign_key_list(${JSON.stringify(table)})`) as {
          id: number;
          seq: number;
          table: string;
          from: string;
        }[];
        const byId = new Map<number, { parent: string; columns: string[] }>();
        for (const fk of [...fks].sort((a, b) => a.id - b.id || a.seq - b.seq)) {
          const entry = byId.get(fk.id) ?? { parent: fk.table, columns: [] };
          entry.columns.push(fk.from);
          byId.set(fk.id, entry);
        }
        const indexes = (db.pragma(`index_list(${JSON.stringify(table)})`) as { name: string }[]).map((ix) =>
          (db.pragma(`index_info(${JSON.stringify(ix.name)})`) as { seqno: number; name: string }[])
            .sort((a, b) => a.seqno - b.seqno)
            .map((c) => c.name),
        );
        // An INTEGER PRIMARY KEY is the rowid itself: looked up by key, no index listed.
        const pk = (
          db.pragma(`table_info(${JSON.stringify(table)})`) as { name: string; type: string; pk: number }[]
        ).filter((c) => c.pk > 0);
        if (pk.length === 1 && pk[0]!.type.toUpperCase() === 'INTEGER') indexes.push([pk[0]!.name]);
        for (const { parent, columns } of byId.values()) {
          keys++;
          // The key's columns, in any order, must be an index's leading columns.
          const covered = indexes.some(
            (cols) =>
              cols.length >= columns.length &&
              cols.slice(0, columns.length).every((c) => columns.includes(c)),
          );
          if (!covered) missing.push(`${table}(${columns.join(', ')}) → ${parent}`);
        }
      }
      expect(keys).toBeGreaterThan(15);
      expect(missing).toEqual([]);
    } finally {
      db.close();
    }
  });
});
