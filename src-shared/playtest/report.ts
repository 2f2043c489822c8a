/**
 * The Players report: what testers did on each level of an order, set against the game's
 * difficulty model (docs/playtests.md says what each figure means and why it was chosen).
 */

import type { AttemptCounts } from './attempt-counts';

/** One level of the order, as players played it. */
export interface LevelPlayers {
  /** 1-based position in the order. */
  level: number;
  candidateId: number | null;
  /** "L7 · c11" */
  candidate: string | null;
  /** The game's difficulty metric (bits, reads) of that candidate. */
  model: number | null;
  testers: number;
  attempts: number;
  clearRate: number | null;
  fewestRate: number | null;
  medianClearMs: number | null;
  medianWasted: number | null;
  /** The observed difficulty and its uncertainty (low..high). */
  observed: number | null;
  observedLow: number | null;
  observedHigh: number | null;
  stuck: boolean;
}

/** A pair the order ranks one way and players the other; levels are 1-based. */
export interface Inversion {
  /** The later level (the order says harder) that played easier. */
  easier: number;
  /** The earlier level that played harder. */
  harder: number;
  /** "level 96 played easier than level 89: median 41 s against 63 s, 7 testers" */
  sentence: string;
  /** Testers who played both. */
  testers: number;
}

/** Per-candidate figures for the Pools page's filter and sort. */
export interface CandidatePlayers {
  testers: number;
  attempts: number;
  clearRate: number;
  fewestRate: number;
  medianClearMs: number | null;
  observed: number | null;
}

export interface PlayersReport {
  runId: number;
  order: string;
  levels: LevelPlayers[];
  /** What the observed figure is, in a few words, and why. */
  observedName: string;
  observedExplain: string;
  /** Spearman's rho of model against observed over levels with both, with a seeded bootstrap 95 % interval. */
  rho: { value: number; low: number; high: number; levels: number; seed: number } | null;
  inversions: Inversion[];
  stuck: { level: number; clearRate: number; sentence: string }[];
  /** Every stored attempt of the run (any order), counted per outcome and per tester. */
  counts: AttemptCounts;
  /** Per candidate with attempts (any order): for Pools' filter and sort. */
  byCandidate: Record<number, CandidatePlayers>;
}
