/**
 * The studio as a local server: the built renderer and the API over HTTP + WebSocket, bound
 * to 127.0.0.1 only. Every request is checked before any work: the Host (DNS rebinding),
 * the Origin on sockets and POSTs (another local port is another origin), the token in the
 * place each kind of request must carry it (see access.ts), the body's type and size, and
 * the bytes of all bodies at once. Idle connections and sockets that never send their token
 * are closed. A bad request gets a status and a sentence; nothing a client sends can end the
 * process. (docs/data.md, "The local server's limits".)
 */
import { realpathSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { protocolToken } from '../../src-shared/socket-protocol';
import {
  AUTH_TIMEOUT_MS,
  formatBytes,
  HEARTBEAT_MS,
  IDLE_CONNECTION_MS,
  MAX_BODY_BYTES_IN_FLIGHT,
  MAX_IDLE_CONNECTIONS,
  MAX_MESSAGE_BYTES,
  MAX_PENDING_SOCKETS,
  MAX_SOCKETS,
} from '../../src-shared/transport-limits';
import type { Service } from '../service';
import {
  apiTokenMessage,
  foreignOriginMessage,
  headerToken,
  hostAllowed,
  newToken,
  originAllowed,
  sameToken,
  wrongTokenMessage,
} from './access';
import { createBodyReader } from './body';
import { guardConnections } from './connections';
import { parseJsonStrict } from '../../src-shared/strict-json';
import { createSocketHub } from './sockets';
import { serveStatic } from './static';

export interface StudioServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

export interface ServerOptions {
  service: Service;
  staticDir: string;
  port?: number;
  token?: string;
  /** Caps, for tests that need small ones; the defaults are in src-shared/transport-limits. */
  limits?: Partial<{
    maxBodyBytes: number;
    maxBodyBytesInFlight: number;
    maxPayload: number;
    maxSockets: number;
    maxPendingSockets: number;
    heartbeatMs: number;
    authTimeoutMs: number;
    idleConnectionMs: number;
    maxIdleConnections: number;
  }>;
  /** Told about every refused request (status and reason), e.g. to print it. */
  onRefused?: (status: number, reason: string) => void;
}

export async function startServer(opts: ServerOptions): Promise<StudioServer> {
  const token = opts.token ?? newToken();
  const limits = {
    maxBodyBytes: MAX_MESSAGE_BYTES,
    maxBodyBytesInFlight: MAX_BODY_BYTES_IN_FLIGHT,
    maxPayload: MAX_MESSAGE_BYTES,
    maxSockets: MAX_SOCKETS,
    maxPendingSockets: MAX_PENDING_SOCKETS,
    heartbeatMs: HEARTBEAT_MS,
    authTimeoutMs: AUTH_TIMEOUT_MS,
    idleConnectionMs: IDLE_CONNECTION_MS,
    maxIdleConnections: MAX_IDLE_CONNECTIONS,
    ...opts.limits,
  };
  const bodies = createBodyReader(limits.maxBodyBytes, limits.maxBodyBytesInFlight);
  if (!existsSync(join(opts.staticDir, 'index.html'))) {
    throw new Error(
      `the built renderer is missing (${join(opts.staticDir, 'index.html')}); run "npm run build" first`,
    );
  }
  const staticRoot = realpathSync(opts.staticDir);
  let port = opts.port ?? 0;

  const refuse = (
    res: ServerResponse,
    status: number,
    message: string,
    headers: Record<string, string> = {},
  ): void => {
    opts.onRefused?.(status, message);
    if (res.headersSent) return void res.destroy();
    res.writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    });
    res.end(message + '\n');
  };

  const http = createServer((req, res) => {
    req.on('error', () => res.destroy());
    res.on('error', () => undefined);
    handle(req, res).catch((e: unknown) => {
      // Only a bug gets here; say so without internals.
      refuse(res, 500, `Internal error: ${e instanceof Error ? e.message.split('\n')[0] : 'unknown'}`);
    });
  });
  const connections = guardConnections(http, {
    idleMs: limits.idleConnectionMs,
    maxIdle: limits.maxIdleConnections,
  });
  // A request Node cannot even parse: answer 400 when the socket can still take it.
  http.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAllowed(req, port))
      return refuse(
        res,
        421,
        `Misdirected request: host ${String(req.headers.host ?? '(none)').slice(0, 100)} is not this studio`,
      );
    const url = parseUrl(req);
    if (!url) return refuse(res, 400, 'Bad request: the address is not a valid URL path');

    if (url.pathname.startsWith('/api/')) return handleApi(req, res, url);

    if (req.method !== 'GET' && req.method !== 'HEAD')
      return refuse(
        res,
        405,
        'Method not allowed: the studio serves its page with GET; API calls are POSTs to /api/<method>',
      );
    // No cookie: a browser sends a 127.0.0.1 cookie to every port of 127.0.0.1, so any
    // other local server the designer's browser visits would receive it (docs/data.md).
    const given = url.searchParams.get('token') || headerToken(req);
    const served = serveStatic(req, res, staticRoot, url.pathname, {
      token,
      tokenGiven: given !== null && sameToken(given, token),
    });
    if (served) refuse(res, served.status, served.message);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'POST')
      return refuse(res, 405, 'Method not allowed: API calls are POST requests with a JSON body', {
        allow: 'POST',
      });
    if (!originAllowed(req, port)) return refuse(res, 403, foreignOriginMessage(port));
    if (!sameToken(headerToken(req), token)) return refuse(res, 403, apiTokenMessage);
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (type !== 'application/json')
      return refuse(res, 415, 'Unsupported media type: API calls must send Content-Type: application/json');
    let method: string;
    try {
      method = decodeURIComponent(url.pathname.slice('/api/'.length));
    } catch {
      return refuse(res, 400, 'Bad request: the method name is not validly %-encoded');
    }
    const body = await bodies.read(req, res);
    if (body === 'too-large') return tooLarge(req, res);
    if (body === 'busy') return busy(req, res);
    // The client went away before its body was whole: nothing to call, no one to answer.
    if (body === 'gone') return void res.destroy();
    let args: unknown = {};
    if (body.length) {
      const parsed = parseJsonStrict(body);
      if (!parsed.ok)
        return sendJson(res, 400, {
          ok: false,
          error: { code: 'bad-argument', message: `request body ${parsed.problem}` },
        });
      args = parsed.value;
    }
    const envelope = await opts.service.dispatch(method, args);
    const status = envelope.ok
      ? 200
      : envelope.error.code === 'internal'
        ? 500
        : envelope.error.code === 'busy'
          ? 503
          : envelope.error.code === 'not-found' || envelope.error.code === 'unknown-method'
            ? 404
            : 400;
    sendJson(res, status, envelope);
  }

  function tooLarge(req: IncomingMessage, res: ServerResponse): void {
    refuse(
      res,
      413,
      `Request too large: the body is over the studio's limit of ${formatBytes(limits.maxBodyBytes)}. Import a bigger pack from the command line (npm run cli -- verify/import).`,
    );
    discardRest(req);
  }

  function busy(req: IncomingMessage, res: ServerResponse): void {
    refuse(
      res,
      503,
      `Busy: the studio is already receiving ${formatBytes(limits.maxBodyBytesInFlight)} of request bodies at once, the most it holds. Try again when those calls are answered.`,
      { 'retry-after': '1' },
    );
    discardRest(req);
  }

  /**
   * Read and discard the rest of a refused body, so the client finishes sending and reads the
   * refusal instead of a reset; a client that keeps sending far past the cap, or for long, is cut off.
   */
  function discardRest(req: IncomingMessage): void {
    let drained = 0;
    const cut = (): void => void req.socket.destroy();
    const timer = setTimeout(cut, 10_000);
    timer.unref();
    req.on('data', (c: Buffer) => {
      drained += c.length;
      if (drained > 4 * limits.maxBodyBytes) cut();
    });
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
    req.resume();
  }

  const hub = createSocketHub(opts.service, token, limits);
  http.on('upgrade', (req: IncomingMessage, socket, head) => {
    socket.on('error', () => socket.destroy());
    const deny = (status: number, reason: string, message: string): void => {
      opts.onRefused?.(status, message);
      if (socket.writable)
        socket.end(
          `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${message}\n`,
        );
      socket.destroy();
    };
    const url = parseUrl(req);
    if (!hostAllowed(req, port))
      return deny(421, 'Misdirected Request', 'Misdirected request: this host is not the studio');
    if (!url || url.pathname !== '/ws') return deny(404, 'Not Found', 'Not found: the studio socket is /ws');
    if (!originAllowed(req, port)) return deny(403, 'Forbidden', foreignOriginMessage(port));
    // A token in the handshake (a header from scripts, the subprotocol from the page) must be
    // right; without one, the first message carries it and the socket waits in the small pool.
    const given = headerToken(req) ?? protocolToken(req.headers['sec-websocket-protocol']);
    if (given !== null && !sameToken(given, token)) return deny(403, 'Forbidden', wrongTokenMessage);
    if (given !== null && hub.count >= limits.maxSockets) {
      return deny(
        503,
        'Service Unavailable',
        `Too many open connections: the studio allows ${limits.maxSockets} at once. Close other studio tabs and reload.`,
      );
    }
    hub.upgrade(req, socket, head, given !== null);
  });

  await new Promise<void>((resolvePromise, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => {
      http.off('error', reject);
      resolvePromise();
    });
  });
  http.on('error', (e) => opts.onRefused?.(500, `server error: ${e.message}`));
  port = (http.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((done) => {
        hub.close();
        connections.close();
        http.close(() => done());
        http.closeAllConnections();
      }),
  };
}

function parseUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://studio.invalid');
  } catch {
    return null;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch (e) {
    status = 500;
    text = JSON.stringify({
      ok: false,
      error: { code: 'internal', message: `the reply could not be encoded: ${(e as Error).message}` },
    });
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}
