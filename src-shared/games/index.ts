/**
 * The registry of games. A third game is one new folder plus one line here (and its view in
 * src-renderer/src/games/index.ts); see docs/adding-a-game.md. Everything that names the
 * games (GameId, the API's game schema, which game a pack is) is derived from this list.
 *
 * `#extra-games` (package.json "imports") is an empty list in every build; under the
 * `studio-test-games` condition (the test build) it adds the test-only games of
 * tests/fixtures/games/.
 */
import { z } from 'zod';
import type { Game } from '../game';
import { PackFormatError } from '../pack/pack-io';
import { extraGames } from '#extra-games';
import { carillonGame } from './carillon/index';
import { apsisGame } from './apsis/index';

const shipped = [carillonGame, apsisGame] as const;

/** The registered games' ids, derived from this list. */
export type GameId = (typeof shipped)[number]['id'] | (typeof extraGames)[number]['id'];

/** Any registered game (the registry, not the contract in ../game.ts, knows which ids exist). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any game: with unknown, a Game<CarillonLevel, …> would not be one (its methods take Level)
export type AnyGame = Game<any, any, any, any, GameId>;

export const games: readonly AnyGame[] = [...shipped, ...extraGames];

export const gameIds = games.map((g) => g.id as GameId) as [GameId, ...GameId[]];

/** The API's schema of a game id: exactly the registered games. */
export const gameIdSchema = z.enum(gameIds);

export function gameById(id: string): AnyGame {
  const game = games.find((g) => g.id === id);
  if (!game) throw new Error(`unknown game "${id}" (known: ${games.map((g) => g.id).join(', ')})`);
  return game;
}

export function isGameId(id: string): id is GameId {
  return games.some((g) => g.id === id);
}

/** The pack format a game writes: `<id>-pack`. */
export function packFormat(game: AnyGame): string {
  return `${game.id}-pack`;
}

/** The game whose pack this parsed JSON is (by its `format`); throws PackFormatError naming the field. */
export function gameForPack(json: unknown): AnyGame {
  const format = (json as { format?: unknown } | null)?.format;
  const game = games.find((g) => packFormat(g) === format);
  if (!game) {
    const known = games.map((g) => `"${packFormat(g)}"`).join(', ');
    throw new PackFormatError(
      `not a level pack: "format" is ${format === undefined ? 'missing' : JSON.stringify(format)}, expected one of ${known}`,
      [{ level: null, field: 'format', message: `expected one of ${known}` }],
    );
  }
  return game;
}
