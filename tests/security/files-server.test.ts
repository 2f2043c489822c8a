/**
 * Issue 9, files and import: every attack replayed against the real local server (HTTP API,
 * the same dispatch the socket uses), asserting each is refused with a sentence while the
 * server keeps answering and the database stays whole with the same row counts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMethods, type RunSummary } from '../../src-shared/api';
import { IMPORT_LIMITS } from '../../src-shared/pack/import-limits';
import { MAX_MESSAGE_BYTES } from '../../src-shared/transport-limits';
import { startServer, type StudioServer } from '../../src-main/server/server';
import { testService } from '../helpers/service';
import { tempDir } from '../helpers/temp';
import { apsisPackText, carillonPackText, dbState, type DbState } from './files-fixtures';
import { authedSocket } from './harness';

let ctx: ReturnType<typeof testService>;
let server: StudioServer;
let base: string;
let run: RunSummary;
const statics = tempDir('studio-sec-files-static-');
const scratch = tempDir('studio-sec-files-');

interface Envelope {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string; fields?: { field: string; message: string }[] };
}

async function post(
  method: string,
  args: unknown,
): Promise<{ status: number; body: Envelope | null; text: string }> {
  const res = await fetch(`${base}/api/${method}`, {
    method: 'POST',
    headers: { 'x-studio-token': server.token, 'content-type': 'application/json', origin: base },
    body: typeof args === 'string' ? args : JSON.stringify(args),
  });
  const text = await res.text();
  let body: Envelope | null;
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    body = null;
  }
  return { status: res.status, body, text };
}

async function stillAnswers(): Promise<boolean> {
  const r = await post('games.list', {});
  return r.status === 200 && r.body?.ok === true;
}

/** The state every refused attack must leave behind. */
let baseline: DbState;
async function expectUnchanged(): Promise<void> {
  expect(await stillAnswers()).toBe(true);
  expect(dbState(ctx.dbPath)).toEqual(baseline);
}

beforeAll(async () => {
  // The default limits, except a longer time budget: the machine is shared, and proving
  // hundreds of hostile levels can take minutes on it (the budget has its own test).
  ctx = testService(1, { importLimits: { ...IMPORT_LIMITS, timeBudgetMs: 600_000 } });
  writeFileSync(join(statics.dir, 'index.html'), '<!doctype html><title>studio</title>');
  server = await startServer({ service: ctx.service, staticDir: statics.dir });
  base = `http://127.0.0.1:${server.port}`;
  const created = await post('runs.create', { game: 'carillon', seed: 7, levels: 3 });
  run = created.body!.value as RunSummary;
  await ctx.service.engine.waitFor(run.id);
  baseline = dbState(ctx.dbPath);
  expect(baseline.integrity).toBe('ok');
});
afterAll(async () => {
  await server?.close();
  await ctx?.dispose();
  statics.cleanup();
  scratch.cleanup();
});

describe('no API method takes a filesystem path', () => {
  it('no argument schema has a path-like field', () => {
    const keys = new Set<string>();
    const walk = (schema: unknown, depth = 0): void => {
      if (depth > 6 || typeof schema !== 'object' || schema === null) return;
      const def = (schema as { def?: Record<string, unknown> }).def;
      const shape = (schema as { shape?: Record<string, unknown> }).shape;
      if (shape && typeof shape === 'object')
        for (const [k, v] of Object.entries(shape)) {
          keys.add(k);
          walk(v, depth + 1);
        }
      if (def) for (const k of ['innerType', 'in', 'out', 'element', 'schema']) walk(def[k], depth + 1);
    };
    for (const spec of Object.values(apiMethods)) walk(spec.args);
    expect(keys.size).toBeGreaterThan(10); // the walk reaches the fields
    // (`dir` is a sort direction, asc or desc.)
    expect([...keys].filter((k) => /path|file|folder|director|^out$|dest|target/i.test(k))).toEqual([]);
  });

  it('a traversal export is refused naming the unknown key, and creates nothing', async () => {
    const traversal = '../../../../elsewhere-studio-sec/deep/x.json';
    const r = await post('packs.export', { runId: run.id, kind: 'automatic', path: traversal });
    expect(r.status).toBe(400);
    expect(r.body?.error?.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'path', message: expect.stringMatching(/unknown field/) }),
      ]),
    );
    expect(existsSync(resolve(process.cwd(), traversal, '..', '..'))).toBe(false);
    expect(existsSync(resolve(dirname(ctx.dbPath), traversal, '..', '..'))).toBe(false);
    await expectUnchanged();
  });

  it('an absolute-path export cannot replace an existing file, nor the database', async () => {
    const victim = join(scratch.dir, 'victim.json');
    writeFileSync(victim, 'OLD CONTENT');
    for (const path of [victim, ctx.dbPath, `${ctx.dbPath}-wal`]) {
      for (const layout of ['file', 'per-level']) {
        const r = await post('packs.export', { runId: run.id, kind: 'automatic', layout, path });
        expect(r.status).toBe(400);
        expect(r.body?.error?.message).toMatch(/path: unknown field/);
      }
    }
    expect(readFileSync(victim, 'utf8')).toBe('OLD CONTENT');
    await expectUnchanged();
    // Without a path the export builds the pack and writes nothing.
    const ok = await post('packs.export', { runId: run.id, kind: 'automatic', layout: 'per-level' });
    expect(ok.status).toBe(200);
    expect(ok.body?.value).toMatchObject({ layout: 'per-level', fileName: `carillon-seed7-run${run.id}` });
    expect(existsSync(join(dirname(ctx.dbPath), 'exports'))).toBe(false);
  });

  it('app.info discloses no absolute path', async () => {
    const r = await post('app.info', {});
    expect(r.status).toBe(200);
    expect(r.text).not.toContain(dirname(ctx.dbPath));
    expect(r.body?.value).not.toHaveProperty('dbPath');
    expect(r.text).not.toMatch(/"\/(tmp|home|root|work|etc)\//);
  });

  it('an import naming a file is refused by the key, reading nothing', async () => {
    const hostname = readFileSync('/etc/hostname', 'utf8').trim();
    for (const path of ['/etc/hostname', '/etc/passwd', '/dev/zero', '/nonexistent/x.json', '/etc']) {
      const r = await post('packs.import', { path });
      expect(r.status).toBe(400);
      expect(r.body?.error?.fields).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'path' })]),
      );
      if (hostname.length >= 4) expect(r.text).not.toContain(hostname);
      expect(r.text).not.toMatch(/root:|ENOENT|EISDIR/);
    }
    await expectUnchanged();
  });
});

