/**
 * Issue 21, item 7: a local process with no token could lock the page out. Sockets that never
 * authenticated counted towards the 64-socket cap, so holding them got the studio page's
 * socket refused (503) 27 times in 30; and idle TCP connections took the server to its
 * file-descriptor limit, after which every call failed until they closed.
 *
 * Now sockets waiting for their token have a pool of their own (MAX_PENDING_SOCKETS, the
 * oldest closed past it) and a 2 s deadline, the page's socket brings its token in the
 * handshake and never waits in that pool, and idle HTTP connections are closed (after
 * IDLE_CONNECTION_MS, and the oldest past MAX_IDLE_CONNECTIONS). This runs against the real
 * server in a child process whose open-file limit is 512, so the descriptor attack needs
 * hundreds of connections rather than tens of thousands.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  AUTH_TIMEOUT_MS,
  IDLE_CONNECTION_MS,
  MAX_IDLE_CONNECTIONS,
  MAX_PENDING_SOCKETS,
} from '../../src-shared/transport-limits';
import {
  authedSocket,
  call,
  dbState,
  pageSocket,
  rawSocket,
  seedRun,
  startChildStudio,
  stillAnswers,
  waitFor,
  type ChildStudio,
  type DbState,
  type RawSocket,
} from './harness';

let s: ChildStudio;
let before: DbState;

beforeAll(async () => {
  s = await startChildStudio({ fdLimit: 512 });
  await seedRun(s);
  before = dbState(s.dbPath);
});
afterAll(async () => {
  await s?.stop();
});

/**
 * The attacker: keeps `n` sockets open that never send a token, opening a new one whenever
 * one is closed or refused, until stopped.
 */
function squat(n: number): { open: () => number; stop: () => Promise<void> } {
  const held = new Set<RawSocket>();
  let running = true;
  const pendingOpens = new Set<Promise<void>>();
  const one = (): void => {
    if (!running) return;
    const p = rawSocket(s).then(
      (raw) => {
        if (!running) return void raw.socket.destroy();
        held.add(raw);
        void raw.closed.then(() => {
          held.delete(raw);
          setTimeout(one, 5);
        });
      },
      () => void setTimeout(one, 20),
    );
    pendingOpens.add(p);
    void p.finally(() => pendingOpens.delete(p));
  };
  for (let i = 0; i < n; i++) one();
  return {
    // Open and not told to close (a closed one's TCP may linger a moment after the close frame).
    open: () => [...held].filter((r) => !r.socket.destroyed && r.closeCode() === null).length,
    stop: async () => {
      running = false;
      await Promise.all([...pendingOpens]);
      for (const r of held) r.socket.destroy();
    },
  };
}

/** Open the page's socket and make one call on it: 'ok', or why not. */
async function pageCall(): Promise<string> {
  let ws: WebSocket | undefined;
  try {
    ws = await pageSocket(s);
    const r = await call(ws, { id: 1, method: 'runs.list', args: {} }, 1);
    return r.envelope.ok ? 'ok' : r.envelope.error.code;
  } catch (e) {
    return (e as Error).message;
  } finally {
    ws?.close();
  }
}

describe('sockets that never send a token', () => {
  it("never take the page socket's place: 30 page sockets all connect while 100 are held", async () => {
    const attacker = squat(100);
    try {
      // Let the attacker fill whatever it can.
      await new Promise((r) => setTimeout(r, 500));
      const outcomes: string[] = [];
      for (let i = 0; i < 30; i++) outcomes.push(await pageCall());
      const refused = outcomes.filter((o) => o !== 'ok');
      expect(refused).toEqual([]);
      // The waiting pool stayed small: at most MAX_PENDING_SOCKETS of the attacker's are open.
      expect(attacker.open()).toBeLessThanOrEqual(MAX_PENDING_SOCKETS);
      // A script that signs in by its first message also gets through (the oldest waiting socket gives way).
      const script = await authedSocket(s);
      expect((await call(script, { id: 2, method: 'games.list', args: {} }, 2)).envelope.ok).toBe(true);
      script.close();
    } finally {
      await attacker.stop();
    }
    expect(s.alive()).toBe(true);
    expect(dbState(s.dbPath)).toEqual(before);
  });

  it(`are closed with 4401 after the short deadline (${AUTH_TIMEOUT_MS / 1000} s), not the old 10 s`, async () => {
    expect(AUTH_TIMEOUT_MS).toBeLessThanOrEqual(2000);
    const t0 = Date.now();
    const raw = await rawSocket(s);
    await raw.closed;
    const waited = Date.now() - t0;
    expect(raw.closeCode()).toBe(4401);
    // Generous bound: the deadline plus the close's own second and a loaded machine's slack.
    expect(waited).toBeLessThan(AUTH_TIMEOUT_MS + 3000);
  });
});

describe('idle connections', () => {
  /** A raw TCP connection that sends nothing; resolves when it is connected. */
  const silent = (): Promise<{ socket: Socket; closed: () => boolean }> =>
    new Promise((resolve) => {
      let closed = false;
      const socket = connect(s.port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.once('close', () => (closed = true));
      socket.once('connect', () => resolve({ socket, closed: () => closed }));
    });

  it('600 silent TCP connections neither reach the descriptor limit nor stop the page; each is closed', async () => {
    const conns: { socket: Socket; closed: () => boolean }[] = [];
    try {
      for (let i = 0; i < 600; i++) conns.push(await silent());
      // The server keeps at most MAX_IDLE_CONNECTIONS of them: the oldest are closed first.
      await waitFor(
        () => conns.filter((c) => !c.closed()).length <= MAX_IDLE_CONNECTIONS,
        'the oldest idle connections to be closed',
      );
      expect(conns[0]!.closed()).toBe(true);
      // Under the 512-descriptor limit, the page's socket and an HTTP call still work.
      expect(await pageCall()).toBe('ok');
      expect(await stillAnswers(s)).toBe(true);
      const res = await fetch(`${s.base}/?token=${s.token}`);
      expect(res.status).toBe(200);
      // And every silent one is closed once idle for IDLE_CONNECTION_MS (plus the sweep's second).
      await waitFor(
        () => conns.every((c) => c.closed()),
        'every idle connection to be closed',
        IDLE_CONNECTION_MS + 5000,
      );
    } finally {
      for (const c of conns) c.socket.destroy();
    }
    expect(s.alive()).toBe(true);
  });

  it('a kept-alive HTTP connection is closed after its reply once idle', async () => {
    const socket = connect(s.port, '127.0.0.1');
    socket.on('error', () => undefined);
    let closed = false;
    let reply = '';
    socket.on('data', (d: Buffer) => (reply += d.toString()));
    socket.once('close', () => (closed = true));
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `GET /?token=${s.token} HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nConnection: keep-alive\r\n\r\n`,
    );
    await waitFor(() => reply.startsWith('HTTP/1.1 200'), 'the page');
    await waitFor(() => closed, 'the idle kept-alive connection to be closed', IDLE_CONNECTION_MS + 5000);
  });
});
