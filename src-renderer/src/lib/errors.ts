/** API failures as the renderer shows them, and the visible error list every screen reports to. */
import type { ApiEnvelope, ApiErrorBody } from '../../../src-shared/api';

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
