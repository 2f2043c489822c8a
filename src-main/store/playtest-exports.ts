/**
 * The playtest pages the studio wrote (issue 24): one row per export, naming the candidate of
 * each level, so results that come back are stored against their candidates, and results of a
 * page the studio never wrote are refused by name.
 */
import type { PlaytestExport } from '../../src-shared/playtest/types';
import type { Db } from './db';
import { writeTransaction } from './write-transaction';

interface ExportRow {
  id: string;
  run_id: number;
  order_kind: string;
  pack_checksum: string;
  candidate_ids: string;
  testers: string;
  created_at: string;
}

const toExport = (r: ExportRow): PlaytestExport => ({
  id: r.id,
  runId: r.run_id,
  order: r.order_kind,
  packChecksum: r.pack_checksum,
  candidateIds: JSON.parse(r.candidate_ids) as number[],
  testers: JSON.parse(r.testers) as PlaytestExport['testers'],
  createdAt: r.created_at,
});

/** Store an export (its id is new: a random id the caller made). */
export function recordPlaytestExport(db: Db, e: PlaytestExport): void {
  writeTransaction(db, () => {
    db.prepare(
      `INSERT INTO playtest_exports (id, run_id, order_kind, pack_checksum, candidate_ids, testers, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      e.id,
      e.runId,
      e.order,
      e.packChecksum,
      JSON.stringify(e.candidateIds),
      JSON.stringify(e.testers),
      e.createdAt,
    );
  });
}

/** An export by its id, or null when this studio never wrote it (or its run was deleted). */
export function playtestExportById(db: Db, id: string): PlaytestExport | null {
  const r = db.prepare('SELECT * FROM playtest_exports WHERE id = ?').get(id) as ExportRow | undefined;
  return r ? toExport(r) : null;
}

/** A run's exports, newest first. */
export function playtestExportsOfRun(db: Db, runId: number): PlaytestExport[] {
  const rows = db
    .prepare('SELECT * FROM playtest_exports WHERE run_id = ? ORDER BY created_at DESC, id')
    .all(runId) as ExportRow[];
  return rows.map(toExport);
}
