/**
 * A database another process holds past the busy timeout (a studio and the CLI on one file):
 * a named, retryable refusal, never an internal error. Nothing was written: SQLite rolled the
 * statement (and, through better-sqlite3, its transaction) back.
 */
import { ApiError } from '../../src-shared/api';

export const BUSY_MESSAGE = 'the database is busy in another studio or CLI; try again';

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, _RECOVERY, _TIMEOUT). */
export function isBusy(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

export function busyError(): ApiError {
  return new ApiError('busy', BUSY_MESSAGE);
}
