/** Jobs the worker threads run. Plain data in, plain data out. */
import type { FinePair, GeneratedCandidate, OrderingResult, PoolCandidate } from '../../src-shared/game';
import type { GameId } from '../../src-shared/games/index';
import type { LevelProof } from '../../src-shared/proof';
import type { ApprovedFirstResult } from '../../src-shared/ordering/approved-first';
import type { SteeredResult, SteeringConflict, SteeringInput } from '../../src-shared/ordering/steering';

interface GenerateTask {
  kind: 'generate';
  game: GameId;
  rules: unknown;
  plan: unknown;
  seed: number;
  /** The (slot, index) pairs of this batch; each gets its own random stream. */
  jobs: { slot: number; index: number }[];
}

export interface GeneratedJob {
  slot: number;
  index: number;
  /** The candidate without its level: the level comes as JSON text in `levelJson`. */
  candidate: Omit<GeneratedCandidate<unknown>, 'level'>;
  /**
   * The level as JSON text, written in the worker (null: the job gave up): the main thread
   * stores it as it is, rather than receiving the object and writing the text itself.
   */
  levelJson: string | null;
  /** Wall time the job took in the worker, in ms (a proof-time metric, not part of the level). */
  ms: number;
}

/** A seeded self-check: sums `count` PRNG draws of stream (seed, 0, 0); proves workers run shared code. */
interface ChecksumTask {
  kind: 'checksum';
  seed: number;
  count: number;
}

/**
 * Near-duplicate pairs among `levels`. A run's pass gives each level's slot (levels in slot
 * order): a pair whose first level's slot has a `reach` is compared when the second's slot is
 * at most that reach, so one task covers several focus slots and each level crosses to the
 * worker and is prepared about once. A single new level gives `focus`: only pairs involving
 * one of those indices are compared.
 */
export type DedupTask = {
  kind: 'dedup';
  game: GameId;
  rules: unknown;
} & (
  | { levels: unknown[] }
  /** The levels as their stored JSON text, parsed in the worker (a run's pass sends these). */
  | { levelsJson: string[] }
) &
  (
    | {
        /** The slot of each level (ascending). */
        slots: number[];
        /** For each focus slot, the last slot its candidates are compared with. */
        reach: Record<number, number>;
      }
    | {
        /** Indices into levels whose pairs (with every other level of the task) are compared. */
        focus: number[];
      }
  );

type DedupResult = { a: number; b: number; rule: string; transform: string; share: number }[];

/** Order a run's pools (the ordering search can take a second or more: off the main thread). */
interface OrderTask {
  kind: 'order';
  game: GameId;
  rules: unknown;
  plan: unknown;
  pools: PoolCandidate<unknown>[][];
  /** True when every `level` in pools and targetPools is the level's JSON text, parsed in the worker. */
  levelsJson?: true;
  /** Pairs of pool ids the designer marked fine (duplicate triage). */
  fine?: FinePair[];
  /** The run's every proven candidate, for the target line (Game.order); absent: `pools`. */
  targetPools?: PoolCandidate<unknown>[][];
}

/**
 * A steered recompute (src-shared/ordering/steering.ts): the game's search on the pools
 * without the fixed candidates, then the exact fill around pins and locks. All of it on a
 * worker, so the API answers other calls meanwhile.
 */
export interface SteerTask {
  kind: 'steer';
  game: GameId;
  rules: unknown;
  plan: unknown;
  pools: PoolCandidate<unknown>[][];
  targetPools?: PoolCandidate<unknown>[][];
  fine?: FinePair[];
  levelCount: number;
  steering: SteeringInput;
  /** Candidate id pairs that must not be neighbours (the run's near-duplicates not marked fine). */
  apart: [string, string][];
  /**
   * Approved first (src-shared/ordering/approved-first.ts): the approved candidates (pool ids)
   * and their levels, fixed there where the rules let them; the game's verify judges the whole
   * order (with `seed`, for the pack it checks), and `targets` is the line the choice aims at.
   */
  approvedFirst?: { approved: { id: string; level: number }[]; targets: (number | null)[]; seed: number };
}

export type SteerTaskResult = {
  conflicts: SteeringConflict[];
  result: (SteeredResult & Partial<Pick<ApprovedFirstResult, 'approvedAt' | 'leftOut'>>) | null;
};

/** The closest pair of a shipped set under the game's own measure (Game.closestPair): a quality figure. */
interface ClosestTask {
  kind: 'closest';
  game: GameId;
  rules: unknown;
  levels: unknown[];
}

type ClosestResult = { a: number; b: number; share: number } | null;

/**
 * The game's proof of one level in a run's slot (Game.prove): a designer's level can ask for
 * seconds of search (issue 21), so it runs here, held to a time budget, never on the main thread.
 * The level has been read (Game.parseLevel) on the main thread, which names a malformed field.
 */
interface ProveTask {
  kind: 'prove';
  game: GameId;
  rules: unknown;
  plan: unknown;
  slot: number;
  level: unknown;
}

export type WorkerTask =
  GenerateTask | ChecksumTask | DedupTask | OrderTask | SteerTask | ClosestTask | ProveTask;

export type WorkerResult<T extends WorkerTask> = T extends GenerateTask
  ? GeneratedJob[]
  : T extends ChecksumTask
    ? number
    : T extends DedupTask
      ? DedupResult
      : T extends OrderTask
        ? OrderingResult
        : T extends SteerTask
          ? SteerTaskResult
          : T extends ClosestTask
            ? ClosestResult
            : T extends ProveTask
              ? LevelProof
              : never;
