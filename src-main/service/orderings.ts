/** orderings.*: a run's orders (automatic, approved, approved first, steered), its steering, and swap options. */
import { ApiError } from '../../src-shared/api';
import { gameById } from '../../src-shared/games/index';
import { orderInWorkers, reorderStoredPools } from '../runs/finish';
import { orderingView } from '../runs/ordering-view';
import { storeApprovedFirst } from '../runs/approved-first';
import { steerInWorkers, steerRun, SteeringImpossibleError } from '../runs/steer';
import { swapOptions } from '../runs/swap-options';
import { emptySteering, loadSteering } from '../store/steering';
import type { HandlerContext, HandlersOf } from './context';
import { orderableRun, readableRun, runOf } from './guards';

export function orderingHandlers({ db, engine, pool, turns }: HandlerContext): HandlersOf<'orderings'> {
  return {
    'orderings.get': ({ runId, kind }) =>
      orderingView(db, gameById(readableRun(db, runId).game), runId, kind),
    'orderings.computeApproved': ({ runId, blend }) => {
      const run = orderableRun(db, engine, runId);
      const game = gameById(run.game);
      return turns.take(runId, async () => {
        await reorderStoredPools(db, game, run, 'approved', orderInWorkers(pool), blend);
        await storeApprovedFirst(db, game, run, steerInWorkers(pool));
        return orderingView(db, game, runId, 'approved');
      });
    },
    'orderings.steering': ({ runId }) => {
      runOf(db, runId);
      return loadSteering(db, runId) ?? emptySteering();
    },
    'orderings.steer': ({ runId, ...change }) => {
      const run = orderableRun(db, engine, runId);
      return turns.take(runId, async () => {
        try {
          return await steerRun(
            db,
            gameById(run.game),
            run,
            change,
            steerInWorkers(pool),
            new Date().toISOString(),
          );
        } catch (e) {
          if (e instanceof SteeringImpossibleError) {
            throw new ApiError(
              'conflict',
              e.message,
              e.conflicts.map((c) => ({
                field: `steering.levels ${c.levels.join(', ')}`,
                message: `${c.message} (rule: ${c.rule})`,
              })),
            );
          }
          throw e;
        }
      });
    },
    'orderings.swapOptions': ({ runId, kind, level }) => {
      const run = readableRun(db, runId);
      try {
        return swapOptions(db, gameById(run.game), runId, kind, level);
      } catch (e) {
        if (e instanceof RangeError)
          throw new ApiError('conflict', e.message, [{ field: 'level', message: e.message }]);
        throw e;
      }
    },
  };
}
