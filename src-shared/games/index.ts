/**
 * The registry of games. A third game is one new folder plus one line here.
 */
import type { AnyGame, GameId } from '../game';
import { carillonGame } from './carillon/index';
import { apsisGame } from './apsis/index';

export const games: readonly AnyGame[] = [carillonGame, apsisGame];

export function gameById(id: string): AnyGame {
  const game = games.find((g) => g.id === id);
  if (!game) throw new Error(`unknown game "${id}" (known: ${games.map((g) => g.id).join(', ')})`);
  return game;
}

export function isGameId(id: string): id is GameId {
  return games.some((g) => g.id === id);
}
