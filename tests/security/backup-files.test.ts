/**
 * "Back up database…" (issue 21): in Electron, main opens its own save dialog and writes the
 * copy there (a `path` from the renderer is refused by name before any dialog; cancelling
 * writes nothing; the database itself is never the target); in a browser, app.backup answers
 * the copy for a download. Either copy opens and passes SQLite's integrity check with the
 * run's candidates in it.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IpcMainInvokeEvent } from 'electron';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupDownload, RunSummary } from '../../src-shared/api';
import { FILES_BACKUP_TO_CHOSEN, registerFileHandlers } from '../../src-main/electron/files';
import { testService } from '../helpers/service';
import { readRows } from '../helpers/rows';
import { tempDir } from '../helpers/temp';

let ctx: ReturnType<typeof testService>;
let run: RunSummary;
const t = tempDir('studio-sec-backup-');
const handlers = new Map<string, (event: IpcMainInvokeEvent, args: unknown) => Promise<unknown>>();
let nextSave: string | null = null;
const opened: string[] = [];
const trusted = { sender: 'studio' } as unknown as IpcMainInvokeEvent;
const stranger = { sender: 'elsewhere' } as unknown as IpcMainInvokeEvent;
const invoke = (args: unknown, event = trusted) => handlers.get(FILES_BACKUP_TO_CHOSEN)!(event, args);

beforeAll(async () => {
  ctx = testService(1);
  registerFileHandlers({ handle: (channel, fn) => void handlers.set(channel, fn as never) }, ctx.service, {
    dialog: {
      showOpenDialog: (async () => ({ canceled: true, filePaths: [] })) as never,
      showSaveDialog: (async (opts: { defaultPath?: string }) => (
        opened.push(`save ${opts.defaultPath ?? ''}`),
        nextSave === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: nextSave }
      )) as never,
    },
    window: () => null,
    defaultFolder: () => t.dir,
    isTrusted: (event) => (event as unknown as { sender: string }).sender === 'studio',
  });
  const env = await ctx.service.dispatch('runs.create', { game: 'apsis', seed: 3, levels: 2 });
  run = (env as { value: RunSummary }).value;
  await ctx.service.engine.waitFor(run.id);
}, 120_000);
afterAll(async () => {
  await ctx?.dispose();
  t.cleanup();
});

/** integrity_check and the run's candidate count of a copy. */
function checkCopy(path: string): { integrity: unknown; candidates: unknown } {
  const db = new Database(path, { readonly: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      candidates: db.prepare('SELECT COUNT(*) FROM candidates WHERE run_id = ?').pluck().get(run.id),
    };
  } finally {
    db.close();
  }
}
const stored = () =>
  readRows<{ n: number }>(ctx.dbPath, 'SELECT COUNT(*) AS n FROM candidates WHERE run_id = ?', run.id)[0]!.n;

describe('Electron: Back up database…', () => {
  it('refuses a path from the renderer by name, and a stranger frame, before any dialog', async () => {
    expect(await invoke({ path: join(t.dir, 'x.db') })).toMatchObject({
      ok: false,
      error: { code: 'bad-argument', message: expect.stringContaining('unknown field(s): path') },
    });
    expect(await invoke({}, stranger)).toMatchObject({ ok: false });
    expect(opened).toEqual([]);
  });

  it('cancelling writes nothing; a chosen file gets a whole copy (replacing one the dialog asked about)', async () => {
    nextSave = null;
    expect(await invoke({})).toEqual({ ok: true, value: null });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatch(/^save .*studio-backup-\d{4}-\d\d-\d\d\.db$/);
    const out = join(t.dir, 'chosen.db');
    writeFileSync(out, 'an older file the save dialog asked to replace');
    nextSave = out;
    const r = (await invoke({})) as { ok: true; value: { path: string; bytes: number } };
    expect(r.ok).toBe(true);
    expect(r.value.path).toBe(out);
    expect(checkCopy(out)).toEqual({ integrity: 'ok', candidates: stored() });
    expect(existsSync(`${out}.part`)).toBe(false);
  });

  it('never writes the copy over the database or its journal', async () => {
    for (const target of [ctx.dbPath, `${ctx.dbPath}-wal`]) {
      nextSave = target;
      expect(await invoke({})).toMatchObject({
        ok: false,
        error: { code: 'conflict', message: expect.stringContaining('onto itself or its journal') },
      });
    }
    expect(checkCopy(ctx.dbPath).integrity).toBe('ok');
  });
});

describe('browser: app.backup', () => {
  it('answers a whole copy of the database for a download', async () => {
    const env = (await ctx.service.dispatch('app.backup', {})) as { ok: true; value: BackupDownload };
    expect(env.ok).toBe(true);
    expect(env.value.fileName).toMatch(/^studio-backup-\d{4}-\d\d-\d\d\.db$/);
    const bytes = Buffer.from(env.value.base64, 'base64');
    expect(bytes.length).toBe(env.value.bytes);
    const out = join(t.dir, 'downloaded.db');
    writeFileSync(out, bytes);
    expect(checkCopy(out)).toEqual({ integrity: 'ok', candidates: stored() });
  });
});
