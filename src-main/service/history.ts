/** history.*: a run's changes, and undo, redo and jump over them. */
import { ApiError } from '../../src-shared/api';
import type { HistoryStep } from '../../src-shared/history';
import { MAX_JUMP_ENTRIES, MAX_JUMP_ROWS, MAX_REPLY_CHANGES } from '../../src-shared/api/call-bounds';
import { formatCount } from '../../src-shared/pack/import-limits';
import { jumpSpan, jumpTo, listHistory, redoNext, undoLast } from '../store/history';
import type { HandlerContext, HandlersOf } from './context';
import { runOf, writableRun } from './guards';

export function historyHandlers({ db, turns }: HandlerContext): HandlersOf<'history'> {
  return {
    'history.list': ({ runId, limit }) => {
      runOf(db, runId);
      return listHistory(db, runId, limit);
    },
    'history.undo': ({ runId }) => {
      writableRun(db, runId);
      return turns.take(runId, () => {
        const step = undoLast(db, runId);
        if (!step) throw new ApiError('conflict', `run ${runId} has no change to undo`);
        return capped(step);
      });
    },
    'history.redo': ({ runId }) => {
      writableRun(db, runId);
      return turns.take(runId, () => {
        const step = redoNext(db, runId);
        if (!step) throw new ApiError('conflict', `run ${runId} has no undone change to redo`);
        return capped(step);
      });
    },
    'history.jump': ({ runId, entryId }) => {
      writableRun(db, runId);
      return turns.take(runId, () => {
        checkJump(jumpSpan(db, runId, entryId), entryId);
        const step = jumpTo(db, runId, entryId);
        if (!step)
          throw new ApiError('not-found', `change ${entryId} is not in the history of run ${runId}`, [
            { field: 'entryId', message: `not a change of run ${runId}` },
          ]);
        return capped(step);
      });
    },
  };
}

/** A jump does at most MAX_JUMP_ENTRIES changes touching MAX_JUMP_ROWS rows: past them it is refused, changing nothing. */
function checkJump(span: { entries: number; rows: number }, entryId: number): void {
  const where = entryId === 0 ? 'before the first change' : `to change ${entryId}`;
  if (span.entries > MAX_JUMP_ENTRIES)
    throw new ApiError(
      'bad-argument',
      `going back ${where} would undo or redo ${formatCount(span.entries)} changes, more than the ${formatCount(MAX_JUMP_ENTRIES)} one jump may; jump to a nearer change first and go on from there. Nothing changed`,
    );
  if (span.rows > MAX_JUMP_ROWS)
    throw new ApiError(
      'bad-argument',
      `going back ${where} would change ${formatCount(span.rows)} rows, more than the ${formatCount(MAX_JUMP_ROWS)} one jump may; jump to a nearer change first and go on from there. Nothing changed`,
    );
}

/** The reply carries at most MAX_REPLY_CHANGES row changes and counts the rest (the page reloads its rows anyway). */
function capped(step: HistoryStep): HistoryStep {
  if (step.changes.length <= MAX_REPLY_CHANGES) return step;
  return {
    ...step,
    changes: step.changes.slice(0, MAX_REPLY_CHANGES),
    changesLeftOut: step.changes.length - MAX_REPLY_CHANGES,
  };
}
