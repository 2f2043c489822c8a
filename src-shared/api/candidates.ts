/** Candidates of a run: list, read, curate (verdicts, notes, tags), prove and save hand-edited levels. */
import { z } from 'zod';
import type { gameIdSchema } from '../games/index';
import type { CurationChange } from '../history';
import type { LevelProof } from '../proof';
import { numberTypeMessage } from '../schema/designer-errors';
import { noteSchema } from '../schema/label-text';
import { method } from './method';
import { candidateIdSchema, runIdSchema, tagSchema, verdictSchema, type Verdict } from './values';

/** One candidate row of a pool (the level JSON comes along for thumbnails). */
export interface CandidateRow {
  id: number;
  runId: number;
  slot: number;
  index: number;
  /** null when the job gave up (then `failure` says why). */
  level: unknown;
  metrics: Record<string, number>;
  verdict: Verdict;
  note: string;
  tags: string[];
  failure: string | null;
  /** 1-based levels this candidate ships as in the automatic / approved ordering, if any. */
  shippedAs: { automatic: number | null; approved: number | null };
  /** Saved from the editor (issue 15), linked to the candidate it came from (`parentId`, null when new or gone). */
  handEdited: boolean;
  /** A hand-edited level that breaks a hard rule: kept, clearly marked, and never shipped. */
  draft: boolean;
  parentId: number | null;
}

export interface CandidatePage {
  total: number;
  offset: number;
  items: CandidateRow[];
}

export interface CandidateDetail extends CandidateRow {
  game: z.infer<typeof gameIdSchema>;
  seed: number;
  rules: unknown;
  proof: Record<string, unknown>;
  /** Copyable id: game/run/seed/candidate (L12 · c3)/shipped level. */
  label: string;
  /** The candidate it was edited from, in the studio's words ("L12 · c3"), or null. */
  parentName: string | null;
}

export interface PoolPoint {
  id: number;
  slot: number;
  index: number;
  difficulty: number | null;
  verdict: Verdict;
  metrics: Record<string, number>;
}

/** The reply of candidates.saveEdited: the new candidate, the history entry that saved it, and its proof. */
export interface SavedEdit extends CurationChange {
  candidateId: number;
  /** The candidate as the studio names it ("L25 · c18"). */
  name: string;
  /**
   * The level was already in its pool as this candidate (the same level, as the game reads it):
   * nothing was stored and no history entry made.
   */
  existing: boolean;
  /** It breaks a hard rule: kept and clearly marked, never shipped (orderings skip it and say so). */
  draft: boolean;
  proof: LevelProof;
  /** Near-duplicate pairs found for it against its neighbours (stored with it). */
  duplicates: { candidateId: number; rule: string; transform: string; share: number }[];
}

export const candidateMethods = {
  'candidates.list': method<CandidatePage>()(
    z
      .object({
        runId: runIdSchema,
        slot: z.number().int().min(0, 'must not be negative').optional(),
        verdict: verdictSchema.optional(),
        tag: tagSchema.optional(),
        shipped: z.enum(['automatic', 'approved', 'any']).optional(),
        filters: z
          .array(
            z
              .object({ metric: z.string().min(1), min: z.number().optional(), max: z.number().optional() })
              .strict(),
          )
          .max(16)
          .optional(),
        sort: z
          .object({ key: z.string().min(1), dir: z.enum(['asc', 'desc']).default('asc') })
          .strict()
          .optional(),
        offset: z.number().int().min(0, 'must not be negative').default(0),
        limit: z.number().int().min(1, 'must be at least 1').max(2000, 'must be at most 2000').default(200),
        withLevels: z.boolean().default(true),
      })
      .strict(),
    'A page of candidates, filtered and sorted by any metric, verdict, tag or slot.',
  ),
  'candidates.get': method<CandidateDetail>()(
    z.object({ candidateId: candidateIdSchema }).strict(),
    'One candidate with its level, metrics, proof and run rules.',
  ),
  'candidates.points': method<PoolPoint[]>()(
    z.object({ runId: runIdSchema }).strict(),
    'Every candidate of a run as a plot point (no level JSON).',
  ),
  'candidates.setVerdict': method<CurationChange>()(
    z
      .object({
        candidateIds: z.array(candidateIdSchema).min(1, 'must name at least one candidate').max(20000),
        verdict: verdictSchema,
      })
      .strict(),
    "Approve, reject or clear one or many candidates; recorded in the run's history (undoable).",
  ),
  'candidates.setNote': method<CurationChange & { row: CandidateRow }>()(
    z.object({ candidateId: candidateIdSchema, note: noteSchema(4000) }).strict(),
    "Set a candidate's note; recorded in the run's history (undoable).",
  ),
  'candidates.setTags': method<CurationChange>()(
    z
      .object({
        candidateIds: z.array(candidateIdSchema).min(1, 'must name at least one candidate').max(20000),
        tags: z.array(tagSchema).max(20),
        mode: z.enum(['add', 'remove', 'set']).default('add'),
      })
      .strict(),
    "Add, remove or set tags on candidates; recorded in the run's history (undoable).",
  ),
  // ---------- hand-edited levels (issue 15) ----------
  'candidates.prove': method<LevelProof>()(
    z
      .object({
        runId: runIdSchema,
        slot: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .int('must be a whole number')
          .min(0, 'must not be negative'),
        level: z.unknown(),
      })
      .strict(),
    "Prove a level (a pack's level object) in a run's slot with the game's own proof, the one verify is built on: metrics, a solution and every rule it breaks; stores nothing.",
  ),
  'candidates.saveEdited': method<SavedEdit>()(
    z
      .object({
        runId: runIdSchema,
        slot: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .int('must be a whole number')
          .min(0, 'must not be negative'),
        from: candidateIdSchema.optional(),
        level: z.unknown(),
      })
      .strict(),
    "Save a hand-edited level as a new candidate of the run's pool, linked to the candidate it came from; a level that breaks a hard rule is saved as a draft that never ships. Near-duplicates are found for it; recorded in the run's history (undoable).",
  ),
} as const;
