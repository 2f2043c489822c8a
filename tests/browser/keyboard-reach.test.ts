/**
 * Keyboard alone at 1280 × 720 (audit): long lists are one stop of the Tab order, so the
 * controls after them stay a few keys away, and developer timings stay in the debug overlay.
 * - The inspector's shipped-order strip (120 levels) was 120 Tab stops before the board.
 * - The Duplicates list had one Tab stop per pair; ↓ moved the selection but not the focus,
 *   so the focused row and the row the keys acted on differed.
 * - Every row of the Runs table was a Tab stop.
 * - A point of the difficulty plot could be read and opened only with a mouse.
 * - Edit mode printed the proof's round trip in milliseconds beside "Proof".
 * And the Tab order follows what is drawn: the Pools candidate panel top to bottom (note, then
 * tags) and back with Shift+Tab, the inspector's curation bar row by row, and every page's main
 * controls within reach of Tab from its heading.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { RESULTS, useStudioInBrowser } from './chromium';

const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1280, height: 720 }, errors: pageErrors });
let run: RunSummary;
let page: Page;

/** What has the focus: its test id, data attributes and tag. */
const focused = (): Promise<{
  testid: string | null;
  strip: string | null;
  pair: string | null;
  tag: string;
  inStrip: boolean;
}> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      testid: el?.getAttribute('data-testid') ?? null,
      strip: el?.getAttribute('data-strip-level') ?? null,
      pair: el?.getAttribute('data-pair') ?? null,
      tag: el?.tagName.toLowerCase() ?? '',
      inStrip: !!el?.closest('[data-testid="insp-strip"]'),
    };
  });

/** A Tab stop: its test id (or tag), where it is drawn, and whether it is in the inspector's strip. */
interface Stop {
  id: string;
  top: number;
  left: number;
  strip: boolean;
}

/** The focused element inside `container`, with its place on the page (scroll of its panels undone), or null outside it. */
const stopIn = (container: string): Promise<Stop | null> =>
  page.evaluate((sel) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || !el.closest(sel)) return null;
    const r = el.getBoundingClientRect();
    // Undo the scroll of every scrolled box around it, so a panel that scrolled to show it keeps its order.
    let top = r.top,
      left = r.left;
    for (let p = el.parentElement; p; p = p.parentElement) {
      top += p.scrollTop;
      left += p.scrollLeft;
    }
    return {
      id: el.getAttribute('data-testid') ?? el.tagName.toLowerCase(),
      top: Math.round(top),
      left: Math.round(left),
      strip: !!el.closest('[data-testid="insp-strip"]'),
    };
  }, container);

/** Each stop is below the one before, or on its row (tops within 12 px) and to its right. */
function expectReadingOrder(walk: Stop[]): void {
  for (let i = 1; i < walk.length; i++) {
    const a = walk[i - 1]!,
      b = walk[i]!;
    const sameRow = Math.abs(a.top - b.top) <= 12;
    expect(
      sameRow ? b.left > a.left : b.top > a.top,
      `${a.id} (${a.left},${a.top}) then ${b.id} (${b.left},${b.top})`,
    ).toBe(true);
  }
}

beforeAll(async () => {
  page = studio.page;
  run = await studio.ctx.finishedRun({ game: 'carillon', seed: 7, levels: 30 });
  await page.goto(studio.server.url);
  await page.getByTestId('runs-table').waitFor();
}, 240_000);

