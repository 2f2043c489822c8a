/**
 * Issue 9, item 13: no cap on sockets and no heartbeat; 200 sockets raised
 * MaxListenersExceededWarning. Now the socket count is capped (the rest get 503 with a
 * sentence), events fan out from one listener per server, and a socket that stops
 * answering pings, or never sends its token, is dropped.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type StudioServer } from '../../src-main/server/server';
import { SOCKET_PROTOCOL, tokenProtocol } from '../../src-shared/socket-protocol';
import { MAX_SOCKETS } from '../../src-shared/transport-limits';
import { testService } from '../helpers/service';
import { tempDir } from '../helpers/temp';
import {
  apiPost,
  authedRawSocket,
  authedSocket,
  dbState,
  parseFrames,
  rawSocket,
  startChildStudio,
  stillAnswers,
  textFrame,
  waitFor,
  type ChildStudio,
  type RawSocket,
} from './harness';

type Outcome = { ws: WebSocket; status: 'authed' } | { status: number | 'closed'; body: string };

/** A socket opened as the page opens it (the token in the handshake), or why it was refused. */
function openAuthed(s: { port: number; token: string; base: string }): Promise<Outcome> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, [SOCKET_PROTOCOL, tokenProtocol(s.token)], {
      origin: s.base,
    });
    ws.on('open', () => resolve({ ws, status: 'authed' }));
    ws.on('unexpected-response', (_q, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('error', () => undefined);
    ws.on('close', (code) => resolve({ status: 'closed', body: String(code) }));
  });
}

describe('200 sockets against the real server', () => {
  let s: ChildStudio;
  beforeAll(async () => {
    s = await startChildStudio();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it(`accepts ${MAX_SOCKETS}, refuses the rest with 503 and a sentence, fans events out to all, and frees slots on close`, async () => {
    const outcomes = await Promise.all(Array.from({ length: 200 }, () => openAuthed(s)));
    const open = outcomes.filter((o): o is { ws: WebSocket; status: 'authed' } => o.status === 'authed');
    const refused = outcomes.filter((o): o is { status: number; body: string } => o.status !== 'authed');
    expect(open).toHaveLength(MAX_SOCKETS);
    expect(refused).toHaveLength(200 - MAX_SOCKETS);
    for (const r of refused) {
      expect(r.status).toBe(503);
      expect(r.body).toMatch(new RegExp(`allows ${MAX_SOCKETS} at once`));
    }
    // One event (a new run) reaches every open socket.
    const got = new Set<WebSocket>();
    for (const { ws } of open) ws.on('message', (d) => JSON.parse(String(d)).event && got.add(ws));
    const created = await apiPost(s, 'runs.create', { game: 'carillon', seed: 3, levels: 1 });
    expect(created.status).toBe(200);
    await waitFor(() => got.size === MAX_SOCKETS, 'an event on every socket');
    for (const { ws } of open) ws.close();
    await waitFor(() => open.every(({ ws }) => ws.readyState === WebSocket.CLOSED), 'the sockets to close');
    expect(await stillAnswers(s)).toBe(true);
    expect(s.alive()).toBe(true);
    expect(s.stderr()).not.toMatch(/MaxListenersExceeded|Warning/);
    expect(dbState(s.dbPath).integrity).toBe('ok');
  });
});

describe('in process: 200 sockets, heartbeat, token deadline', () => {
  let ctx: ReturnType<typeof testService>;
  const statics = tempDir('studio-static-sec-');
  const warnings: string[] = [];
  const onWarning = (w: Error): void => void warnings.push(`${w.name}: ${w.message}`);
  const servers: StudioServer[] = [];
  const start = async (limits: NonNullable<Parameters<typeof startServer>[0]['limits']>) => {
    const server = await startServer({ service: ctx.service, staticDir: statics.dir, limits });
    servers.push(server);
    return { server, s: { port: server.port, token: server.token, base: `http://127.0.0.1:${server.port}` } };
  };

  beforeAll(() => {
    process.on('warning', onWarning);
    ctx = testService(1);
    writeFileSync(join(statics.dir, 'index.html'), '<!doctype html><title>s</title>');
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    for (const server of servers) await server.close();
    await ctx.dispose();
    statics.cleanup();
  });

  it('200 sockets open at once raise no MaxListenersExceededWarning and all receive events', async () => {
    const { s } = await start({ maxSockets: 250 });
    const outcomes = await Promise.all(Array.from({ length: 200 }, () => openAuthed(s)));
    const open = outcomes.flatMap((o) => ('ws' in o ? [o.ws] : []));
    expect(open).toHaveLength(200);
    const got = new Set<WebSocket>();
    for (const ws of open)
      ws.on('message', (d) => JSON.parse(String(d)).event === 'run.changed' && got.add(ws));
    ctx.service.emit('run.changed', { runId: 1, status: 'done' });
    await waitFor(() => got.size === 200, 'the event on all 200 sockets');
    for (const ws of open) ws.close();
    expect(warnings.filter((w) => /MaxListeners/.test(w))).toEqual([]);
  });

  it('drops a socket that stops answering pings, and keeps one that answers', async () => {
    const { s } = await start({ heartbeatMs: 300 });
    const answering = await authedSocket(s);
    // A raw socket never answers the server's pings.
    const raw = await authedRawSocket(s);
    const t0 = Date.now();
    await raw.closed;
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(parseFrames(raw.received()).opcodes).toContain(0x9);
    expect(answering.readyState).toBe(WebSocket.OPEN);
    answering.close();
  });

  it('a token in the handshake signs the socket in at once; a wrong one is refused with 403', async () => {
    const { s } = await start({});
    const ok = await openAuthed(s);
    if (!('ws' in ok)) throw new Error(`refused: ${ok.status}`);
    // The server answers with the studio's protocol, never echoing the token.
    expect(ok.ws.protocol).toBe(SOCKET_PROTOCOL);
    ok.ws.close();
    const wrong = await openAuthed({ ...s, token: '0'.repeat(48) });
    expect(wrong.status).toBe(403);
  });

  it('sockets waiting for their token have their own small pool: past it the oldest goes, and the signed-in cap holds', async () => {
    const { s } = await start({ maxPendingSockets: 3, maxSockets: 2 });
    const waiting: RawSocket[] = [];
    for (let i = 0; i < 5; i++) waiting.push(await rawSocket(s));
    await waitFor(
      () => waiting.slice(0, 2).every((r) => r.closeCode() === 4401),
      'the two oldest waiting sockets to be closed',
    );
    expect(waiting.slice(2).map((r) => r.closeCode())).toEqual([null, null, null]);
    // Signed-in sockets are counted apart: two page sockets open beside three waiting ones.
    const a = await openAuthed(s);
    const b = await openAuthed(s);
    expect([a.status, b.status]).toEqual(['authed', 'authed']);
    const c = await openAuthed(s);
    expect(c.status).toBe(503);
    // A waiting socket that then signs in past the cap is closed with 1013 (try again later).
    const late = waiting[4]!;
    late.socket.write(textFrame(JSON.stringify({ auth: s.token })));
    await late.closed;
    expect(late.closeCode()).toBe(1013);
    for (const o of [a, b]) if ('ws' in o) o.ws.close();
    for (const r of waiting) r.socket.destroy();
  });

  it('closes a socket that never sends its token with 4401', async () => {
    const { s } = await start({ authTimeoutMs: 300 });
    const raw = await rawSocket(s);
    await raw.closed;
    expect(raw.closeCode()).toBe(4401);
  });
});
