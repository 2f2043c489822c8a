/**
 * Issue 9's bounded fuzz: random calls to every API method (the list comes from
 * src-shared/api.ts), random messages and random raw frames, against the real server in a
 * child process. It passes when the server never exits, every reply is a well-formed result
 * or error, and no row changes on an error. Seeded like every property (tests/setup).
 *
 * Arguments are random but aimed: each method gets its own keys with values near the valid
 * ones (the seeded run's ids, the enums' words), so many calls succeed and may change rows.
 * Two constraints keep the run bounded and the check exact: `runs.create` always carries one
 * invalid field (a new run would change rows in the background for seconds), and
 * `runs.delete` never names the seeded run. No `path` key is ever sent (files are not this
 * test's subject, and a random path must never be written).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiMethodNames, apiMethods } from '../../src-shared/api';
import { fcRuns } from '../helpers/fast-check';
import {
  authedRawSocket,
  authedSocket,
  dbState,
  dbWatcher,
  frame,
  seedRun,
  startChildStudio,
  stillAnswers,
  textFrame,
  waitFor,
  type ChildStudio,
  type DbState,
} from './harness';

let s: ChildStudio;
let runId: number;
let candidates: number;

beforeAll(async () => {
  s = await startChildStudio();
  runId = await seedRun(s);
  candidates = dbState(s.dbPath).counts['candidates']!;
});
afterAll(async () => {
  await s?.stop();
});

const words = [
  'carillon',
  'apsis',
  'approved',
  'rejected',
  'none',
  'automatic',
  'add',
  'remove',
  'set',
  'file',
  'per-level',
  'asc',
  'desc',
  'any',
  'done',
  'queued',
  'difficulty',
  '',
];

/** A value near what some field accepts, or anything JSON can carry. */
const value = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(0, 1, 2, 3, 5, -1, 2 ** 31, 1.5, 1e308) },
    { weight: 2, arbitrary: fc.integer({ min: -10, max: 400 }) },
    { weight: 3, arbitrary: fc.constantFrom(...words) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.array(fc.integer({ min: -2, max: 60 }), { maxLength: 6 }) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom(...words), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.record(
        { metric: fc.constantFrom('difficulty', 'x', ''), min: fc.integer(), max: fc.integer() },
        { requiredKeys: [] },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.record(
        { key: fc.constantFrom('difficulty', 'id', 'nope'), dir: fc.constantFrom('asc', 'desc', 'up') },
        { requiredKeys: [] },
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(5000)) },
  );

function keysOf(method: string): string[] {
  // Names outside the table (the random ones) get a mix of every method's keys.
  if (!Object.hasOwn(apiMethods, method)) return [...new Set(apiMethodNames.flatMap((m) => keysOf(m)))];
  const shape =
    (apiMethods as unknown as Record<string, { args: { shape?: Record<string, unknown> } }>)[method]!.args
      .shape ?? {};
  return Object.keys(shape).filter((k) => k !== 'path');
}

const extraKey = fc
  .oneof(
    fc.constantFrom('__proto__', 'constructor', 'toString', 'poolsize', 'runid'),
    fc.string({ minLength: 1, maxLength: 8 }),
  )
  .filter((k) => k !== 'path');

/** `arb` once in `n` draws, else null. */
const rarely = <T>(arb: fc.Arbitrary<T>, n: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

/** A value a field of this name accepts, most of the time (the seeded run's ids, the enums' words). */
function aimedValue(key: string): fc.Arbitrary<unknown> {
  const ids = fc.integer({ min: 1, max: Math.max(1, candidates) });
  const valid: Record<string, fc.Arbitrary<unknown>> = {
    runId: fc.constant(runId),
    a: fc.constant(runId),
    b: fc.constant(runId),
    candidateId: ids,
    candidateIds: fc.array(ids, { minLength: 1, maxLength: 5 }),
    entryId: fc.integer({ min: 1, max: 20 }),
    verdict: fc.constantFrom('approved', 'rejected', 'none'),
    kind: fc.constantFrom('automatic', 'approved'),
    game: fc.constantFrom('carillon', 'apsis'),
    status: fc.constantFrom('queued', 'running', 'cancelled', 'interrupted', 'failed', 'done', 'imported'),
    mode: fc.constantFrom('add', 'remove', 'set'),
    layout: fc.constantFrom('file', 'per-level'),
    shipped: fc.constantFrom('automatic', 'approved', 'any'),
    tags: fc.array(fc.constantFrom('calm', 'hard', 'boss'), { maxLength: 3 }),
    tag: fc.constantFrom('calm', 'hard', 'boss'),
    note: fc.string({ maxLength: 40 }),
    name: fc.string({ maxLength: 40 }),
    limit: fc.integer({ min: 1, max: 50 }),
    offset: fc.integer({ min: 0, max: 5 }),
    slot: fc.integer({ min: 0, max: 3 }),
    withLevels: fc.boolean(),
    text: fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 3 })),
  };
  const aimed = valid[key];
  return aimed ? fc.oneof({ weight: 5, arbitrary: aimed }, { weight: 1, arbitrary: value() }) : value();
}

