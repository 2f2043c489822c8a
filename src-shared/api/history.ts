/** A run's history of changes: list it, undo, redo, jump. */
import { z } from 'zod';
import type { HistoryList, HistoryStep } from '../history';
import { numberTypeMessage } from '../schema/designer-errors';
import { method } from './method';
import { runIdSchema } from './values';

export const historyMethods = {
  'history.list': method<HistoryList>()(
    z
      .object({
        runId: runIdSchema,
        limit: z.number().int().min(1, 'must be at least 1').max(10000, 'must be at most 10000').default(200),
      })
      .strict(),
    "A run's changes, newest first, with time and scope, and what undo and redo would act on.",
  ),
  'history.undo': method<HistoryStep>()(
    z.object({ runId: runIdSchema }).strict(),
    'Undo exactly the last change of a run still in effect, and name it.',
  ),
  'history.redo': method<HistoryStep>()(
    z.object({ runId: runIdSchema }).strict(),
    'Redo exactly the change undone last, and name it.',
  ),
  'history.jump': method<HistoryStep>()(
    z
      .object({
        runId: runIdSchema,
        entryId: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .int('must be a whole number')
          .min(0, 'must not be negative'),
      })
      .strict(),
    'Go back (or forward) to the state right after one change of the history (0: before the first).',
  ),
} as const;
