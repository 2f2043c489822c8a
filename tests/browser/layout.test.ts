/**
 * Every page at 1280×720 and 1440×900, in Chromium over the real studio (issue 22, "layout
 * breaks in three places"): with a finished Carillon run, an Apsis run and an imported pack
 * (whose long name once pushed the Runs table sideways), each page is opened at both sizes and
 * its boxes are compared:
 *  - nothing scrolls sideways: not the window, not the page, not any scroller inside it (the
 *    Runs table cut off its Created · took column);
 *  - no control, heading or table header runs off the window or is cut off by a box that clips it;
 *  - no two boxes laid out side by side in a row or a grid overlap (the Export run picker ran
 *    under "Last written");
 *  - the Ordering curve is tall enough to read (it was about 90 px at 1280×720) and its
 *    landmark labels lie inside it;
 *  - `?` opens the page's keys, which fit the window.
 * Screenshots of every page at both sizes go to /tmp/shots/layout/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { pages } from '../../src-renderer/src/lib/pages';
import { useStudioInBrowser } from './chromium';

const SHOTS = '/tmp/shots/layout';
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;
/** The least height of the Ordering curve at 1280×720 (its plot was about 90 px of 148). */
const CURVE_MIN_PX = 200;

const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: SIZES[1], errors: pageErrors });
let page: Page;
let carillon: RunSummary;

/**
 * What is wrong with the layout on screen, one sentence per problem (empty: nothing). Runs in
 * the page: every check compares bounding boxes.
 */
