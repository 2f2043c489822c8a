/**
 * The renderer's socket client against a stand-in WebSocket: the token goes in the handshake
 * (a subprotocol), calls wait for the socket to open, a call over the message cap is refused before sending (the
 * socket and other calls survive), and the server's close codes become sentences.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWsClient } from '../../src-renderer/src/lib/ws-client';
import { SOCKET_PROTOCOL, tokenProtocol } from '../../src-shared/socket-protocol';
import { MAX_MESSAGE_BYTES } from '../../src-shared/transport-limits';

class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols?: string[],
  ) {
    FakeSocket.last = this;
  }
  send(text: string): void {
    this.sent.push(text);
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: unknown): void {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
  close(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const tick = () => new Promise((r) => setTimeout(r, 0));
let saved: unknown;
beforeEach(() => {
  saved = (globalThis as { WebSocket?: unknown }).WebSocket;
  (globalThis as { WebSocket?: unknown }).WebSocket = FakeSocket;
  FakeSocket.last = null;
});
afterEach(() => {
  (globalThis as { WebSocket?: unknown }).WebSocket = saved;
});

describe('ws-client', () => {
  it('brings the token in the handshake and holds calls until the socket opens', async () => {
    const client = createWsClient('ws://127.0.0.1:1/ws', 'tok');
    const reply = client.call('runs.list', {});
    await tick();
    const ws = FakeSocket.last!;
    expect(ws.url).toBe('ws://127.0.0.1:1/ws');
    expect(ws.protocols).toEqual([SOCKET_PROTOCOL, tokenProtocol('tok')]);
    expect(ws.sent).toEqual([]);
    ws.open();
    await tick();
    expect(ws.sent).toHaveLength(1);
    const call = JSON.parse(ws.sent[0]!) as { id: number; method: string };
    expect(call.method).toBe('runs.list');
    ws.receive({ id: call.id, envelope: { ok: true, value: [] } });
    expect(await reply).toEqual([]);
  });

  it('refuses a call over the message cap before sending it, and the socket carries on', async () => {
    const client = createWsClient('ws://127.0.0.1:1/ws', 'tok');
    const first = client.call('games.list', {});
    await tick();
    const ws = FakeSocket.last!;
    ws.open();
    await tick();
    ws.receive({ id: JSON.parse(ws.sent[0]!).id, envelope: { ok: true, value: [] } });
    await first;
    const huge = 'x'.repeat(MAX_MESSAGE_BYTES);
    await expect(client.call('packs.import', { text: huge })).rejects.toThrow(
      /over the 40 MiB the studio server accepts/,
    );
    expect(ws.sent).toHaveLength(1);
    // Multi-byte text is counted in bytes, not characters.
    await expect(
      client.call('packs.import', { text: 'é'.repeat(MAX_MESSAGE_BYTES / 2 + 10) }),
    ).rejects.toThrow(/MiB/);
    const next = client.call('runs.list', {});
    await tick();
    expect(ws.sent).toHaveLength(2);
    ws.receive({ id: JSON.parse(ws.sent[1]!).id, envelope: { ok: true, value: [] } });
    expect(await next).toEqual([]);
  });

  it('turns a refused token into a sentence', async () => {
    const client = createWsClient('ws://127.0.0.1:1/ws', 'wrong');
    const reply = client.call('runs.list', {});
    await tick();
    FakeSocket.last!.close(4403);
    await expect(reply).rejects.toThrow(/refused the access token/);
    // Refused in the handshake (403): the socket never opens, and the sentence names the token.
    const again = client.call('runs.list', {});
    await tick();
    FakeSocket.last!.onerror?.();
    await expect(again).rejects.toThrow(/is the token in the URL right/);
  });

  it('says why when the server closes for a too-big message', async () => {
    const client = createWsClient('ws://127.0.0.1:1/ws', 'tok');
    const first = client.call('runs.list', {});
    await tick();
    const ws = FakeSocket.last!;
    ws.open();
    await tick();
    ws.close(1009);
    await expect(first).rejects.toThrow(/over the 40 MiB/);
  });
});
