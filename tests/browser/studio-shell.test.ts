/**
 * The studio's shell in Chromium against the real server: navigation and both games with the
 * plans the backend serves, keyboard navigation, honest empty states and themes, and the page
 * refused with a wrong token.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESULTS, useStudioInBrowser } from './chromium';

let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 1, viewport: { width: 1440, height: 900 }, errors: pageErrors });

beforeAll(async () => {
  page = studio.page;
});

describe('studio shell in Chromium', () => {
  it('loads the studio and shows the navigation and both games with their plans from the backend', async () => {
    await page.goto(studio.server.url);
    const nav = page.getByRole('navigation', { name: 'Studio' });
    for (const name of [
      'Runs',
      'Pools',
      'Inspector',
      'Plots',
      'Duplicates',
      'Ordering',
      'Compare',
      'Export',
    ]) {
      await expect.poll(() => nav.getByRole('button', { name: new RegExp(`^${name}`) }).count()).toBe(1);
    }
    await page.getByTestId('game-carillon').waitFor();
    await page.getByTestId('game-apsis').waitFor();
    // The plans came through the API: compare the rows to what the backend serves.
    const served = (await (
      await fetch(`http://127.0.0.1:${studio.server.port}/api/games.list`, {
        method: 'POST',
        headers: {
          'x-studio-token': studio.server.token,
          'content-type': 'application/json',
          origin: `http://127.0.0.1:${studio.server.port}`,
        },
        body: '{}',
      })
    ).json()) as {
      value: { id: string; title: string; planRows: { levels: string; detail: string }[] }[];
    };
    for (const g of served.value) {
      const card = page.getByTestId(`game-${g.id}`);
      await expect.poll(() => card.getByRole('heading', { level: 2 }).textContent()).toBe(g.title);
      const rows = await page.getByTestId(`plan-${g.id}`).locator('tbody tr').allTextContents();
      expect(rows).toEqual(g.planRows.map((r) => `${r.levels}${r.detail}`));
    }
    // Empty boards were drawn on Konva canvases.
    expect(await page.getByTestId('board-carillon').locator('canvas').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('board-apsis').locator('canvas').count()).toBeGreaterThan(0);
    await page.getByTestId('runs-empty').waitFor();
    await page.screenshot({ path: join(RESULTS, 'shell-runs-dark.png') });
    expect(await page.getByTestId('transport').textContent()).toBe('Browser mode');
    expect(pageErrors).toEqual([]);
  });

  it('navigates by keyboard, shows honest empty states, and switches themes', async () => {
    await page.keyboard.press('Alt+3');
    await page.getByTestId('empty-inspector').waitFor();
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Command palette' }).waitFor();
    await page.keyboard.type('theme');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
    await page.keyboard.press('Alt+1');
    await page.getByTestId('game-apsis').waitFor();
    await page.screenshot({ path: join(RESULTS, 'shell-runs-light.png') });
    expect(pageErrors).toEqual([]);
  });

  it('refuses the page with a wrong token', async () => {
    const other = await studio.browser.newPage();
    const res = await other.goto(`http://127.0.0.1:${studio.server.port}/?token=wrong`);
    expect(res?.status()).toBe(403);
    expect(await other.textContent('body')).toMatch(/wrong or missing access token/);
    await other.close();
  });
});
