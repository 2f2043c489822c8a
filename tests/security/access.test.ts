/**
 * Issue 9, items 4, 10, 12 and the token test gap: who may reach the API, and what the HTTP
 * layer answers to odd requests. Wrong tokens here have the token's exact length (all
 * zeros; the real token with one character changed), so a check that compares lengths
 * only would fail these tests. Every refusal leaves the database as it was.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sameToken } from '../../src-main/server/access';
import { startServer } from '../../src-main/server/server';
import { MAX_MESSAGE_BYTES } from '../../src-shared/transport-limits';
import { testService } from '../helpers/service';
import { tempDir } from '../helpers/temp';
import {
  apiPost,
  authedSocket,
  call,
  dbState,
  rawSocket,
  seedRun,
  startChildStudio,
  stillAnswers,
  wrongTokens,
  type ChildStudio,
  type DbState,
} from './harness';

let s: ChildStudio;
let before: DbState;
let wrong: { zeros: string; oneOff: string };

beforeAll(async () => {
  s = await startChildStudio();
  await seedRun(s);
  before = dbState(s.dbPath);
  wrong = wrongTokens(s.token);
  expect(wrong.zeros).toHaveLength(s.token.length);
  expect(wrong.oneOff).toHaveLength(s.token.length);
  expect(wrong.oneOff).not.toBe(s.token);
  expect((await fetch(s.url)).headers.get('set-cookie')).toBeNull();
});
afterAll(async () => {
  await s?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${s.base}${path}`, { headers });

/** Upgrade status (101 when opened) of a socket with these headers. */
function upgradeStatus(
  path: string,
  headers: Record<string, string>,
  origin: string | undefined = s.base,
): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}${path}`, {
      headers,
      ...(origin === undefined ? {} : { origin }),
    });
    ws.on('unexpected-response', (_q, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('error', () => resolve(-1));
  });
}

/** Close code of a socket whose first message is `first` (or which sends a call first, with no token). */
function socketCloseCode(first: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, { origin: s.base, headers });
    ws.on('open', () => ws.send(first));
    ws.on('message', (d) => {
      // Any reply other than refusing would be a leak.
      if (JSON.parse(String(d)).auth === 'ok') resolve(0);
      else resolve(-2);
    });
    ws.on('close', (code) => resolve(code));
    ws.on('error', () => undefined);
  });
}

describe('wrong tokens of the right length are refused everywhere', () => {
  it('by query: the page refuses them, and the API never takes a query token', async () => {
    expect((await get(`/?token=${wrong.zeros}`)).status).toBe(403);
    expect((await get(`/?token=${wrong.oneOff}`)).status).toBe(403);
    expect((await get(`/?token=${s.token}`)).status).toBe(200);
    for (const t of [wrong.zeros, wrong.oneOff, s.token]) {
      const res = await fetch(`${s.base}/api/runs.create?token=${t}`, {
        method: 'POST',
        headers: { origin: s.base, 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'carillon', seed: 5, levels: 1 }),
      });
      expect(res.status).toBe(403);
    }
    // A socket opened with the token in its address is not signed in by it.
    expect(await socketCloseCode('{"id":1,"method":"runs.list","args":{}}')).toBe(4401);
    const q = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws?token=${s.token}`, { origin: s.base });
      ws.on('open', () => ws.send('{"id":1,"method":"runs.list","args":{}}'));
      ws.on('message', () => resolve(-2));
      ws.on('close', (code) => resolve(code));
    });
    expect(q).toBe(4401);
    expect(dbState(s.dbPath)).toEqual(before);
  });

  it('by header: page, API and socket upgrade', async () => {
    for (const t of [wrong.zeros, wrong.oneOff]) {
      expect((await get('/', { 'x-studio-token': t })).status).toBe(403);
      const res = await apiPost({ base: s.base, token: t }, 'runs.create', {
        game: 'carillon',
        seed: 5,
        levels: 1,
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toMatch(/X-Studio-Token header/);
      expect(await upgradeStatus('/ws', { 'x-studio-token': t })).toBe(403);
    }
    // The right token in the header works for all three.
    expect((await get('/', { 'x-studio-token': s.token })).status).toBe(200);
    expect((await apiPost(s, 'runs.list', {})).status).toBe(200);
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, {
      origin: s.base,
      headers: { 'x-studio-token': s.token },
    });
    await new Promise((r) => ws.on('open', r));
    expect((await call(ws, { id: 1, method: 'runs.list', args: {} }, 1)).envelope.ok).toBe(true);
    ws.close();
    expect(dbState(s.dbPath)).toEqual(before);
  });

  it('by cookie: nothing takes one, not even with the right token (the page sets none)', async () => {
    for (const t of [wrong.zeros, wrong.oneOff, s.token]) {
      expect((await get('/', { cookie: `studio_token_000000000000=${t}` })).status).toBe(403);
      expect((await get('/', { cookie: `studio_token=${t}` })).status).toBe(403);
    }
    const cookie = `studio_token=${s.token}`;
    const api = await fetch(`${s.base}/api/runs.create`, {
      method: 'POST',
      headers: { cookie, origin: s.base, 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'carillon', seed: 5, levels: 1 }),
    });
    expect(api.status).toBe(403);
    expect(
      await socketCloseCode(
        '{"id":1,"method":"runs.create","args":{"game":"carillon","seed":5,"levels":1}}',
        { cookie },
      ),
    ).toBe(4401);
    expect(dbState(s.dbPath)).toEqual(before);
  });

  it('by socket: the first message with a wrong token closes with 4403', async () => {
    for (const t of [wrong.zeros, wrong.oneOff, '', 'x'.repeat(10_000)])
      expect(await socketCloseCode(JSON.stringify({ auth: t }))).toBe(4403);
    expect(await socketCloseCode(JSON.stringify({ auth: s.token }))).toBe(0);
    // A socket that never sends its token is closed by the server (after 2 s).
    const raw = await rawSocket(s);
    await raw.closed;
    expect(raw.closeCode()).toBe(4401);
    expect(dbState(s.dbPath)).toEqual(before);
  });

  it('the comparison itself: equal-length, near-miss and odd inputs are all false', () => {
    const token = 'ab'.repeat(24);
    expect(sameToken(token, token)).toBe(true);
    for (const given of [
      '0'.repeat(48),
      token.slice(0, -1) + 'c',
      'c' + token.slice(1),
      token + ' ',
      token.slice(0, -1),
      '',
      null,
      undefined,
      12,
      { toString: () => token },
      [token],
    ]) {
      expect(sameToken(given, token)).toBe(false);
    }
  });
});

