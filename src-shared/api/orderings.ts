/** Orderings of a run: the automatic, approved and steered orders, steering, and swap options. */
import { z } from 'zod';
import type { PlanMark } from '../game';
import type { HistoryEntry } from '../history';
import type { CurveRules } from '../ordering/curve-rules';
import { method } from './method';
import {
  candidateIdSchema,
  levelSchema,
  orderingKindSchema,
  runIdSchema,
  type OrderingKind,
  type Verdict,
} from './values';

export interface OrderingLevel {
  level: number;
  candidateId: number | null;
  slot: number | null;
  /** The candidate's 0-based place in its pool (with `slot`: its name, "L12 · c3"). */
  index: number | null;
  difficulty: number | null;
  target: number | null;
  /** Difficulty minus the previous level's (null for the first or a gap). */
  step: number | null;
  metrics: Record<string, number>;
}

export interface OrderingView {
  runId: number;
  kind: OrderingKind;
  computedAt: string | null;
  difficulty: string;
  levels: OrderingLevel[];
  problems: { level: number; message: string }[];
  /** Levels the plan wants but the ordering could not fill. */
  shortLevels: number[];
  /** Every rule the order breaks on its difficulty curve (the game's curve rules), where and by how much. */
  breaks: CurveBreakView[];
  /** The game's curve rules for the run's rules (never falls; largest step; longest equal run). */
  curveRules: CurveRules;
  /** The run plan's landmarks (tutorial end, stage starts, new mechanics) for the curve. */
  marks: PlanMark[];
  /** Near-duplicate pairs this order ships on purpose (marked fine in triage), worded as the export words them. */
  keptOnPurpose: { levels: [number, number]; message: string }[];
  /**
   * Computed with players' observed difficulty blended in (orderings.computeApproved `blend`):
   * the threshold, how many candidates' figures moved, and each shipped level's figure the order
   * ran on; null for an order on the model alone.
   */
  observedBlend: {
    minTesters: number;
    candidates: number;
    levels: { level: number; model: number; blended: number; testers: number }[];
  } | null;
}

/**
 * A run's steering: pins and locks (level -> candidate), exclusions, over all or approved
 * candidates; `approvedFirst`: around the approved-first order (approved candidates fixed at
 * their levels where the rules let them, below the pins and locks). Absent in steering stored
 * before approved first existed: false.
 */
export interface Steering {
  approved: boolean;
  approvedFirst?: boolean;
  pins: { level: number; candidateId: number }[];
  locks: { level: number; candidateId: number }[];
  excluded: number[];
}

/** A rule the steered order breaks (the designer forced it), between two levels, and by how much. */
export interface CurveBreakView {
  rule: 'fell' | 'step' | 'equal-run';
  from: number;
  to: number;
  by: number;
  message: string;
}

export interface SteerResult {
  steering: Steering;
  ordering: OrderingView;
  breaks: CurveBreakView[];
  /** Largest rise between neighbouring levels of the steered order (null with fewer than two levels). */
  largestStep: number | null;
  /** The history entry this action recorded; undo/redo as after any change. */
  entry: HistoryEntry | null;
  undo: HistoryEntry | null;
  redo: HistoryEntry | null;
}

/** One candidate a level could swap to, with how it would fit there (src-shared/ordering/fit.ts). */
export interface SwapOption {
  candidateId: number;
  slot: number;
  index: number;
  difficulty: number | null;
  verdict: Verdict;
  /** The level JSON, for its thumbnail. */
  level: unknown;
  /** The rules it would break at this level with its neighbours there now. */
  breaks: CurveBreakView[];
  /** How far its difficulty lies from the level's target (or its neighbours' middle). */
  off: number | null;
  /** The level it holds in this order now, if any (the level it holds is this one: the current pick). */
  shippedAt: number | null;
  /** Pinned to a level by the steering, if it is. */
  pinnedAt: number | null;
}

export interface SwapOptions {
  runId: number;
  kind: OrderingKind;
  level: number;
  /** The stage (levels) whose pools the options come from: the game ships a stage's candidates anywhere in it. */
  stage: { first: number; last: number };
  /** The candidate the level holds in that order now. */
  current: number | null;
  target: number | null;
  /** The best fits of the stage's pools (at most 40, and the current one), best first; candidates the steering excludes or may not ship are left out. */
  options: SwapOption[];
  /** How many were left out (excluded, rejected, drafts, not approved under approved-only steering, or not proven). */
  leftOut: number;
  /** How many more fit less well than the last one sent. */
  more: number;
  /**
   * Candidates of the stage not weighed at all: one call weighs at most MAX_SWAP_WEIGHED
   * (api/call-bounds.ts), the current pick, its own pool, then the nearest pools first.
   */
  unweighed: number;
}

export const orderingMethods = {
  'orderings.get': method<OrderingView>()(
    z.object({ runId: runIdSchema, kind: orderingKindSchema }).strict(),
    'One stored order of a run (automatic, approved, approved first or steered) with its curve data.',
  ),
  'orderings.computeApproved': method<OrderingView>()(
    z
      .object({
        runId: runIdSchema,
        blend: z
          .object({ minTesters: z.number().int().min(1).max(1000) })
          .strict()
          .optional(),
      })
      .strict(),
    "Run the game's ordering on approved candidates only, and the approved-first order (approved candidates where a level has one, the game's search elsewhere, under every rule of the game), and store both; answers the approved one. With `blend`, the approved order runs on each candidate's difficulty blended with its players' observed difficulty where it has at least `minTesters` testers (docs/playtests.md); off by default.",
  ),
  'orderings.steering': method<Steering>()(
    z.object({ runId: runIdSchema }).strict(),
    "A run's pins, locks and exclusions (empty when it has none).",
  ),
  'orderings.steer': method<SteerResult>()(
    z
      .object({
        runId: runIdSchema,
        approved: z.boolean().optional(),
        approvedFirst: z.boolean().optional(),
        pin: z
          .array(z.object({ level: levelSchema, candidateId: candidateIdSchema }).strict())
          .max(10000)
          .default([]),
        unpin: z.array(levelSchema).max(10000).default([]),
        lock: z.array(levelSchema).max(10000).default([]),
        unlock: z.array(levelSchema).max(10000).default([]),
        exclude: z.array(candidateIdSchema).max(10000).default([]),
        include: z.array(candidateIdSchema).max(10000).default([]),
        clear: z.boolean().default(false),
      })
      .strict(),
    "Pin candidates to levels, lock levels as they are, exclude candidates (or undo those), and recompute the order around them under the game's rules; stores the steered order and records the change in the run's history. Impossible constraints are refused naming the levels and the rule, and nothing changes.",
  ),
  // ---- ordering page (ordering) ----
  'orderings.swapOptions': method<SwapOptions>()(
    z.object({ runId: runIdSchema, kind: orderingKindSchema, level: levelSchema }).strict(),
    'The candidates a level could swap to in an order (its pool and the other pools of its stage), ranked by how well each fits there (rules it would break with its neighbours, distance to the target).',
  ),
} as const;
