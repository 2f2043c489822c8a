/**
 * A top-up from the Ordering page (issue 23), in Chromium against the real server: the page
 * offers "Top up levels 24–30…" beside a stretch far from the target line; the panel starts it,
 * shows its progress, then what it changed; Undo takes it back through the run's history; one
 * left part-way is offered to resume or drop, and a drop puts the run back. Screenshots at
 * 1440×900 and 1280×720.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { RESULTS, useStudioInBrowser } from './chromium';

const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let page: Page;
let run: RunSummary;

beforeAll(async () => {
  page = studio.page;
  // An Apsis run of 40 levels: its shipped curve sits far below the target from level 24 to 30.
  run = await studio.ctx.finishedRun({ game: 'apsis', seed: 3, levels: 40 });
  await page.goto(studio.server.url);
  await page.getByTestId('runs-table').waitFor();
}, 240_000);

describe('a top-up from the Ordering page', () => {
  it('is offered beside a stretch far from the target, runs with progress, says what it changed, and undoes', async () => {
    const before = (await studio.api.call('candidates.list', { runId: run.id, limit: 1, withLevels: false }))
      .total;
    await page.keyboard.press('Alt+6');
    await page.getByTestId('run-picker').selectOption(String(run.id));
    const offer = page.getByTestId('topup-offer').first();
    await offer.waitFor();
    expect(await offer.textContent()).toBe('Top up levels 24–30…');
    await page.screenshot({ path: join(RESULTS, 'topup-offer-1440.png') });
    await offer.click();
    await expect.poll(() => page.getByTestId('topup-levels').inputValue()).toBe('24-30');
    await page.getByTestId('topup-candidates').fill('20');
    await page.getByTestId('topup-start').click();
    await page.getByTestId('topup-progress').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('topup-progress').textContent()).toMatch(
      /(queued|generate|order|near-duplicates)/,
    );
    const outcome = page.getByTestId('topup-outcome');
    await outcome.waitFor({ timeout: 120_000 });
    expect((await outcome.textContent())!.replace(/\s+/g, ' ')).toMatch(
      /^Topped up: 140 new candidates; no level newly filled; largest step .* → .*; .*\. Undo$/,
    );
    const after = (await studio.api.call('candidates.list', { runId: run.id, limit: 1, withLevels: false }))
      .total;
    expect(after).toBe(before + 140);
    await page.screenshot({ path: join(RESULTS, 'topup-done-1440.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: join(RESULTS, 'topup-done-1280.png') });
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByTestId('topup-undo').click();
    await expect
      .poll(async () => (await studio.api.call('runs.topUps', { runId: run.id }))[0]?.status)
      .toBe('undone');
    await expect
      .poll(async () => (await page.getByTestId('ordering-status').textContent()) ?? '')
      .toMatch(/^Undid: Topped up 140 candidates in L24–L30/);
    expect(
      (await studio.api.call('candidates.list', { runId: run.id, limit: 1, withLevels: false })).total,
    ).toBe(before);
    expect(pageErrors).toEqual([]);
  });

  it('is in the palette: the focused level of the strip, topped up from there', async () => {
    await page.getByTestId('topup-close').click();
    await page.getByTestId('topup-panel').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    await palette.getByRole('textbox', { name: 'Command' }).fill('Top up');
    const item = palette.locator('[data-action="topup.ordering"]');
    await item.waitFor();
    expect(await item.textContent()).toMatch(/Top up level 1… \(more candidates\)/);
    await item.click();
    await page.getByTestId('topup-panel').waitFor();
    expect(await page.getByTestId('topup-levels').inputValue()).toBe('1');
    expect(pageErrors).toEqual([]);
  });

  it('is offered for a range of levels dragged across the Plots difficulty plot', async () => {
    await page.getByTestId('topup-close').click();
    await page.keyboard.press('Alt+4');
    const svg = page.getByTestId('plots-main-svg');
    await svg.waitFor();
    const box = (await svg.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.4, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, y, { steps: 5 });
    await page.mouse.up();
    const button = page.getByTestId('plots-topup');
    await button.waitFor();
    const levels = /^Top up levels (\d+)–(\d+)…$/.exec((await button.textContent())!.trim());
    expect(levels).not.toBeNull();
    expect(Number(levels![2])).toBeGreaterThan(Number(levels![1]));
    await button.click();
    expect(await page.getByTestId('topup-levels').inputValue()).toBe(`${levels![1]}-${levels![2]}`);
    await page.screenshot({ path: join(RESULTS, 'topup-plots-1440.png') });
    expect(pageErrors).toEqual([]);
  });

  it('left part-way (cancelled), the panel offers to resume or drop it; drop puts the run back', async () => {
    // The panel stays open on the Plots page from the drag above (levels from the drag).
    const before = await studio.api.call('runs.get', { runId: run.id });
    await page.getByTestId('topup-candidates').fill('400');
    let cancelled: Promise<unknown> | null = null;
    const off = studio.ctx.service.on('run.progress', (p) => {
      if (p.runId === run.id && p.stage === 'generate' && p.done > 0 && !cancelled)
        cancelled = studio.api.call('runs.cancel', { runId: run.id });
    });
    await page.getByTestId('topup-start').click();
    const pending = page.getByTestId('topup-pending');
    await pending.waitFor({ timeout: 120_000 });
    off();
    expect(await page.getByTestId('topup-error').textContent()).toMatch(
      /^The top-up stopped: the run is cancelled/,
    );
    expect((await pending.textContent())!.replace(/\s+/g, ' ')).toMatch(
      /^A top-up of levels \d+–\d+, 400 candidates each is left part-way\. Resume it or drop it \(its candidates go; the run is as before it\)\.$/,
    );
    await page.screenshot({ path: join(RESULTS, 'topup-pending-1440.png') });
    await page.getByTestId('topup-drop').click();
    const dropped = page.getByTestId('topup-dropped');
    await dropped.waitFor();
    expect(await dropped.textContent()).toMatch(
      /^Dropped the top-up of levels \d+–\d+, 400 candidates each: \d+ candidates removed, the run is as it was before it\.$/,
    );
    const after = await studio.api.call('runs.get', { runId: run.id });
    expect(after.status).toBe('done');
    expect(after.candidatesTotal).toBe(before.candidatesTotal);
    expect((await studio.api.call('runs.topUps', { runId: run.id })).map((t) => t.status)).toEqual([
      'undone',
    ]);
    await page.screenshot({ path: join(RESULTS, 'topup-dropped-1440.png') });
    expect(pageErrors).toEqual([]);
  });
});
