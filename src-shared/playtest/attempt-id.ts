/**
 * The stored id of an attempt: a content hash, so the same attempt from the same tester of the
 * same export is one row however often its results file is imported.
 */
import { canonicalJson, sha256Hex } from './checksum';
import type { AttemptTrace } from './types';

/** sha256Hex(canonicalJson({ exportId, tester, attempt })); exportId null for the studio's blind mode. */
export function attemptId(exportId: string | null, tester: string, attempt: AttemptTrace): string {
  return sha256Hex(canonicalJson({ exportId, tester, attempt }));
}
