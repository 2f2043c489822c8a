/**
 * The real studio server for the security tests: `src-main/server/main.ts` in a child
 * process of its own (through tsx, so never a stale build), on a fresh database, with its
 * stdout/stderr kept. An attack that ends the process shows as `exitCode !== null`.
 * Also: the database's state (integrity check, row counts, a content hash) read from a
 * separate read-only connection, and raw WebSocket handshakes and frames built by hand.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { SOCKET_PROTOCOL, tokenProtocol } from '../../src-shared/socket-protocol';
import { tempDir } from '../helpers/temp';

const root = join(import.meta.dirname, '..', '..');

export interface ChildStudio {
  proc: ChildProcess;
  port: number;
  token: string;
  url: string;
  base: string;
  dbPath: string;
  stderr: () => string;
  alive: () => boolean;
  stop: () => Promise<void>;
}

/**
 * `dbPath` opens a database the caller owns (kept when the studio stops, so a test can start
 * another studio on it after a crash); by default a fresh one in a folder removed on stop.
 */
export async function startChildStudio(
  opts: { dbPath?: string; workers?: number; fdLimit?: number } = {},
): Promise<ChildStudio> {
  const t = opts.dbPath ? { dir: '', cleanup: () => undefined } : tempDir('studio-sec-');
  const dbPath = opts.dbPath ?? join(t.dir, 'studio.db');
  // `fdLimit`: the process's open-file limit (ulimit -n), so running out of descriptors can be
  // reached with hundreds of connections instead of tens of thousands.
  const [command, prefix] =
    opts.fdLimit === undefined
      ? [process.execPath, []]
      : ['/bin/sh', ['-c', `ulimit -n ${opts.fdLimit} && exec "$0" "$@"`, process.execPath]];
  const proc = spawn(
    command,
    [
      ...prefix,
      '--import',
      'tsx',
      join(root, 'src-main/server/main.ts'),
      '--port',
      '0',
      '--db',
      dbPath,
      '--workers',
      String(opts.workers ?? 1),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Studio running at (\S+)/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!);
      } else if (proc.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`the studio server exited at start: ${err}`));
      }
    }, 20);
  });
  const parsed = new URL(url);
  const port = Number(parsed.port);
  return {
    proc,
    port,
    token: parsed.searchParams.get('token')!,
    url,
    base: `http://127.0.0.1:${port}`,
    dbPath,
    stderr: () => err,
    alive: () => proc.exitCode === null && proc.signalCode === null,
    stop: async () => {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await exited;
      }
      t.cleanup();
    },
  };
}

/** Integrity, row counts of every table, and a hash of every row. */
export interface DbState {
  integrity: string;
  counts: Record<string, number>;
  hash: string;
}

export function dbState(dbPath: string): DbState {
  const watcher = dbWatcher(dbPath);
  try {
    return watcher.state();
  } finally {
    watcher.close();
  }
}

