/**
 * Candidates as drawable levels, and the near-duplicate match between two of them,
 * recomputed in the renderer with the game's pure `nearDuplicate` (the stored pair keeps
 * rule, transform and share, not the matched elements). What is game-specific (reading a
 * level, counting and pairing its elements, lining b up with a) comes from the game's view.
 */
import type { CandidateDetail } from '../../../src-shared/api';
import { errorText } from '../lib/errors';
import type { NearDuplicate } from '../../../src-shared/game';
import { gameView } from '../games/index';

export interface DrawnLevel {
  game: string;
  level: unknown;
  rules: unknown;
  candidate: CandidateDetail;
}

/** How the second board of a pair is turned: the game it was made for, and its view's own turn. */
export type BoardTransform = { game: string; turn: unknown } | null;

export function drawnLevel(c: CandidateDetail): DrawnLevel {
  if (c.level === null)
    throw new Error(`candidate ${c.id} has no level${c.failure ? ` (${c.failure})` : ''}`);
  const view = gameView(c.game);
  try {
    return { game: c.game, rules: view.readRules(c.rules), level: view.readLevel(c.level), candidate: c };
  } catch (e) {
    throw new Error(`candidate ${c.id}: ${errorText(e)}`, { cause: e });
  }
}

export interface PairMatch {
  /** What the game's check says now (null: not a near-duplicate under the run's rules). */
  duplicate: NearDuplicate | null;
  /** Matched element indices on each side. */
  matchedA: Set<number>;
  matchedB: Set<number>;
  /** a index → b index and back, for hover partners. */
  aToB: Map<number, number>;
  bToA: Map<number, number>;
}

export function matchPair(a: DrawnLevel, b: DrawnLevel): PairMatch {
  if (a.game !== b.game) throw new Error('the two candidates are of different games');
  const view = gameView(a.game);
  const duplicate = view.game.nearDuplicate(a.level, b.level, a.rules);
  let pairs = duplicate?.matched ?? null;
  // A copy matches every element; a game may not list them, so pair them by position.
  if (
    duplicate &&
    !pairs &&
    duplicate.share >= 1 &&
    view.elementCount(a.level) === view.elementCount(b.level)
  )
    pairs = view.pairs.copyPairs(a.level, b.level, duplicate.transform);
  const aToB = new Map<number, number>(),
    bToA = new Map<number, number>();
  for (const [i, j] of pairs ?? []) {
    aToB.set(i, j);
    bToA.set(j, i);
  }
  return { duplicate, matchedA: new Set(aToB.keys()), matchedB: new Set(bToA.keys()), aToB, bToA };
}

/**
 * The transform that draws b lined up with a. The stored transform maps a onto b, so b is
 * drawn under its inverse. Non-geometric matches have no transform (null).
 */
export function alignBOntoA(game: string, transform: string): { transform: BoardTransform; label: string } {
  const a = gameView(game).pairs.align(transform);
  return { transform: a.transform === null ? null : { game, turn: a.transform }, label: a.label };
}
