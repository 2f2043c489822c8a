/**
 * The size guard every request that starts generation goes through, a new run and an
 * experiment alike (one rule): one that would make CONFIRM_CANDIDATES candidates or more is
 * held back with its estimated time, from the rate of this game's last finished runs in the
 * database, until the designer confirms. (A run holds at most MAX_CANDIDATES_PER_RUN, so the
 * threshold sits below it for the rule to reach a run too.)
 */
import type { GameId } from '../../src-shared/games/index';
import type { Db } from '../store/db';
import { measuredRate } from '../store/experiments';

/**
 * A request making this many candidates or more waits for the designer's confirmation. The
 * threshold itself asks (a plan of exactly 50,000 spent 9 of its 10 minutes ordering), the
 * same for a run and an experiment.
 */
export const CONFIRM_CANDIDATES = 50_000;
/** Candidates per second assumed before this database has a finished run of the game (2 workers, Carillon, whole runs). */
const DEFAULT_RATE = 500;

export interface SizeQuestion {
  candidates: number;
  threshold: number;
  estimatedSeconds: number;
  /** "this run makes 96,000 candidates (120 levels), at least 50,000; it would take about 3 min at the measured rate. Confirm to run it anyway." */
  message: string;
}

/** Seconds `candidates` take at this game's measured rate. */
export function estimatedSeconds(db: Db, game: GameId, candidates: number): number {
  return candidates / (measuredRate(db, game) ?? DEFAULT_RATE);
}

/**
 * The question to ask before making `candidates` candidates, or null when the request is under
 * the threshold or already confirmed. `what`: the request in words with its size, e.g. "this
 * experiment makes 293,760 candidates (2 arms × 3 seeds)".
 */
export function sizeQuestion(
  db: Db,
  game: GameId,
  candidates: number,
  what: string,
  confirmed: boolean,
): SizeQuestion | null {
  if (confirmed || candidates < CONFIRM_CANDIDATES) return null;
  const seconds = estimatedSeconds(db, game, candidates);
  return {
    candidates,
    threshold: CONFIRM_CANDIDATES,
    estimatedSeconds: seconds,
    message: `${what}, at least ${CONFIRM_CANDIDATES.toLocaleString('en')}; it would take ${plainDuration(seconds)} at the measured rate. Confirm to run it anyway.`,
  };
}

/** "about 7 min" */
function plainDuration(seconds: number): string {
  if (seconds < 90) return `about ${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 90 * 60) return `about ${Math.round(seconds / 60)} min`;
  return `about ${(seconds / 3600).toFixed(1)} h`;
}
