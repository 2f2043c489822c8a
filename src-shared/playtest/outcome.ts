/**
 * The outcome rules, shared by every game (docs/playtests.md): the replay's status and
 * wasted moves say how an attempt ended; a game never words an outcome itself.
 */
import type { PlaytestReplay } from '../game';
import type { PlaytestOutcome } from './types';

/** The outcome a replay implies, given how many moves the attempt made. */
export function outcomeOf(replay: Pick<PlaytestReplay, 'status' | 'wasted'>, moves: number): PlaytestOutcome {
  if (replay.status === 'cleared') return replay.wasted === 0 ? 'cleared-fewest' : 'cleared-more';
  if (replay.status === 'failed') return 'failed';
  return moves > 0 ? 'gave-up' : 'skipped';
}

/** Cleared, in the fewest moves or with more. */
export function isClear(outcome: PlaytestOutcome): boolean {
  return outcome === 'cleared-fewest' || outcome === 'cleared-more';
}
