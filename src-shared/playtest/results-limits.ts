/**
 * The limits a playtest results file is held to on import (docs/playtests.md), beside pack
 * import's (../pack/import-limits.ts: the same byte cap on the main thread, the same heap cap
 * and time budget for the worker): these are checked in the worker right after the JSON parse,
 * before any replay. Ten testers playing 150 levels a few times each stay far inside them.
 */
export interface ResultsLimits {
  maxAttempts: number;
  maxEventsPerAttempt: number;
  /** Characters of any one text (tester, start time, effect, ids). */
  maxTextLength: number;
  /** Milliseconds of one attempt (a day: a page left open overnight is still one attempt). */
  maxAttemptMs: number;
}

export const RESULTS_LIMITS: ResultsLimits = {
  maxAttempts: 20_000,
  maxEventsPerAttempt: 2_000,
  maxTextLength: 200,
  maxAttemptMs: 24 * 60 * 60 * 1000,
};
