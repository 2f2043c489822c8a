/**
 * Picks the transport once at start: the Electron preload bridge when present, else the
 * WebSocket client of the local server. The rest of the renderer only sees StudioClient.
 */
import type {
  ApiEnvelope,
  ApiEventName,
  ApiEvents,
  ApiMethodName,
  ApiReply,
  StudioClient,
} from '../../../src-shared/api';
import { unwrap } from './errors';
import { createWsClient } from './ws-client';

/** The preload's `window.studioBridge`: the API over IPC, every reply an envelope. */
interface Bridge {
  call(method: string, args: unknown): Promise<ApiEnvelope<unknown>>;
  on(event: string, handler: (payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    /** Electron's preload bridge (src-main/electron/preload.ts); absent in browser mode. */
    studioBridge?: Bridge;
  }
}

function bridgeClient(bridge: Bridge): StudioClient {
  // `call` and `submit` differ only in what the compiler lets through.
  const send = async <K extends ApiMethodName>(name: K, args: unknown): Promise<ApiReply<K>> =>
    unwrap(await bridge.call(name, args)) as ApiReply<K>;
  return {
    transport: 'electron',
    call: send,
    submit: send,
    on: <E extends ApiEventName>(event: E, handler: (payload: ApiEvents[E]) => void) =>
      bridge.on(event, (p) => handler(p as ApiEvents[E])),
  };
}

export function connect(): StudioClient {
  const bridge = window.studioBridge;
  if (bridge) return bridgeClient(bridge);
  // The server writes the token into the page it serves, and serves the page only to an
  // address with ?token= (no cookie: a tab reopened without it is asked to open the URL the
  // studio printed).
  const token =
    document.querySelector<HTMLMetaElement>('meta[name="studio-token"]')?.content ||
    new URLSearchParams(window.location.search).get('token') ||
    '';
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return createWsClient(`${proto}//${window.location.host}/ws`, token);
}
