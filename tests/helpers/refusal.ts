/**
 * A refused API call, read as the ApiError it rejects with: a typed client's call
 * (`refusal(api.call(...))`), or arguments a typed client cannot send at all (a wrong type, an
 * unknown field: what an out-of-date or hostile client sends), dispatched unchecked as the
 * transports dispatch them (`refusalOf(service, name, args)`). Either fails the test when the
 * call is answered instead. `outcome(call)` takes either, for a test that tries candidates until
 * one is refused (or answered).
 */
import { ApiError, type ApiMethodName } from '../../src-shared/api';
import type { Service } from '../../src-main/service';

export async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const outcome = await call.then(
    () => null,
    (err: unknown) => err,
  );
  if (outcome === null) throw new Error('the call was answered, not refused');
  if (!(outcome instanceof ApiError)) throw outcome;
  return outcome;
}

export async function refusalOf(service: Service, name: ApiMethodName, args: unknown): Promise<ApiError> {
  const env = await service.dispatch(name, args);
  if (env.ok) throw new Error(`${name} was answered, not refused`);
  return new ApiError(env.error.code, env.error.message, env.error.fields);
}

/** What a typed call ended with: its reply, or the ApiError it was refused with (any other error is rethrown). */
export async function outcome<T>(
  call: Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: ApiError }> {
  try {
    return { ok: true, value: await call };
  } catch (e) {
    if (e instanceof ApiError) return { ok: false, error: e };
    throw e;
  }
}
