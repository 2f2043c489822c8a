/**
 * The Ordering page in Chromium against the real server, real SQLite and real workers, on a
 * whole Apsis run (150 levels):
 *  - 30 approved levels computed: one short-levels line (never a list per level), one card for
 *    the run of short levels, a page about one screen tall;
 *  - steering: a card dragged onto another level pins it there, lock 1–10 by key, recompute;
 *    the pinned and locked levels hold (page and API); Ctrl+Z and Ctrl+Shift+Z replay it;
 *    keys pressed while a steer answers wait their turn (none is lost);
 *    the swap list ranks the pool by fit and pins from it; a break is explained on hover;
 *  - export of the steered order: the CLI's verify accepts it; a forced break is refused and
 *    named until the designer confirms, and the pack records it.
 * Screenshots at 1440×900 and 1280×720 go to /tmp/shots/ordering/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { readFile as readFileAsync } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OrderingView, RunSummary } from '../../src-shared/api';
import { useStudioInBrowser } from './chromium';
import { cli } from '../helpers/cli';

const SHOTS = '/tmp/shots/ordering';
/** A steered recompute of a whole Apsis run takes seconds (the game's search runs again), more on a loaded machine. */
const SLOW = { timeout: 60_000, interval: 200 };
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let page: Page;
let run: RunSummary;
let auto: OrderingView;

async function shot(name: string, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SHOTS, name) });
}

const card = (level: number) => page.locator(`[data-testid="ordering-strip"] [data-level="${level}"]`);
const candidateAt = async (level: number): Promise<number> =>
  Number(await card(level).getAttribute('data-candidate'));

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  page = studio.page;
  run = await studio.ctx.finishedRun({ game: 'apsis', seed: 29 });
  auto = await studio.api.call('orderings.get', { runId: run.id, kind: 'automatic' });
  expect(auto.levels).toHaveLength(150);
  // Approve what the automatic order ships as levels 1–30: the approved order is short from 31.
  await studio.api.call('candidates.setVerdict', {
    candidateIds: auto.levels.slice(0, 30).map((l) => l.candidateId!),
    verdict: 'approved',
  });
  await page.goto(studio.server.url);
  await page.getByTestId('runs-table').waitFor();
  await page.keyboard.press('Alt+6');
  await page.getByTestId('run-picker').selectOption(String(run.id));
}, 300_000);

