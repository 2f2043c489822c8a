/**
 * Issue 21, item 10: duplicate JSON keys were read last-wins, so
 * `{"method":"presets.save","method":"runs.delete",…}` ran runs.delete; and import accepted a
 * pack with a BOM while verify rejected it. Now a key twice in one object is refused, naming
 * it, in socket frames, HTTP bodies and packs (import and verify alike); and both import and
 * verify skip one leading BOM (docs/data.md, "The local server's limits").
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findDuplicateKey, parseJsonStrict } from '../../src-shared/strict-json';
import { cli } from '../helpers/cli';
import { tempDir } from '../helpers/temp';
import {
  apiPost,
  authedSocket,
  call,
  dbState,
  seedRun,
  startChildStudio,
  type ChildStudio,
  type DbState,
} from './harness';

let s: ChildStudio;
let runId: number;
let before: DbState;
let packText: string;
const t = tempDir('studio-dup-keys-');

beforeAll(async () => {
  s = await startChildStudio();
  runId = await seedRun(s);
  const exported = (await (await apiPost(s, 'packs.export', { runId, kind: 'automatic' })).json()) as {
    value: { text: string };
  };
  packText = exported.value.text;
  before = dbState(s.dbPath);
});
afterAll(async () => {
  await s?.stop();
  t.cleanup();
});
// The CLI (spawnSync) blocks this process past the server's keep-alive: let a pooled
// connection the server closed meanwhile be seen closed before the next fetch.
beforeEach(() => new Promise((r) => setTimeout(r, 200)));

describe('finding a duplicate key', () => {
  it('names the key and where its object is, after unescaping, and only within one object', () => {
    expect(findDuplicateKey('{"a":1,"a":2}')).toEqual({ key: 'a', at: '(root)' });
    expect(findDuplicateKey('{"levels":[{"x":1},{"x":1,"y":2,"x":3}]}')).toEqual({
      key: 'x',
      at: 'levels[1]',
    });
    expect(findDuplicateKey('{"method":1,"m\\u0065thod":2}')).toEqual({ key: 'method', at: '(root)' });
    // The same key in sibling or nested objects is not a duplicate; nor is one inside a string.
    expect(findDuplicateKey('{"a":{"a":1},"b":[{"a":1},{"a":2}],"c":"\\"a\\":1,\\"a\\":2"}')).toBeNull();
    expect(findDuplicateKey('{"k\\\\":1,"k":2}')).toBeNull();
    expect(findDuplicateKey('[1,2,{"z":[{}],"y":0}]')).toBeNull();
    const refused = parseJsonStrict('{"id":1,"method":"presets.save","method":"runs.delete"}');
    expect(refused).toMatchObject({
      ok: false,
      problem: 'has the key "method" twice in one object (at the top level); each key may appear only once',
    });
  });
});

describe('API frames with a key twice', () => {
  it('a socket frame with two methods runs neither, and the reply names the key', async () => {
    const ws = await authedSocket(s);
    const frame = `{"id":7,"method":"presets.save","method":"runs.delete","args":{"runId":${runId}}}`;
    const reply = await call(ws, frame, null);
    ws.close();
    expect(reply.envelope).toMatchObject({
      ok: false,
      error: {
        code: 'bad-argument',
        message: expect.stringMatching(/the message has the key "method" twice/),
      },
    });
    expect(dbState(s.dbPath)).toEqual(before);
  });

  it('an HTTP body with a key twice gets 400 naming it, and nothing runs', async () => {
    const res = await fetch(`${s.base}/api/runs.delete`, {
      method: 'POST',
      headers: { 'x-studio-token': s.token, 'content-type': 'application/json', origin: s.base },
      body: `{"runId":999999,"runId":${runId}}`,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/^request body has the key "runId" twice in one object/);
    expect(dbState(s.dbPath)).toEqual(before);
  });
});

describe('packs: import and verify agree', () => {
  const withDuplicate = (): string => packText.replace(/^\{/, '{\n  "seed": 999,');

  it('both refuse a pack with a key twice, naming it', async () => {
    const text = withDuplicate();
    expect(text).not.toBe(packText);
    const imported = (await (await apiPost(s, 'packs.import', { text })).json()) as {
      ok: boolean;
      error: { message: string };
    };
    expect(imported.ok).toBe(false);
    expect(imported.error.message).toMatch(
      /^the pack has the key "seed" twice in one object \(at the top level\)/,
    );
    const file = join(t.dir, 'dup.json');
    writeFileSync(file, text);
    const verified = cli('verify', file);
    expect(verified.status).toBe(1);
    expect(verified.stderr).toMatch(/the pack has the key "seed" twice in one object \(at the top level\)/);
    expect(dbState(s.dbPath)).toEqual(before);
  });

  it('both accept a pack that starts with a BOM', async () => {
    const text = '\uFEFF' + packText;
    const imported = (await (await apiPost(s, 'packs.import', { text })).json()) as { ok: boolean };
    expect(imported.ok).toBe(true);
    const file = join(t.dir, 'bom.json');
    writeFileSync(file, text);
    const verified = cli('verify', file);
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
    expect(verified.stdout).toMatch(/all verified/);
  });
});
