/**
 * Picks the transport once at start: the Electron preload bridge when present, else the
 * WebSocket client of the local server. The rest of the renderer only sees StudioClient.
 */
import type { ApiArgs, ApiEnvelope, ApiEventName, ApiEvents, ApiMethodName, ApiReply, StudioClient } from '../../../src-shared/api';
import { unwrap } from './errors';
import { createWsClient } from './ws-client';

interface Bridge {
  call(method: string, args: unknown): Promise<ApiEnvelope<unknown>>;
  on(event: string, handler: (payload: unknown) => void): () => void;
}

function bridgeClient(bridge: Bridge): StudioClient {
  return {
    transport: 'electron',
    call: async <K extends ApiMethodName>(name: K, args: ApiArgs<K>) => unwrap(await bridge.call(name, args)) as ApiReply<K>,
    on: <E extends ApiEventName>(event: E, handler: (payload: ApiEvents[E]) => void) =>
      bridge.on(event, (p) => handler(p as ApiEvents[E])),
  };
}

export function connect(): StudioClient {
  const bridge = (window as unknown as { studioBridge?: Bridge }).studioBridge;
  if (bridge) return bridgeClient(bridge);
  // The server writes the token into the page it serves (a reopened page without ?token=
  // loads by its cookie, which the socket itself does not accept).
  const token =
    document.querySelector<HTMLMetaElement>('meta[name="studio-token"]')?.content || new URLSearchParams(window.location.search).get('token') || '';
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return createWsClient(`${proto}//${window.location.host}/ws`, token);
}
