/**
 * Issue 21, item 9: memory had no cap over HTTP. Socket counts were capped, HTTP connections
 * were not, and 160 simultaneous 39 MiB bodies with the token peaked at 3.85 GB RSS. Now the
 * bytes of all bodies held at once are capped (MAX_BODY_BYTES_IN_FLIGHT), and a body past the
 * cap gets 503 with a sentence; its share is given back when its reply is done. Small caps
 * here (1 MiB a body, 3 MiB in flight) so the test moves megabytes, not gigabytes.
 */
import { writeFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StudioServer } from '../../src-main/server/server';
import { MAX_BODY_BYTES_IN_FLIGHT, MAX_MESSAGE_BYTES } from '../../src-shared/transport-limits';
import { testService } from '../helpers/service';
import { tempDir } from '../helpers/temp';

const MiB = 1024 * 1024;
const BODY = Math.round(0.9 * MiB);
const HALF = Math.round(0.45 * MiB);
const OVER_HALF = Math.round(0.5 * MiB);
let ctx: ReturnType<typeof testService>;
let server: StudioServer;
const statics = tempDir('studio-static-body-');

beforeAll(async () => {
  ctx = testService(1);
  writeFileSync(join(statics.dir, 'index.html'), '<!doctype html><title>s</title>');
  server = await startServer({
    service: ctx.service,
    staticDir: statics.dir,
    limits: { maxBodyBytes: MiB, maxBodyBytesInFlight: 3 * MiB },
  });
});
afterAll(async () => {
  await server.close();
  await ctx.dispose();
  statics.cleanup();
});

interface Held {
  req: ClientRequest;
  reply: Promise<{ status: number; text: string }>;
}

/** A runs.list call whose body is `{}` and spaces, `bytes` long; sends `sendFirst` bytes and holds the rest. */
function holdBody(bytes: number, sendFirst: number, declare = true): Held {
  const body = Buffer.from('{}' + ' '.repeat(bytes - 2));
  const req = request({
    host: '127.0.0.1',
    port: server.port,
    method: 'POST',
    path: '/api/runs.list',
    headers: {
      'x-studio-token': server.token,
      origin: `http://127.0.0.1:${server.port}`,
      'content-type': 'application/json',
      ...(declare ? { 'content-length': String(bytes) } : {}),
    },
  });
  const reply = new Promise<{ status: number; text: string }>((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', (e) => resolve({ status: -1, text: e.message }));
  });
  req.write(body.subarray(0, sendFirst));
  (req as ClientRequest & { rest: Buffer }).rest = body.subarray(sendFirst);
  return { req, reply };
}

function finish(h: Held): Promise<{ status: number; text: string }> {
  h.req.end((h.req as ClientRequest & { rest: Buffer }).rest);
  return h.reply;
}

describe('bodies in flight', () => {
  it('the default cap holds a few full-size bodies, not hundreds', () => {
    expect(MAX_BODY_BYTES_IN_FLIGHT).toBeGreaterThanOrEqual(MAX_MESSAGE_BYTES);
    expect(MAX_BODY_BYTES_IN_FLIGHT).toBeLessThanOrEqual(8 * MAX_MESSAGE_BYTES);
  });

  it('past the total, a body gets 503 with a sentence; the held ones are answered, and the share comes back', async () => {
    // Three bodies of 0.9 MiB each, half sent and held: 2.7 MiB of the 3 MiB.
    const held = [0, 1, 2].map(() => holdBody(BODY, HALF));
    await new Promise((r) => setTimeout(r, 300));
    // A fourth declares 0.9 MiB: over the total, refused at once (before its body is read).
    const fourth = holdBody(BODY, 1000);
    const refused = await fourth.reply;
    expect(refused.status).toBe(503);
    expect(refused.text).toMatch(/^Busy: the studio is already receiving 3 MiB of request bodies at once/);
    fourth.req.destroy();
    // One without a declared length takes its share as it arrives: past the total, 503 too.
    const chunked = holdBody(BODY, OVER_HALF, false);
    expect((await chunked.reply).status).toBe(503);
    chunked.req.destroy();
    // The held ones finish normally.
    for (const h of held) expect((await finish(h)).status).toBe(200);
    // Their share is back: a new full body is answered.
    await new Promise((r) => setTimeout(r, 100));
    const after = holdBody(BODY, BODY);
    expect((await finish(after)).status).toBe(200);
  });

  it('a body cut off by its client gives its share back', async () => {
    const gone = [0, 1, 2].map(() => holdBody(BODY, 1000));
    await new Promise((r) => setTimeout(r, 300));
    for (const g of gone) g.req.destroy();
    await new Promise((r) => setTimeout(r, 300));
    const next = [0, 1, 2].map(() => holdBody(BODY, BODY));
    for (const h of next) expect((await finish(h)).status).toBe(200);
  });
});
