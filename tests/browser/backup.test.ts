/**
 * "Back up database…" in Chromium (issue 21). Browser mode: the Runs page's button and the
 * command palette entry download a copy of the database that opens, passes SQLite's integrity
 * check and holds the run's candidates. Desktop mode, with the preload's `studioFiles` stood in
 * for: the button asks main's dialog with no arguments at all (never a path) and shows where
 * main wrote the copy.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { openPage, useStudioInBrowser } from './chromium';
import { readRows } from '../helpers/rows';
import { tempDir } from '../helpers/temp';

let run: RunSummary;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 1, errors: pageErrors });
const files = tempDir('studio-backup-page-');

beforeAll(async () => {
  run = await studio.ctx.finishedRun({ game: 'carillon', seed: 5, levels: 3 });
});
afterAll(() => files.cleanup());

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
  readRows<{ n: number }>(
    studio.ctx.dbPath,
    'SELECT COUNT(*) AS n FROM candidates WHERE run_id = ?',
    run.id,
  )[0]!.n;

describe('browser mode: the copy is downloaded', () => {
  it('the Runs page button and the palette entry download a whole copy', async () => {
    const { page, server } = studio;
    await page.goto(server.url);
    await page.getByTestId('runs-backup').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('runs-backup').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^studio-backup-\d{4}-\d\d-\d\d\.db$/);
    const first = join(files.dir, 'button.db');
    await download.saveAs(first);
    expect(checkCopy(first)).toEqual({ integrity: 'ok', candidates: stored() });
    await expect
      .poll(() => page.getByTestId('backup-ok').textContent())
      .toMatch(/^Downloaded a copy of the database as studio-backup-.*\.db \(.+\)\.$/);

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    await palette.getByRole('textbox', { name: 'Command' }).fill('Back up database');
    const [again] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const second = join(files.dir, 'palette.db');
    await again.saveAs(second);
    expect(checkCopy(second)).toEqual({ integrity: 'ok', candidates: stored() });
    expect(pageErrors).toEqual([]);
  });
});

describe('desktop mode: main opens the save dialog', () => {
  let page: Page;
  beforeAll(async () => {
    page = await openPage(studio.browser, { viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.addInitScript(() => {
      const calls: unknown[][] = [];
      (window as unknown as { __backupCalls: typeof calls }).__backupCalls = calls;
      (window as unknown as { studioFiles: unknown }).studioFiles = {
        exportToChosenFile: async () => ({ ok: true, value: null }),
        pickAndImport: async () => ({ ok: true, value: null }),
        backupToChosenFile: async (...args: unknown[]) => {
          calls.push(args);
          return { ok: true, value: { path: '/home/designer/backups/studio.db', bytes: 2_048_000 } };
        },
      };
    });
  });
  afterAll(() => page?.close());

  it('asks main with no arguments and shows where the copy went', async () => {
    await page.goto(studio.server.url);
    await page.getByTestId('runs-backup').click();
    await expect
      .poll(() => page.getByTestId('backup-ok').textContent())
      .toBe('Backed up the database to /home/designer/backups/studio.db (1.95 MB).');
    expect(
      await page.evaluate(() => (window as unknown as { __backupCalls: unknown[][] }).__backupCalls),
    ).toEqual([[]]);
    expect(pageErrors).toEqual([]);
  });
});