describe('Origin and Content-Type', () => {
  const foreign = () => [
    `http://127.0.0.1:${s.port + 1}`,
    `http://localhost:${s.port === 1 ? 2 : s.port - 1}`,
    'null',
    `https://127.0.0.1:${s.port}`,
    `http://127.0.0.1:${s.port}/`,
    `http://127.0.0.1.evil.example:${s.port}`,
    'http://127.0.0.1',
  ];

  it('a socket upgrade from any other origin, or none, is refused with 403', async () => {
    for (const origin of foreign()) expect(await upgradeStatus('/ws', {}, origin)).toBe(403);
    expect(await upgradeStatus('/ws', { 'x-studio-token': s.token })).toBe(101);
    expect(await upgradeStatus('/ws', {}, `http://localhost:${s.port}`)).toBe(101);
    // No Origin at all: not the studio's page.
    const raw = rawSocket(s, { origin: null });
    await expect(raw).rejects.toThrow(/403/);
  });

  it('a POST from any other origin, or none, is refused with 403 and creates nothing', async () => {
    for (const origin of foreign()) {
      const res = await apiPost(s, 'runs.create', { game: 'carillon', seed: 5, levels: 1 }, { origin });
      expect(res.status).toBe(403);
      expect(await res.text()).toMatch(
        /Origin must be exactly http:\/\/127\.0\.0\.1:\d+ or http:\/\/localhost:\d+/,
      );
    }
    const none = await new Promise<number>((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: s.port,
          path: '/api/runs.list',
          method: 'POST',
          headers: { 'x-studio-token': s.token, 'content-type': 'application/json' },
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.end('{}');
    });
    expect(none).toBe(403);
    expect((await apiPost(s, 'runs.list', {}, { origin: `http://localhost:${s.port}` })).status).toBe(200);
    expect(dbState(s.dbPath)).toEqual(before);
  });

  it('a POST must say Content-Type: application/json (415 otherwise)', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      '',
    ]) {
      const res = await apiPost(
        s,
        'runs.create',
        { game: 'carillon', seed: 5, levels: 1 },
        { 'content-type': type },
      );
      expect(res.status).toBe(415);
      expect(await res.text()).toMatch(/Content-Type: application\/json/);
    }
    expect(
      (await apiPost(s, 'runs.list', {}, { 'content-type': 'application/json; charset=utf-8' })).status,
    ).toBe(200);
    expect(dbState(s.dbPath)).toEqual(before);
  });
});