/** Arguments aimed at one method: its keys with mostly valid values, sometimes one left out, an extra key, or a non-object. */
function argsFor(method: string): fc.Arbitrary<unknown> {
  const keys = keysOf(method);
  const record = fc.record(Object.fromEntries(keys.map((k) => [k, aimedValue(k)]))) as fc.Arbitrary<
    Record<string, unknown>
  >;
  const dropped = keys.length ? rarely(fc.constantFrom(...keys), 4) : fc.constant(null);
  const withExtra = fc
    .tuple(record, dropped, rarely(fc.tuple(extraKey, value()), 8))
    .map(([r, drop, extra]) => {
      const out: Record<string, unknown> = { ...r };
      if (drop !== null) delete out[drop];
      if (extra)
        Object.defineProperty(out, extra[0], {
          value: extra[1],
          enumerable: true,
          configurable: true,
          writable: true,
        });
      return out;
    });
  const aimed = withExtra.map((a) => {
    if (method === 'runs.delete' && a['runId'] === runId) a['runId'] = runId + 1000;
    return a;
  });
  const constrained =
    method === 'runs.create'
      ? fc
          .tuple(
            aimed,
            fc.constantFrom<[string, unknown]>(
              ['seed', -1],
              ['seed', 'x'],
              ['levels', 0],
              ['game', 'chess'],
              ['bogus', 1],
              ['levels', 1.5],
            ),
          )
          .map(([a, [k, v]]) => ({ ...a, [k]: v }))
      : aimed;
  return fc.oneof(
    { weight: 12, arbitrary: constrained },
    { weight: 1, arbitrary: fc.constantFrom(null, [], 'x', 7, true) },
  );
}

const methodName = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...apiMethodNames) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '__proto__',
      'hasOwnProperty',
      'toString',
      'constructor',
      'RUNS.GET',
      'runs.get ',
      'runs',
      '',
      'packs.import\u0000',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

type Attempt =
  | { kind: 'call'; via: 'ws' | 'http'; method: string; args: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'binary'; bytes: Uint8Array }
  | { kind: 'odd-id'; id: unknown; method: string };

