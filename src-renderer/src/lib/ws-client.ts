/**
 * The WebSocket transport for browser mode: request/reply by id, events pushed by main.
 * The socket brings the access token in its handshake, as a subprotocol (the server accepts
 * no cookie or address token on the socket), so it is signed in before it opens and never
 * waits among sockets without a token (a wrong token is refused in the handshake, so the
 * socket never opens). Calls wait until it is open.
 */
import type {
  ApiEnvelope,
  ApiEventName,
  ApiEvents,
  ApiMethodName,
  ApiReply,
  StudioClient,
} from '../../../src-shared/api';
import { SOCKET_PROTOCOL, tokenProtocol } from '../../../src-shared/socket-protocol';
import { formatBytes, MAX_MESSAGE_BYTES } from '../../../src-shared/transport-limits';
import { StudioError, unwrap } from './errors';

interface Pending {
  resolve: (e: ApiEnvelope<unknown>) => void;
  reject: (e: Error) => void;
}

const internal = (message: string): StudioError => new StudioError({ code: 'internal', message });

/** Why the server closed the socket, in a sentence (codes from src-main/server/sockets.ts). */
function closeReason(code: number): string {
  if (code === 4403 || code === 4401)
    return 'The studio server refused the access token. Open the exact URL it printed when it started (it ends in ?token=...).';
  if (code === 1009)
    return `A message was over the ${formatBytes(MAX_MESSAGE_BYTES)} the studio server accepts, so it closed the connection.`;
  return 'Connection to the studio server closed';
}

function byteLength(text: string): number {
  // UTF-8 takes at most 3 bytes per UTF-16 unit; only count exactly near the cap.
  return text.length * 3 <= MAX_MESSAGE_BYTES ? text.length : new TextEncoder().encode(text).length;
}

export function createWsClient(url: string, token: string): StudioClient {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let socket: WebSocket | null = null;
  let opening: Promise<WebSocket> | null = null;

  const open = (): Promise<WebSocket> => {
    if (socket && socket.readyState === WebSocket.OPEN) return Promise.resolve(socket);
    if (opening) return opening;
    opening = new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url, [SOCKET_PROTOCOL, tokenProtocol(token)]);
      let accepted = false;
      ws.onopen = () => {
        accepted = true;
        socket = ws;
        opening = null;
        resolve(ws);
      };
      ws.onerror = () => {
        if (accepted) return;
        opening = null;
        reject(
          internal('Cannot reach the studio server (is it running, and is the token in the URL right?)'),
        );
      };
      ws.onclose = (e) => {
        socket = null;
        if (!accepted) {
          opening = null;
          reject(internal(closeReason(e.code)));
        }
        for (const p of pending.values()) p.reject(internal(closeReason(e.code)));
        pending.clear();
      };
      ws.onmessage = (msg) => {
        let data: {
          id?: number;
          envelope?: ApiEnvelope<unknown>;
          event?: string;
          payload?: unknown;
        };
        try {
          data = JSON.parse(String(msg.data)) as typeof data;
        } catch {
          return;
        }
        if (data.event) {
          for (const h of listeners.get(data.event) ?? []) h(data.payload);
          return;
        }
        if (typeof data.id === 'number' && data.envelope) {
          pending.get(data.id)?.resolve(data.envelope);
          pending.delete(data.id);
        }
      };
    });
    return opening;
  };

  /** One call on the socket; `call` and `submit` differ only in what the compiler lets through. */
  const send = async <K extends ApiMethodName>(name: K, args: unknown): Promise<ApiReply<K>> => {
    const id = nextId++;
    const text = JSON.stringify({ id, method: name, args });
    const bytes = byteLength(text);
    if (bytes > MAX_MESSAGE_BYTES) {
      // Refused here, so the socket (and every other call on it) survives.
      throw new StudioError({
        code: 'bad-argument',
        message: `${name}: this request is ${formatBytes(bytes)}, over the ${formatBytes(MAX_MESSAGE_BYTES)} the studio server accepts in one message`,
      });
    }
    const ws = await open();
    const envelope = await new Promise<ApiEnvelope<unknown>>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      ws.send(text);
    });
    return unwrap(envelope) as ApiReply<K>;
  };

  return {
    transport: 'server',
    call: send,
    submit: send,
    on: <E extends ApiEventName>(event: E, handler: (payload: ApiEvents[E]) => void) => {
      const set = listeners.get(event) ?? new Set();
      const h = (p: unknown): void => handler(p as ApiEvents[E]);
      set.add(h);
      listeners.set(event, set);
      void open().catch(() => undefined);
      return () => set.delete(h);
    },
  };
}