describe('keyboard reach at 1280 × 720', () => {
  it('passes the Runs table in one Tab, and ↓/↑ move the focus and the selection together', async () => {
    await studio.ctx.finishedRun({ game: 'carillon', seed: 8, levels: 1 });
    await studio.ctx.finishedRun({ game: 'apsis', seed: 8, levels: 1 });
    await page.keyboard.press('Alt+r');
    const table = page.getByTestId('runs-table');
    await expect.poll(() => table.locator('tbody tr[data-testid^="run-row-"]').count()).toBe(3);
    expect(await table.locator('[tabindex="0"]').count()).toBe(1);
    await table.locator('[tabindex="0"]').focus();
    const rowId = async (): Promise<string | null> =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    const first = await rowId();
    expect(first).toMatch(/^run-row-\d+$/);
    const order = await table
      .locator('tbody tr[data-testid^="run-row-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    await page.keyboard.press(order.indexOf(first) === order.length - 1 ? 'ArrowUp' : 'ArrowDown');
    await expect.poll(rowId).not.toBe(first);
    const second = await rowId();
    expect(await table.locator('tr.selected').getAttribute('data-testid')).toBe(second);
    expect(await table.locator('[tabindex="0"]').getAttribute('data-testid')).toBe(second);
    await page.keyboard.press('Tab');
    expect(await rowId()).not.toMatch(/^run-row-/);
    await page.keyboard.press('Shift+Tab');
    expect(await rowId()).toBe(second);
    expect(pageErrors).toEqual([]);
  });

  it('passes the inspector strip in one Tab, walks it with the arrow keys, and Enter shows the level', async () => {
    const view = await studio.api.call('orderings.get', { runId: run.id, kind: 'automatic' });
    await page.keyboard.press('Alt+1');
    await page.getByTestId(`run-row-${run.id}`).click();
    await page.keyboard.press('Alt+3');
    await page.keyboard.press('Alt+g');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    const strip = page.getByTestId('insp-strip');
    await expect.poll(() => strip.locator('.current').getAttribute('data-strip-level')).toBe('3');
    // Tab from the strip-kind select lands on the level on screen, and one more Tab leaves the strip.
    await page.getByTestId('insp-strip-kind').focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ strip: '3' });
    expect(await strip.locator('[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toMatchObject({ strip: '5' });
    await page.keyboard.press('End');
    expect(await focused()).toMatchObject({ strip: String(view.levels.length) });
    await page.keyboard.press('Home');
    expect(await focused()).toMatchObject({ strip: '1' });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => strip.locator('.current').getAttribute('data-strip-level')).toBe('2');
    await page.keyboard.press('Tab');
    expect((await focused()).inStrip).toBe(false);
    await page.screenshot({ path: join(RESULTS, 'keyboard-strip-1280.png') });
    expect(pageErrors).toEqual([]);
  });

  it('shows the proof time in edit mode only with the debug overlay on', async () => {
    await page.getByTestId('board').click({ position: { x: 3, y: 3 } });
    await page.keyboard.press('e');
    const timing = page.getByTestId('edit-timing');
    // Attached, not visible: with the proof worker warm the first proof may be back (the line
    // empty, so hidden) before the editor is looked at.
    await timing.waitFor({ state: 'attached' });
    await expect.poll(() => timing.textContent()).not.toBe('proving…');
    await page.waitForTimeout(300);
    expect(await timing.textContent()).not.toMatch(/\bms\b/);
    // The developer overlay (Alt+D) shows the last proof's round trip, and hides it again.
    await page.keyboard.press('Alt+d');
    await expect.poll(() => timing.textContent()).toMatch(/^\d+(\.\d)? ms$/);
    await page.keyboard.press('Alt+d');
    await expect.poll(() => timing.textContent()).toBe('');
    await page.keyboard.press('e');
    expect(pageErrors).toEqual([]);
  });

  it('reads and opens a point of the difficulty plot with the keys alone', async () => {
    await page.keyboard.press('Alt+1');
    await page.getByTestId(`run-row-${run.id}`).click();
    await page.keyboard.press('Alt+4');
    const plot = page.getByTestId('plots-main');
    await plot.locator('svg').first().waitFor();
    await plot.focus();
    const line = page.getByTestId('plots-hovered');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => line.textContent()).toMatch(/^L1 · c\d+/);
    expect(await line.textContent()).toMatch(/ships/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => line.textContent()).toMatch(/^L2 · c\d+/);
    const before = (await line.locator('strong').textContent())!;
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => line.locator('strong').textContent()).not.toBe(before);
    expect(await plot.locator('.kbd-point').count()).toBe(1);
    const chosen = (await line.locator('strong').textContent())!;
    expect(chosen).toMatch(/^L2 · c\d+$/);
    await page.screenshot({ path: join(RESULTS, 'keyboard-plot-1280.png') });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('inspector-candidate').textContent()).toBe(chosen);
    expect(pageErrors).toEqual([]);
  });

  it('passes the Duplicates list in one Tab, and the focus follows ↓ and ↑', async () => {
    await page.keyboard.press('Alt+5');
    await page.getByTestId('run-picker').selectOption(String(run.id));
    const list = page.getByTestId('dup-list');
    await list.locator('[data-testid="dup-pair"]').first().waitFor();
    const pairs = await studio.api.call('duplicates.list', { runId: run.id, limit: 100000 });
    expect(pairs.length).toBeGreaterThan(2);
    expect(await list.locator('[tabindex="0"]').count()).toBe(1);
    await list.locator('[tabindex="0"]').focus();
    const start = Number((await focused()).pair);
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => Number((await focused()).pair)).not.toBe(start);
    const now = Number((await focused()).pair);
    expect(await list.locator('[aria-selected="true"]').getAttribute('data-pair')).toBe(String(now));
    expect(await list.locator('[tabindex="0"]').getAttribute('data-pair')).toBe(String(now));
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => Number((await focused()).pair)).toBe(start);
    await page.keyboard.press('Tab');
    expect((await focused()).pair).toBeNull();
    await page.keyboard.press('Shift+Tab');
    expect(Number((await focused()).pair)).toBe(start);
    expect(pageErrors).toEqual([]);
  });

  it('Pools: Tab walks the candidate panel top to bottom (note before tags, as drawn), Shift+Tab walks it back, and leaving the note keeps the focus moving', async () => {
    await page.keyboard.press('Alt+2');
    await page.getByTestId('run-picker').selectOption(String(run.id));
    await page.getByTestId('candidate-panel').waitFor();
    await page.getByTestId('pool-grid').focus();
    const walk: Stop[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const stop = await stopIn('aside');
      if (!stop) break;
      walk.push(stop);
    }
    const ids = walk.map((w) => w.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'verdict-approve',
        'verdict-reject',
        'verdict-clear',
        'open-inspector',
        'note-input',
        'tag-input',
      ]),
    );
    expect(ids.indexOf('note-input')).toBeLessThan(ids.indexOf('tag-input'));
    expectReadingOrder(walk);
    // Back the same way (the last Tab left the panel).
    const back: string[] = [];
    for (let i = 0; i < walk.length; i++) {
      await page.keyboard.press('Shift+Tab');
      back.push((await stopIn('aside'))?.id ?? '');
    }
    expect(back).toEqual([...ids].reverse());
    // A note typed and left with Tab is saved, and the focus goes on to the tag field (the save does not take it back).
    await page.getByTestId('note-input').focus();
    await page.keyboard.type('reach check');
    await page.keyboard.press('Tab');
    // Checked once the page has the save's answer (its message names the note), not after a wait.
    await expect
      .poll(() => page.getByTestId('pool-message').textContent())
      .toMatch(/^Noted .* · Ctrl\+Z undoes$/);
    expect((await focused()).testid).toBe('tag-input');
    await page.keyboard.press('Shift+Tab');
    expect((await focused()).testid).toBe('note-input');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Control+Enter');
    expect(pageErrors).toEqual([]);
  });

  it('Inspector: Tab walks the curation bar in reading order, row by row', async () => {
    await page.getByTestId('open-inspector').click();
    await page.getByTestId('insp-approve').waitFor();
    await page.getByTestId('insp-prev').focus();
    const walk: Stop[] = [(await stopIn('.inspector-page'))!];
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      const stop = await stopIn('.inspector-page');
      if (!stop || stop.id === 'insp-strip' || stop.strip) break;
      walk.push(stop);
    }
    const ids = walk.map((w) => w.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'insp-prev',
        'insp-next',
        'insp-approve',
        'insp-reject',
        'insp-clear',
        'insp-auto-advance',
        'insp-note',
        'insp-tag',
        'insp-jump',
        'insp-strip-fold',
        'insp-strip-kind',
      ]),
    );
    expectReadingOrder(walk);
    expect(pageErrors).toEqual([]);
  });

  it('reaches every page’s main controls with Tab alone from the page’s heading', async () => {
    const pages: { key: number; controls: string[] }[] = [
      {
        key: 1,
        controls: [
          'import-pack',
          `run-row-${run.id}`,
          'open-pools',
          'new-run-game',
          'new-run-seed',
          'new-run-submit',
        ],
      },
      {
        key: 2,
        controls: [
          'run-picker',
          'pool-sort',
          'pool-verdict',
          'pool-tag',
          'pool-zoom',
          'pool-grid',
          'verdict-approve',
          'note-input',
          'tag-input',
        ],
      },
      {
        key: 3,
        controls: [
          'mode-edit',
          'insp-prev',
          'insp-next',
          'insp-approve',
          'insp-note',
          'insp-jump',
          'insp-strip-kind',
        ],
      },
      { key: 4, controls: ['run-picker', 'plots-main', 'hist-metric'] },
      {
        key: 5,
        controls: [
          'run-picker',
          'dup-rule',
          'dup-triage',
          'dup-reject-a',
          'dup-reject-b',
          'dup-mark-fine',
          'dup-open-a',
          'dup-open-b',
        ],
      },
      {
        key: 6,
        controls: [
          'run-picker',
          'ordering-recompute',
          'ordering-export',
          'ordering-strip',
          'ordering-swap',
          'ordering-exclude',
        ],
      },
      { key: 8, controls: ['run-picker', 'export-kind-automatic', 'export-layout-file', 'export-button'] },
      { key: 9, controls: ['exp-new', 'exp-base-run-picker', 'exp-seeds', 'exp-levels', 'exp-submit'] },
    ];
    for (const p of pages) {
      await page.keyboard.press(`Alt+${p.key}`);
      await page.waitForTimeout(400);
      if (p.key === 5 || p.key === 6) await page.getByTestId('run-picker').selectOption(String(run.id));
      await page
        .locator(
          '[data-testid="pool-grid"], [data-testid="dup-list"], [data-testid="ordering-strip"], [data-testid="export-button"], [data-testid="exp-submit"], [data-testid="plots-main"], [data-testid="insp-approve"], [data-testid="new-run-submit"]',
        )
        .first()
        .waitFor();
      await page.evaluate(() => {
        const h = document.querySelector<HTMLElement>('.topbar h1')!;
        h.tabIndex = -1;
        h.focus();
      });
      const reached = new Set<string>();
      for (let i = 0; i < 150; i++) {
        await page.keyboard.press('Tab');
        const f = await focused();
        if (f.tag === 'body' || (await page.evaluate(() => !!document.activeElement?.closest('nav')))) break;
        if (f.testid) reached.add(f.testid);
      }
      expect(
        p.controls.filter((c) => !reached.has(c)),
        `page ${p.key}`,
      ).toEqual([]);
    }
    expect(pageErrors).toEqual([]);
  });
});
