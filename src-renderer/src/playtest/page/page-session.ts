/**
 * The offline page's memory: the tester's progress and finished attempts, kept in local
 * storage under the export's id (closing and reopening resumes), and the results file
 * "Download results" saves at any time.
 */
import { canonicalJson, sha256Hex } from '../../../../src-shared/playtest/checksum';
import type { AttemptTrace, PlaytestResultsFile } from '../../../../src-shared/playtest/types';
import type { PlayerProgress } from '../player-state';

export interface PageSession {
  progress: PlayerProgress;
  attempts: AttemptTrace[];
}

/** The subset of Storage the page uses (a Map stands in for it in tests). */
export type KeyStore = Pick<Storage, 'getItem' | 'setItem'>;

const key = (exportId: string): string => `studio-playtest:${exportId}`;

/** The saved session of this export, or null when there is none or it is unreadable (the page starts afresh). */
export function loadSession(store: KeyStore, exportId: string): PageSession | null {
  try {
    const raw = store.getItem(key(exportId));
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<PageSession> | null;
    const p = s?.progress;
    if (!p || typeof p.tester !== 'string' || !Array.isArray(p.queue) || typeof p.at !== 'number')
      return null;
    if (!Array.isArray(s.attempts)) return null;
    return { progress: p, attempts: s.attempts };
  } catch {
    return null;
  }
}

/** Saved after every step; false when storage refuses (full or off): the page says so. */
export function saveSession(store: KeyStore, exportId: string, s: PageSession): boolean {
  try {
    store.setItem(key(exportId), JSON.stringify(s));
    return true;
  } catch {
    return false;
  }
}

export function resultsFile(
  exportId: string,
  packChecksum: string,
  tester: string,
  attempts: readonly AttemptTrace[],
): PlaytestResultsFile {
  const list = attempts.slice();
  return {
    format: 'studio-playtest-results',
    version: 1,
    exportId,
    packChecksum,
    tester,
    attempts: list,
    attemptsChecksum: sha256Hex(canonicalJson(list)),
  };
}

/** The results file's name: the tester's name made safe for a file name, and the export. */
export function resultsFileName(tester: string, exportId: string): string {
  const name =
    tester
      .trim()
      .replace(/[^\p{L}\p{N}_-]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'tester';
  return `playtest-${name}-${exportId.slice(0, 8)}.json`;
}
