/**
 * Playtest results as a page writes them, and an export as the studio records it, for tests:
 * the export is stored with recordPlaytestExport (the real store) over the run's stored order.
 */
import { openDatabase } from '../../src-main/store/db';
import { recordPlaytestExport } from '../../src-main/store/playtest-exports';
import type { OrderingKind, StudioClient } from '../../src-shared/api';
import { canonicalJson, sha256Hex } from '../../src-shared/playtest/checksum';
import type { AttemptTrace, PlaytestExport, PlaytestResultsFile } from '../../src-shared/playtest/types';

export function resultsFile(
  e: Pick<PlaytestExport, 'id' | 'packChecksum'>,
  tester: string,
  attempts: AttemptTrace[],
): PlaytestResultsFile {
  return {
    format: 'studio-playtest-results',
    version: 1,
    exportId: e.id,
    packChecksum: e.packChecksum,
    tester,
    attempts,
    attemptsChecksum: sha256Hex(canonicalJson(attempts)),
  };
}

/** Record an export of the run's `kind` order (every level, in order) as the export page would. */
export async function recordExport(
  api: StudioClient,
  dbPath: string,
  runId: number,
  id: string,
  kind: OrderingKind = 'automatic',
): Promise<PlaytestExport> {
  const pack = await api.call('packs.export', { runId, kind });
  const order = await api.call('orderings.get', { runId, kind });
  const e: PlaytestExport = {
    id,
    runId,
    order: kind,
    packChecksum: sha256Hex(pack.text),
    candidateIds: order.levels.map((l) => l.candidateId!),
    testers: { subset: null, shuffle: false, seed: null },
    createdAt: '2026-12-02T00:00:00.000Z',
  };
  const db = openDatabase(dbPath);
  try {
    recordPlaytestExport(db, e);
  } finally {
    db.close();
  }
  return e;
}
