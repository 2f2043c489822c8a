/**
 * Playtests (issue 24): record an attempt from the studio's blind mode, import a playtest
 * page's results file, list and read attempts, and the Players report of an order.
 */
import { z } from 'zod';
import type { PlayersReport } from '../playtest/report';
import { attemptTraceSchema } from '../playtest/results-file';
import { RESULTS_LIMITS } from '../playtest/results-limits';
import type { StoredAttempt, StoredAttemptSummary } from '../playtest/types';
import { labelSchema } from '../schema/label-text';
import { method } from './method';
import { candidateIdSchema, importIdSchema, levelSchema, orderingKindSchema, runIdSchema } from './values';

export interface RecordedAttempt {
  attempt: StoredAttempt;
  /** False when the same attempt was stored already (nothing changed). */
  added: boolean;
}

export interface ImportedResults {
  exportId: string;
  runId: number;
  tester: string;
  /** Attempts stored now, and attempts of the file stored already (an import twice adds nothing). */
  added: number;
  already: number;
}

export interface AttemptPage {
  attempts: StoredAttemptSummary[];
  total: number;
}

export const playtestMethods = {
  'playtests.record': method<RecordedAttempt>()(
    z
      .object({
        runId: runIdSchema,
        kind: orderingKindSchema,
        tester: labelSchema(RESULTS_LIMITS.maxTextLength, { min: 1 }),
        attempt: attemptTraceSchema(RESULTS_LIMITS),
      })
      .strict(),
    "Store one attempt of the studio's blind playtest mode, after replaying it through the game's rules.",
  ),
  'playtests.import': method<ImportedResults>()(
    z
      .object({
        text: z.string({ error: 'must be text' }).min(1, 'must not be empty'),
        /** The file's name, for the sentences. */
        name: z.string().max(500).optional(),
        /** Names the import so packs.cancelImport can stop it. */
        importId: importIdSchema.optional(),
      })
      .strict(),
    "Import a playtest page's results file: every trace replayed in a worker; a bad file changes nothing. One import (pack or results) at a time; packs.cancelImport stops it.",
  ),
  'playtests.attempts': method<AttemptPage>()(
    z
      .object({
        runId: runIdSchema,
        level: levelSchema.optional(),
        candidateId: candidateIdSchema.optional(),
        offset: z.number().int().min(0, 'must not be negative').default(0),
        limit: z.number().int().min(1, 'must be at least 1').max(2000, 'must be at most 2000').default(200),
      })
      .strict(),
    "A page of a run's attempts (without their events), by level, tester and start.",
  ),
  'playtests.attempt': method<StoredAttempt>()(
    z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'must be an attempt id (64 hex digits)') }).strict(),
    'One attempt with every event (the inspector replays it).',
  ),
  'playtests.report': method<PlayersReport>()(
    z.object({ runId: runIdSchema, kind: orderingKindSchema.default('automatic') }).strict(),
    "The Players report of one of the run's orders: testers against the game's difficulty model.",
  ),
};
