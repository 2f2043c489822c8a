/**
 * The studio's WebSockets: a cap on how many signed-in sockets are open, a separate small
 * pool with a short deadline for sockets still waiting to send their token (past it the
 * oldest waiting one is closed, so they never take a signed-in socket's place), a token
 * check in the handshake or on the first message, checked calls, events fanned out to
 * authenticated sockets, and a ping/pong heartbeat that drops dead ones. Nothing a client sends can throw out of here: a malformed frame (bad
 * UTF-8, unmasked, reserved bits or opcodes, over the size cap) closes that socket only,
 * and a malformed message gets an error reply.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { apiEventNames, type ApiEnvelope } from '../../src-shared/api';
import type { Service } from '../service';
import { SOCKET_PROTOCOL } from '../../src-shared/socket-protocol';
import { sameToken } from './access';
import { checkAuth, checkRequest, type RequestId } from './socket-message';

/** Close codes the renderer turns into sentences (4000-4999 are the application's own). */
const CLOSE_WRONG_TOKEN = 4403;
const CLOSE_NO_AUTH = 4401;

/** Closed because the studio already has MAX_SOCKETS signed-in sockets (1013: try again later). */
const CLOSE_TOO_MANY = 1013;

export interface SocketLimits {
  maxPayload: number;
  maxSockets: number;
  maxPendingSockets: number;
  heartbeatMs: number;
  authTimeoutMs: number;
}

interface Client {
  ws: WebSocket;
  authed: boolean;
  alive: boolean;
  signIn?: () => void;
}

export interface SocketHub {
  /** Upgrade an already-vetted request (host, origin, path, header token if any). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, authed: boolean): void;
  /** Signed-in sockets open or opening, for the cap (sockets waiting for their token are not counted). */
  readonly count: number;
  /** Sockets waiting for their token (at most maxPendingSockets). */
  readonly pendingCount: number;
  close(): void;
}