describe('sizes', () => {
  it('a body declared over the cap gets 413 with a sentence', async () => {
    const res = await fetch(`${s.base}/api/packs.import`, {
      method: 'POST',
      headers: { 'x-studio-token': s.token, 'content-type': 'application/json', origin: s.base },
      body: Buffer.alloc(MAX_MESSAGE_BYTES + 1, 0x20),
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toMatch(/over the studio's limit of 40 MiB/);
    expect(s.alive()).toBe(true);
  });

  it('a chunked body that grows past the cap gets 413 with a sentence', async () => {
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: s.port,
          path: '/api/packs.import',
          method: 'POST',
          headers: {
            'x-studio-token': s.token,
            'content-type': 'application/json',
            origin: s.base,
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: body }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let n = 0;
      const pump = (): void => {
        while (n < 48) {
          n++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
    expect(text).toMatch(/40 MiB/);
    expect(s.alive()).toBe(true);
  });

  it('a body and a socket message just under the cap (a big pack text) still reach the method', async () => {
    const text = 'x'.repeat(30 * 1024 * 1024);
    const res = await apiPost(s, 'runs.list', { huge: text });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/huge: unknown field/);
    const ws = await authedSocket(s);
    const reply = await call(ws, { id: 1, method: 'runs.list', args: { huge: text } }, 1);
    expect(reply.envelope).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    ws.close();
    expect(dbState(s.dbPath)).toEqual(before);
  });
});

describe('odd paths', () => {
  it('GET /% and NUL bytes answer 400 with a sentence, not 500', async () => {
    for (const path of [
      '/%',
      '/%zz',
      '/assets/%E0%A4%A',
      '/%00',
      '/assets/app%00.js',
      '/index.html%00.png',
    ]) {
      const res = await get(`${path}?token=${s.token}`);
      expect(res.status, path).toBe(400);
      expect(await res.text()).toMatch(/^Bad request: /);
    }
    const api = await apiPost(s, '%', {});
    expect(api.status).toBe(400);
    const nul = await apiPost(s, '%00', {});
    expect(nul.status).toBe(404);
    expect(await nul.json()).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    // A raw NUL, a bare % and a scheme-relative path, straight onto the wire.
    for (const line of ['GET /\0 HTTP/1.1', `GET /% HTTP/1.1`, `GET //?token=${s.token} HTTP/1.1`]) {
      const answer = await new Promise<string>((resolve) => {
        const sock = connect(s.port, '127.0.0.1', () =>
          sock.write(`${line}\r\nHost: 127.0.0.1:${s.port}\r\nConnection: close\r\n\r\n`),
        );
        let got = '';
        sock.on('data', (d: Buffer) => (got += d.toString()));
        sock.on('close', () => resolve(got));
        sock.on('error', () => resolve(got));
      });
      expect(answer, JSON.stringify(line)).toMatch(/^HTTP\/1\.1 (400|403|404) /);
    }
    expect(await stillAnswers(s)).toBe(true);
  });
});

describe('static files stay inside the renderer folder', () => {
  it('follows no symlink out, and serves from a root that is itself a symlink', async () => {
    const t = tempDir('studio-static-sec-');
    const root = join(t.dir, 'renderer');
    const outside = join(t.dir, 'outside');
    mkdirSync(join(root, 'assets'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><title>s</title></head></html>');
    writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(outside, 'secret.txt'), 'SECRET');
    symlinkSync(join(outside, 'secret.txt'), join(root, 'leak.txt'));
    symlinkSync(outside, join(root, 'assets', 'dir'));
    symlinkSync('/etc/hostname', join(root, 'hostname'));
    symlinkSync(root, join(t.dir, 'linked-root'));
    const ctx = testService(1);
    const server = await startServer({ service: ctx.service, staticDir: join(t.dir, 'linked-root') });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      for (const path of [
        '/leak.txt',
        '/assets/dir/secret.txt',
        '/hostname',
        '/assets/dir/',
        '/assets/..%2f..%2foutside%2fsecret.txt',
      ]) {
        const res = await fetch(`${base}${path}?token=${server.token}`);
        expect(res.status, path).toBe(404);
        expect(await res.text()).not.toContain('SECRET');
      }
      expect((await fetch(`${base}/assets/app.js?token=${server.token}`)).status).toBe(200);
      const index = await fetch(`${base}/?token=${server.token}`);
      expect(index.status).toBe(200);
      expect(await index.text()).toContain(`<meta name="studio-token" content="${server.token}">`);
    } finally {
      await server.close();
      await ctx.dispose();
      t.cleanup();
    }
  });

  it('no studio instance sets a cookie, on the page or any other file', async () => {
    const ctx = testService(1);
    const statics = tempDir('studio-static-sec-');
    writeFileSync(join(statics.dir, 'index.html'), '<!doctype html><title>s</title>');
    writeFileSync(join(statics.dir, 'app.js'), '1');
    const a = await startServer({ service: ctx.service, staticDir: statics.dir });
    try {
      for (const path of [a.url, `http://127.0.0.1:${a.port}/app.js`, `http://127.0.0.1:${a.port}/`]) {
        const res = await fetch(path);
        expect(res.headers.get('set-cookie')).toBeNull();
      }
    } finally {
      await a.close();
      await ctx.dispose();
      statics.cleanup();
    }
  });
});

describe('afterwards', () => {
  it('the server is up and the database is as it was', async () => {
    expect(s.alive()).toBe(true);
    expect(await stillAnswers(s)).toBe(true);
    const after = dbState(s.dbPath);
    expect(after.integrity).toBe('ok');
    expect(after).toEqual(before);
    expect(s.stderr()).not.toMatch(/Error:|Warning/);
  });
});
