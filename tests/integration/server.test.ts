import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type StudioServer } from '../../src-main/server/server';
import { testService } from '../helpers/service';
import { tempDir } from '../helpers/temp';

let ctx: ReturnType<typeof testService>;
let server: StudioServer;
let base: string;
const statics = tempDir('studio-static-');

beforeAll(async () => {
  ctx = testService(1);
  mkdirSync(join(statics.dir, 'assets'));
  writeFileSync(join(statics.dir, 'index.html'), '<!doctype html><title>studio</title>');
  writeFileSync(join(statics.dir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(statics.dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startServer({ service: ctx.service, staticDir: statics.dir });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  await ctx.dispose();
  statics.cleanup();
});

const post = (path: string, body: unknown, token = server.token) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'x-studio-token': token, 'content-type': 'application/json', origin: base },
    body: JSON.stringify(body),
  });

/** Opens a socket and sends the token as its first message; resolves once the server accepts it. */
function authedSocket(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { origin: base });
    ws.on('open', () => ws.send(JSON.stringify({ auth: server.token })));
    ws.once('message', (d) =>
      JSON.parse(String(d)).auth === 'ok' ? resolve(ws) : reject(new Error(String(d))),
    );
    ws.on('error', reject);
  });
}

describe('local server', () => {
  it('prints a 127.0.0.1 URL with a long random token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{48}$/);
  });

  it('refuses the page with a missing or wrong token, with a clear message', async () => {
    for (const url of [`${base}/`, `${base}/?token=wrong`, `${base}/index.html`]) {
      const res = await fetch(url);
      expect(res.status).toBe(403);
      expect(await res.text()).toMatch(/wrong or missing access token/);
    }
    const api = await post('/api/games.list', {}, 'nope');
    expect(api.status).toBe(403);
  });

  it("serves the page with the token and a CSP but no cookie; the renderer's code needs no token", async () => {
    const res = await fetch(server.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(res.headers.get('set-cookie')).toBeNull();
    // The renderer reads the token from the page.
    expect(await res.text()).toContain(`<meta name="studio-token" content="${server.token}">`);
    // The built code holds nothing of the designer's: a page loaded by its token loads its scripts without one.
    const asset = await fetch(`${base}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('set-cookie')).toBeNull();
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    const favicon = await fetch(`${base}/favicon.ico?token=${server.token}`);
    expect(favicon.status).toBe(200);
    const escape = await fetch(`${base}/..%2f..%2fetc%2fpasswd?token=${server.token}`);
    expect(escape.status).toBe(404);
  });

  it('refuses a foreign Host header', async () => {
    const http = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      http.get(
        {
          host: '127.0.0.1',
          port: server.port,
          path: `/?token=${server.token}`,
          headers: { host: 'evil.example:80' },
        },
        (res) => resolve(res.statusCode ?? 0),
      );
    });
    expect(status).toBe(421);
  });

  it('answers API calls over HTTP, with field-named errors for bad arguments', async () => {
    const ok = await post('/api/games.list', {});
    expect(ok.status).toBe(200);
    const games = (await ok.json()) as { ok: boolean; value: { id: string }[] };
    expect(games.value.map((g) => g.id)).toEqual(['carillon', 'apsis']);
    const bad = await post('/api/runs.get', { runId: 'x' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      ok: false,
      error: { code: 'bad-argument', fields: [{ field: 'runId' }] },
    });
    const unknown = await post('/api/nope', {});
    expect(unknown.status).toBe(404);
  });

  it('answers API calls over WebSocket after the token in the first message, and pushes events', async () => {
    const ws = await authedSocket();
    const messages: { id?: number; envelope?: { ok: boolean }; event?: string }[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(String(d))));
    ws.send(JSON.stringify({ id: 1, method: 'app.info', args: {} }));
    ws.send(JSON.stringify({ id: 2, method: 'runs.get', args: { runId: 0 } }));
    ctx.service.emit('run.changed', { runId: 5, status: 'done' });
    await new Promise<void>((r) => {
      const t = setInterval(() => {
        if (messages.length >= 3) {
          clearInterval(t);
          r();
        }
      }, 10);
    });
    expect(messages.find((m) => m.id === 1)?.envelope).toMatchObject({
      ok: true,
      value: { transport: 'server' },
    });
    expect(messages.find((m) => m.id === 2)?.envelope).toMatchObject({
      ok: false,
      error: { code: 'bad-argument' },
    });
    expect(messages.find((m) => m.event === 'run.changed')).toMatchObject({
      payload: { runId: 5, status: 'done' },
    });
    ws.close();
  });

  it('asks a page reopened without ?token= to open the printed URL; a socket or API call never takes a cookie or the address', async () => {
    const first = await fetch(`${base}/?token=${server.token}`);
    expect(first.headers.get('set-cookie')).toBeNull();
    // Even a cookie holding the token (as older studios set) opens nothing.
    const cookie = `studio_token_000000000000=${server.token}`;
    const reopened = await fetch(`${base}/`, { headers: { cookie } });
    expect(reopened.status).toBe(403);
    const text = await reopened.text();
    expect(text).toMatch(/Open the exact URL the studio printed when it started/);
    expect(text).not.toContain(server.token);
    // A socket opened with the cookie and the address token but no first-message token gets no answer, only a close.
    const closed = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${server.token}`, {
        origin: base,
        headers: { cookie },
      });
      ws.on('open', () => ws.send(JSON.stringify({ id: 1, method: 'runs.list', args: {} })));
      ws.on('message', (d) => resolve(-Number(JSON.parse(String(d)).id ?? 1)));
      ws.on('close', (code) => resolve(code));
      ws.on('error', () => undefined);
    });
    expect(closed).toBe(4401);
    const api = await fetch(`${base}/api/runs.list?token=${server.token}`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(api.status).toBe(403);
    expect(await api.text()).toMatch(/X-Studio-Token header/);
  });
});
