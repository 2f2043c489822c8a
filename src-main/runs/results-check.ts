/**
 * The two halves of a results import's check, run in the results worker (results-worker.ts):
 * read the file (JSON, limits, schema, checksum, duplicates), then, once main has found the
 * export's levels, replay every trace through the game's rules. Either gives the rows to store
 * or one sentence saying why nothing was stored.
 */
import { gameById } from '../../src-shared/games/index';
import { checkAttempt } from '../../src-shared/playtest/check-attempt';
import { readResultsFile } from '../../src-shared/playtest/results-file';
import type { ResultsLimits } from '../../src-shared/playtest/results-limits';
import type { PlaytestResultsFile } from '../../src-shared/playtest/types';
import type { NewAttempt } from '../store/playtest-attempts';

/** What main needs to find the export and its levels. */
export interface ResultsHeader {
  exportId: string;
  packChecksum: string;
  tester: string;
  /** The levels the attempts are at (ascending, distinct). */
  levels: number[];
  attempts: number;
}

/** What main hands back for the replay: the export's game, rules and the levels played. */
export interface ReplayInput {
  game: string;
  rules: unknown;
  runId: number;
  order: string;
  /** Candidate id of each level of the export (level 1 first). */
  candidateIds: number[];
  /** The stored level (JSON text at the game's current version) of each level played, by level. */
  levels: Record<number, string>;
  recordedAt: string;
}

export type ReadPhase =
  | { ok: true; header: ResultsHeader; file: PlaytestResultsFile; ids: string[] }
  | { ok: false; message: string };

export function readPhase(text: string, limits: ResultsLimits): ReadPhase {
  const r = readResultsFile(text, limits);
  if (!r.ok) return r;
  const { file, ids } = r;
  const levels = [...new Set(file.attempts.map((a) => a.level))].sort((a, b) => a - b);
  return {
    ok: true,
    file,
    ids,
    header: {
      exportId: file.exportId,
      packChecksum: file.packChecksum,
      tester: file.tester,
      levels,
      attempts: file.attempts.length,
    },
  };
}

export type ReplayPhase = { ok: true; rows: NewAttempt[] } | { ok: false; message: string };

export function replayPhase(
  file: PlaytestResultsFile,
  ids: readonly string[],
  input: ReplayInput,
): ReplayPhase {
  const game = gameById(input.game);
  const parsed = new Map<number, unknown>();
  const rows: NewAttempt[] = [];
  for (let i = 0; i < file.attempts.length; i++) {
    const a = file.attempts[i]!;
    const text = input.levels[a.level];
    const candidateId = input.candidateIds[a.level - 1];
    if (text === undefined || candidateId === undefined)
      return {
        ok: false,
        message: `attempt ${i + 1} is at level ${a.level}, but the export has ${input.candidateIds.length} levels; nothing was stored`,
      };
    let level = parsed.get(a.level);
    if (level === undefined) {
      level = JSON.parse(text) as unknown;
      parsed.set(a.level, level);
    }
    const checked = checkAttempt(game.playtest, level, input.rules, a);
    if (!checked.ok)
      return {
        ok: false,
        message: `attempt ${i + 1} (level ${a.level}): ${checked.problem}; nothing was stored`,
      };
    rows.push({
      id: ids[i]!,
      runId: input.runId,
      candidateId,
      exportId: file.exportId,
      tester: file.tester,
      level: a.level,
      order: input.order,
      startedAt: a.startedAt,
      outcome: a.outcome,
      ms: a.ms,
      moves: checked.moves,
      wasted: checked.wasted,
      restarts: checked.restarts,
      recordedAt: input.recordedAt,
      eventsJson: JSON.stringify(a.events),
    });
  }
  return { ok: true, rows };
}
