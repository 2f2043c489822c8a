/**
 * One import at a time, pack or playtest results: each has its own worker with a large heap cap,
 * so two at once could take twice the memory an import may use. The import is kept by its id
 * in the service's `imports`, so packs.cancelImport can stop it (and closing the service stops all).
 */
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../src-shared/api';

export async function inImportSlot<T>(
  imports: Map<string, AbortController>,
  importId: string | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  if (imports.size > 0)
    throw new ApiError(
      'conflict',
      'another import (a pack or a playtest results file) is under way; wait for it to finish or cancel it',
    );
  const id = importId ?? randomUUID();
  const abort = new AbortController();
  imports.set(id, abort);
  try {
    return await work(abort.signal);
  } finally {
    imports.delete(id);
  }
}
