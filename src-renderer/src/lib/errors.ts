/** API failures as the renderer shows them, and the visible error list every screen reports to. */
import type { ApiEnvelope, ApiErrorBody } from '../../../src-shared/api';
import { errorSentence } from '../../../src-shared/error-sentence';

export class StudioError extends Error {
  constructor(readonly body: ApiErrorBody) {
    super(body.message);
    this.name = 'StudioError';
  }
}

export function unwrap<T>(envelope: ApiEnvelope<T>): T {
  if (envelope.ok) return envelope.value;
  throw new StudioError(envelope.error);
}

/**
 * Any failure as the text a designer reads: an API refusal as its sentence ("The seed must be a
 * whole number."), never the envelope's raw "method: bad argument — field.path: …"; any other
 * error by its message. Every screen that shows a failure in place shows this.
 */
export function errorText(e: unknown): string {
  if (e instanceof StudioError) return errorSentence(e.body);
  return e instanceof Error ? e.message : String(e);
}

/**
 * Text closed as a sentence, for a line that another sentence follows: "… above 1.24" becomes
 * "… above 1.24." (the Ordering page read "1.24 Nothing changed.").
 */
export function fullStop(text: string): string {
  const t = text.trimEnd();
  return t === '' || /[.!?…:]$/.test(t) ? t : `${t}.`;
}

/** The error's first line carried on after a colon ("big.json was not imported: the import was cancelled."): its capital dropped, unless it opens an acronym ("HP"). */
export function errorClause(e: unknown): string {
  const text = errorText(e).split('\n')[0]!;
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}
