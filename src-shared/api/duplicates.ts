/** Near-duplicate pairs of a run: list them, and triage one. */
import { z } from 'zod';
import type { CurationChange } from '../history';
import { numberTypeMessage } from '../schema/designer-errors';
import { method } from './method';
import { orderingKindSchema, runIdSchema, type OrderingKind, type Verdict } from './values';

/** One candidate of a near-duplicate pair: its verdict, and the level it ships as (null: it does not ship). */
export interface DuplicateSide {
  id: number;
  slot: number;
  index: number;
  verdict: Verdict;
  /** The level it ships as in the pair's `order`, or null. */
  ships: number | null;
}

export interface DuplicatePairView {
  id: number;
  a: DuplicateSide;
  b: DuplicateSide;
  rule: string;
  transform: string;
  share: number;
  /** The designer marked the pair fine (both may ship): who, and when. */
  fine: { by: string; at: string } | null;
  /** The order `ships` is read against (by default the one shipping now: steered, else approved, else automatic); null before any. */
  order: OrderingKind | null;
}

/** Pairs by how many of the two ship: both, exactly one, neither, or any. */
export const duplicateShipsSchema = z.enum(['any', 'both', 'one', 'none']);
export type DuplicateShipsFilter = z.infer<typeof duplicateShipsSchema>;
/** Pairs by triage: not marked fine (the default: fine pairs are no longer reported), unresolved (also no side rejected), fine, all. */
export const duplicateTriageSchema = z.enum(['open', 'unresolved', 'fine', 'all']);
export type DuplicateTriageFilter = z.infer<typeof duplicateTriageSchema>;
/** A triage decision on one pair: reject A or B (a verdict), mark the pair fine, or take the mark off. */
export const triageDecisionSchema = z.enum(['reject-a', 'reject-b', 'fine', 'not-fine']);
export type TriageDecision = z.infer<typeof triageDecisionSchema>;

export const duplicateMethods = {
  'duplicates.list': method<DuplicatePairView[]>()(
    z
      .object({
        runId: runIdSchema,
        limit: z.number().int().min(1).max(100000).default(1000),
        order: orderingKindSchema.optional(),
        ships: duplicateShipsSchema.default('any'),
        triage: duplicateTriageSchema.default('open'),
      })
      .strict(),
    "Near-duplicate pairs found among a run's candidates, closest first, with both verdicts and where each ships (in `order`, by default the order shipping now); pairs marked fine are left out unless triage asks for them.",
  ),
  'duplicates.triage': method<CurationChange & { pair: DuplicatePairView }>()(
    z
      .object({
        pairId: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .int('must be a whole number')
          .positive('must be a positive pair id'),
        decision: triageDecisionSchema,
      })
      .strict(),
    "Triage one near-duplicate pair: reject candidate A or B, or mark the pair fine (both may ship; stored with who decided and when) or take the mark off; recorded in the run's history (undoable). The ordering honours it when recomputed.",
  ),
} as const;
