/**
 * The value schemas more than one domain's arguments use (ids, statuses, verdicts, seeds),
 * with the type each stands for.
 */
import { z } from 'zod';
import { numberTypeMessage } from '../schema/designer-errors';
import { labelSchema } from '../schema/label-text';

export const runIdSchema = z
  .number({ error: (iss) => numberTypeMessage(iss.input) })
  .int('must be a whole number')
  .positive('must be a positive run id');
export const runStatusSchema = z.enum([
  'queued',
  'running',
  'cancelled',
  'interrupted',
  'failed',
  'done',
  'imported',
]);
export const candidateIdSchema = z
  .number({ error: (iss) => numberTypeMessage(iss.input) })
  .int('must be a whole number')
  .positive('must be a positive candidate id');
export const verdictSchema = z.enum(['approved', 'rejected', 'none']);
export const orderingKindSchema = z.enum(['automatic', 'approved', 'approved-first', 'steered']);
/** A client-chosen name for one import, so it can be cancelled while it runs. */
export const importIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, - or _');
export const levelSchema = z
  .number({ error: (iss) => numberTypeMessage(iss.input) })
  .int('must be a whole number')
  .positive('must be a level number (1 or more)');
export const tagSchema = labelSchema(40, { min: 1 });
export const experimentIdSchema = z
  .number({ error: (iss) => numberTypeMessage(iss.input) })
  .int('must be a whole number')
  .positive('must be a positive experiment id');
export const presetIdSchema = z
  .number({ error: (iss) => numberTypeMessage(iss.input) })
  .int('must be a whole number')
  .positive('must be a positive preset id');
export const wholeNumber = (what: string) =>
  z
    .number({ error: (iss) => numberTypeMessage(iss.input) })
    .int('must be a whole number')
    .min(0, `must be ${what}`);

export type Verdict = z.infer<typeof verdictSchema>;
export type OrderingKind = z.infer<typeof orderingKindSchema>;
