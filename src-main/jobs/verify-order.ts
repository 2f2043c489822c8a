/**
 * The game's own rules on a whole order of pool ids: the pack it makes, read back and verified
 * exactly as export verifies it (`Game.verifyPack`). Near-duplicate pairs the designer marked
 * fine are kept on purpose, no problem. The approved-first order is judged by this on a worker.
 */
import type { PoolCandidate } from '../../src-shared/game';
import type { AnyGame } from '../../src-shared/games/index';
import type { CheckedProblem } from '../../src-shared/ordering/approved-first';
import { finePairTest, type FinePair } from '../../src-shared/ordering/fine-pairs';
import { readPack } from '../../src-shared/data-version';
import { stringifyPack } from '../../src-shared/pack/pack-io';

/** The game's own verify on a whole order of pool ids, as export runs it; pairs marked fine are no problem. */
export function verifyOrder(
  game: AnyGame,
  task: {
    rules: unknown;
    plan: unknown;
    pools: PoolCandidate<unknown>[][];
    fine?: readonly FinePair[] | undefined;
  },
  seed: number,
): (levels: readonly (string | null)[]) => CheckedProblem[] {
  const byId = new Map<string, PoolCandidate<unknown>>();
  for (const p of task.pools) for (const c of p) byId.set(c.id, c);
  const fine = finePairTest(task.fine);
  return (levels) => {
    const ids = levels.map((id) => id!);
    const pack = game.toPack({
      seed,
      rules: task.rules,
      plan: task.plan,
      levels: ids.map((id) => byId.get(id)!.level),
    });
    const problems = game.verifyPack(readPack(game, JSON.parse(stringifyPack(pack))));
    return problems.flatMap((p) =>
      p.pair && fine(ids[p.pair[0] - 1]!, ids[p.pair[1] - 1]!)
        ? []
        : [
            {
              level: p.level,
              message: p.level === null ? p.message : `level ${p.level}: ${p.message}`,
              ...(p.pair ? { pair: p.pair } : {}),
            },
          ],
    );
  };
}
