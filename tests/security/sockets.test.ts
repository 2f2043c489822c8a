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
import { MAX_SOCKETS } from '../../src-shared/transport-limits';
import { testService } from '../helpers/service';
import { tempDir } from '../helpers/temp';
import { apiPost, authedRawSocket, dbState, parseFrames, rawSocket, startChildStudio, stillAnswers, waitFor, type ChildStudio } from './harness';

type Outcome = { ws: WebSocket; status: 'authed' } | { status: number; body: string };

function openAuthed(s: { port: number; token: string; base: string }): Promise<Outcome> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, { origin: s.base });
    ws.on('open', () => ws.send(JSON.stringify({ auth: s.token })));
    ws.once('message', () => resolve({ ws, status: 'authed' }));
    ws.on('unexpected-response', (_q, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('error', () => undefined);
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

describe('heartbeat and limits (in process, with short timers)', () => {
  let server: StudioServer;
  let ctx: ReturnType<typeof testService>;
  const statics = tempDir('studio-static-sec-');
  const warnings: string[] = [];
  const onWarning = (w: Error): void => void warnings.push(`${w.name}: ${w.message}`);
  let base: string;

  beforeAll(async () => {
    process.on('warning', onWarning);
    ctx = testService(1);
    writeFileSync(join(statics.dir, 'index.html'), '<!doctype html><title>s</title>');
    server = await startServer({ service: ctx.service, staticDir: statics.dir, limits: { heartbeatMs: 200, authTimeoutMs: 300, maxSockets: 250 } });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await server.close();
    await ctx.dispose();
    statics.cleanup();
  });

  it('200 sockets open at once raise no MaxListenersExceededWarning and all receive events', async () => {
    const outcomes = await Promise.all(Array.from({ length: 200 }, () => openAuthed({ port: server.port, token: server.token, base })));
    const open = outcomes.flatMap((o) => ('ws' in o ? [o.ws] : []));
    expect(open).toHaveLength(200);
    const got = new Set<WebSocket>();
    for (const ws of open) ws.on('message', (d) => JSON.parse(String(d)).event === 'run.changed' && got.add(ws));
    ctx.service.emit('run.changed', { runId: 1, status: 'done' });
    await waitFor(() => got.size === 200, 'the event on all 200 sockets');
    // Still alive across several heartbeats: `ws` answers pings by itself.
    await new Promise((r) => setTimeout(r, 700));
    expect(open.every((ws) => ws.readyState === WebSocket.OPEN)).toBe(true);
    for (const ws of open) ws.close();
    expect(warnings.filter((w) => /MaxListeners/.test(w))).toEqual([]);
  });

  it('drops a socket that stops answering pings', async () => {
    // A raw socket never answers the server's pings.
    const raw = await authedRawSocket({ port: server.port, token: server.token, base });
    const start = Date.now();
    await raw.closed;
    expect(Date.now() - start).toBeLessThan(5_000);
    // It did receive pings (opcode 9) before being dropped.
    expect(parseFrames(raw.received()).opcodes).toContain(0x9);
  });

  it('closes a socket that never sends its token with 4401', async () => {
    const raw = await rawSocket({ port: server.port, base });
    await raw.closed;
    expect(raw.closeCode()).toBe(4401);
  });
});
