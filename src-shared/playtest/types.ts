/**
 * Playtests: what a tester did on one level, as plain data the page, the studio's blind mode,
 * the store and the analysis all share (docs/playtests.md). A move is the game's own action
 * (an element index: the dot tapped, the arrow launched), so one recorder, one store and one
 * replay serve every game; a game adds only its `playtest` rules (../game.ts).
 */

/** How an attempt ended. */
export type PlaytestOutcome =
  /** Cleared without a wasted move (the game's `wasted` is 0). */
  | 'cleared-fewest'
  /** Cleared, with wasted moves (Carillon: taps beyond the fewest; Apsis: hearts lost). */
  | 'cleared-more'
  /** The game's rules say the level is lost (Apsis: no heart left). */
  | 'failed'
  /** The tester stopped after playing some of it. */
  | 'gave-up'
  /** The tester moved on without trying (or before any move). */
  | 'skipped';

export const PLAYTEST_OUTCOMES = [
  'cleared-fewest',
  'cleared-more',
  'failed',
  'gave-up',
  'skipped',
] as const satisfies readonly PlaytestOutcome[];

/**
 * One thing the tester did; `at` is milliseconds since the attempt started, never decreasing
 * from one event to the next.
 */
export type TraceEvent =
  /** A move on an element; `effect` is what the page saw it do, as the game's replay words it. */
  | { kind: 'move'; at: number; element: number; effect: string }
  /** A hold or preview of an element (Carillon's press, Apsis's hover) lasting `ms`. */
  | { kind: 'hold'; at: number; element: number; ms: number }
  /** Back to the start position: the moves after it replay from the start. */
  | { kind: 'restart'; at: number };

/** One attempt at one level as the page or the blind mode records it. */
export interface AttemptTrace {
  /** 1-based level in the order played (the pack's level number). */
  level: number;
  /** When the attempt started (ISO 8601, the tester's clock). */
  startedAt: string;
  events: TraceEvent[];
  outcome: PlaytestOutcome;
  /** Milliseconds from the start to the outcome (at least the last event's `at`). */
  ms: number;
}

/** The results file a playtest page saves ("Download results"). */
export interface PlaytestResultsFile {
  format: 'studio-playtest-results';
  version: 1;
  /** The export the page came from (`PlaytestExport.id`). */
  exportId: string;
  /** sha256 (hex) of the pack text the page holds: the studio refuses results of a pack it does not know. */
  packChecksum: string;
  tester: string;
  attempts: AttemptTrace[];
  /** sha256 (hex) of the canonical JSON of `attempts` (./checksum.ts): a file edited by hand is refused. */
  attemptsChecksum: string;
}

/** A playtest page the studio wrote (store/playtest-exports.ts keeps one row per export). */
export interface PlaytestExport {
  /** Random id written into the page and into every results file it saves. */
  id: string;
  runId: number;
  /** The ordering kind exported. */
  order: string;
  /** sha256 (hex) of the pack text inside the page. */
  packChecksum: string;
  /** Candidate id of each level, in the pack's order (level 1 first). */
  candidateIds: number[];
  /**
   * How testers get their levels: every level in order, or each tester a subset and/or a
   * shuffled order drawn from `seed` and the tester's name (stored so the studio can redraw it).
   */
  testers: { subset: number | null; shuffle: boolean; seed: number | null };
  createdAt: string;
}

/**
 * An attempt as stored and reported (store/playtest-attempts.ts): the trace plus where it came
 * from and the replay's figures, so lists and the analysis never replay again.
 */
export interface StoredAttempt extends AttemptTrace {
  /** sha256Hex(canonicalJson({ exportId, tester, attempt })) (./attempt-id.ts): the same attempt twice is one row. */
  id: string;
  tester: string;
  runId: number;
  candidateId: number;
  /** The ordering kind played (automatic, approved, steered). */
  order: string;
  /** The export the results came from, or null for the studio's blind mode. */
  exportId: string | null;
  /** Moves made over the whole attempt (every segment). */
  moves: number;
  /** The replay's wasted moves (Carillon: taps beyond the fewest; Apsis: hearts lost). */
  wasted: number;
  restarts: number;
  /** When the studio stored it (ISO 8601). */
  recordedAt: string;
}

/** A stored attempt without its events: what lists carry. */
export type StoredAttemptSummary = Omit<StoredAttempt, 'events'>;
