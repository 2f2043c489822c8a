/**
 * The Ordering page's "players ≥ N" box in Chromium against the real server, SQLite and
 * workers, on a Carillon run whose candidates testers played (attempts stored as import stores
 * them): off, the approved order is the model's; ticked at 3 testers, the page says the order
 * ran on the blend and where the figures moved, and the box keeps the toolbar on one row at
 * 1280×720. A threshold no candidate reaches says the order is the model's.
 * Screenshots at 1440×900 and 1280×720 go to /tmp/shots/ordering-blend/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { useStudioInBrowser } from './chromium';
import { readRows } from '../helpers/rows';
import { storeAttempts } from '../helpers/playtest-rows';

const SHOTS = '/tmp/shots/ordering-blend';
const SLOW = { timeout: 60_000, interval: 200 };
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let page: Page;
let run: RunSummary;

async function shot(name: string, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SHOTS, name) });
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  page = studio.page;
  run = await studio.ctx.finishedRun({ game: 'carillon', seed: 23, levels: 12 });
  const ids = readRows<{ id: number }>(
    studio.ctx.dbPath,
    'SELECT id FROM candidates WHERE run_id = ? AND level IS NOT NULL',
    run.id,
  ).map((r) => r.id);
  await studio.api.call('candidates.setVerdict', { candidateIds: ids, verdict: 'approved' });
  // Testers who found the model's hardest levels the quickest.
  storeAttempts(studio.ctx.dbPath, run.id, (_id, model) => 200 / (1 + model));
  await page.goto(studio.server.url);
  await page.getByTestId('runs-table').waitFor();
  await page.keyboard.press('Alt+6');
  await page.getByTestId('run-picker').selectOption(String(run.id));
}, 300_000);

describe("the Ordering page's blend of players' difficulty", () => {
  it('is off by default; ticked, the recompute blends and says what moved, on one toolbar row', async () => {
    await page.getByTestId('ordering-compute').waitFor();
    expect(await page.getByTestId('ordering-blend').isChecked()).toBe(false);
    expect(await page.getByTestId('ordering-blend-min').isDisabled()).toBe(true);
    await page.getByTestId('ordering-compute').click();
    await expect.poll(() => page.getByTestId('ordering-compute').textContent(), SLOW).toContain('Recompute');
    const plain = await studio.api.call('orderings.get', { runId: run.id, kind: 'approved' });
    expect(plain.observedBlend).toBeNull();
    expect(await page.getByTestId('ordering-blended').count()).toBe(0);

    await page.getByTestId('ordering-blend').check();
    await page.getByTestId('ordering-blend-min').fill('3');
    await page.getByTestId('ordering-compute').click();
    await page.getByTestId('ordering-blended').waitFor(SLOW);
    const note = (await page.getByTestId('ordering-blended').textContent())!;
    expect(note).toMatch(
      /^This order ran on difficulty blended with players’ for \d+ candidates with 3 testers or more \(the figure moved at level/,
    );
    const blended = await studio.api.call('orderings.get', { runId: run.id, kind: 'approved' });
    expect(blended.observedBlend?.minTesters).toBe(3);
    expect(note).toContain(`for ${blended.observedBlend!.candidates} candidates`);
    await shot('ordering-blend-1440x900.png', { width: 1440, height: 900 });
    await shot('ordering-blend-1280x720.png', { width: 1280, height: 720 });
    // The toolbar keeps to one row at 1280×720: the box sits level with the compute button.
    const [a, b] = await Promise.all([
      page.getByTestId('ordering-compute').boundingBox(),
      page.getByTestId('ordering-export').boundingBox(),
    ]);
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(4);
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 120_000);

  it('a threshold no candidate reaches says the order is the model’s; a bad one blocks the compute', async () => {
    await page.getByTestId('ordering-blend-min').fill('4');
    await page.getByTestId('ordering-compute').click();
    await expect
      .poll(() => page.getByTestId('ordering-status').textContent(), SLOW)
      .toContain('No two candidates have 4 testers or more yet: the approved order is on the model alone.');
    expect(await page.getByTestId('ordering-blended').count()).toBe(0);
    await page.getByTestId('ordering-blend-min').fill('0');
    expect(await page.getByTestId('ordering-compute').isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