const attempt: fc.Arbitrary<Attempt> = fc.oneof(
  {
    weight: 14,
    arbitrary: methodName.chain((method) =>
      fc.record({
        kind: fc.constant('call' as const),
        via: fc.constantFrom('ws' as const, 'ws' as const, 'http' as const),
        method: fc.constant(method),
        args: argsFor(method),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('text' as const),
      text: fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.json({ maxDepth: 3 }),
        fc.constantFrom(
          'null',
          '[]',
          '{"method":{"toString":1}}',
          '{"method":"runs.list","args":{"__proto__":null}}',
        ),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('binary' as const), bytes: fc.uint8Array({ maxLength: 64 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('odd-id' as const),
      id: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant('x'.repeat(100))),
      method: fc.constantFrom(...apiMethodNames),
    }),
  },
);

const codes = ['bad-argument', 'unknown-method', 'not-found', 'conflict', 'internal'];

function checkEnvelope(envelope: unknown): { ok: boolean } {
  expect(envelope).toBeTypeOf('object');
  const e = envelope as {
    ok: unknown;
    value?: unknown;
    error?: { code: unknown; message: unknown; fields?: unknown };
  };
  if (e.ok === true) {
    expect('value' in e).toBe(true);
    return { ok: true };
  }
  expect(e.ok).toBe(false);
  expect(codes).toContain(e.error!.code);
  expect(typeof e.error!.message).toBe('string');
  expect((e.error!.message as string).length).toBeGreaterThan(0);
  // A sentence, not a stack trace.
  expect(e.error!.message).not.toMatch(/\n\s+at /);
  if (e.error!.fields !== undefined) {
    expect(Array.isArray(e.error!.fields)).toBe(true);
    for (const f of e.error!.fields as { field: unknown; message: unknown }[]) {
      expect(typeof f.field).toBe('string');
      expect(typeof f.message).toBe('string');
    }
  }
  return { ok: false };
}

describe('fuzz: random calls and messages against every API method', () => {
  it('never ends the server; every reply is a result or a well-formed error; no row changes on an error', async () => {
    let ws = await authedSocket(s);
    const db = dbWatcher(s.dbPath);
    let prev: DbState = db.state();
    expect(prev.integrity).toBe('ok');
    const perMethod = new Map<string, { ok: number; error: number }>();
    let nextId = 1;

    const nextReply = (socket: WebSocket): Promise<{ id: unknown; envelope: unknown }> =>
      new Promise((resolve, reject) => {
        const done = (): void => {
          clearTimeout(timer);
          socket.off('message', onMessage);
          socket.off('close', onClose);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error('no reply within 15 s'));
        }, 15_000);
        const onMessage = (d: WebSocket.RawData): void => {
          const m = JSON.parse(String(d)) as { id: unknown; envelope: unknown; event?: string };
          if (m.event) return;
          done();
          resolve(m);
        };
        const onClose = (code: number): void => {
          done();
          reject(new Error(`socket closed (${code})`));
        };
        socket.on('message', onMessage);
        socket.on('close', onClose);
      });

    await fc.assert(
      fc.asyncProperty(attempt, async (a) => {
        expect(s.alive()).toBe(true);
        if (ws.readyState !== WebSocket.OPEN) ws = await authedSocket(s);
        let ok: boolean;
        if (a.kind === 'call' && a.via === 'http') {
          const res = await fetch(`${s.base}/api/${encodeURIComponent(a.method)}`, {
            method: 'POST',
            headers: { 'x-studio-token': s.token, 'content-type': 'application/json', origin: s.base },
            body: JSON.stringify(a.args),
          });
          const envelope = (await res.json()) as { ok: boolean };
          ok = checkEnvelope(envelope).ok;
          expect(res.status === 200).toBe(ok);
        } else {
          const id = nextId++;
          const pending = nextReply(ws);
          if (a.kind === 'call') ws.send(JSON.stringify({ id, method: a.method, args: a.args }));
          else if (a.kind === 'text') ws.send(a.text);
          else if (a.kind === 'binary') ws.send(Buffer.from(a.bytes), { binary: true });
          else ws.send(JSON.stringify({ id: a.id, method: a.method, args: {} }));
          const reply = await pending;
          ok = checkEnvelope(reply.envelope).ok;
          if (a.kind === 'call') expect(reply.id).toBe(id);
        }
        if (a.kind === 'call') {
          const tally = perMethod.get(a.method) ?? { ok: 0, error: 0 };
          tally[ok ? 'ok' : 'error']++;
          perMethod.set(a.method, tally);
        }
        const now = db.state();
        expect(now.integrity).toBe('ok');
        if (!ok) expect(now).toEqual(prev);
        prev = now;
      }),
      // About 37 calls for each method of the table (55 with playtests'), so even the least drawn gets its 20.
      fcRuns(3000),
    );
    ws.close();
    db.close();

    // Every method of the table was tried many times, and the aimed arguments did reach real work.
    for (const m of apiMethodNames) {
      const t = perMethod.get(m) ?? { ok: 0, error: 0 };
      expect(t.ok + t.error, m).toBeGreaterThanOrEqual(20);
    }
    const successes = [...perMethod.values()].reduce((n, t) => n + t.ok, 0);
    expect(successes).toBeGreaterThan(100);
    expect(s.alive()).toBe(true);
    expect(await stillAnswers(s)).toBe(true);
  });

  it('random raw frames close at most their own socket', async () => {
    const rawFrame = fc.record({
      opcode: fc.oneof(fc.constantFrom(0, 1, 2, 8, 9, 10), fc.integer({ min: 0, max: 15 })),
      fin: fc.boolean(),
      rsv1: fc.boolean(),
      masked: fc.oneof(
        { weight: 4, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      payload: fc.oneof(
        fc.uint8Array({ maxLength: 200 }),
        fc.string({ maxLength: 100 }).map((t) => new TextEncoder().encode(t)),
      ),
      lie: rarely(fc.constantFrom(0, 1, 125, 126, 65535, 65536, 2 ** 32, 2 ** 53 - 1), 8),
    });
    await fc.assert(
      fc.asyncProperty(rawFrame, async (f) => {
        const raw = await authedRawSocket(s);
        raw.socket.write(
          frame({
            opcode: f.opcode,
            fin: f.fin,
            rsv1: f.rsv1,
            masked: f.masked,
            payload: Buffer.from(f.payload),
            ...(f.lie === null ? {} : { claimedLength: f.lie }),
          }),
        );
        // A probe after it: answered, or the socket closed, or the frame swallowed it.
        raw.socket.write(textFrame('{"id":"probe","method":"app.info","args":{}}'));
        let closed = false;
        void raw.closed.then(() => (closed = true));
        await waitFor(
          () => closed || raw.texts().some((t) => t.includes('"probe"')),
          'a reply or a close',
          300,
        ).catch(() => undefined);
        raw.socket.destroy();
        expect(s.alive()).toBe(true);
      }),
      fcRuns(300),
    );
    expect(await stillAnswers(s)).toBe(true);
    expect(dbState(s.dbPath).integrity).toBe('ok');
    expect(s.stderr()).not.toMatch(/Uncaught|TypeError|RangeError/);
  });
});
