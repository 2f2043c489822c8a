/** The WebSocket transport for browser mode: request/reply by id, events pushed by main. */
import type { ApiArgs, ApiEnvelope, ApiEventName, ApiEvents, ApiMethodName, ApiReply, StudioClient } from '../../../src-shared/api';
import { StudioError, unwrap } from './errors';

interface Pending {
  resolve: (e: ApiEnvelope<unknown>) => void;
  reject: (e: Error) => void;
}

export function createWsClient(url: string): StudioClient {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let socket: WebSocket | null = null;
  let opening: Promise<WebSocket> | null = null;

  const open = (): Promise<WebSocket> => {
    if (socket && socket.readyState === WebSocket.OPEN) return Promise.resolve(socket);
    if (opening) return opening;
    opening = new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.onopen = () => {
        socket = ws;
        opening = null;
        resolve(ws);
      };
      ws.onerror = () => {
        opening = null;
        reject(new StudioError({ code: 'internal', message: 'Cannot reach the studio server (is it running, and is the token in the URL right?)' }));
      };
      ws.onclose = () => {
        socket = null;
        for (const p of pending.values()) p.reject(new StudioError({ code: 'internal', message: 'Connection to the studio server closed' }));
        pending.clear();
      };
      ws.onmessage = (msg) => {
        const data = JSON.parse(String(msg.data)) as { id?: number; envelope?: ApiEnvelope<unknown>; event?: string; payload?: unknown };
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

  return {
    transport: 'server',
    call: async <K extends ApiMethodName>(name: K, args: ApiArgs<K>) => {
      const ws = await open();
      const id = nextId++;
      const envelope = await new Promise<ApiEnvelope<unknown>>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        ws.send(JSON.stringify({ id, method: name, args }));
      });
      return unwrap(envelope) as ApiReply<K>;
    },
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
