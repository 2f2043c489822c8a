/**
 * Issue 9, Electron's pack files (src-main/electron/files.ts) under Node with a stubbed
 * dialog: main opens the open and save dialogs itself, a `path` from the renderer is refused
 * by name before any dialog opens, the chosen file is read capped and only if regular, and a
 * save never lands on the database.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IpcMainInvokeEvent } from 'electron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src-shared/api';
import {
  FILES_EXPORT_TO_CHOSEN,
  FILES_PICK_AND_IMPORT,
  registerFileHandlers,
} from '../../src-main/electron/files';
import { testService } from '../helpers/service';
import { tempDir } from '../helpers/temp';
import { dbState, type DbState } from './files-fixtures';

let ctx: ReturnType<typeof testService>;
let run: RunSummary;
const t = tempDir('studio-sec-electron-');
const handlers = new Map<string, (event: IpcMainInvokeEvent, args: unknown) => Promise<unknown>>();
/** What the stubbed dialogs answer next, and every dialog opened. */
let nextOpen: string | null = null;
let nextSave: string | null = null;
const opened: string[] = [];
const trusted = { sender: 'studio' } as unknown as IpcMainInvokeEvent;
const stranger = { sender: 'elsewhere' } as unknown as IpcMainInvokeEvent;
let baseline: DbState;

const invoke = (channel: string, args: unknown, event = trusted) => handlers.get(channel)!(event, args);

beforeAll(async () => {
  ctx = testService(1);
  registerFileHandlers({ handle: (channel, fn) => void handlers.set(channel, fn as never) }, ctx.service, {
    dialog: {
      showOpenDialog: (async () => (
        opened.push('open'),
        nextOpen === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [nextOpen] }
      )) as never,
      showSaveDialog: (async () => (
        opened.push('save'),
        nextSave === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: nextSave }
      )) as never,
    },
    window: () => null,
    defaultFolder: () => t.dir,
    isTrusted: (event) => (event as unknown as { sender: string }).sender === 'studio',
    maxBytes: 1024 * 1024,
  });
  const env = await ctx.service.dispatch('runs.create', { game: 'apsis', seed: 3, levels: 2 });
  run = (env as { value: RunSummary }).value;
  await ctx.service.engine.waitFor(run.id);
  baseline = dbState(ctx.dbPath);
});
afterAll(async () => {
  await ctx?.dispose();
  t.cleanup();
});

describe('Electron: the save dialog is main’s, never a renderer path', () => {
  it('refuses a path from the renderer by name, before any dialog', async () => {
    opened.length = 0;
    const r = await invoke(FILES_EXPORT_TO_CHOSEN, {
      runId: run.id,
      kind: 'automatic',
      path: join(t.dir, 'x.json'),
    });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'bad-argument', message: expect.stringMatching(/path: unknown field/) },
    });
    const p = await invoke(FILES_PICK_AND_IMPORT, { path: '/etc/hostname' });
    expect(p).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('unknown field(s): path') },
    });
    expect(opened).toEqual([]);
    expect(existsSync(join(t.dir, 'x.json'))).toBe(false);
  });

  it('refuses an untrusted sender', async () => {
    opened.length = 0;
    expect(
      await invoke(FILES_EXPORT_TO_CHOSEN, { runId: run.id, kind: 'automatic' }, stranger),
    ).toMatchObject({ ok: false });
    expect(await invoke(FILES_PICK_AND_IMPORT, {}, stranger)).toMatchObject({ ok: false });
    expect(opened).toEqual([]);
  });

  it('writes where the designer chose, one file or a folder; cancel writes nothing', async () => {
    nextSave = join(t.dir, 'chosen.json');
    const one = await invoke(FILES_EXPORT_TO_CHOSEN, { runId: run.id, kind: 'automatic' });
    expect(one).toMatchObject({ ok: true, value: { path: nextSave, fileCount: 1 } });
    expect(JSON.parse(readFileSync(nextSave, 'utf8')).format).toBe('apsis-pack');
    nextSave = join(t.dir, 'levels');
    const folder = await invoke(FILES_EXPORT_TO_CHOSEN, {
      runId: run.id,
      kind: 'automatic',
      layout: 'per-level',
    });
    expect(folder).toMatchObject({ ok: true, value: { path: nextSave, fileCount: 3 } });
    expect(readdirSync(nextSave).sort()).toEqual(['index.json', 'level-001.json', 'level-002.json']);
    nextSave = null;
    const before = readdirSync(t.dir).sort();
    expect(await invoke(FILES_EXPORT_TO_CHOSEN, { runId: run.id, kind: 'automatic' })).toEqual({
      ok: true,
      value: null,
    });
    expect(readdirSync(t.dir).sort()).toEqual(before);
  });

  it('a save dialog answer naming the database or its -wal is refused, naming it', async () => {
    for (const target of [ctx.dbPath, `${ctx.dbPath}-wal`, `${ctx.dbPath}-shm`]) {
      nextSave = target;
      const r = await invoke(FILES_EXPORT_TO_CHOSEN, { runId: run.id, kind: 'automatic' });
      expect(r).toMatchObject({
        ok: false,
        error: {
          code: 'conflict',
          message: expect.stringMatching(/it is the studio's database \(studio\.db(-wal|-shm)?\)/),
        },
      });
    }
    nextSave = null;
    expect(dbState(ctx.dbPath)).toEqual(baseline);
  });
});

describe('Electron: the open dialog is main’s, and what it reads is capped', () => {
  it('imports the chosen pack file under its name', async () => {
    nextOpen = join(t.dir, 'chosen.json');
    const r = await invoke(FILES_PICK_AND_IMPORT, { importId: 'electron-1' });
    expect(r).toMatchObject({
      ok: true,
      value: { levels: 2, run: { status: 'imported', name: 'chosen.json' } },
    });
    baseline = dbState(ctx.dbPath);
  });

  it('refuses a device, a folder and a file over the cap, reading nothing into the store', async () => {
    const huge = join(t.dir, 'huge.json');
    writeFileSync(huge, `{"format":"apsis-pack","pad":"${'x'.repeat(1536 * 1024)}"}`);
    const cases: [string, RegExp][] = [
      ['/dev/zero', /cannot import \/dev\/zero: it is not a regular file/],
      [t.dir, /it is not a regular file/],
      [huge, /cannot import .*huge\.json: it is 1\.5 MB; a pack may be at most 1\.0 MB/],
      [join(t.dir, 'missing.json'), /cannot read .*missing\.json: it cannot be opened/],
    ];
    for (const [path, message] of cases) {
      nextOpen = path;
      expect(await invoke(FILES_PICK_AND_IMPORT, {})).toMatchObject({
        ok: false,
        error: { code: 'bad-argument', message: expect.stringMatching(message) },
      });
    }
    nextOpen = null;
    expect(await invoke(FILES_PICK_AND_IMPORT, {})).toEqual({ ok: true, value: null });
    expect(dbState(ctx.dbPath)).toEqual(baseline);
  });
});
