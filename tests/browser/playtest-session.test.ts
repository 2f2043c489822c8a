/**
 * The studio's Playtest page in Chromium against the real server, SQLite and workers, for
 * Carillon and Apsis: go to the page with its key, name the tester, start with the keyboard,
 * clear level 1 with the keyboard alone (arrow keys to an element, Space plays it), skip the
 * levels after it with S, play one move of a longer level by clicking and give it up with S.
 * The attempts are stored (read back through the API) with those outcomes, and the page shows
 * no metric, solution, chain start, round or blocker. A pack file is imported as a run and
 * played; the Plots page's Players section on screen reads again when an attempt is stored
 * (playtests.stored), with no reload. Screenshots at 1440×900 and 1280×720 go
 * to /tmp/shots/playtest-studio/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import type { PlaytestDebugHook } from '../../src-shared/playtest/debug-hook';
import { readingOrder } from '../../src-renderer/src/playtest/blind-keys';
import { useStudioInBrowser } from './chromium';

const SHOTS = '/tmp/shots/playtest-studio';
const SLOW = { timeout: 60_000, interval: 200 };
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let page: Page;
const runs: Partial<Record<'carillon' | 'apsis', RunSummary>> = {};

type Spots = ReturnType<PlaytestDebugHook['centres']>;
async function centres(): Promise<Spots> {
  await page.waitForFunction(() => (window.__playtest?.centres().length ?? 0) > 0);
  return page.evaluate(() => window.__playtest!.centres());
}

/** Words and elements a blind page must not show: the model's figures and the inspector's aids. */
const NOT_BLIND = /\bbits?\b|\breads?\b|solution|chain start|\brounds?\b|blocker|difficulty|metric/i;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  page = studio.page;
  for (const game of ['carillon', 'apsis'] as const)
    runs[game] = await studio.ctx.finishedRun({ game, seed: 5, levels: 8 });
  await page.goto(studio.server.url);
  await page
    .getByTestId('runs-table')
    .waitFor()
    .catch((e: unknown) => {
      throw new Error(`the studio did not open (${pageErrors.join('; ')}): ${String(e)}`);
    });
}, 240_000);

