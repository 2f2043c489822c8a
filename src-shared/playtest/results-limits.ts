/**
 * The limits a playtest results file is held to on import (docs/playtests.md): bytes are
 * checked on the main thread before anything else, the rest in the import worker right after
 * the JSON parse, before any replay. Ten testers playing 150 levels a few times each stay far
 * inside them.
 */
export interface ResultsLimits {
  /** UTF-8 bytes of the file (the same cap as a pack import's, below the server's message cap). */
  maxBytes: number;
  maxAttempts: number;
  maxEventsPerAttempt: number;
  /** Characters of any one text (tester, start time, effect, ids). */
  maxTextLength: number;
  /** Milliseconds of one attempt (a day: a page left open overnight is still one attempt). */
  maxAttemptMs: number;
}

export const RESULTS_LIMITS: ResultsLimits = {
  maxBytes: 32 * 1024 * 1024,
  maxAttempts: 20_000,
  maxEventsPerAttempt: 2_000,
  maxTextLength: 200,
  maxAttemptMs: 24 * 60 * 60 * 1000,
};