/** One read-only connection with its statements prepared once, for checking after every call. */
export function dbWatcher(dbPath: string): { state: () => DbState; close: () => void } {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  const tables = (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
  const perTable = tables.map((name) => {
    const q = `"${name.replace(/"/g, '""')}"`;
    // A liveness heartbeat may tick on its own; everything else must stay put.
    const cols = (db.prepare(`PRAGMA table_info(${q})`).all() as { name: string }[])
      .map((c) => c.name)
      .filter((c) => !/heartbeat|lease|seen_at/i.test(c));
    return {
      name,
      count: db.prepare(`SELECT count(*) AS n FROM ${q}`),
      rows: db
        .prepare(
          `SELECT ${cols.map((c) => `"${c}"`).join(', ')} FROM ${q} ORDER BY ${cols.map((_, i) => i + 1).join(', ')}`,
        )
        .raw(),
    };
  });
  const integrity = db.prepare('PRAGMA integrity_check').pluck();
  return {
    state: () =>
      db.transaction(() => {
        const counts: Record<string, number> = {};
        const h = createHash('sha256');
        for (const t of perTable) {
          counts[t.name] = (t.count.get() as { n: number }).n;
          for (const row of t.rows.all()) h.update(JSON.stringify(row));
        }
        return { integrity: String(integrity.get()), counts, hash: h.digest('hex') };
      })(),
    close: () => db.close(),
  };
}

// ---------- HTTP and WebSocket clients ----------

export function apiPost(
  s: { base: string; token: string },
  method: string,
  args: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${s.base}/api/${method}`, {
    method: 'POST',
    headers: { 'x-studio-token': s.token, 'content-type': 'application/json', origin: s.base, ...headers },
    body: JSON.stringify(args),
  });
}

/** A `ws` client that has sent the token and been accepted. */
export function authedSocket(s: { port: number; token: string; base: string }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, { origin: s.base });
    ws.on('open', () => ws.send(JSON.stringify({ auth: s.token })));
    ws.once('message', (d) =>
      JSON.parse(String(d)).auth === 'ok' ? resolve(ws) : reject(new Error(String(d))),
    );
    ws.on('error', reject);
    ws.on('unexpected-response', (_q, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

/** A socket opened the way the studio's page opens it: the token in the handshake's subprotocol. */
export function pageSocket(s: { port: number; token: string; base: string }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, [SOCKET_PROTOCOL, tokenProtocol(s.token)], {
      origin: s.base,
    });
    ws.on('open', () => resolve(ws));
    ws.on('error', reject);
    ws.on('unexpected-response', (_q, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

export interface Reply {
  id: unknown;
  envelope: { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
}

/** Sends one text message and waits for the reply with that id. */
export function call(ws: WebSocket, message: unknown, id: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const onMessage = (d: WebSocket.RawData): void => {
      const m = JSON.parse(String(d)) as Reply & { event?: string };
      if (m.event) return;
      if (m.id === id) {
        ws.off('message', onMessage);
        resolve(m);
      }
    };
    ws.on('message', onMessage);
    ws.once('close', (code) => reject(new Error(`socket closed (${code})`)));
    ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  });
}

/** The server still answers a fresh, authenticated socket. */
export async function stillAnswers(s: { port: number; token: string; base: string }): Promise<boolean> {
  const ws = await authedSocket(s);
  try {
    const r = await call(ws, { id: 'ping', method: 'games.list', args: {} }, 'ping');
    return r.envelope.ok;
  } finally {
    ws.close();
  }
}

// ---------- raw frames ----------

export interface FrameSpec {
  opcode: number;
  payload?: Buffer;
  fin?: boolean;
  rsv1?: boolean;
  masked?: boolean;
  /** Length written in the header, when it should lie about the payload. */
  claimedLength?: number;
}

/** One WebSocket frame, byte by byte (RFC 6455 section 5.2). */
export function frame(spec: FrameSpec): Buffer {
  const payload = spec.payload ?? Buffer.alloc(0);
  const masked = spec.masked ?? true;
  const length = spec.claimedLength ?? payload.length;
  const head: number[] = [((spec.fin ?? true) ? 0x80 : 0) | (spec.rsv1 ? 0x40 : 0) | (spec.opcode & 0x0f)];
  const maskBit = masked ? 0x80 : 0;
  let ext = Buffer.alloc(0);
  if (length < 126) head.push(maskBit | length);
  else if (length < 65536) {
    head.push(maskBit | 126);
    ext = Buffer.alloc(2);
    ext.writeUInt16BE(length);
  } else {
    head.push(maskBit | 127);
    ext = Buffer.alloc(8);
    ext.writeBigUInt64BE(BigInt(length));
  }
  if (!masked) return Buffer.concat([Buffer.from(head), ext, payload]);
  const key = randomBytes(4);
  const body = Buffer.from(payload.map((b, i) => b ^ key[i % 4]!));
  return Buffer.concat([Buffer.from(head), ext, key, body]);
}

export const textFrame = (text: string): Buffer => frame({ opcode: 1, payload: Buffer.from(text) });

export interface RawSocket {
  socket: Socket;
  /** Every byte the server sent after the handshake. */
  received: () => Buffer;
  /** Resolves when the server has closed the TCP connection. */
  closed: Promise<void>;
  /** The status code of the server's close frame, if it sent one. */
  closeCode: () => number | null;
  /** Text messages the server sent. */
  texts: () => string[];
}

/** A WebSocket handshake over a plain TCP socket; resolves after the server's 101 reply. */
export function rawSocket(
  s: { port: number; base: string },
  opts: { origin?: string | null; headers?: Record<string, string>; path?: string } = {},
): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect(s.port, '127.0.0.1');
    let buf = Buffer.alloc(0);
    let upgraded = false;
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.on('error', () => undefined);
    socket.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (upgraded) return;
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buf.subarray(0, end).toString();
      buf = buf.subarray(end + 4);
      if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(head.split('\r\n')[0]));
      upgraded = true;
      resolve({
        socket,
        received: () => buf,
        closed,
        closeCode: () => parseFrames(buf).closeCode,
        texts: () => parseFrames(buf).texts,
      });
    });
    socket.once('close', () => {
      if (!upgraded) reject(new Error(`closed before the upgrade: ${buf.toString().split('\r\n')[0]}`));
    });
    const origin = opts.origin === undefined ? s.base : opts.origin;
    const lines = [
      `GET ${opts.path ?? '/ws'} HTTP/1.1`,
      `Host: 127.0.0.1:${s.port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      ...(origin === null ? [] : [`Origin: ${origin}`]),
      ...Object.entries(opts.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(lines.join('\r\n') + '\r\n\r\n');
  });
}

/** The server's frames (unmasked): text payloads, every opcode, and the close frame's code. */
export function parseFrames(buf: Buffer): { texts: string[]; opcodes: number[]; closeCode: number | null } {
  const texts: string[] = [];
  const opcodes: number[] = [];
  let closeCode: number | null = null;
  let at = 0;
  while (at + 2 <= buf.length) {
    const opcode = buf[at]! & 0x0f;
    let len = buf[at + 1]! & 0x7f;
    let p = at + 2;
    if (len === 126) {
      if (p + 2 > buf.length) break;
      len = buf.readUInt16BE(p);
      p += 2;
    } else if (len === 127) {
      if (p + 8 > buf.length) break;
      len = Number(buf.readBigUInt64BE(p));
      p += 8;
    }
    if (p + len > buf.length) break;
    const payload = buf.subarray(p, p + len);
    opcodes.push(opcode);
    if (opcode === 1) texts.push(payload.toString());
    if (opcode === 8 && len >= 2) closeCode = payload.readUInt16BE(0);
    at = p + len;
  }
  return { texts, opcodes, closeCode };
}

/** A raw socket that has sent the token and been accepted. */
export async function authedRawSocket(s: { port: number; base: string; token: string }): Promise<RawSocket> {
  const raw = await rawSocket(s);
  raw.socket.write(textFrame(JSON.stringify({ auth: s.token })));
  await waitFor(() => raw.texts().includes('{"auth":"ok"}'), 'the server to accept the token');
  return raw;
}

export async function waitFor(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Same length as the token, every character wrong; and the token with one character changed. */
export function wrongTokens(token: string): { zeros: string; oneOff: string } {
  const last = token.at(-1)!;
  return { zeros: '0'.repeat(token.length), oneOff: token.slice(0, -1) + (last === 'a' ? 'b' : 'a') };
}

/** A small finished run, so "the database is unchanged" has rows to keep. */
export async function seedRun(s: ChildStudio, game: 'carillon' | 'apsis' = 'carillon'): Promise<number> {
  const created = (await (await apiPost(s, 'runs.create', { game, seed: 11, levels: 1 })).json()) as {
    ok: boolean;
    value: { id: number };
  };
  if (!created.ok) throw new Error(`seed run refused: ${JSON.stringify(created)}`);
  const runId = created.value.id;
  await waitForAsync(
    async () => {
      const r = (await (await apiPost(s, 'runs.get', { runId })).json()) as { value: { status: string } };
      if (r.value.status === 'failed') throw new Error('the seed run failed');
      return r.value.status === 'done';
    },
    'the seed run to finish',
    120_000,
  );
  return runId;
}

/** A child studio holding one small finished run, and the database's state then (what every attack must leave). */
export async function startSeededStudio(): Promise<{ s: ChildStudio; before: DbState }> {
  const s = await startChildStudio();
  await seedRun(s);
  return { s, before: dbState(s.dbPath) };
}

export async function waitForAsync(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
