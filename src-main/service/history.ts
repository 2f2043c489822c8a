/** history.*: a run's changes, and undo, redo and jump over them. */
import { ApiError } from '../../src-shared/api';
import { jumpTo, listHistory, redoNext, undoLast } from '../store/history';
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
        return step;
      });
    },
    'history.redo': ({ runId }) => {
      writableRun(db, runId);
      return turns.take(runId, () => {
        const step = redoNext(db, runId);
        if (!step) throw new ApiError('conflict', `run ${runId} has no undone change to redo`);
        return step;
      });
    },
    'history.jump': ({ runId, entryId }) => {
      writableRun(db, runId);
      return turns.take(runId, () => {
        const step = jumpTo(db, runId, entryId);
        if (!step)
          throw new ApiError('not-found', `change ${entryId} is not in the history of run ${runId}`, [
            { field: 'entryId', message: `not a change of run ${runId}` },
          ]);
        return step;
      });
    },
  };
}
