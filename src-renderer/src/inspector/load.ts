/**
 * What the inspector shows, in one shape for both sources: a stored candidate
 * (`candidates.get`) or a level of a pack file. Rules and levels are read by the game's view
 * (which checks what its boards need), and pack files are parsed with the game's own
 * `parsePack`, chosen by the JSON's `format` (`gameForPack`).
 */
import type { CandidateDetail } from '../../../src-shared/api';
import type { GameId } from '../../../src-shared/game';
import { gameForPack, games, packFormat } from '../../../src-shared/games/index';
import { PackFormatError } from '../../../src-shared/pack/pack-io';
import { gameView, type GameView } from '../games/index';

export interface Shown {
  game: GameId;
  view: GameView;
  level: unknown;
  rules: unknown;
  label: string;
  metrics: Record<string, number> | null;
  candidate: CandidateDetail | null;
  /** The plan and 0-based slot the level stands in, when known here (a candidate's run plan is fetched by edit mode). */
  place: { plan: unknown; slot: number } | null;
}

export function shownFromLevel(
  game: GameId,
  rules: unknown,
  level: unknown,
  label: string,
  metrics: Record<string, number> | null = null,
  candidate: CandidateDetail | null = null,
  place: Shown['place'] = null,
): Shown {
  const view = gameView(game);
  return {
    game,
    view,
    level: view.readLevel(level),
    rules: view.readRules(rules),
    label,
    metrics,
    candidate,
    place,
  };
}

export function shownFromCandidate(c: CandidateDetail): Shown {
  if (c.level === null) throw new Error(`candidate ${c.id} has no level${c.failure ? `: ${c.failure}` : ''}`);
  return shownFromLevel(c.game, c.rules, c.level, c.label, c.metrics, c);
}

export interface OpenPack {
  game: GameId;
  fileName: string;
  rules: unknown;
  levels: unknown[];
  seed: number;
  /** The pack's plan (edit mode proves a level against its slot of it). */
  plan: unknown;
}

/** The pack formats the studio opens, for the empty page's hint. */
export const packFormats: string[] = games.map(packFormat);

/** Parse a pack file's text with the game its `format` names. Throws a message naming what is wrong. */
export function parsePackText(text: string, fileName: string): OpenPack {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${fileName} is not valid JSON: ${(e as Error).message}`, { cause: e });
  }
  let game;
  try {
    game = gameForPack(json);
  } catch (e) {
    if (e instanceof PackFormatError) throw new Error(`${fileName}: ${e.message}`, { cause: e });
    throw e;
  }
  const pack = game.parsePack(json) as { rules: unknown; seed: number; plan: unknown };
  return {
    game: game.id,
    fileName,
    rules: pack.rules,
    levels: game.packLevels(pack),
    seed: pack.seed,
    plan: pack.plan,
  };
}
