/**
 * What may arrive on the studio's socket, checked before anything uses it. A message is one
 * JSON object: first `{ "auth": token }`, then calls `{ "id", "method", "args" }` where
 * `method` is a name from the API table. A key twice in one object is refused, naming it (a
 * last-wins read would run the second `method`). Anything else gets a well-formed error reply (the
 * arguments themselves are checked by the method's schema in the service).
 */
import { type ApiErrorBody, type ApiMethodName, isApiMethodName } from '../../src-shared/api';
import { parseJsonStrict } from '../../src-shared/strict-json';

export type RequestId = number | string | null;

export type SocketRequest = { id: RequestId; method: ApiMethodName; args: unknown };

export type Checked<T> = { ok: true; value: T } | { ok: false; id: RequestId; error: ApiErrorBody };

const bad = (
  id: RequestId,
  message: string,
  code: ApiErrorBody['code'] = 'bad-argument',
): Checked<never> => ({
  ok: false,
  id,
  error: { code, message },
});

function parseObject(text: string): Record<string, unknown> | string {
  const parsed = parseJsonStrict(text);
  if (!parsed.ok) return parsed.duplicate ? `the message ${parsed.problem}` : 'the message is not valid JSON';
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `the message must be a JSON object like {"id": 1, "method": "runs.list", "args": {}}, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`;
  }
  return value as Record<string, unknown>;
}

/** An id the client can match its reply by: a finite number or a short string. */
function requestId(value: unknown): RequestId | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.length <= 64) return value;
  return undefined;
}

/** A call after authentication. */
export function checkRequest(text: string): Checked<SocketRequest> {
  const msg = parseObject(text);
  if (typeof msg === 'string') return bad(null, msg);
  const id = requestId(msg['id']);
  if (id === undefined)
    return bad(null, 'the message id must be a number or a string of at most 64 characters');
  const extra = Object.keys(msg).filter((k) => k !== 'id' && k !== 'method' && k !== 'args');
  if (extra.length)
    return bad(
      id,
      `unknown field(s) in the message: ${extra
        .slice(0, 5)
        .map((k) => JSON.stringify(k.slice(0, 40)))
        .join(', ')}`,
    );
  const method = msg['method'];
  if (typeof method !== 'string')
    return bad(id, 'the message needs a "method" naming an API method, as a string', 'unknown-method');
  if (!isApiMethodName(method))
    return bad(id, `unknown API method ${JSON.stringify(method.slice(0, 80))}`, 'unknown-method');
  return { ok: true, value: { id, method, args: msg['args'] ?? {} } };
}

/** The first message: `{ "auth": token }`. Returns the token given, or why there is none. */
export function checkAuth(text: string): { token: string } | { problem: string } {
  const msg = parseObject(text);
  if (typeof msg === 'string') return { problem: msg };
  if (typeof msg['auth'] !== 'string')
    return { problem: 'the first message must be {"auth": "<access token>"}' };
  return { token: msg['auth'] };
}