describe('a blind playtest session in the studio', () => {
  for (const game of ['carillon', 'apsis'] as const) {
    it(`${game}: keys to start and play, a skip and a give-up, each attempt stored with its outcome`, async () => {
      const run = runs[game]!;
      const pack = JSON.parse(
        (await studio.api.call('packs.export', { runId: run.id, kind: 'automatic' })).text,
      ) as { levels: { solution: number[] }[] };
      const solution = (level: number): number[] => pack.levels[level - 1]!.solution;
      // The first level after level 1 with more than one move: one move there, then give up.
      const longer = [...Array(8).keys()].map((i) => i + 1).find((l) => l > 1 && solution(l).length >= 2)!;
      expect(longer, 'the run has a level of more than one move').toBeDefined();

      await page.keyboard.press('Alt+0');
      await page.getByTestId('playtest-page').waitFor();
      await page.getByTestId('run-picker').selectOption(String(run.id));
      // What ships now is preselected (an unsteered, unapproved run: the automatic order).
      await expect.poll(() => page.getByTestId('playtest-order-automatic').isChecked(), SLOW).toBe(true);
      // The name is kept from the session before (the first game's): replaced by the keys.
      await page.getByTestId('playtest-name').focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Ada Lovelace');
      await page.keyboard.press('Enter');
      await page.getByTestId('playtest-player').waitFor(SLOW);
      await expect.poll(() => page.getByTestId('player-level').textContent(), SLOW).toBe('Level 1 of 8');
      if (game === 'apsis') expect(await page.getByTestId('player-feedback').textContent()).toBe('♥♥♥');

      // Level 1 by the keys alone: → walks the elements in play in reading order, Space plays one.
      for (const el of solution(1)) {
        const order = readingOrder(await centres());
        for (let k = 0; k <= order.indexOf(el); k++) await page.keyboard.press('ArrowRight');
        await page.getByTestId('player-key-focus').waitFor();
        await page.keyboard.press('Space');
        await expect.poll(async () => (await centres())[el]!.live).toBe(false);
      }
      await expect.poll(() => page.getByTestId('player-banner').textContent()).toContain('Cleared!');
      await page.screenshot({ path: join(SHOTS, `${game}-cleared-1440.png`) });
      await page.keyboard.press('N');

      // Skipped with S before any move, up to the longer level.
      for (let l = 2; l < longer; l++) {
        await expect.poll(() => page.getByTestId('player-level').textContent()).toBe(`Level ${l} of 8`);
        expect(await page.getByTestId('player-leave').textContent()).toBe('Skip this level');
        await page.keyboard.press('S');
      }
      await expect.poll(() => page.getByTestId('player-level').textContent()).toBe(`Level ${longer} of 8`);
      const first = solution(longer)[0]!;
      const c = (await centres())[first]!;
      await page.mouse.move(c.x, c.y);
      await page.mouse.down();
      await page.mouse.up();
      await expect.poll(async () => (await centres())[first]!.live).toBe(false);
      expect(await page.getByTestId('player-leave').textContent()).toBe('Give up');

      // Blind: no figure or aid of the model on the page, mid-level.
      const text = (await page.getByTestId('playtest-page').innerText()).replace(/Ada Lovelace/g, '');
      expect(text).not.toMatch(NOT_BLIND);
      for (const sel of ['metric', 'solution', 'chain', 'round', 'blocker', 'difficulty'])
        expect(await page.locator(`[data-testid="playtest-page"] [data-testid*="${sel}"]`).count()).toBe(0);
      await page.screenshot({ path: join(SHOTS, `${game}-playing-1440.png`) });
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, `${game}-playing-1280.png`) });
      await page.setViewportSize({ width: 1440, height: 900 });

      await page.keyboard.press('S');
      await expect
        .poll(() => page.getByTestId('player-level').textContent())
        .toBe(`Level ${longer + 1} of 8`);

      // Stored: one attempt per level played, the tester's name, the order, and each outcome.
      const want = [
        { level: 1, outcome: 'cleared-fewest' },
        ...[...Array(longer - 2).keys()].map((i) => ({ level: i + 2, outcome: 'skipped' })),
        { level: longer, outcome: 'gave-up' },
      ];
      await expect
        .poll(async () => (await studio.api.call('playtests.attempts', { runId: run.id })).total, SLOW)
        .toBe(want.length);
      const { attempts } = await studio.api.call('playtests.attempts', { runId: run.id });
      expect(
        attempts
          .map((a) => ({ level: a.level, outcome: a.outcome, tester: a.tester, order: a.order }))
          .sort((a, b) => a.level - b.level),
      ).toEqual(want.map((w) => ({ ...w, tester: 'Ada Lovelace', order: 'automatic' })));
      expect(attempts.find((a) => a.level === longer)!.moves).toBe(1);
      await expect
        .poll(() => page.getByTestId('playtest-tester').textContent())
        .toContain(`${want.length} attempts stored`);

      // Change tester: the name is kept for the next session, and can be changed.
      await page.getByTestId('playtest-end').click();
      expect(await page.getByTestId('playtest-name').inputValue()).toBe('Ada Lovelace');
      expect(pageErrors).toEqual([]);
    }, 180_000);
  }

  it('plays a pack file: imported as a run first, then played and recorded for that run', async () => {
    const text = (await studio.api.call('packs.export', { runId: runs.carillon!.id, kind: 'automatic' }))
      .text;
    const file = join(SHOTS, 'carillon-pack.json');
    writeFileSync(file, text);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: join(SHOTS, 'setup-1280.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: join(SHOTS, 'setup-1440.png') });
    const before = new Set((await studio.api.call('runs.list', {})).map((r) => r.id));
    await page.getByTestId('playtest-pack-file').setInputFiles(file);
    const added = async () => (await studio.api.call('runs.list', {})).find((r) => !before.has(r.id));
    await expect.poll(async () => (await added()) !== undefined, SLOW).toBe(true);
    const imported = (await added())!;
    expect(imported.status).toBe('imported');
    await expect.poll(() => page.getByTestId('run-picker').inputValue(), SLOW).toBe(String(imported.id));
    await expect.poll(() => page.getByTestId('playtest-order-automatic').isChecked(), SLOW).toBe(true);
    await page.getByTestId('playtest-name').fill('Bo');
    await page.getByTestId('playtest-start').click();
    await expect.poll(() => page.getByTestId('player-level').textContent(), SLOW).toBe('Level 1 of 8');
    await page.keyboard.press('S');
    await expect.poll(() => page.getByTestId('player-level').textContent()).toBe('Level 2 of 8');
    await expect
      .poll(async () => (await studio.api.call('playtests.attempts', { runId: imported.id })).attempts, SLOW)
      .toMatchObject([{ level: 1, outcome: 'skipped', tester: 'Bo' }]);
    // The Plots page's Players section of that run shows it, and reads again as the next
    // attempt is stored (the playtests.stored event), with no reload.
    await page.keyboard.press('Alt+4');
    await expect
      .poll(() => page.getByTestId('players-summary').textContent(), SLOW)
      .toBe('1 of 8 levels played · 1 attempt · up to 1 tester a level');
    await studio.api.call('playtests.record', {
      runId: imported.id,
      kind: 'automatic',
      tester: 'Cy',
      attempt: { level: 2, startedAt: '2026-12-02T11:00:00.000Z', events: [], outcome: 'skipped', ms: 900 },
    });
    await expect
      .poll(() => page.getByTestId('players-summary').textContent(), SLOW)
      .toBe('2 of 8 levels played · 2 attempts · up to 1 tester a level');
    expect(await page.getByTestId('players-section').count()).toBe(1);
    await page.keyboard.press('Alt+0');
    await page.getByTestId('playtest-end').click();
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
