/** How a call fails: the error codes, the envelope every call answers with, and the errors handlers throw. */

/** 'busy': another process holds the database past the busy timeout; the same call may succeed when tried again. */
export type ApiErrorCode = 'bad-argument' | 'unknown-method' | 'not-found' | 'conflict' | 'busy' | 'internal';

export interface ApiErrorBody {
  code: ApiErrorCode;
  message: string;
  /** For bad arguments: each offending field with its problem (`label`: the field in the game's words, where the server knows them). */
  fields?: ApiFieldProblem[];
}

/** One argument's problem: its dotted path, the problem ("must be a whole number"), and the field's name in the game's words when known ("Normal dot, radius"). */
export interface ApiFieldProblem {
  field: string;
  message: string;
  label?: string;
}

export type ApiEnvelope<T> = { ok: true; value: T } | { ok: false; error: ApiErrorBody };

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: ApiFieldProblem[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
  toBody(): ApiErrorBody {
    return this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
  }
}

/**
 * A call's arguments refused, field by field: "bad argument — seed: must be a whole number".
 * Whoever throws it does not know (or type) the method's name: the call's answer heads it
 * with the name (`errorBodyFor`), so one checker serves every method that takes its input.
 */
export class BadArgument extends ApiError {
  constructor(fields: ApiFieldProblem[] | undefined, detail: string = fieldList(fields ?? [])) {
    super('bad-argument', `bad argument — ${detail}`, fields);
  }
}

/** "field: problem; field: problem", as a bad argument's message lists them. */
export const fieldList = (fields: readonly { field: string; message: string }[]): string =>
  fields.map((f) => `${f.field}: ${f.message}`).join('; ');

/**
 * An error as the call of `method` answers it. A bad argument is headed with the method's name
 * ("runs.create: bad argument — seed: …"): the renderer's sentences read field words by it.
 */
export function errorBodyFor(method: string, e: ApiError): ApiErrorBody {
  const body = e.toBody();
  return e instanceof BadArgument ? { ...body, message: `${method}: ${body.message}` } : body;
}