describe('the Ordering page', () => {
  it('30 approved levels computed: one short-levels line, one card for the short run, a sane page height', async () => {
    await page.getByTestId('ordering-not-computed').waitFor();
    await page.getByTestId('ordering-compute').click();
    // Computing gives the approved-first order too, which ships now: every level filled, the
    // 30 approved ones where they are approved (issue 22).
    await expect
      .poll(() => page.locator('.curve-panel h2').textContent(), SLOW)
      .toContain('the approved first order');
    expect(await page.getByTestId('ordering-short').count()).toBe(0);
    const first = await studio.api.call('orderings.get', { runId: run.id, kind: 'approved-first' });
    expect(first.shortLevels).toEqual([]);
    expect(first.levels.slice(0, 30).map((l) => l.candidateId)).toEqual(
      auto.levels.slice(0, 30).map((l) => l.candidateId),
    );
    // Approved only: the approved candidates alone, short from level 31.
    await page.getByTestId('ordering-basis').selectOption('approved');
    await page.getByTestId('ordering-short').waitFor(SLOW);
    const approved = await studio.api.call('orderings.get', { runId: run.id, kind: 'approved' });
    expect(approved.shortLevels).toEqual(Array.from({ length: 120 }, (_, i) => i + 31));
    expect(await page.getByTestId('ordering-short').count()).toBe(1);
    expect(await page.getByTestId('ordering-short').textContent()).toMatch(
      /^Levels 31–150 have no approved candidate — open those pools\.\s*Open pool L31$/,
    );
    // The page never lists the short levels one by one: "31" is written once, not 120 numbers.
    const text = (await page.getByTestId('ordering-page').locator('..').textContent()) ?? '';
    expect(text).not.toMatch(/\b32\b.*\b33\b.*\b34\b/);
    expect(text).not.toMatch(/shshsh/);
    // The strip: 30 level cards and one card for levels 31–150.
    await expect
      .poll(
        () =>
          page.locator('[data-testid="ordering-strip"] [data-candidate]:not([data-candidate=""])').count(),
        SLOW,
      )
      .toBe(30);
    expect(await page.locator('[data-testid="ordering-strip"] [data-gap]').count()).toBe(1);
    expect(await page.locator('[data-gap]').getAttribute('data-gap')).toBe('31-150');
    // The curve: the approved target line is the automatic one; the plan's landmarks are drawn.
    expect(approved.levels.map((l) => l.target)).toEqual(auto.levels.map((l) => l.target));
    const svg = page.getByTestId('ordering-svg');
    expect(await svg.locator('g.short-band rect').count()).toBe(1);
    expect(await svg.locator('g.plan-mark-labels text').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^stage 2 · 4 orbits · long arrows|…$/)]),
    );
    expect(await svg.locator('g.plan-marks line').count()).toBe(9);
    // One screen, about: the content pane scrolls at most a little at 1440×900 (it was 7,875 px).
    const height = await page.evaluate(() => document.querySelector('.content')!.scrollHeight);
    expect(height).toBeLessThanOrEqual(1000);
    await shot('ordering-approved-1440x900.png', { width: 1440, height: 900 });
    await shot('ordering-approved-1280x720.png', { width: 1280, height: 720 });
    expect(await page.evaluate(() => document.querySelector('.content')!.scrollHeight)).toBeLessThanOrEqual(
      820,
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    // The button opens the first short pool.
    await page.getByTestId('ordering-open-short').click();
    await expect.poll(() => page.locator('.nav-item.active').textContent(), SLOW).toMatch(/Pools/);
    await page.keyboard.press('Alt+6');
    await page.getByTestId('ordering-strip').waitFor();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('pin by drag, lock 1–10, recompute: the pinned and locked levels hold; undo and redo replay it', async () => {
    // Steer over every proven candidate: the order shown becomes the steered (full) one.
    await page.getByTestId('ordering-basis').selectOption('all');
    await expect.poll(() => page.locator('[data-testid="ordering-strip"] [data-gap]').count(), SLOW).toBe(0);
    await expect
      .poll(
        () =>
          page.locator('[data-testid="ordering-strip"] [data-candidate]:not([data-candidate=""])').count(),
        SLOW,
      )
      .toBe(150);
    // Drag level 20's card onto level 17 (one Apsis stage: 16–30): that candidate is pinned there.
    const dragged = await candidateAt(20);
    await card(20).scrollIntoViewIfNeeded();
    await card(20).dragTo(card(17));
    await expect.poll(() => candidateAt(17), SLOW).toBe(dragged);
    await expect.poll(() => card(17).getByTestId('pin-badge').count(), SLOW).toBe(1);
    expect(await page.getByTestId('ordering-status').textContent()).toMatch(
      /Pinned L\d+ · c\d+ to level 17; (nothing else moved|level \d+ now ships .+) · Ctrl\+Z undoes/,
    );
    // Lock 1–10 from the keyboard: focus level 10 in the strip, Shift+L.
    await card(10).click();
    await page.keyboard.press('Shift+L');
    await expect.poll(() => page.getByTestId('lock-badge').count(), SLOW).toBe(10);
    const locked = await Promise.all(Array.from({ length: 10 }, (_, i) => candidateAt(i + 1)));
    await page.getByTestId('ordering-recompute').click();
    await expect
      .poll(() => page.getByTestId('ordering-status').textContent(), SLOW)
      .toMatch(/Recomputed the steered order/);
    const steered = await studio.api.call('orderings.get', { runId: run.id, kind: 'steered' });
    expect(steered.levels.slice(0, 10).map((l) => l.candidateId)).toEqual(locked);
    expect(steered.levels[16]!.candidateId).toBe(dragged);
    const steering = await studio.api.call('orderings.steering', { runId: run.id });
    expect(steering.pins).toEqual([{ level: 17, candidateId: dragged }]);
    expect(steering.locks.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => candidateAt(i + 1)))).toEqual(locked);
    expect(await candidateAt(17)).toBe(dragged);
    // Words: cards and the detail bar use the designer's names, never database ids.
    await card(17).click();
    expect(await page.getByTestId('detail-name').textContent()).toMatch(/^L\d+ · c\d+$/);
    expect(await page.getByTestId('ordering-page').locator('..').textContent()).not.toMatch(
      /\bid \d+|slot \d+/,
    );
    await shot('ordering-steered-1440x900.png', { width: 1440, height: 900 });
    await shot('ordering-steered-1280x720.png', { width: 1280, height: 720 });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Ctrl+Z undoes the recompute, then the lock; Ctrl+Shift+Z redoes the lock.
    await card(17).click();
    await page.keyboard.press('Control+z');
    await expect
      .poll(() => page.getByTestId('ordering-status').textContent(), SLOW)
      .toMatch(/^Undid: Recomputed/);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('lock-badge').count(), SLOW).toBe(0);
    expect((await studio.api.call('orderings.steering', { runId: run.id })).locks).toEqual([]);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => page.getByTestId('lock-badge').count(), SLOW).toBe(10);
    expect(pageErrors).toEqual([]);
  }, 180_000);

  it('steering keys pressed while a steer answers wait their turn: none is lost, and Ctrl+Z pressed twice at once undoes both', async () => {
    // A fast designer on a slow machine: L, →, L, each pressed before the steer before it answered.
    // The second L was dropped (steering was 'busy'), and Ctrl+Z then undid the wrong change.
    const locks = async (): Promise<number[]> =>
      (await studio.api.call('orderings.steering', { runId: run.id })).locks.map((l) => l.level);
    const first10 = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(await locks()).toEqual(first10);
    await card(12).click();
    await page.keyboard.press('l');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('l');
    await expect.poll(locks, SLOW).toEqual([...first10, 12, 13]);
    await expect.poll(() => page.getByTestId('lock-badge').count(), SLOW).toBe(12);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect.poll(locks, SLOW).toEqual(first10);
    await expect
      .poll(() => page.getByTestId('ordering-status').textContent(), SLOW)
      .toBe('Undid: Locked level 12');
    await expect.poll(() => page.getByTestId('lock-badge').count(), SLOW).toBe(10);
    expect(pageErrors).toEqual([]);
  }, 180_000);

  it("the swap list ranks a level's pool by fit and pins from it; a forced break is marked and explained on hover", async () => {
    await card(40).click();
    await page.keyboard.press('s');
    await page.getByTestId('swap-panel').waitFor();
    const swap = await studio.api.call('orderings.swapOptions', {
      runId: run.id,
      kind: 'steered',
      level: 40,
    });
    await expect.poll(() => page.getByTestId('swap-option').count(), SLOW).toBe(swap.options.length);
    expect(await page.getByTestId('swap-option').first().getAttribute('data-candidate')).toBe(
      String(swap.options[0]!.candidateId),
    );
    // It took the keyboard as it opened. Back in the strip, L locks level 41; the list is read
    // again after the steer and keeps the keyboard where it is (it used to pull it into the list).
    const inSwap = (): Promise<boolean> =>
      page.evaluate(() => document.activeElement?.closest('[data-testid="swap-panel"]') != null);
    const inStrip = (): Promise<boolean> =>
      page.evaluate(() => document.activeElement?.closest('[data-testid="ordering-strip"]') != null);
    await expect.poll(inSwap).toBe(true);
    const answers = Number(await page.getByTestId('swap-panel').getAttribute('data-answers'));
    await card(41).click();
    await page.keyboard.press('l');
    await expect
      .poll(async () => Number(await page.getByTestId('swap-panel').getAttribute('data-answers')), SLOW)
      .toBeGreaterThan(answers);
    expect(
      (await studio.api.call('orderings.steering', { runId: run.id })).locks.map((l) => l.level),
    ).toContain(41);
    expect(await inStrip()).toBe(true);
    await page.keyboard.press('Control+z');
    await expect
      .poll(
        async () =>
          (await studio.api.call('orderings.steering', { runId: run.id })).locks.map((l) => l.level),
        SLOW,
      )
      .not.toContain(41);
    // Pin the worst fit: it breaks a rule there, which the curve marks and explains.
    const worst = swap.options[swap.options.length - 1]!;
    expect(worst.breaks.length).toBeGreaterThan(0);
    await page
      .locator(`[data-testid="swap-option"][data-candidate="${worst.candidateId}"] button.pick`)
      .click();
    await expect.poll(() => candidateAt(40), SLOW).toBe(worst.candidateId);
    const view = await studio.api.call('orderings.get', { runId: run.id, kind: 'steered' });
    expect(view.breaks.length).toBeGreaterThan(0);
    const b = view.breaks.find((x) => x.from <= 40 && 40 <= x.to) ?? view.breaks[0]!;
    const k = view.breaks.indexOf(b);
    await page.keyboard.press('Escape');
    await page.getByTestId('ordering-svg').locator(`[data-break="${k}"]`).hover();
    const tip = page.getByTestId('break-tip');
    await tip.waitFor();
    const words = {
      fell: 'Difficulty fell',
      step: 'More than the allowed step',
      'equal-run': 'Too many equal levels in a row',
    }[b.rule];
    expect((await tip.textContent())?.replace(/\s+/g, ' ').trim()).toBe(`${words} ${b.message}`);
    expect(b.message).toMatch(new RegExp(`levels ${b.from}.* ${b.to}|\\(${b.from}–${b.to}\\)`));
    await shot('ordering-break-hover-1440x900.png', { width: 1440, height: 900 });
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('export of the steered order: refused naming the breaks until confirmed, recorded in the pack; a clean one passes verify', async () => {
    // The order with the forced break: export refuses and names it.
    await page.getByTestId('ordering-export').click();
    const refusal = page.getByTestId('ordering-export-breaks');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/Export refused: the steered order breaks the game’s rules/);
    expect(await refusal.locator('li').first().textContent()).toMatch(/^level \d+: /);
    expect(await page.getByTestId('ordering-export-anyway').isDisabled()).toBe(true);
    await page.getByTestId('ordering-confirm-breaks').check();
    const forcedDownload = page.waitForEvent('download');
    await page.getByTestId('ordering-export-anyway').click();
    // Packs go to this test's own folder: a shared path let another test process (another
    // checkout's run of this file) overwrite the pack between the download and its reading.
    const forcedPath = join(studio.ctx.dir, 'ordering-forced-pack.json');
    await (await forcedDownload).saveAs(forcedPath);
    await expect
      .poll(() => page.getByTestId('ordering-exported').textContent(), SLOW)
      .toMatch(/steered pack was downloaded as .*\.json .* rule breaks? recorded in the pack/);
    const forced = JSON.parse(readFileSync(forcedPath, 'utf8')) as {
      studio: { order: string; forcedBreaks: { level: number }[] };
    };
    expect(forced.studio.order).toBe('steered');
    expect(forced.studio.forcedBreaks.length).toBeGreaterThan(0);
    const v1 = cli('verify', forcedPath);
    expect(v1.status).not.toBe(0);
    // The Export page asks the same: the steered order is refused naming its breaks until confirmed.
    await page.keyboard.press('Alt+8');
    await page.getByTestId('export-kind-steered').check();
    await page.getByTestId('export-button').click();
    await page.getByTestId('export-breaks').waitFor();
    expect(await page.getByTestId('export-breaks').locator('li').first().textContent()).toMatch(
      /^level \d+: /,
    );
    expect(await page.getByTestId('export-anyway').isDisabled()).toBe(true);
    await page.getByTestId('export-confirm-breaks').check();
    const fromExportPage = page.waitForEvent('download');
    await page.getByTestId('export-anyway').click();
    const again = JSON.parse(await readFileAsync(await (await fromExportPage).path(), 'utf8')) as {
      studio: { forcedBreaks: unknown[] };
    };
    expect(again.studio.forcedBreaks).toEqual(forced.studio.forcedBreaks);
    await page.keyboard.press('Alt+6');
    await page.getByTestId('ordering-strip').waitFor();

    // Undo the pins and the lock (Ctrl+Z, three times): the steered order is the game's own
    // order of every candidate again, which keeps every rule: it exports at once and verifies.
    // (A pinned or locked order may break rules beyond the curve, such as Apsis's arrows never
    // falling; export names those as it did above.)
    for (let i = 0; i < 3; i++) {
      const before = await page.getByTestId('ordering-status').textContent();
      await card(40).click();
      await page.keyboard.press('Control+z');
      await expect.poll(() => page.getByTestId('ordering-status').textContent(), SLOW).not.toBe(before);
    }
    await expect
      .poll(async () => {
        const s = await studio.api.call('orderings.steering', { runId: run.id });
        return s.pins.length + s.locks.length;
      }, SLOW)
      .toBe(0);
    await expect.poll(() => page.getByTestId('ordering-no-breaks').count(), SLOW).toBe(1);
    const download = page.waitForEvent('download');
    await page.getByTestId('ordering-export').click();
    const cleanPath = join(studio.ctx.dir, 'ordering-steered-pack.json');
    await (await download).saveAs(cleanPath);
    const steered = await studio.api.call('orderings.get', { runId: run.id, kind: 'steered' });
    const pack = JSON.parse(readFileSync(cleanPath, 'utf8')) as { levels: unknown[]; studio?: unknown };
    expect(pack.levels).toHaveLength(steered.levels.length);
    // No forced breaks: the studio's notes hold only what made the run.
    expect(Object.keys(pack.studio as object)).toEqual(['made']);
    const v2 = cli('verify', cleanPath);
    expect(v2.stderr).toBe('');
    expect(v2.status).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
