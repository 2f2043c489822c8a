/**
 * The renderer's pack files (src-renderer/src/export/pack-files.ts) in Chromium. Browser
 * mode: a file over the import's byte cap is refused in the page before anything is sent, and
 * a running import can be cancelled from the Runs page. Desktop mode, with the preload's
 * `studioFiles` stood in for by an init script: Export and Import ask main's dialogs with a
 * run, an order and a layout (or an import id) and never a path, and show what main answers.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { IMPORT_LIMITS } from '../../src-shared/pack/import-limits';
import { openPage, useStudioInBrowser } from './chromium';
import { carillonPackText } from '../security/files-fixtures';
import { tempDir } from '../helpers/temp';

let run: RunSummary;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 1, errors: pageErrors });
const files = tempDir('studio-pack-files-');

beforeAll(async () => {
  run = await studio.ctx.finishedRun({ game: 'carillon', seed: 5, levels: 3 });
});
afterAll(() => files.cleanup());

describe('browser mode: imports from a picked file', () => {
  it('refuses a file over the byte cap in the page, sending nothing', async () => {
    const { page, server } = studio;
    await page.goto(server.url);
    await page.getByTestId('import-pack').waitFor();
    const before = await studio.api.call('runs.list', {});
    // Picked from disk, as a designer would: a 33 MB buffer handed over the DevTools protocol
    // took longer than the locator's 30 s on a loaded machine, before the page saw the file.
    const big = join(files.dir, 'big.json');
    writeFileSync(big, Buffer.alloc(IMPORT_LIMITS.maxBytes + 1024 * 1024, 0x20));
    await page.getByTestId('import-file').setInputFiles(big);
    await expect
      .poll(() => page.getByTestId('import-errors').textContent())
      .toMatch(/big\.json was not imported: big\.json is 33\.0 MB; a pack may be at most 32\.0 MB/);
    expect(await studio.api.call('runs.list', {})).toEqual(before);
    expect(pageErrors).toEqual([]);
  });

  it('cancels an import while its worker checks the pack; nothing is stored', async () => {
    const { page } = studio;
    const before = await studio.api.call('runs.list', {});
    await page.getByTestId('import-file').setInputFiles({
      name: 'slow.json',
      mimeType: 'application/json',
      buffer: Buffer.from(carillonPackText(250, 40, 3)),
    });
    await page.getByTestId('import-cancel').click();
    await expect
      .poll(() => page.getByTestId('import-errors').textContent(), { timeout: 30_000 })
      .toMatch(/slow\.json was not imported: the import was cancelled; nothing was stored/);
    await expect.poll(() => page.getByTestId('import-cancel').count()).toBe(0);
    expect(await studio.api.call('runs.list', {})).toEqual(before);
    expect(pageErrors).toEqual([]);
  });
});

describe('desktop mode: main opens the dialogs', () => {
  let page: Page;
  beforeAll(async () => {
    page = await openPage(studio.browser, { viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    // What the preload exposes in Electron; main's side answers as after a dialog.
    await page.addInitScript(() => {
      const calls: { name: string; args: unknown }[] = [];
      (window as unknown as { __filesCalls: typeof calls }).__filesCalls = calls;
      (window as unknown as { studioFiles: unknown }).studioFiles = {
        exportToChosenFile: async (args: unknown) => {
          calls.push({ name: 'export', args });
          return calls.filter((c) => c.name === 'export').length === 1
            ? {
                ok: true,
                value: {
                  path: '/home/designer/packs/chosen.json',
                  fileCount: 1,
                  bytes: 4321,
                  keptOnPurpose: [],
                },
              }
            : { ok: true, value: null }; // the designer cancelled the second dialog
        },
        pickAndImport: async (args: unknown) => {
          calls.push({ name: 'import', args });
          return {
            ok: false,
            error: {
              code: 'bad-argument',
              message: 'cannot import /home/designer/x.json: it is not a regular file',
            },
          };
        },
      };
    });
    await page.goto(studio.server.url);
  });

  const calls = (): Promise<{ name: string; args: Record<string, unknown> }[]> =>
    page.evaluate(
      () =>
        (window as unknown as { __filesCalls: { name: string; args: Record<string, unknown> }[] })
          .__filesCalls,
    );

  it('Export asks main with run, order and layout only, and shows the path the designer chose', async () => {
    await page.keyboard.press('Alt+8');
    await page.getByTestId('export-form').waitFor();
    await page.getByTestId('run-picker').selectOption(String(run.id));
    await page.getByTestId('export-layout-per-level').check();
    await page.getByTestId('export-button').click();
    await expect
      .poll(() => page.getByTestId('export-path-result').textContent())
      .toBe('/home/designer/packs/chosen.json');
    expect(await calls()).toEqual([
      { name: 'export', args: { runId: run.id, kind: 'automatic', layout: 'per-level' } },
    ]);
    expect(await page.getByTestId('export-downloaded').count()).toBe(0);
    // A cancelled dialog changes nothing on the page.
    await page.getByTestId('export-button').click();
    await expect.poll(async () => (await calls()).length).toBe(2);
    expect(await page.getByTestId('export-path-result').textContent()).toBe(
      '/home/designer/packs/chosen.json',
    );
    expect(await page.getByTestId('export-error').count()).toBe(0);
  });

  it('Import asks main to open its dialog with an import id only, and shows its refusal', async () => {
    await page.keyboard.press('Alt+1');
    await page.getByTestId('import-pack').click();
    await expect
      .poll(() => page.getByTestId('import-errors').textContent())
      .toMatch(
        /The pack was not imported: cannot import \/home\/designer\/x\.json: it is not a regular file/,
      );
    const made = (await calls()).filter((c) => c.name === 'import');
    expect(made).toHaveLength(1);
    expect(Object.keys(made[0]!.args)).toEqual(['importId']);
    expect(made[0]!.args['importId']).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(pageErrors).toEqual([]);
  });
});
