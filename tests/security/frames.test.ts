/**
 * Issue 9, item 3: one WebSocket frame or message used to end the server. Each malformed
 * frame is built by hand and sent over a raw TCP socket; each must close that socket only
 * (with the RFC's close code), and each bad message must get a well-formed error reply,
 * while the server process stays up, keeps answering, and the database does not change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../src-shared/transport-limits';
import {
  authedRawSocket,
  authedSocket,
  call,
  dbState,
  frame,
  rawSocket,
  stillAnswers,
  textFrame,
  type ChildStudio,
  type DbState,
  startSeededStudio,
} from './harness';

let s: ChildStudio;
let before: DbState;

beforeAll(async () => {
  ({ s, before } = await startSeededStudio());
  expect(before.integrity).toBe('ok');
  expect(before.counts['runs']).toBe(1);
  expect(before.counts['candidates']).toBeGreaterThan(0);
});
afterAll(async () => {
  await s?.stop();
});

async function unharmed(): Promise<void> {
  expect(s.alive()).toBe(true);
  expect(await stillAnswers(s)).toBe(true);
  expect(dbState(s.dbPath)).toEqual(before);
}

describe('malformed frames close that socket only', () => {
  const cases: [string, () => Buffer, number][] = [
    // 0xC3 0x28 is an invalid two-byte sequence; 0xFF never appears in UTF-8.
    [
      'invalid UTF-8 in a text frame',
      () => frame({ opcode: 1, payload: Buffer.from([0x7b, 0xc3, 0x28, 0xff, 0x7d]) }),
      1007,
    ],
    [
      'an unmasked client frame',
      () => frame({ opcode: 1, payload: Buffer.from('{"id":1,"method":"runs.list"}'), masked: false }),
      1002,
    ],
    [
      'RSV1 set without an agreed extension',
      () => frame({ opcode: 1, payload: Buffer.from('{}'), rsv1: true }),
      1002,
    ],
    ['reserved opcode 3', () => frame({ opcode: 3, payload: Buffer.from('x') }), 1002],
    [
      'a header claiming more than the cap',
      () => frame({ opcode: 1, claimedLength: MAX_MESSAGE_BYTES + 1, payload: Buffer.from('{"id":') }),
      1009,
    ],
    [
      'a 64-bit length far beyond the cap (2^53)',
      () => frame({ opcode: 2, claimedLength: 2 ** 53 - 1 }),
      1009,
    ],
  ];

  it.each(cases)('%s, after the token', async (_name, build, code) => {
    const raw = await authedRawSocket(s);
    const bystander = await authedSocket(s);
    raw.socket.write(build());
    await raw.closed;
    expect(raw.closeCode()).toBe(code);
    // Another client's socket is untouched.
    expect((await call(bystander, { id: 7, method: 'runs.list', args: {} }, 7)).envelope.ok).toBe(true);
    bystander.close();
    await unharmed();
  });

  it.each(cases)('%s, as the very first frame', async (_name, build, code) => {
    const raw = await rawSocket(s);
    raw.socket.write(build());
    await raw.closed;
    expect(raw.closeCode()).toBe(code);
    await unharmed();
  });

  it('a frame over the cap sent in full is refused as it arrives, not buffered whole', async () => {
    const raw = await authedRawSocket(s);
    const big = frame({ opcode: 1, payload: Buffer.alloc(MAX_MESSAGE_BYTES + 1024, 0x20) });
    let sent = 0;
    let open = true;
    void raw.closed.then(() => (open = false));
    while (open && sent < big.length) {
      const chunk = big.subarray(sent, sent + 256 * 1024);
      sent += chunk.length;
      if (!raw.socket.write(chunk))
        await Promise.race([new Promise((r) => raw.socket.once('drain', r)), raw.closed]);
    }
    await raw.closed;
    // Closed long before the 40 MiB arrived (socket buffers hold a few MiB at most).
    expect(sent).toBeLessThan(big.length / 2);
    await unharmed();
  });
});

describe('malformed messages get an error reply and the socket stays open', () => {
  const messages: [string, string, string][] = [
    ['the JSON null', 'null', 'bad-argument'],
    ['a JSON array', '[1,2]', 'bad-argument'],
    ['a JSON number', '42', 'bad-argument'],
    ['text that is not JSON', '{"id": 1, "method": ', 'bad-argument'],
    ['a method that is an object with toString', '{"method":{"toString":1}}', 'unknown-method'],
    [
      'a method that is an object with valueOf and toString',
      '{"id":3,"method":{"valueOf":1,"toString":null}}',
      'unknown-method',
    ],
    ['a method that is Object.prototype', '{"id":4,"method":"__proto__"}', 'unknown-method'],
    ['a method named constructor', '{"id":5,"method":"constructor"}', 'unknown-method'],
    ['a method name that is not in the table', '{"id":6,"method":"runs.drop"}', 'unknown-method'],
    ['an id that is an object', '{"id":{"toString":1},"method":"runs.list"}', 'bad-argument'],
    [
      'args that are null for a method needing them',
      '{"id":8,"method":"runs.get","args":null}',
      'bad-argument',
    ],
    [
      'args with a poisoned prototype',
      '{"id":9,"method":"runs.list","args":{"__proto__":{"game":"x"},"constructor":1}}',
      'bad-argument',
    ],
    [
      'an unknown field in the message',
      '{"id":10,"method":"runs.list","args":{},"admin":true}',
      'bad-argument',
    ],
  ];

  it.each(messages)('%s', async (_name, text, code) => {
    const ws = await authedSocket(s);
    const replies: { id: unknown; envelope: { ok: boolean; error?: { code: string; message: string } } }[] =
      [];
    ws.on('message', (d) => replies.push(JSON.parse(String(d))));
    ws.send(text);
    await new Promise<void>((r) => {
      const t = setInterval(() => {
        if (replies.length) {
          clearInterval(t);
          r();
        }
      }, 5);
    });
    expect(replies[0]!.envelope.ok).toBe(false);
    expect(replies[0]!.envelope.error!.code).toBe(code);
    expect(replies[0]!.envelope.error!.message).toMatch(/\w+ \w+/);
    // The same socket still works.
    expect((await call(ws, { id: 'after', method: 'games.list', args: {} }, 'after')).envelope.ok).toBe(true);
    ws.close();
    await unharmed();
  });

  it('a binary frame gets an error reply, not a crash', async () => {
    const raw = await authedRawSocket(s);
    raw.socket.write(frame({ opcode: 2, payload: Buffer.from('{"id":1,"method":"runs.list"}') }));
    raw.socket.write(textFrame('{"id":2,"method":"games.list","args":{}}'));
    await new Promise((r) => setTimeout(r, 300));
    const texts = raw
      .texts()
      .map((t) => JSON.parse(t) as { id?: unknown; envelope?: { ok: boolean; error?: { message: string } } });
    expect(texts.find((t) => t.id === null)?.envelope?.error?.message).toMatch(/JSON text, not binary/);
    expect(texts.find((t) => t.id === 2)?.envelope?.ok).toBe(true);
    raw.socket.destroy();
    await unharmed();
  });

  it('a message before the token, even the JSON null, closes that socket with 4401', async () => {
    for (const text of [
      'null',
      '{"method":{"toString":1}}',
      '{"id":1,"method":"runs.list","args":{}}',
      '{"auth":{"toString":1}}',
    ]) {
      const raw = await rawSocket(s);
      raw.socket.write(textFrame(text));
      await raw.closed;
      // The server closes with 4401 and then drops the TCP connection itself (no 30 s wait for our reply).
      expect(raw.closeCode()).toBe(4401);
      expect(raw.texts()).toEqual([]);
    }
    await unharmed();
  });
});
