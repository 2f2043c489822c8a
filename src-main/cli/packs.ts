/** Reading any pack file: JSON, format detection, the game's schema and re-proof. */
import { readFileSync } from 'node:fs';
import type { AnyGame, PackProblem } from '../../src-shared/game';
import { gameForPack } from '../../src-shared/games/index';
import { PackFormatError, parseJsonText } from '../../src-shared/pack/pack-io';

export interface PackCheck {
  game: AnyGame;
  pack: unknown;
  problems: PackProblem[];
}

/** Parse and re-prove a pack file. Throws PackFormatError for files that are not well-formed packs. */
export function checkPackFile(path: string): PackCheck {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`cannot read ${path}: ${(e as Error).message}`);
  }
  const json = parseJsonText(text, path);
  const game = gameForPack(json);
  const pack = game.parsePack(json);
  return { game, pack, problems: game.verifyPack(pack) };
}
