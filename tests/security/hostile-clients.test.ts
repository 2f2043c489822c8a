/**
 * An independent attack on the local server (the red-team pass): clients that leave in the
 * middle of a request, floods of concurrent calls, names far too long, and cancels racing
 * resumes on a running run. The server in a child process must stay up, answer every call it
 * still can with a result or a sentence, say nothing it should not (a client leaving is not
 * an "Internal error"), and a run pulled back and forth must still end with the bytes of a run
 * left alone.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPost,
  authedSocket,
  call,
  dbState,
  stillAnswers,
  waitForAsync,
  startSeededStudio,
  type ChildStudio,
  type DbState,
} from './harness';
import { MAX_IDLE_CONNECTIONS } from '../../src-shared/transport-limits';

let s: ChildStudio;
let before: DbState;

beforeAll(async () => {
  ({ s, before } = await startSeededStudio());
});
afterAll(async () => {
  await s?.stop();
});

type Envelope = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
const post = async (method: string, args: unknown): Promise<{ status: number; body: Envelope }> => {
  const r = await apiPost(s, method, args);
  return { status: r.status, body: (await r.json()) as Envelope };
};

describe('clients that leave mid-request', () => {
  it('a POST cut off inside its body is dropped quietly: no call, no "Internal error", the server answers on', async () => {
    const stderrBefore = s.stderr().length;
    for (let i = 0; i < 30; i++) {
      const sock = connect(s.port, '127.0.0.1');
      await new Promise<void>((r) => sock.on('connect', () => r()));
      sock.write(
        `POST /api/runs.create HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nOrigin: ${s.base}\r\nContent-Type: application/json\r\n` +
          `X-Studio-Token: ${s.token}\r\nContent-Length: 4000\r\n\r\n{"game":"carillon","seed":5,"levels":1,"name":"`,
      );
      await new Promise((r) => setTimeout(r, 5));
      sock.destroy();
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(s.alive()).toBe(true);
    expect(await stillAnswers(s)).toBe(true);
    // Each of these used to print "refused (500): Internal error: aborted", as if the server had a bug.
    expect(s.stderr().slice(stderrBefore)).not.toMatch(/Internal error/);
    expect(dbState(s.dbPath)).toEqual(before);
  });

  it('sockets torn down right after sending an import and calls leave the server and the database as they were', async () => {
    const notAPack = JSON.stringify({
      format: 'carillon-pack',
      version: 1,
      seed: 1,
      rules: {},
      plan: [],
      levels: Array.from({ length: 100 }, (_, i) => ({
        level: i + 1,
        taps: 1,
        bits: 0,
        tutorial: true,
        dots: Array.from({ length: 40 }, (_, k) => ({ x: 20 + k * 10, y: 300, size: 'small', color: 0 })),
        solution: [0],
      })),
    });
    for (let i = 0; i < 5; i++) {
      const ws = await authedSocket(s);
      ws.send(JSON.stringify({ id: 1, method: 'packs.import', args: { text: notAPack } }));
      ws.send(JSON.stringify({ id: 2, method: 'runs.list', args: {} }));
      ws.terminate();
    }
    // Long enough for the imports' checks to end (their replies go nowhere).
    await new Promise((r) => setTimeout(r, 2000));
    expect(s.alive()).toBe(true);
    expect(await stillAnswers(s)).toBe(true);
    expect(dbState(s.dbPath)).toEqual(before);
  });
});

const agentPost = (agent: Agent, method: string): Promise<{ status: number; body: Envelope }> =>
  new Promise((resolve, reject) => {
    const req = request(
      `${s.base}/api/${method}`,
      {
        method: 'POST',
        agent,
        headers: { 'x-studio-token': s.token, 'content-type': 'application/json', origin: s.base },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end('{}');
  });

describe('floods and odd names', () => {
  it('400 concurrent HTTP calls and 1,000 calls sent at once on one socket are all answered', async () => {
    // The 400 calls share at most half the server's idle-connection cap. Opened all at once
    // (fetch's default, one connection per call), a slow machine sees more than
    // MAX_IDLE_CONNECTIONS connections that have not yet sent their request, and the server
    // closes the oldest by design (its slowloris guard; see connections.ts): CI did.
    const agent = new Agent({ keepAlive: true, maxSockets: MAX_IDLE_CONNECTIONS / 2 });
    const http = await Promise.all(
      Array.from({ length: 400 }, (_, i) => agentPost(agent, i % 2 ? 'runs.list' : 'games.list')),
    );
    agent.destroy();
    expect(http.filter((r) => r.status === 200 && r.body.ok)).toHaveLength(400);
    const ws = await authedSocket(s);
    ws.setMaxListeners(0);
    const replies = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => call(ws, { id: i, method: 'runs.list', args: {} }, i)),
    );
    ws.close();
    expect(replies.filter((r) => r.envelope.ok)).toHaveLength(1000);
    expect(dbState(s.dbPath)).toEqual(before);
  });

  it('a 10,000-character method name over HTTP is named cut short, as the socket names it', async () => {
    const r = await fetch(`${s.base}/api/${'a'.repeat(10_000)}`, {
      method: 'POST',
      headers: { 'x-studio-token': s.token, 'content-type': 'application/json', origin: s.base },
      body: '{}',
    });
    expect(r.status).toBe(404);
    const body = (await r.json()) as Envelope;
    expect(body.ok).toBe(false);
    if (body.ok) return;
    expect(body.error.code).toBe('unknown-method');
    // It used to quote all 10,000 characters back.
    expect(body.error.message).toBe(`unknown API method "${'a'.repeat(80)}"`);
    const ws = await authedSocket(s);
    const viaSocket = await call(ws, { id: 'long', method: 'a'.repeat(10_000), args: {} }, 'long');
    ws.close();
    expect(viaSocket.envelope).toEqual({
      ok: false,
      error: { code: 'unknown-method', message: body.error.message },
    });
  });
});

describe('cancels racing resumes', () => {
  it('four cancels and four resumes at once, an export, a delete and a report on a running run: every reply a result or a sentence, and the run ends with the bytes of one left alone', async () => {
    const args = { game: 'apsis' as const, seed: 4242, levels: 15 };
    const created = await post('runs.create', args);
    expect(created.body.ok).toBe(true);
    const runId = (created.body as { value: { id: number } }).value.id;
    await waitForAsync(
      async () => {
        const r = (await post('runs.get', { runId })).body as { value: { candidatesDone: number } };
        return r.value.candidatesDone > 0;
      },
      'the first candidates',
      60_000,
    );
    const replies = await Promise.all([
      ...Array.from({ length: 4 }, () => [
        post('runs.cancel', { runId }),
        post('runs.resume', { runId }),
      ]).flat(),
      post('packs.export', { runId, kind: 'automatic' }),
      post('runs.delete', { runId }),
      post('runs.report', { runId }),
    ]);
    for (const r of replies) {
      if (r.body.ok) continue;
      expect(['conflict', 'not-found']).toContain(r.body.error.code);
      expect(r.body.error.message).toMatch(/^[A-Za-z].* .*[^\n]$/);
    }
    // Whatever state the race left, a last resume (if needed) finishes it.
    const settle = async (): Promise<string> => {
      let status = '';
      await waitForAsync(
        async () => {
          status = ((await post('runs.get', { runId })).body as { value: { status: string } }).value.status;
          return status !== 'running' && status !== 'queued';
        },
        'the raced run to stop',
        120_000,
      );
      return status;
    };
    if ((await settle()) !== 'done') {
      expect((await post('runs.resume', { runId })).body.ok).toBe(true);
      expect(await settle()).toBe('done');
    }
    const raced = (await post('packs.export', { runId, kind: 'automatic' })).body as {
      ok: true;
      value: { text: string };
    };
    const straight = ((await post('runs.create', args)).body as { value: { id: number } }).value.id;
    await waitForAsync(
      async () =>
        ((await post('runs.get', { runId: straight })).body as { value: { status: string } }).value.status ===
        'done',
      'the straight run',
      120_000,
    );
    const alone = (await post('packs.export', { runId: straight, kind: 'automatic' })).body as {
      ok: true;
      value: { text: string };
    };
    expect(raced.value.text === alone.value.text).toBe(true);
    expect(s.alive()).toBe(true);
    expect(dbState(s.dbPath).integrity).toBe('ok');
  });
});
