/** Reading any pack file: JSON, format detection, the game's schema and re-proof (near-duplicates the pack keeps on purpose set apart). */
import { readInputFile } from './input-file';
import type { PackProblem } from '../../src-shared/game';
import { gameForPack, type AnyGame } from '../../src-shared/games/index';
import { parseJsonText } from '../../src-shared/pack/pack-io';
import { readKeptOnPurpose, splitKept } from '../../src-shared/pack/kept-on-purpose';
import { readPack } from '../../src-shared/data-version';

export interface PackCheck {
  game: AnyGame;
  pack: unknown;
  problems: PackProblem[];
  /** Near-duplicate problems of pairs the pack keeps on purpose (studio.keptOnPurpose): reported, never failing. */
  kept: PackProblem[];
}

/** Parse and re-prove a pack file. Throws PackFormatError for files that are not well-formed packs. */
export function checkPackFile(path: string): PackCheck {
  let text: string;
  try {
    text = readInputFile(path);
  } catch (e) {
    throw new Error(`cannot read ${path}: ${(e as Error).message}`, { cause: e });
  }
  const json = parseJsonText(text, path);
  const game = gameForPack(json);
  const pack = readPack(game, json);
  const keep = readKeptOnPurpose(json);
  const { problems, kept } = splitKept(game.verifyPack(pack), keep.kept);
  // A list of kept pairs that cannot be read keeps nothing, and says so.
  return {
    game,
    pack,
    problems: [
      ...keep.problems.map((p) => ({ level: null, rule: p.field, message: p.message })),
      ...problems,
    ],
    kept,
  };
}