describe('pack text that is not a pack', () => {
  it('the text of /etc/passwd or /etc/hostname gets a sentence that quotes none of it', async () => {
    for (const file of ['/etc/passwd', '/etc/hostname']) {
      const text = readFileSync(file, 'utf8');
      const r = await post('packs.import', { text });
      expect(r.status).toBe(400);
      expect(r.body?.error?.message).toBe(
        'the text is not a level pack: a pack is a JSON object, and this text does not start with "{"',
      );
      for (const line of text.split('\n').filter((l) => l.trim().length >= 4))
        expect(r.text).not.toContain(line.trim().slice(0, 12));
    }
    // JSON-looking garbage: still no echo of its content.
    const secret = 'root:*:20211:0:99999:7:::';
    for (const text of [`{"format": "${secret}"}`, `{"${secret}": 1`, `{"a": "${secret}" x}`]) {
      const r = await post('packs.import', { text });
      expect(r.status).toBe(400);
      expect(r.body?.error?.message).toMatch(/^the (text is not a level pack|pack is not valid JSON)/);
      expect(r.text).not.toContain('root:');
    }
    await expectUnchanged();
  });

  it('a megabyte of NUL bytes (what /dev/zero gives) and deep nesting are refused with a sentence', async () => {
    const zeros = await post('packs.import', { text: '\0'.repeat(1024 * 1024) });
    expect(zeros.body?.error?.message).toMatch(/^the text is not a level pack/);
    const deep = await post('packs.import', {
      text: `{"format":"carillon-pack","levels":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
    });
    expect(deep.status).toBe(400);
    expect(deep.body?.error?.message).toMatch(/^the pack (does not match|is too large or too deeply nested)/);
    expect(deep.text).not.toMatch(/Maximum call stack/);
    await expectUnchanged();
  });

  it('a 60 MB pack is refused with a clear reply and the server stays up', async () => {
    const text = carillonPackText(1, 10).replace(
      '"levels":',
      `"padding":"${'x'.repeat(60 * 1024 * 1024)}","levels":`,
    );
    // As the renderer sends it, one socket message: the server closes that socket (1009,
    // message too big) and nothing else.
    const ws = await authedSocket({ port: server.port, token: server.token, base });
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.on('error', () => undefined);
    ws.send(JSON.stringify({ id: 1, method: 'packs.import', args: { text } }));
    expect(await closed).toBe(1009);
    // (Over HTTP the server's body cap answers 413: tests/security/access.test.ts.)
    await expectUnchanged();
  });

  it('the import byte cap leaves room under the server message cap for a pack escaped in a call', () => {
    const pack = carillonPackText(120, 40);
    const escaped = Buffer.byteLength(
      JSON.stringify({ id: 1, method: 'packs.import', args: { text: pack, name: 'x'.repeat(120) } }),
    );
    expect(IMPORT_LIMITS.maxBytes * (escaped / Buffer.byteLength(pack))).toBeLessThan(MAX_MESSAGE_BYTES);
  });

  it('a pack just over the byte cap is refused by the import, naming both sizes', async () => {
    const text = carillonPackText(1, 10).replace(
      '"levels":',
      `"padding":"${'x'.repeat(IMPORT_LIMITS.maxBytes)}","levels":`,
    );
    const r = await post('packs.import', { text });
    expect(r.status).toBe(400);
    expect(r.body?.error?.message).toBe(
      `the pack is ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB; a pack may be at most 32.0 MB`,
    );
    await expectUnchanged();
  });
});

describe('packs too big to prove are refused before any proof, off the main thread', () => {
  /** Start an import, and count how many other requests answer before it does. */
  async function whileImporting(
    text: string,
    importId?: string,
  ): Promise<{ reply: Awaited<ReturnType<typeof post>>; answeredBefore: number }> {
    let done = false;
    const importing = post('packs.import', { text, ...(importId ? { importId } : {}) }).then(
      (r) => ((done = true), r),
    );
    let answeredBefore = 0;
    for (let i = 0; i < 5; i++) {
      const r = await post(i % 2 ? 'runs.list' : 'games.list', {});
      expect(r.status).toBe(200);
      if (!done) answeredBefore += 1;
    }
    return { reply: await importing, answeredBefore };
  }

  it('an Apsis level with 10,000 arrows is refused by name while other requests answer', async () => {
    const { reply, answeredBefore } = await whileImporting(apsisPackText(1, 10_000));
    expect(reply.status).toBe(400);
    expect(reply.body?.error?.message).toMatch(/^the pack has levels larger than the studio checks/);
    expect(reply.body?.error?.fields).toEqual([
      { field: 'level 1: arrows', message: '10,000 arrows; a level may have at most 200' },
    ]);
    expect(answeredBefore).toBeGreaterThan(0);
    await expectUnchanged();
  });

  it('a Carillon level with 10,000 dots gets a clear refusal, not a stack overflow', async () => {
    const { reply, answeredBefore } = await whileImporting(carillonPackText(1, 10_000));
    expect(reply.status).toBe(400);
    expect(reply.body?.error?.fields).toEqual([
      { field: 'level 1: dots', message: '10,000 dots; a level may have at most 200' },
    ]);
    expect(reply.text).not.toMatch(/Maximum call stack/);
    expect(answeredBefore).toBeGreaterThan(0);
    await expectUnchanged();
  });

  it('more levels than a pack may have are refused before any proof', async () => {
    const r = await post('packs.import', { text: carillonPackText(IMPORT_LIMITS.maxLevels + 1, 1) });
    expect(r.body?.error?.message).toBe('the pack has 5,001 levels; a pack may have at most 5,000');
    await expectUnchanged();
  });

  // The pack was 1,000 levels × 40 dots; its proof (the game's verifyPack, whose
  // near-duplicate pass grows with the square of the level count) takes minutes here, so this
  // replays 250 such levels: tens of thousands of problems all the same.
  it(
    '250 levels × 40 dots: proved in the worker while the API answers, at most 50 problems listed plus a count',
    { timeout: 600_000 },
    async () => {
      const { reply, answeredBefore } = await whileImporting(carillonPackText(250, 40));
      expect(reply.status).toBe(400);
      const error = reply.body!.error!;
      expect(error.fields!.length).toBe(50);
      const m =
        /^the pack fails verification: ([\d,]+) problems; the first 50 are listed, ([\d,]+) more are not\n/.exec(
          error.message,
        );
      expect(m, error.message.slice(0, 200)).not.toBeNull();
      const total = Number(m![1]!.replace(/,/g, ''));
      expect(total).toBeGreaterThan(10_000);
      expect(Number(m![2]!.replace(/,/g, ''))).toBe(total - 50);
      expect(error.message.split('\n')).toHaveLength(51);
      expect(answeredBefore).toBe(5);
      await expectUnchanged();
    },
  );

  it('an import can be cancelled while it runs; nothing is stored', async () => {
    const importing = post('packs.import', { text: carillonPackText(250, 40, 2), importId: 'sec-cancel-1' });
    // Cancel once the import is known to the service (its worker is checking the pack).
    let cancelled = false;
    for (let i = 0; i < 200 && !cancelled; i++) {
      const c = await post('packs.cancelImport', { importId: 'sec-cancel-1' });
      expect(c.status).toBe(200);
      cancelled = (c.body?.value as { cancelled: boolean }).cancelled;
      if (!cancelled) await new Promise((r) => setTimeout(r, 25));
    }
    expect(cancelled).toBe(true);
    const reply = await importing;
    expect(reply.body?.error).toMatchObject({
      code: 'conflict',
      message: 'the import was cancelled; nothing was stored',
    });
    expect((await post('packs.cancelImport', { importId: 'sec-cancel-1' })).body?.value).toEqual({
      cancelled: false,
    });
    await expectUnchanged();
  });

  it('a good pack still imports after all that', async () => {
    const built = await post('packs.export', { runId: run.id, kind: 'automatic' });
    const r = await post('packs.import', {
      text: (built.body!.value as { text: string }).text,
      name: 'again.json',
    });
    expect(r.status).toBe(200);
    expect(r.body?.value).toMatchObject({ levels: 3, run: { status: 'imported', name: 'again.json' } });
    baseline = dbState(ctx.dbPath);
    expect(baseline.integrity).toBe('ok');
  });
});
