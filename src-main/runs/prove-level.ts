/**
 * A designer's level proved on the worker pool with a time budget (issue 21): the proof of a
 * hand-made level can search for seconds (18 isolated dots in an 18-tap slot took 3.2 s), and
 * on the main thread it held every other call. The level is read on the main thread first
 * (cheap, and it names a malformed field); the proof runs on a worker, and past the budget
 * its worker is terminated and the level is named as too large to prove. Nothing is stored.
 */
import { ApiError } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/games/index';
import type { LevelProof } from '../../src-shared/proof';
import { TaskBudgetError, type WorkerPool } from '../jobs/pool';
import type { RunSpec } from './finish';

/** How long one prove may take on its worker (a default-plan level proves in milliseconds). */
export const PROVE_BUDGET_MS = 15_000;

function seconds(ms: number): string {
  return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${ms / 1000} s`;
}

/** Prove a read level (Game.parseLevel's output) in a run's slot, on a worker. */
export async function proveOnPool(
  pool: WorkerPool,
  game: AnyGame,
  run: RunSpec,
  slot: number,
  level: unknown,
  budgetMs = PROVE_BUDGET_MS,
): Promise<LevelProof> {
  try {
    return await pool.run(
      { kind: 'prove', game: game.id, rules: run.rules, plan: run.plan, slot, level },
      undefined,
      budgetMs,
    );
  } catch (e) {
    if (e instanceof TaskBudgetError)
      throw new ApiError(
        'bad-argument',
        `the level is too large to prove in level ${slot + 1}: its proof took longer than ${seconds(budgetMs)}, the most a proof may take (a level with fewer ${game.words.elements} proves faster); nothing was stored`,
      );
    throw e;
  }
}
