/**
 * The approved-first order of a run (src-shared/ordering/approved-first.ts): its approved
 * candidates where a level has one, the game's search elsewhere, under every rule of the game.
 * Computed on a worker as a steer with no pins, locks or exclusions of the designer's, and
 * stored as ordering kind `approved-first` (not in the history: orders are the search's
 * answers, as the approved order is). With nothing approved there is no such order.
 */
import type { AnyGame } from '../../src-shared/games/index';
import type { Db } from '../store/db';
import { deleteOrdering, saveOrdering } from '../store/orderings';
import { anyApproved, emptySteering } from '../store/steering';
import type { RunSpec } from './finish';
import { computeSteered, type SteerRunner } from './steer';

export async function storeApprovedFirst(
  db: Db,
  game: AnyGame,
  run: RunSpec,
  steer: SteerRunner,
): Promise<void> {
  if (!anyApproved(db, run.id)) {
    deleteOrdering(db, run.id, 'approved-first');
    return;
  }
  const { stored } = await computeSteered(
    db,
    game,
    run,
    { ...emptySteering(), approvedFirst: true },
    steer,
    new Date().toISOString(),
  );
  saveOrdering(db, run.id, 'approved-first', stored);
}