function layoutProblems(): string[] {
  const out: string[] = [];
  const vw = window.innerWidth;
  const root = document.querySelector('.page');
  if (!root) return ['no page on screen'];
  const box = (el: Element): DOMRect => el.getBoundingClientRect();
  const shown = (el: Element): boolean => {
    const r = box(el);
    const cs = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none';
  };
  const name = (el: Element): string => {
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/)[0]}` : '';
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 32);
    return `${id ? `[${id}]` : `${el.tagName.toLowerCase()}${cls}`}${text ? ` “${text}”` : ''}`;
  };
  const scrolls = (el: Element): boolean => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  // Made to scroll sideways: the film strips of levels, and JSON shown as written.
  const sideways = (el: Element): boolean =>
    el.matches('[data-testid="insp-strip"], [data-testid="ordering-strip"], pre');
  const inSideways = (el: Element): boolean => {
    for (let p = el.parentElement; p; p = p.parentElement) if (sideways(p)) return true;
    return false;
  };

  const doc = document.scrollingElement!;
  if (doc.scrollWidth > vw + 1) out.push(`the window scrolls sideways (${doc.scrollWidth} px in ${vw})`);
  for (const el of [root, ...root.querySelectorAll('*')]) {
    if (!shown(el)) continue;
    // A scroller that must scroll sideways to show its content (a table cut off at its right).
    if ((scrolls(el) || el === root) && !sideways(el) && el.scrollWidth > el.clientWidth + 1) {
      // Name what sticks out furthest, so the message says what to fix.
      const edge = box(el).right;
      let far: Element | null = null;
      for (const k of el.querySelectorAll('*'))
        if (shown(k) && box(k).right > (far ? box(far).right : edge + 1)) far = k;
      out.push(
        `${name(el)} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth})${far ? `: ${name(far)} sticks out` : ''}`,
      );
    }
  }

  // Controls, headings and table headers: inside the window, and not cut off by a box that clips.
  for (const el of root.querySelectorAll('button, select, input, th, h2, h3, label, kbd, [data-testid]')) {
    if (!shown(el) || inSideways(el)) continue;
    const r = box(el);
    if (r.right > vw + 1 || r.left < -1) out.push(`${name(el)} runs off the window (${r.left}–${r.right})`);
    // Text that runs out of its own box (a table header wider than its column).
    if (
      !el.matches('select, input') &&
      el.scrollWidth > el.clientWidth + 1 &&
      getComputedStyle(el).overflowX === 'visible'
    )
      out.push(`${name(el)} runs out of its own box (${el.scrollWidth} px in ${el.clientWidth})`);
    // Out of the panel it belongs to (the Export run picker ran out of its panel, under the next one).
    const panel = el.closest('.panel, .card, fieldset');
    if (panel) {
      const pr = box(panel);
      if (r.right > pr.right + 1 || r.left < pr.left - 1)
        out.push(
          `${name(el)} runs out of its panel ${name(panel)} (${Math.round(r.right)} > ${Math.round(pr.right)})`,
        );
    }
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const ox = getComputedStyle(p).overflowX;
      if (ox === 'visible') continue;
      if (ox !== 'auto' && ox !== 'scroll') {
        const pr = box(p);
        if (r.right > pr.right + 1 || r.left < pr.left - 1)
          out.push(`${name(el)} is cut off by ${name(p)} (${Math.round(r.right)} > ${Math.round(pr.right)})`);
      }
      break;
    }
  }

  // Boxes side by side in a row or a grid never overlap (2 px of slack for borders).
  for (const row of [root, ...root.querySelectorAll('*')]) {
    const d = getComputedStyle(row).display;
    if (!/flex|grid/.test(d) || !shown(row)) continue;
    const kids = [...row.children].filter(
      (k) => shown(k) && !['absolute', 'fixed'].includes(getComputedStyle(k).position),
    );
    for (let i = 0; i < kids.length; i++)
      for (let j = i + 1; j < kids.length; j++) {
        const a = box(kids[i]!),
          b = box(kids[j]!);
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 2 && h > 2)
          out.push(`${name(kids[i]!)} overlaps ${name(kids[j]!)} by ${Math.round(w)} × ${Math.round(h)} px`);
      }
  }
  return [...new Set(out)];
}

async function open(id: string): Promise<void> {
  const key = pages.find((p) => p.id === id)!.key;
  await page.keyboard.press(key);
  await page.waitForFunction(
    (title) => document.querySelector('.topbar h1')?.textContent === title,
    pages.find((p) => p.id === id)!.title,
  );
}

/** Let the page load what it shows (lists, curves, boards) and settle. */
async function settle(): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(700);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  page = studio.page;
  carillon = await studio.ctx.finishedRun({ game: 'carillon', seed: 11 });
  await studio.ctx.finishedRun({ game: 'apsis', seed: 3, levels: 12 });
  // An imported pack with a long file name: the Runs table once scrolled sideways after one.
  const pack = await studio.api.call('packs.export', { runId: carillon.id, kind: 'automatic' });
  await studio.api.call('packs.import', {
    text: pack.text,
    name: 'carillon-seed-11-automatic-order-for-the-spring-release-candidate.json',
  });
  await page.goto(studio.server.url);
  await page.getByTestId('runs-table').waitFor();
  // The Carillon run on every page that shows one run.
  await open('pools');
  await page.getByTestId('run-picker').selectOption(String(carillon.id));
  await settle();
  // A candidate open in the inspector (Enter on a pool card), so its page shows a board.
  await page.getByTestId('pool-grid').locator('[data-testid^="card-"]').first().click();
  await page.keyboard.press('Enter');
  await page.getByTestId('focus-info').waitFor();
}, 300_000);

describe('every page at 1280×720 and 1440×900', () => {
  for (const p of pages)
    it(`${p.title}: nothing scrolls sideways, is cut off or overlaps`, async () => {
      await open(p.id);
      const found: string[] = [];
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await settle();
        await page.screenshot({ path: join(SHOTS, `${p.id}-${size.width}x${size.height}.png`) });
        for (const problem of await page.evaluate(layoutProblems))
          found.push(`${size.width}×${size.height}: ${problem}`);
      }
      expect(found).toEqual([]);
    });

  it('the Ordering curve is tall enough at 1280×720, its landmark labels inside it and whole', async () => {
    await open('ordering');
    await page.setViewportSize(SIZES[0]);
    await settle();
    const svg = page.getByTestId('ordering-svg');
    await svg.waitFor();
    const plot = (await svg.boundingBox())!;
    expect(plot.height).toBeGreaterThanOrEqual(CURVE_MIN_PX);
    // ... and the page still fits the window, the strip of levels on screen.
    expect(await page.evaluate(() => document.querySelector('.content')!.scrollHeight)).toBeLessThanOrEqual(
      720,
    );
    const labels = await svg.locator('text').evaluateAll((ts) =>
      ts
        .map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() }))
        .filter((t) => t.text.trim() !== '' && t.r.width > 0)
        .map((t) => ({ text: t.text, left: t.r.left, right: t.r.right, top: t.r.top, bottom: t.r.bottom })),
    );
    expect(labels.length).toBeGreaterThan(3);
    // The plan's landmarks read whole, not cut to "stretch 2 – 2 t…".
    const marks = await svg.locator('.plan-mark-labels text').allTextContents();
    expect(marks.length).toBeGreaterThan(1);
    expect(marks.filter((t) => t.endsWith('…'))).toEqual([]);
    const outside = labels.filter(
      (l) =>
        l.left < plot.x - 1 ||
        l.right > plot.x + plot.width + 1 ||
        l.top < plot.y - 1 ||
        l.bottom > plot.y + plot.height + 1,
    );
    expect(outside.map((l) => l.text)).toEqual([]);
  });

  it('the Runs table shows Created · took whole after an import, at 1440 px', async () => {
    await open('runs');
    await page.setViewportSize(SIZES[1]);
    await settle();
    const table = page.getByTestId('runs-table');
    const head = table.locator('th', { hasText: 'Created' });
    const cell = (await head.boundingBox())!;
    const seen = await table.evaluate((t) => {
      let p: Element | null = t.parentElement;
      while (p && !['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX))
        p = p.parentElement;
      const r = (p ?? document.documentElement).getBoundingClientRect();
      return { left: r.left, right: Math.min(r.right, window.innerWidth) };
    });
    expect(cell.x + cell.width).toBeLessThanOrEqual(seen.right + 1);
    expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(3);
  });

  it('? opens the keys of the page on screen, which fit the window', async () => {
    for (const id of ['pools', 'duplicates', 'inspector'] as const) {
      await open(id);
      await page.setViewportSize(SIZES[0]);
      await page.locator('body').click({ position: { x: 5, y: 700 } });
      await page.keyboard.press('Shift+Slash');
      const sheet = page.getByTestId('key-sheet');
      await sheet.waitFor();
      const group = pages.find((x) => x.id === id)!.group;
      expect(await sheet.locator(`section[data-group="${group}"] [data-action]`).count()).toBeGreaterThan(3);
      expect(await sheet.locator('[data-action="studio.keys"]').count()).toBe(1);
      const r = (await sheet.boundingBox())!;
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width).toBeLessThanOrEqual(SIZES[0].width);
      await page.screenshot({ path: join(SHOTS, `keys-${id}.png`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => sheet.count()).toBe(0);
    }
    expect(pageErrors).toEqual([]);
  });
});
