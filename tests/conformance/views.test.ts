/**
 * The renderer side of the conformance suite, in Chromium over the test build of the renderer
 * (out/renderer-test-games/, built by `node scripts/ensure-built.mjs --test-games`): every
 * registered game, the test-only Tally included, has a GameView that draws its empty board,
 * its pool thumbnails and its inspector for a level of a real run. Tally, the proof that a
 * third game is one folder, is also played in the inspector and exported from the Export page.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary, StudioClient } from '../../src-shared/api';
import { games } from '../../src-shared/games/index';
import { RESULTS, studioInBrowser, type BrowserStudio } from '../browser/chromium';
// The renderer's debug hook type (declares window.__inspector).
import type {} from '../../src-renderer/src/inspector/debug';

const root = join(import.meta.dirname, '..', '..');
let studio: BrowserStudio;
let page: Page;
const pageErrors: string[] = [];
const runs = new Map<string, RunSummary>();

/** The API in-process, typed per method (the page talks to the same service through the server). */
const call: StudioClient['call'] = (name, args) => studio.ctx.api.call(name, args);

/** Has the canvas (by selector) something drawn on it: more than one colour? */
function drawn(selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    for (const c of document.querySelectorAll<HTMLCanvasElement>(sel)) {
      const d = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
      if (!d) continue;
      for (let i = 4; i < d.length; i += 4)
        if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) return true;
    }
    return false;
  }, selector);
}

async function goTo(name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Studio' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await expect.poll(() => page.locator('.topbar h1').textContent()).toBe(name);
}

beforeAll(async () => {
  // The test build of the renderer, if missing or stale.
  const built = spawnSync('node', [join(root, 'scripts', 'ensure-built.mjs'), '--test-games'], {
    cwd: root,
    stdio: 'inherit',
  });
  expect(built.status).toBe(0);
  studio = await studioInBrowser({
    workers: 2,
    errors: pageErrors,
    staticDir: join(root, 'out', 'renderer-test-games'),
  });
  page = studio.page;
  for (const g of games) {
    const run = await call('runs.create', {
      game: g.id,
      seed: 3,
      levels: Math.min(2, g.levelCount(g.defaultPlan)),
    });
    expect((await studio.ctx.service.engine.waitFor(run.id)).status).toBe('done');
    runs.set(g.id, run);
  }
  await page.goto(studio.server.url);
});

afterAll(async () => {
  await studio?.close();
});

describe.each(games.map((g) => [g.id, g] as const))('the %s view in Chromium', (id, game) => {
  it('draws its empty board, its pool thumbnails and its inspector for a generated level', async () => {
    const run = runs.get(id)!;
    await goTo('Runs');
    await page.getByTestId(`game-${id}`).waitFor();
    await expect.poll(() => drawn(`[data-testid="board-${id}"] canvas`)).toBe(true);

    await page.getByTestId(`run-row-${run.id}`).click();
    await page.getByTestId('open-pools').click();
    await page.getByTestId('pool-grid').waitFor();
    await expect.poll(() => drawn('[data-testid="pool-grid"] .card canvas')).toBe(true);

    const first = page.locator('[data-testid="pool-grid"] .card').first();
    await first.dblclick();
    await expect.poll(() => page.locator('.topbar h1').textContent()).toBe('Inspector');
    await expect.poll(() => page.evaluate(() => window.__inspector?.game)).toBe(id);
    await expect.poll(() => page.getByTestId('game-chip').textContent()).toBe(game.title);
    await expect.poll(() => drawn('[data-testid="board"] canvas')).toBe(true);
    const centres = await page.evaluate(() => window.__inspector?.centres() ?? []);
    expect(centres.length).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });
});

describe('Tally, the test-only game, end to end', () => {
  it('is played in the inspector: a click clears a dot and its neighbours, undo brings them back, Play all clears the line', async () => {
    const run = runs.get('tally')!;
    await goTo('Runs');
    await page.getByTestId(`run-row-${run.id}`).click();
    await page.getByTestId('open-pools').click();
    await page.locator('[data-testid="pool-grid"] .card').first().dblclick();
    await expect.poll(() => page.evaluate(() => window.__inspector?.game)).toBe('tally');
    const before = (await page.evaluate(() => window.__inspector!.state())) as { dotsLeft: number };
    expect(before.dotsLeft).toBeGreaterThan(0);
    const [dot] = await page.evaluate(() => window.__inspector!.centres());
    await page.mouse.click(dot!.x, dot!.y);
    await expect
      .poll(async () => ((await page.evaluate(() => window.__inspector!.state())) as { taps: number }).taps)
      .toBe(1);
    const after = (await page.evaluate(() => window.__inspector!.state())) as { dotsLeft: number };
    expect(after.dotsLeft).toBeLessThan(before.dotsLeft);
    await page.getByTestId('undo').click();
    await expect
      .poll(
        async () =>
          ((await page.evaluate(() => window.__inspector!.state())) as { dotsLeft: number }).dotsLeft,
      )
      .toBe(before.dotsLeft);
    await page.getByTestId('solution-play').click();
    // As read on screen: the markup's line breaks collapse to spaces.
    await expect
      .poll(async () => (await page.getByTestId('board-banner').textContent())?.replace(/\s+/g, ' '))
      .toMatch(/^Cleared in \d+ taps?$/);
    await page.screenshot({ path: join(RESULTS, 'tally-inspector.png') });
    expect(pageErrors).toEqual([]);
  });

  it('is exported as a tally-pack from the Export page', async () => {
    const run = runs.get('tally')!;
    await goTo('Export');
    await page.getByTestId('run-picker').selectOption(String(run.id));
    await page.getByTestId('export-kind-automatic').check();
    await page.getByTestId('export-layout-file').check();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-button').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`tally-seed3-run${run.id}.json`);
    const text = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
    const pack = JSON.parse(text) as { format: string; levels: unknown[] };
    expect(pack.format).toBe('tally-pack');
    expect(pack.levels).toHaveLength(2);
    expect(pageErrors).toEqual([]);
  });
});
