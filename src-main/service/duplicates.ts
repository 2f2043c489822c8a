/** duplicates.*: a run's near-duplicate pairs, and triage of one pair. */
import { ApiError, type CurationChange } from '../../src-shared/api';
import { setVerdicts } from '../store/candidates';
import { getPair, listPairs, pairView } from '../store/duplicates';
import { candidateScope } from '../store/history';
import { setPairFine } from '../store/triage';
import type { HandlerContext, HandlersOf } from './context';
import { curate, runOf, writableRun } from './guards';

export function duplicateHandlers({ db, turns, designer }: HandlerContext): HandlersOf<'duplicates'> {
  return {
    'duplicates.list': ({ runId, limit, order, ships, triage }) => {
      runOf(db, runId);
      return listPairs(db, { runId, limit, ships, triage, ...(order ? { order } : {}) });
    },
    'duplicates.triage': ({ pairId, decision }) => {
      const pair = getPair(db, pairId);
      if (!pair)
        throw new ApiError(
          'not-found',
          `near-duplicate pair ${pairId} does not exist (the run's pairs may have been found again: reload the list)`,
          [{ field: 'pairId', message: 'unknown pair id' }],
        );
      writableRun(db, pair.runId);
      return turns.take(pair.runId, () => {
        const [nameA, nameB] = [candidateScope(db, [pair.a]), candidateScope(db, [pair.b])];
        let change: CurationChange;
        if (decision === 'reject-a' || decision === 'reject-b') {
          const [id, other] = decision === 'reject-a' ? [pair.a, nameB] : [pair.b, nameA];
          change = curate(
            db,
            pair.runId,
            { kind: 'verdict', label: (scope) => `Rejected ${scope} (near-duplicate of ${other})` },
            () => setVerdicts(db, [id], 'rejected'),
          );
        } else {
          const fine = decision === 'fine' ? { by: designer, at: new Date().toISOString() } : null;
          change = curate(
            db,
            pair.runId,
            {
              kind: 'triage',
              scope: `${nameA} ↔ ${nameB}`,
              label: (scope) =>
                fine ? `Marked ${scope} fine (both may ship)` : `Took the fine mark off ${scope}`,
            },
            () => setPairFine(db, pair.runId, pair.a, pair.b, fine),
          );
        }
        return { ...change, pair: pairView(db, pairId)! };
      });
    },
  };
}
