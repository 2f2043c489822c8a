/**
 * playtests.*: record an attempt of the studio's blind mode, import a page's results file (in
 * a worker, with pack import's limits), list and read attempts, and the Players report.
 * Recording changes no curation, so it is no history entry and is never undone.
 */
import { ApiError, type OrderingKind } from '../../src-shared/api';
import { attemptId } from '../../src-shared/playtest/attempt-id';
import { checkAttempt } from '../../src-shared/playtest/check-attempt';
import { playersReport } from '../../src-shared/playtest/players';
import { RESULTS_LIMITS } from '../../src-shared/playtest/results-limits';
import { formatMegabytes, IMPORT_LIMITS } from '../../src-shared/pack/import-limits';
import { candidateName } from '../../src-shared/vocabulary';
import type { ReplayInput, ResultsHeader } from '../runs/results-check';
import { cancelled, checkResultsInWorker } from '../runs/results-import';
import { candidateLevelTexts } from '../store/candidates';
import type { Db } from '../store/db';
import { loadOrdering } from '../store/orderings';
import {
  attemptById,
  attemptFiguresOfRun,
  insertAttempts,
  insertAttemptsInSteps,
  listAttempts,
  type NewAttempt,
} from '../store/playtest-attempts';
import { playtestExportById } from '../store/playtest-exports';
import type { HandlerContext, HandlersOf } from './context';
import { gameOf, readableRun, runOf } from './guards';
import { inImportSlot } from './import-slot';

/** The candidate ids of an order's levels (level 1 first), or a refusal naming the order. */
function orderLevels(db: Db, runId: number, kind: OrderingKind): (number | null)[] {
  const o = loadOrdering(db, runId, kind);
  if (!o) throw new ApiError('conflict', `run ${runId} has no ${kind} order yet`);
  return o.levels.map((l) => l.candidateId);
}

/** Main's half of an import: the export the results name, checked, and the levels to replay. */
function replayInputFor(db: Db, header: ResultsHeader): ReplayInput {
  const e = playtestExportById(db, header.exportId);
  if (!e)
    throw new ApiError(
      'not-found',
      `these results are of playtest export "${header.exportId}", which this studio did not write (or whose run was deleted); nothing was stored`,
    );
  if (e.packChecksum !== header.packChecksum)
    throw new ApiError(
      'bad-argument',
      `these results are of a different pack than playtest export "${e.id}" of run ${e.runId} (its checksum differs); nothing was stored`,
    );
  const run = readableRun(db, e.runId);
  const past = header.levels.find((l) => l > e.candidateIds.length);
  if (past !== undefined)
    throw new ApiError(
      'bad-argument',
      `these results have an attempt at level ${past}, but playtest export "${e.id}" has ${e.candidateIds.length} levels; nothing was stored`,
    );
  const texts = candidateLevelTexts(
    db,
    e.runId,
    header.levels.map((l) => e.candidateIds[l - 1]!),
  );
  const levels: Record<number, string> = {};
  for (const l of header.levels) {
    const t = texts.get(e.candidateIds[l - 1]!);
    if (!t)
      throw new ApiError(
        'conflict',
        `level ${l} of playtest export "${e.id}" is a candidate run ${e.runId} no longer has; nothing was stored`,
      );
    levels[l] = t.levelJson;
  }
  return {
    game: run.game,
    rules: run.rules,
    runId: e.runId,
    order: e.order,
    candidateIds: e.candidateIds,
    levels,
    recordedAt: new Date().toISOString(),
  };
}

export function playtestHandlers({ db, events, imports, options }: HandlerContext): HandlersOf<'playtests'> {
  const importLimits = options.importLimits ?? IMPORT_LIMITS;
  return {
    'playtests.record': ({ runId, kind, tester, attempt }) => {
      const run = readableRun(db, runId);
      const game = gameOf(db, runId);
      const ids = orderLevels(db, runId, kind);
      const candidateId = ids[attempt.level - 1];
      if (candidateId === undefined || candidateId === null)
        throw new ApiError(
          'bad-argument',
          `the ${kind} order of run ${runId} has no level ${attempt.level}`,
          [{ field: 'attempt.level', message: `must be a level of the order (1-${ids.length})` }],
        );
      const text = candidateLevelTexts(db, runId, [candidateId]).get(candidateId)!;
      const checked = checkAttempt(game.playtest, JSON.parse(text.levelJson) as unknown, run.rules, attempt);
      if (!checked.ok)
        throw new ApiError(
          'bad-argument',
          `the attempt at level ${attempt.level}: ${checked.problem}; nothing was stored`,
        );
      const { events: traceEvents, ...trace } = attempt;
      const row: NewAttempt = {
        ...trace,
        id: attemptId(null, tester, attempt),
        runId,
        candidateId,
        exportId: null,
        tester,
        order: kind,
        moves: checked.moves,
        wasted: checked.wasted,
        restarts: checked.restarts,
        recordedAt: new Date().toISOString(),
        eventsJson: JSON.stringify(traceEvents),
      };
      const added = insertAttempts(db, [row]) === 1;
      if (added) events.emit('playtests.stored', { runId, added: 1 });
      return { attempt: attemptById(db, row.id)!, added };
    },
    'playtests.import': ({ text, importId }) => {
      const bytes = Buffer.byteLength(text, 'utf8');
      if (bytes > importLimits.maxBytes)
        throw new ApiError(
          'bad-argument',
          `the results file is ${formatMegabytes(bytes)}; a results file may be at most ${formatMegabytes(importLimits.maxBytes)}; nothing was stored`,
        );
      return inImportSlot(imports, importId, async (signal) => {
        const { header, rows } = await checkResultsInWorker(
          text,
          { import: importLimits, results: RESULTS_LIMITS },
          (h) => replayInputFor(db, h),
          signal,
        );
        // The export may have gone while the worker replayed (its run deleted): check again before storing.
        const e = playtestExportById(db, header.exportId);
        if (!e)
          throw new ApiError(
            'conflict',
            `playtest export "${header.exportId}" was deleted while its results were checked; nothing was stored`,
          );
        const added = await insertAttemptsInSteps(db, rows, { signal, cancelled });
        if (added > 0) events.emit('playtests.stored', { runId: e.runId, added });
        return { exportId: e.id, runId: e.runId, tester: header.tester, added, already: rows.length - added };
      });
    },
    'playtests.attempts': ({ runId, level, candidateId, limit, offset }) => {
      runOf(db, runId);
      return listAttempts(db, {
        runId,
        limit,
        offset,
        ...(level !== undefined ? { level } : {}),
        ...(candidateId !== undefined ? { candidateId } : {}),
      });
    },
    'playtests.attempt': ({ id }) => {
      const a = attemptById(db, id);
      if (!a) throw new ApiError('not-found', `attempt ${id.slice(0, 12)}… does not exist`);
      return a;
    },
    'playtests.report': ({ runId, kind }) => {
      runOf(db, runId);
      const game = gameOf(db, runId);
      const ids = orderLevels(db, runId, kind);
      const known = candidateLevelTexts(
        db,
        runId,
        ids.filter((id): id is number => id !== null),
      );
      return playersReport({
        runId,
        order: kind,
        levels: ids.map((id) => {
          const c = id === null ? undefined : known.get(id);
          return {
            candidateId: id,
            candidate: c ? candidateName(c.slot, c.index) : null,
            model: c?.metrics[game.difficulty] ?? null,
          };
        }),
        attempts: attemptFiguresOfRun(db, runId),
      });
    },
  };
}
