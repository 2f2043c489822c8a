/**
 * One call, as every transport makes it: the method's name checked, its arguments parsed by
 * the API table's schema, its handler run. It never throws: it answers an envelope. A bad
 * argument is headed here with the method's name (errorBodyFor), whoever found it, so no
 * handler or checker types a method's name into its message.
 */
import {
  ApiError,
  errorBodyFor,
  isApiMethodName,
  parseArgs,
  type ApiEnvelope,
  type ApiHandlers,
} from '../../src-shared/api';
import { busyError, isBusy } from '../store/busy';

export type Dispatch = (method: string, rawArgs: unknown) => Promise<ApiEnvelope<unknown>>;

export function dispatcher(handlers: ApiHandlers): Dispatch {
  return async (method, rawArgs) => {
    try {
      // The name is quoted and cut as the socket cuts it: an HTTP path may carry 10,000 characters.
      if (!isApiMethodName(method))
        throw new ApiError('unknown-method', `unknown API method ${JSON.stringify(method.slice(0, 80))}`);
      const args = parseArgs(method, rawArgs);
      const handler = handlers[method] as (a: unknown) => unknown;
      return { ok: true, value: await handler(args) };
    } catch (e) {
      if (e instanceof ApiError) return { ok: false, error: errorBodyFor(method, e) };
      // Another process held the database past the busy timeout: retryable, in a sentence.
      if (isBusy(e)) return { ok: false, error: busyError().toBody() };
      const message = e instanceof Error ? e.message : String(e);
      return { ok: false, error: { code: 'internal', message } };
    }
  };
}
