/**
 * A few generated levels of each game (Carillon, Apsis and the test game Tally), with what
 * the playtest helpers need to play them: the game's playtest rules and the element count.
 */
import { apsisGame } from '../../src-shared/games/apsis/index';
import { carillonGame } from '../../src-shared/games/carillon/index';
import type { AnyGame } from '../../src-shared/games/index';
import { tallyGame } from '../fixtures/games/tally/game';
import type { TraceLevel } from './playtest-traces';

/** Elements of a level of each game (dots, arrows). */
const ELEMENTS: Record<string, (level: unknown) => number> = {
  carillon: (l) => (l as { dots: unknown[] }).dots.length,
  apsis: (l) => (l as { arrows: unknown[] }).arrows.length,
  tally: (l) => (l as { dots: unknown[] }).dots.length,
};

export const PLAYTEST_GAMES = [carillonGame, apsisGame, tallyGame] as unknown as AnyGame[];

function elementsOf(game: AnyGame, level: unknown): number {
  return ELEMENTS[game.id]!(level);
}

/** The first generated level of each of the first `count` slots of the game's default plan. */
export function generatedLevels(game: AnyGame, count: number, seed = 11): TraceLevel<unknown, unknown>[] {
  const plan = game.truncatePlan(game.defaultPlan, Math.min(count, game.levelCount(game.defaultPlan)));
  const out: TraceLevel<unknown, unknown>[] = [];
  for (let slot = 0; slot < game.levelCount(plan); slot++)
    for (let index = 0; index < 20; index++) {
      const c = game.generate({ rules: game.defaultRules, plan, seed, slot, index });
      if (c.level === null) continue;
      out.push({
        rules: game.playtest,
        level: c.level,
        gameRules: game.defaultRules,
        elements: elementsOf(game, c.level),
        number: slot + 1,
      });
      break;
    }
  return out;
}
