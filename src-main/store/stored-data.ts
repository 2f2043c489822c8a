/**
 * Reading stored game data back (issue 21): a row's rules, plan or level text, written at the
 * row's data version, is migrated to the game's current version and parsed with the game's own
 * schema (src-shared/data-version.ts), never used as bare JSON. What cannot be read is answered
 * as a sentence naming the row and the field, so a run opens read-only instead of breaking a page.
 */
import type { DataKind } from '../../src-shared/game';
import type { AnyGame } from '../../src-shared/games/index';
import { DataVersionError, readData } from '../../src-shared/data-version';

export type Read<T> = { ok: true; value: T } | { ok: false; field: string; reason: string };

/** One stored field read back, or why not (the field, and the reason in a designer's words). */
export function readStored(game: AnyGame, kind: DataKind, text: string, version: number): Read<unknown> {
  try {
    return { ok: true, value: readData(game, kind, text, version) };
  } catch (e) {
    if (e instanceof DataVersionError) return { ok: false, field: e.field, reason: e.message };
    throw e;
  }
}

/** The sentence for a run whose stored rules or plan cannot be read. */
export function runDataSentence(runId: number, field: string, reason: string): string {
  const what = field.split('.')[0] === 'plan' ? 'plan' : 'rules';
  return `run ${runId}'s stored ${what} cannot be read (${reason}); the run is read-only`;
}

/** A stored level as JSON text at the current version: as stored when current, else migrated and parsed. */
export function currentLevelText(game: AnyGame, text: string, version: number, where: string): string {
  if (version === game.dataVersion) return text;
  const read = readStored(game, 'level', text, version);
  if (!read.ok)
    throw new DataVersionError(`${where}'s stored level cannot be read (${read.reason})`, read.field);
  return JSON.stringify(read.value);
}