export function createSocketHub(service: Service, token: string, limits: SocketLimits): SocketHub {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxPayload,
    perMessageDeflate: false,
    // Answer with the studio's protocol only: the token the page offered beside it is never echoed.
    handleProtocols: (protocols) => (protocols.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false),
  });
  wss.on('error', () => undefined);
  const clients = new Set<Client>();
  let upgrading = 0;
  // Sockets without their token yet, oldest first: a handshake under way (its raw socket) or
  // an open socket waiting for its first message.
  const pending = new Set<{ drop: () => void }>();
  let authedCount = 0;

  /** Make room in the waiting pool: the oldest waiting socket goes. */
  const makeRoom = (): void => {
    while (pending.size >= limits.maxPendingSockets) {
      const oldest = pending.values().next().value!;
      pending.delete(oldest);
      oldest.drop();
    }
  };

  // One listener per event for the whole server, not one per socket.
  const offs = apiEventNames.map((event) =>
    service.on(event, (payload) => {
      let text: string;
      try {
        text = JSON.stringify({ event, payload });
      } catch {
        return;
      }
      for (const c of clients) if (c.authed && c.ws.readyState === c.ws.OPEN) c.ws.send(text);
    }),
  );

  let lastBeat = Date.now();
  const heartbeat = setInterval(() => {
    // After the event loop was blocked (a long synchronous call), pongs that arrived meanwhile
    // are not read yet: ping again rather than drop every client.
    const late = Date.now() - lastBeat > 1.5 * limits.heartbeatMs;
    lastBeat = Date.now();
    for (const c of clients) {
      if (!c.alive && !late) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      try {
        c.ws.ping();
      } catch {
        c.ws.terminate();
      }
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  const reply = (ws: WebSocket, id: RequestId, envelope: ApiEnvelope<unknown>): void => {
    if (ws.readyState !== ws.OPEN) return;
    let text: string;
    try {
      text = JSON.stringify({ id, envelope });
    } catch (e) {
      text = JSON.stringify({
        id,
        envelope: {
          ok: false,
          error: { code: 'internal', message: `the reply could not be encoded: ${(e as Error).message}` },
        },
      });
    }
    ws.send(text);
  };

  /** Close with a code, and do not wait the usual 30 s for a client that never answers the close. */
  const refuse = (ws: WebSocket, code: number, reason: string): void => {
    ws.close(code, reason);
    setTimeout(() => ws.terminate(), 1000).unref();
  };

  function attach(ws: WebSocket, authed: boolean): void {
    const client: Client = { ws, authed, alive: true };
    clients.add(client);
    if (authed) authedCount++;
    const waiting = {
      drop: () =>
        refuse(ws, CLOSE_NO_AUTH, 'too many sockets without an access token; the oldest was closed'),
    };
    if (!authed) {
      makeRoom();
      pending.add(waiting);
    }
    // Without this listener, a malformed frame's error would be thrown and end the process.
    ws.on('error', () => ws.terminate());
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('close', () => {
      clients.delete(client);
      pending.delete(waiting);
      if (client.authed) authedCount--;
      clearTimeout(authTimer);
    });
    const authTimer = setTimeout(() => {
      if (!client.authed) {
        pending.delete(waiting);
        refuse(ws, CLOSE_NO_AUTH, 'no access token sent');
      }
    }, limits.authTimeoutMs);
    authTimer.unref();
    if (authed) clearTimeout(authTimer);
    client.signIn = () => {
      pending.delete(waiting);
      clearTimeout(authTimer);
      client.authed = true;
      authedCount++;
    };

    ws.on('message', (data: RawData, isBinary: boolean) => {
      try {
        onMessage(client, data, isBinary);
      } catch (e) {
        reply(ws, null, {
          ok: false,
          error: { code: 'internal', message: `the message could not be handled: ${(e as Error).message}` },
        });
      }
    });
  }

  function onMessage(client: Client, data: RawData, isBinary: boolean): void {
    const { ws } = client;
    client.alive = true;
    if (isBinary) {
      if (!client.authed) return refuse(ws, CLOSE_NO_AUTH, 'the first message must carry the access token');
      return reply(ws, null, {
        ok: false,
        error: { code: 'bad-argument', message: 'messages must be JSON text, not binary' },
      });
    }
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    if (!client.authed) {
      const auth = checkAuth(text);
      if ('problem' in auth)
        return refuse(ws, CLOSE_NO_AUTH, 'the first message must be {"auth": "<access token>"}');
      if (!sameToken(auth.token, token)) return refuse(ws, CLOSE_WRONG_TOKEN, 'wrong access token');
      if (authedCount >= limits.maxSockets)
        return refuse(
          ws,
          CLOSE_TOO_MANY,
          `too many open connections: the studio allows ${limits.maxSockets} at once`,
        );
      client.signIn!();
      ws.send(JSON.stringify({ auth: 'ok' }));
      return;
    }
    const checked = checkRequest(text);
    if (!checked.ok) return reply(ws, checked.id, { ok: false, error: checked.error });
    const { id, method, args } = checked.value;
    service.dispatch(method, args).then(
      (envelope) => reply(ws, id, envelope),
      (e: unknown) =>
        reply(ws, id, {
          ok: false,
          error: { code: 'internal', message: e instanceof Error ? e.message : String(e) },
        }),
    );
  }

  return {
    upgrade(req, socket, head, authed) {
      // Counted from the start of the handshake, so a burst cannot slip past the cap. A bad
      // handshake never calls back (ws answers 400 and destroys the socket): settle on close.
      let settled = false;
      const handshake = { drop: () => socket.destroy() };
      const settle = (): void => {
        if (!settled) {
          settled = true;
          if (authed) upgrading--;
          else pending.delete(handshake);
        }
      };
      if (authed) upgrading++;
      else {
        makeRoom();
        pending.add(handshake);
      }
      socket.once('close', settle);
      wss.handleUpgrade(req, socket, head, (ws) => {
        settle();
        attach(ws, authed);
      });
    },
    get count() {
      return authedCount + upgrading;
    },
    get pendingCount() {
      return pending.size;
    },
    close() {
      clearInterval(heartbeat);
      offs.forEach((off) => off());
      for (const c of clients) c.ws.terminate();
      wss.close();
    },
  };
}
