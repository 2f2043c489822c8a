/**
 * The Export page in Chromium against the real server and SQLite: the automatic pack
 * downloaded as one file that the CLI's check verifies (the API writing nothing beside the
 * database, no path field on the page), the per-level layout as a zip of the folder the CLI
 * writes, and a clear sentence naming the levels when the approved ordering is missing or short.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { checkPackFile } from '../../src-main/cli/packs';
import { writeExportTo } from '../../src-main/export-files';
import { tempDir } from '../helpers/temp';
import { RESULTS, useStudioInBrowser } from './chromium';

const pageErrors: string[] = [];
const studio = useStudioInBrowser({
  workers: 2,
  viewport: { width: 1440, height: 900 },
  acceptDownloads: true,
  errors: pageErrors,
});
let page: Page;
let run: RunSummary;
const out = tempDir('studio-export-');

beforeAll(async () => {
  page = studio.page;
  run = await studio.ctx.finishedRun({ game: 'carillon', seed: 7, levels: 6 });
});
afterAll(() => {
  out.cleanup();
});

describe('export in Chromium', () => {
  it('downloads the automatic pack as one file, which the CLI check verifies; the API wrote nothing', async () => {
    await page.goto(studio.server.url);
    await page.keyboard.press('Alt+8');
    await page.getByTestId('export-form').waitFor();
    await expect.poll(() => page.getByTestId('run-picker').inputValue()).toBe(String(run.id));
    // No path field: the renderer cannot name a place on the studio's disk.
    expect(await page.getByTestId('export-path').count()).toBe(0);
    const before = readdirSync(dirname(studio.ctx.dbPath)).sort();
    await page.getByTestId('export-kind-automatic').check();
    await page.getByTestId('export-layout-file').check();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-button').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`carillon-seed7-run${run.id}.json`);
    await page.getByTestId('export-result').waitFor();
    expect(await page.getByTestId('export-downloaded').textContent()).toContain(
      `carillon-seed7-run${run.id}.json`,
    );
    expect(await page.getByTestId('export-path-result').count()).toBe(0);
    const downloaded = await file.path();
    const check = checkPackFile(downloaded);
    expect(check.game.id).toBe('carillon');
    expect(check.problems).toEqual([]);
    // The same bytes the CLI writes for this run, and nothing new beside the database.
    const built = await studio.api.call('packs.export', { runId: run.id, kind: 'automatic' });
    expect(readFileSync(downloaded, 'utf8')).toBe(built.text);
    expect(readdirSync(dirname(studio.ctx.dbPath)).sort()).toEqual(before);
    await page.screenshot({ path: join(RESULTS, 'export.png') });
    expect(pageErrors).toEqual([]);
  });

  it('downloads the per-level layout as a zip of the folder the CLI writes', async () => {
    await page.getByTestId('export-layout-per-level').check();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-button').click();
    const file = await download;
    await expect.poll(() => page.getByTestId('export-result').textContent()).toMatch(/7 files/);
    // The folder the CLI's export writes for the same run: the zip holds exactly its files.
    const built = await studio.api.call('packs.export', {
      runId: run.id,
      kind: 'automatic',
      layout: 'per-level',
    });
    const dir = writeExportTo(built, join(out.dir, 'per-level'), studio.ctx.dbPath).path;
    const folder = `carillon-seed7-run${run.id}`;
    expect(file.suggestedFilename()).toBe(`${folder}.zip`);
    expect(await page.getByTestId('export-downloaded').textContent()).toContain(`${folder}.zip`);
    const zipped = unzipSync(new Uint8Array(readFileSync(await file.path())));
    const onDisk = readdirSync(dir).sort();
    const levelNames = Array.from(
      { length: run.levels },
      (_, i) => `level-${String(i + 1).padStart(3, '0')}.json`,
    );
    expect(onDisk).toEqual(['index.json', ...levelNames]);
    const entries = Object.keys(zipped).sort();
    expect(entries.filter((e) => e.endsWith('/'))).toEqual([`${folder}/`]); // the folder's own entry
    expect(entries.filter((e) => !e.endsWith('/'))).toEqual(onDisk.map((n) => `${folder}/${n}`));
    for (const name of onDisk)
      expect(strFromU8(zipped[`${folder}/${name}`]!), name).toBe(readFileSync(join(dir, name), 'utf8'));
    const index = JSON.parse(strFromU8(zipped[`${folder}/index.json`]!)) as {
      levelFiles: string[];
      levels?: unknown;
    };
    expect(index.levelFiles).toEqual(levelNames);
    expect(index.levels).toBeUndefined();
    expect(pageErrors).toEqual([]);
  });

  it('says clearly when the approved ordering is missing or short, naming the levels', async () => {
    await page.getByTestId('export-layout-file').check();
    await page.getByTestId('export-kind-approved').check();
    await page.getByTestId('approved-state').waitFor();
    expect(await page.getByTestId('approved-state').textContent()).toMatch(/has not been computed/);
    await page.getByTestId('export-button').click();
    await expect
      .poll(() => page.getByTestId('export-error').textContent())
      .toMatch(/no approved ordering yet/);

    // Approve one candidate of the first two slots only, then compute: levels 3–6 stay short.
    const ids: number[] = [];
    for (const slot of [0, 1]) {
      const p = await studio.api.call('candidates.list', {
        runId: run.id,
        slot,
        limit: 1,
        withLevels: false,
      });
      ids.push(p.items[0]!.id);
    }
    await studio.api.call('candidates.setVerdict', { candidateIds: ids, verdict: 'approved' });
    await page.getByTestId('compute-approved').click();
    await expect
      .poll(() => page.getByTestId('approved-short').textContent())
      .toMatch(/cannot fill levels 3–6/);
    await page.getByTestId('export-button').click();
    await expect.poll(() => page.getByTestId('export-error').textContent()).toMatch(/cannot fill levels 3–6/);
    await page.screenshot({ path: join(RESULTS, 'export-approved-short.png') });
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    await page.screenshot({ path: join(RESULTS, 'export-light.png') });
    expect(pageErrors).toEqual([]);
  });
});
