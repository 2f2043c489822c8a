/**
 * The studio as a local server: the built renderer and the API over HTTP + WebSocket, bound
 * to 127.0.0.1 only, every request and socket guarded by a random token.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { apiEventNames } from '../../src-shared/api';
import type { Service } from '../service';
import { contentSecurityPolicy } from '../csp';

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
}

const TOKEN_COOKIE = 'studio_token';
const MAX_BODY = 64 * 1024 * 1024;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export function newToken(): string {
  return randomBytes(24).toString('hex');
}

function sameToken(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieToken(req: IncomingMessage): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === TOKEN_COOKIE) return decodeURIComponent(v.join('='));
  }
  return null;
}

function requestToken(req: IncomingMessage, url: URL): string | null {
  // An empty value counts as absent, so a page reopened without ?token= falls back to its cookie.
  return url.searchParams.get('token') || (req.headers['x-studio-token'] as string | undefined) || cookieToken(req);
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(message + '\n');
}

export const wrongTokenMessage =
  'Forbidden: wrong or missing access token. Open the exact URL the studio printed when it started (it ends in ?token=...).';

export async function startServer(opts: ServerOptions): Promise<StudioServer> {
  const token = opts.token ?? newToken();
  const staticRoot = resolve(opts.staticDir);
  if (!existsSync(join(staticRoot, 'index.html'))) {
    throw new Error(`the built renderer is missing (${join(staticRoot, 'index.html')}); run "npm run build" first`);
  }
  let port = opts.port ?? 0;
  const allowedHosts = (): string[] => [`127.0.0.1:${port}`, `localhost:${port}`];

  const http = createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) refuse(res, 500, `Internal error: ${e instanceof Error ? e.message : String(e)}`);
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A foreign Host header means DNS rebinding or a misdirected request.
    if (!allowedHosts().includes(req.headers.host ?? '')) return refuse(res, 421, `Misdirected request: host ${req.headers.host ?? '(none)'} is not this studio`);
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (!sameToken(requestToken(req, url), token)) return refuse(res, 403, wrongTokenMessage);

    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'POST') return refuse(res, 405, 'API calls are POST requests with a JSON body');
      const method = decodeURIComponent(url.pathname.slice('/api/'.length));
      let args: unknown;
      try {
        const body = await readBody(req);
        args = body.length ? JSON.parse(body) : {};
      } catch (e) {
        res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ ok: false, error: { code: 'bad-argument', message: `request body is not valid JSON: ${(e as Error).message}` } }));
        return;
      }
      const envelope = await opts.service.dispatch(method, args);
      const status = envelope.ok ? 200 : envelope.error.code === 'internal' ? 500 : envelope.error.code === 'not-found' || envelope.error.code === 'unknown-method' ? 404 : 400;
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(envelope));
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method not allowed');
    let path = url.pathname === '/' ? '/index.html' : decodeURIComponent(url.pathname);
    if (path === '/favicon.ico') path = '/favicon.svg';
    const file = normalize(join(staticRoot, path));
    if (!file.startsWith(staticRoot + sep) || !existsSync(file) || !statSync(file).isFile()) return refuse(res, 404, `Not found: ${url.pathname}`);
    const headers: Record<string, string> = {
      'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'cache-control': path === '/index.html' ? 'no-store' : 'public, max-age=3600',
    };
    if (path === '/index.html') {
      headers['set-cookie'] = `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
      headers['x-frame-options'] = 'DENY';
      headers['content-security-policy'] = contentSecurityPolicy(false);
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY });
  http.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const hostOk = allowedHosts().includes(req.headers.host ?? '');
    if (!hostOk || url.pathname !== '/ws' || !sameToken(requestToken(req, url), token)) {
      socket.write(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${wrongTokenMessage}\n`);
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attachSocket(ws));
  });

  function attachSocket(ws: WebSocket): void {
    const offs = apiEventNames.map((event) =>
      opts.service.on(event, (payload) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event, payload }));
      }),
    );
    ws.on('message', (data) => {
      let msg: { id?: unknown; method?: unknown; args?: unknown };
      try {
        msg = JSON.parse(String(data)) as typeof msg;
      } catch {
        ws.send(JSON.stringify({ id: null, envelope: { ok: false, error: { code: 'bad-argument', message: 'message is not valid JSON' } } }));
        return;
      }
      const id = msg.id;
      void opts.service.dispatch(String(msg.method), msg.args ?? {}).then((envelope) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, envelope }));
      });
    });
    ws.on('close', () => offs.forEach((off) => off()));
  }

  await new Promise<void>((resolvePromise, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => {
      http.off('error', reject);
      resolvePromise();
    });
  });
  port = (http.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((done) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        http.close(() => done());
        http.closeAllConnections();
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
