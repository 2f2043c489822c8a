/**
 * The analysis screens in Chromium against the real server, real SQLite and real workers:
 * Plots (pool points, curve, click → inspector), Near-duplicate pairs (select, two boards),
 * Ordering (compute the approved ordering, curve, short levels) and Compare (two seeds, and two
 * orders of one run: automatic against steered).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { RESULTS, useStudioInBrowser } from './chromium';
import { apsisGame } from '../../src-shared/games/apsis/index';
// The renderer's debug hook type (declares window.__boards).
import type { Rect } from '../../src-renderer/src/boards/debug';

let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({
  workers: 2,
  viewport: { width: 1440, height: 1000 },
  errors: pageErrors,
});
let carA: RunSummary, carB: RunSummary, aps: RunSummary;

async function makeRun(game: 'carillon' | 'apsis', seed: number, levels: number): Promise<RunSummary> {
  const run = await studio.api.call('runs.create', { game, seed, levels });
  const done = await studio.ctx.service.engine.waitFor(run.id);
  expect(done.status).toBe('done');
  return done;
}

/** Select a run in the page's run picker. */
async function pickRun(runId: number): Promise<void> {
  await page.getByTestId('run-picker').selectOption(String(runId));
}

async function goTo(name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Studio' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

/** Screenshot the whole page: the window grows to the content's height for the shot (the content pane scrolls). */
async function shot(name: string): Promise<void> {
  await page.waitForTimeout(120);
  const h = await page.evaluate(() => document.querySelector('.content')?.scrollHeight ?? 1000);
  await page.setViewportSize({ width: 1440, height: Math.min(2600, Math.max(1000, h)) });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(RESULTS, name) });
  await page.setViewportSize({ width: 1440, height: 1000 });
}

/** A side-by-side board as its debug hook reports it (src-renderer/src/boards/debug.ts). */
async function board(id: string): Promise<{
  stage: { width: number; height: number };
  zoom: { k: number; x: number; y: number };
  field: Rect | null;
  content: Rect | null;
}> {
  const g = await page.evaluate((id) => {
    const b = window.__boards?.[id];
    return b ? { stage: b.stage(), zoom: b.zoom(), field: b.field(), content: b.content() } : null;
  }, id);
  if (!g) throw new Error(`board ${id} is not on screen`);
  return g;
}

/**
 * The board shows its whole level, fitted: the field and everything drawn lie inside the stage,
 * and the field fills the stage (less the fit's margin) in its tighter direction.
 */
async function expectFitted(id: string, margin: number): Promise<Rect> {
  const g = await board(id);
  const { width: W, height: H } = g.stage;
  const f = g.field!,
    c = g.content!;
  expect(f, id).not.toBeNull();
  expect(W, id).toBeGreaterThan(100);
  expect(H, id).toBeGreaterThan(100);
  expect(g.zoom, id).toEqual({ k: 1, x: 0, y: 0 });
  for (const r of [f, c]) {
    expect(r.x, id).toBeGreaterThanOrEqual(-0.5);
    expect(r.y, id).toBeGreaterThanOrEqual(-0.5);
    expect(r.x + r.width, id).toBeLessThanOrEqual(W + 0.5);
    expect(r.y + r.height, id).toBeLessThanOrEqual(H + 0.5);
  }
  expect(Math.max(f.width / (W - 2 * margin), f.height / (H - 2 * margin)), id).toBeCloseTo(1, 1);
  expect(f.x + f.width / 2, id).toBeCloseTo(W / 2, 0);
  expect(f.y + f.height / 2, id).toBeCloseTo(H / 2, 0);
  return f;
}

beforeAll(async () => {
  page = studio.page;
  carA = await makeRun('carillon', 7, 6);
  carB = await makeRun('carillon', 11, 6);
  aps = await makeRun('apsis', 3, 8);
  // Approve candidate 0 of the first four slots of the first Carillon run (four of six levels),
  // so the approved ordering has material for most levels and some levels are short.
  const pool = await studio.api.call('candidates.list', { runId: carA.id, limit: 2000, withLevels: false });
  const approve = pool.items.filter((c) => c.failure === null && c.slot < 4 && c.index < 1).map((c) => c.id);
  expect(approve.length).toBe(4);
  await studio.api.call('candidates.setVerdict', { candidateIds: approve, verdict: 'approved' });
  const someRejected = pool.items.filter((c) => c.failure === null && c.index === 5).map((c) => c.id);
  if (someRejected.length)
    await studio.api.call('candidates.setVerdict', { candidateIds: someRejected, verdict: 'rejected' });

  await page.goto(studio.server.url);
  await page.getByTestId('runs-table').waitFor();
});

describe('analysis screens in Chromium', () => {
  it('Plots: pool points behind the curve, target and steps; hovering reads a candidate; clicking opens the inspector', async () => {
    await goTo('Plots');
    await pickRun(carA.id);
    const main = page.getByTestId('plots-main-svg');
    await main.waitFor();
    const points = await studio.api.call('candidates.points', { runId: carA.id });
    const plotted = points.filter((p) => p.difficulty !== null);
    await expect.poll(() => main.locator('g.pool-points circle').count()).toBe(plotted.length);
    // Every pool point is painted (a verdict key must never reach Plot as the colour 'none').
    expect(await main.locator('g.pool-points circle[fill="none"]').count()).toBe(0);
    const ordering = await studio.api.call('orderings.get', { runId: carA.id, kind: 'automatic' });
    await expect
      .poll(() => main.locator('g.order-dots circle').count())
      .toBe(ordering.levels.filter((l) => l.difficulty !== null).length);
    expect(await main.locator('g.order-curve path').count()).toBe(1);
    await page.getByTestId('plots-steps-svg').waitFor();
    await page.getByTestId('plots-hist-svg').waitFor();
    expect(await page.getByTestId('plots-hist-svg').locator('rect').count()).toBeGreaterThan(0);
    // Switch the histogram's metric.
    const metricOptions = await page.getByTestId('hist-metric').locator('option').allTextContents();
    expect(metricOptions.length).toBeGreaterThan(1);
    await page.getByTestId('hist-metric').selectOption({ index: 1 });
    await page.getByTestId('plots-hist-svg').waitFor();
    // Hover a pool point: its candidate is read out.
    const target = plotted.find((p) => !ordering.levels.some((l) => l.candidateId === p.id))!;
    const circle = main.locator(`g.pool-points circle[data-candidate="${target.id}"]`);
    await circle.hover({ force: true });
    await expect
      .poll(() => page.getByTestId('plots-hovered').textContent())
      .toMatch(new RegExp(`^L${target.slot + 1} · c${target.index + 1}\\s*·`));
    // The database id only on hover.
    expect(await page.getByTestId('plots-hovered').locator('strong').getAttribute('title')).toBe(
      `Database id ${target.id}`,
    );
    // Plot's own tip shows the same candidate.
    await expect
      .poll(() => main.locator('g[aria-label="tip"]').textContent())
      .toContain(`L${target.slot + 1} · c${target.index + 1}`);
    await shot('plots.png');
    // Light theme too.
    await page.keyboard.press('Alt+t');
    await main.waitFor();
    await shot('plots-light.png');
    await page.keyboard.press('Alt+t');
    // Click a point: the inspector opens on a candidate.
    const again = page.getByTestId('plots-main-svg').locator(`g.order-dots circle`).first();
    const id = Number(await again.getAttribute('data-candidate'));
    await again.click({ force: true });
    await expect.poll(() => page.locator('.nav-item.active').textContent()).toMatch(/Inspector/);
    // The inspector shows the clicked candidate (the page's text once matched only a passing
    // loading line, which a quicker switch left behind).
    expect(id).toBeGreaterThan(0);
    const opened = await studio.api.call('candidates.get', { candidateId: id });
    await expect
      .poll(() => page.getByTestId('inspector-candidate').textContent())
      .toBe(`L${opened.slot + 1} · c${opened.index + 1}`);
    expect(pageErrors).toEqual([]);
  });
  it('Near-duplicates: the Apsis run lists every pair (virtualised); selecting one draws both boards; arrows move through pairs', async () => {
    const pairs = await studio.api.call('duplicates.list', { runId: aps.id, limit: 100000 });
    // Far more pairs than fit on screen (hundreds: 8 levels of pools of 9 since the issue-10 defaults).
    expect(pairs.length).toBeGreaterThan(500);
    expect(pairs.length).toBeLessThan(100000);
    await goTo('Duplicates');
    await pickRun(aps.id);
    const list = page.getByTestId('dup-list');
    const rows = page.getByTestId('dup-pair');
    // The list's heading: "N pairs", or "N pairs of M" under a rule filter.
    const countHeading = page.getByRole('heading', { name: /^\d+ pairs?( of \d+)?$/ });
    // The heading counts every pair of the run once the pairs that ship neither level are shown
    // (folded away by default); the note about a cut list is not shown.
    await expect
      .poll(async () => {
        const fold = page.getByTestId('dup-fold-toggle');
        if ((await fold.count()) > 0 && (await fold.textContent())?.startsWith('Show them'))
          await fold.click();
        return countHeading.textContent();
      })
      .toBe(`${pairs.length} pairs`);
    expect(await page.getByTestId('dup-limit').count()).toBe(0);
    // The pair selected while they were folded stays selected and in view: read from the top.
    await expect
      .poll(async () => {
        await list.evaluate((e) => {
          e.scrollTop = 0;
        });
        return rows.first().getAttribute('data-pair');
      })
      .toBe(String(pairs[0]!.id));
    // Only the rows on screen are in the DOM, in order, closest first.
    await expect.poll(() => rows.count()).toBeGreaterThan(5);
    const inDom = await rows.count();
    expect(inDom).toBeLessThan(60);
    expect(inDom).toBeLessThan(pairs.length);
    expect(await rows.first().getAttribute('data-pair')).toBe(String(pairs[0]!.id));
    expect(await rows.first().textContent()).toContain(apsisGame.describeTransform('', pairs[0]!.rule).rule);
    expect(await list.getAttribute('role')).toBe('listbox');
    expect(await rows.first().getAttribute('role')).toBe('option');
    expect(await rows.first().getAttribute('aria-setsize')).toBe(String(pairs.length));
    await rows.nth(1).click();
    await expect.poll(() => rows.nth(1).getAttribute('aria-selected')).toBe('true');
    // Both boards drew the two candidates of the pair on Konva canvases.
    await expect
      .poll(() => page.getByTestId('dup-board-a').getAttribute('data-drawn'))
      .toBe(String(pairs[1]!.a.id));
    await expect
      .poll(() => page.getByTestId('dup-board-b').getAttribute('data-drawn'))
      .toBe(String(pairs[1]!.b.id));
    expect(await page.getByTestId('dup-board-a').locator('canvas').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('dup-board-b').locator('canvas').count()).toBeGreaterThan(0);
    // The keyboard moves through the pairs (focus off the list's buttons, as a designer would be).
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => rows.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => rows.nth(2).getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => page.getByTestId('dup-board-b').getAttribute('data-drawn'))
      .toBe(String(pairs[2]!.b.id));
    await expect.poll(() => page.getByTestId('dup-detail').textContent()).toMatch(/matched|no longer/);
    await page.waitForTimeout(150);
    // Both systems show whole: the rim (a circle, so a square box) inside each board.
    for (const id of ['dup-board-a', 'dup-board-b']) {
      const rim = await expectFitted(id, 12);
      expect(rim.width / rim.height, id).toBeCloseTo(1, 2);
    }
    await shot('duplicates.png');
    await page.keyboard.press('Alt+t');
    await page.waitForTimeout(150);
    await shot('duplicates-light.png');
    await page.keyboard.press('Alt+t');

    /** The selected pair's row is in the DOM, selected, and wholly inside the list's visible box. */
    const expectSelectedInView = async (index: number): Promise<void> => {
      const id = pairs[index]!.id;
      const row = list.locator(`[data-pair="${id}"]`);
      await expect
        .poll(() => row.getAttribute('aria-selected'), { message: `pair ${index} selected` })
        .toBe('true');
      await expect
        .poll(() => page.getByTestId('dup-detail').locator('h2').first().textContent())
        .toContain(`Pair ${index + 1} of ${pairs.length}`);
      await expect
        .poll(
          async () => {
            const [box, r] = [
              await list.evaluate((e) => {
                const b = e.getBoundingClientRect();
                return { top: b.top + e.clientTop, bottom: b.top + e.clientTop + e.clientHeight };
              }),
              await row.boundingBox(),
            ];
            return r !== null && r.y >= box.top - 0.5 && r.y + r.height <= box.bottom + 0.5;
          },
          { message: `pair ${index} inside the list's visible box` },
        )
        .toBe(true);
    };
    // ↓ well past the rows that were on screen: the selection scrolls the list along.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    const steps = inDom + 15;
    for (let k = 0; k < steps; k++) await page.keyboard.press('ArrowDown');
    await expectSelectedInView(2 + steps);
    expect(await list.evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThan(60);
    // The first pair's row left the DOM with the scroll.
    expect(await list.locator(`[data-pair="${pairs[0]!.id}"]`).count()).toBe(0);
    await shot('duplicates-scrolled.png');
    // And back up.
    for (let k = 0; k < 10; k++) await page.keyboard.press('ArrowUp');
    await expectSelectedInView(2 + steps - 10);
    // Far down the list the rows are there too: scroll the list to its end.
    await list.evaluate((e) => {
      e.scrollTop = e.scrollHeight;
    });
    await expect.poll(() => list.locator(`[data-pair="${pairs[pairs.length - 1]!.id}"]`).count()).toBe(1);
    expect(await rows.count()).toBeLessThan(60);
    await list.locator(`[data-pair="${pairs[pairs.length - 1]!.id}"]`).click();
    await expectSelectedInView(pairs.length - 1);
    await page.keyboard.press('ArrowDown');
    await expectSelectedInView(pairs.length - 1);

    // The rule filter: every option counts its pairs (named in the game's plain words), the rules add up to all, and each matches the API.
    const perRule = new Map<string, number>();
    for (const p of pairs) perRule.set(p.rule, (perRule.get(p.rule) ?? 0) + 1);
    const plain = (rule: string): string => apsisGame.describeTransform('', rule).rule;
    const options = (await page.getByTestId('dup-rule').locator('option').allTextContents()).map((t) =>
      t.trim(),
    );
    expect(options[0]).toBe(`All rules (${pairs.length})`);
    const counted = new Map(
      options.slice(1).map((t) => {
        const m = /^(.+) \((\d+)\)$/.exec(t);
        expect(m, t).not.toBeNull();
        return [m![1]!, Number(m![2])] as const;
      }),
    );
    expect(counted).toEqual(new Map([...perRule].map(([r, n]) => [plain(r), n])));
    expect([...counted.values()].reduce((a, b) => a + b, 0)).toBe(pairs.length);
    // Filtered to one rule (the second most common, so not every pair): the heading and the rows follow.
    const [rule, n] = [...perRule].sort((a, b) => b[1] - a[1])[Math.min(1, perRule.size - 1)]!;
    await page.getByTestId('dup-rule').selectOption(rule);
    const ofRule = pairs.filter((p) => p.rule === rule);
    await expect
      .poll(() => countHeading.textContent())
      .toBe(n === pairs.length ? `${n} pairs` : `${n} pair${n === 1 ? '' : 's'} of ${pairs.length}`);
    // The selected pair may keep the list scrolled; from the top, the first row is the rule's first pair.
    await list.evaluate((e) => {
      e.scrollTop = 0;
    });
    await expect.poll(() => rows.first().getAttribute('data-pair')).toBe(String(ofRule[0]!.id));
    for (const t of await rows.locator('.rule').allTextContents()) expect(t).toBe(plain(rule));
    await page.getByTestId('dup-rule').selectOption('');
    await expect.poll(() => countHeading.textContent()).toBe(`${pairs.length} pairs`);
    expect(pageErrors).toEqual([]);
  });

  it('Ordering: compute the approved ordering; the curve shows beside the automatic one; short levels in one line; export', async () => {
    await goTo('Ordering');
    await pickRun(carA.id);
    await page.getByTestId('ordering-not-computed').waitFor();
    await page.getByTestId('ordering-compute').click();
    // The approved-first order comes with it and ships now, every level filled (issue 22).
    await expect
      .poll(() => page.locator('.curve-panel h2').textContent())
      .toContain('the approved first order');
    expect(
      (await studio.api.call('orderings.get', { runId: carA.id, kind: 'approved-first' })).shortLevels,
    ).toEqual([]);
    // Steered over approved candidates only, it is the approved order, short where nothing is approved.
    await page.getByTestId('ordering-basis').selectOption('approved');
    await page.getByTestId('ordering-short').waitFor();
    const approved = await studio.api.call('orderings.get', { runId: carA.id, kind: 'approved' });
    expect(approved.computedAt).not.toBeNull();
    const svg = page.getByTestId('ordering-svg');
    await expect
      .poll(() => svg.locator('g.shown-dots circle').count())
      .toBe(approved.levels.filter((l) => l.difficulty !== null).length);
    expect(await svg.locator('g.automatic-curve path').count()).toBe(1);
    expect(approved.shortLevels.length).toBeGreaterThan(0);
    // Short levels: one line naming their ranges, never one row per level.
    expect(await page.getByTestId('ordering-short').count()).toBe(1);
    expect(await page.getByTestId('ordering-short').textContent()).toMatch(
      /^Levels? [\d–, ]+ ha(ve|s) no approved candidate — open those pools\./,
    );
    await shot('ordering.png');
    // A short pack cannot ship: export is off and its hint says why.
    expect(await page.getByTestId('ordering-export').isDisabled()).toBe(true);
    expect(await page.getByTestId('ordering-export').getAttribute('title')).toMatch(
      /not now: the steered order cannot fill level/,
    );
    // A run with nothing approved says what to do next.
    await pickRun(carB.id);
    await page.getByTestId('ordering-nothing-approved').waitFor();
    // Approve every proven candidate of that run, compute, and export the approved pack (it downloads in browser mode).
    const poolB = await studio.api.call('candidates.list', {
      runId: carB.id,
      limit: 2000,
      withLevels: false,
    });
    await studio.api.call('candidates.setVerdict', {
      candidateIds: poolB.items.filter((c) => c.failure === null).map((c) => c.id),
      verdict: 'approved',
    });
    await pickRun(carA.id);
    await page.getByTestId('ordering-short').waitFor();
    await pickRun(carB.id);
    await page.getByTestId('ordering-not-computed').waitFor();
    await page.keyboard.press('Alt+Shift+O');
    await page.getByTestId('ordering-short-none').waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('ordering-export').click();
    expect((await download).suggestedFilename()).toMatch(/\.json$/);
    await expect
      .poll(() => page.getByTestId('ordering-exported').textContent())
      .toMatch(/approved pack was downloaded as .*\.json/);
    await shot('ordering-exported.png');
    await page.keyboard.press('Alt+t');
    await shot('ordering-light.png');
    await page.keyboard.press('Alt+t');
    expect(pageErrors).toEqual([]);
  });

  it('Compare: two seeds overlaid on one axis, the same level side by side with synced zoom, summary rows listed; two orders of one run too', async () => {
    await goTo('Compare');
    await page.getByTestId('compare-a').selectOption(String(carA.id));
    await page.getByTestId('compare-b').selectOption(String(carB.id));
    const view = await studio.api.call('runs.compare', { a: carA.id, b: carB.id });
    const svg = page.getByTestId('compare-svg');
    await svg.waitFor();
    await expect.poll(() => svg.locator('g.compare-curves path').count()).toBe(2);
    const rows = page.getByTestId('compare-summary-row');
    await expect.poll(() => rows.count()).toBe(view.summary.length);
    expect(await rows.first().textContent()).toContain('Seed');
    expect(await rows.first().getAttribute('data-differs')).toBe('true');
    // Level stepping and the two boards.
    await expect
      .poll(() => page.getByTestId('compare-board-a').getAttribute('data-drawn'))
      .toBe(String(view.pairs[0]!.a));
    await page.getByTestId('compare-next').click();
    await expect.poll(() => page.getByTestId('compare-level').inputValue()).toBe('2');
    await expect
      .poll(() => page.getByTestId('compare-board-b').getAttribute('data-drawn'))
      .toBe(String(view.pairs[1]!.b));
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press(']');
    await expect.poll(() => page.getByTestId('compare-level').inputValue()).toBe('3');
    const boardB = page.getByTestId('compare-board-b');
    await expect.poll(() => boardB.getAttribute('data-drawn')).toBe(String(view.pairs[2]!.b));
    await expect
      .poll(() => page.getByTestId('compare-board-a').getAttribute('data-drawn'))
      .toBe(String(view.pairs[2]!.a));
    await page.waitForTimeout(100);
    // Fitted, both boards show the whole 640×960 portrait field, at this panel size and at others.
    const fitted = async (): Promise<void> => {
      for (const id of ['compare-board-a', 'compare-board-b']) {
        const field = await expectFitted(id, 16);
        expect(field.height / field.width, id).toBeCloseTo(960 / 640, 1);
      }
    };
    await fitted();
    await shot('compare.png');
    await fitted();
    await page.keyboard.press('Alt+t');
    await page.waitForTimeout(150);
    await shot('compare-light.png');
    await fitted();
    await page.keyboard.press('Alt+t');
    for (const size of [
      { width: 1000, height: 800 },
      { width: 2000, height: 1000 },
      { width: 1440, height: 1000 },
    ]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
      await fitted();
    }
    // Wheel over A zooms B too: B's canvas changes, and both boards hold the same zoom.
    const before = await boardB
      .locator('canvas')
      .first()
      .evaluate((c) => (c as HTMLCanvasElement).toDataURL());
    const boxA = (await page.getByTestId('compare-board-a').boundingBox())!;
    await page.mouse.move(boxA.x + boxA.width / 2, boxA.y + boxA.height / 2);
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(100);
    const after = await boardB
      .locator('canvas')
      .first()
      .evaluate((c) => (c as HTMLCanvasElement).toDataURL());
    expect(after).not.toBe(before);
    const zoomed = [await board('compare-board-a'), await board('compare-board-b')];
    expect(zoomed[0]!.zoom.k).toBeCloseTo(1.15, 5);
    expect(zoomed[1]!.zoom).toEqual(zoomed[0]!.zoom);
    // Zoomed about A's centre, the field stays centred in both boards, also when the panel
    // changes size (the shared zoom is anchored at each board's centre, where the fit puts the level).
    for (const size of [
      { width: 1440, height: 1000 },
      { width: 1000, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
      for (const id of ['compare-board-a', 'compare-board-b']) {
        const g = await board(id);
        expect(g.zoom.k, id).toBeCloseTo(1.15, 5);
        expect(g.field!.x + g.field!.width / 2, `${id} at ${size.width}`).toBeCloseTo(g.stage.width / 2, 0);
        expect(g.field!.y + g.field!.height / 2, `${id} at ${size.width}`).toBeCloseTo(g.stage.height / 2, 0);
      }
    }
    await shot('compare-zoomed.png');
    // F (or Reset zoom) fits both boards again.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('f');
    await page.waitForTimeout(100);
    await fitted();
    // The approved orders of both runs (computed on the Ordering screen) compare too.
    await page.getByTestId('compare-kind').selectOption('approved');
    await expect.poll(() => page.getByTestId('compare-svg').locator('g.compare-curves path').count()).toBe(2);
    await page.getByTestId('compare-kind').selectOption('automatic');
    // Two orders of one run: run A's automatic order against its steered one (level 3's
    // candidate excluded), on one axis, named by their orders, each side drawing its own level.
    const auto = await studio.api.call('orderings.get', { runId: carA.id, kind: 'automatic' });
    const left = auto.levels[2]!.candidateId!;
    await studio.api.call('orderings.steer', { runId: carA.id, exclude: [left] });
    const two = await studio.api.call('runs.compare', {
      a: carA.id,
      b: carA.id,
      kind: 'automatic',
      kindB: 'steered',
    });
    expect(two.pairs[2]).toMatchObject({ a: left });
    expect(two.pairs[2]!.b).not.toBe(left);
    await page.getByTestId('compare-b').selectOption(String(carA.id));
    // The same order of one run is nothing to compare, and says what to pick.
    await page.getByTestId('compare-same').waitFor();
    await page.getByTestId('compare-kind-b').selectOption('steered');
    await expect.poll(() => svg.locator('g.compare-curves path').count()).toBe(2);
    const legend = await page.getByTestId('compare-plot').textContent();
    expect(legend).toContain('A · automatic');
    expect(legend).toContain('B · steered');
    await page.getByTestId('compare-level').selectOption('3');
    await expect
      .poll(() => page.getByTestId('compare-board-a').getAttribute('data-drawn'))
      .toBe(String(left));
    await expect
      .poll(() => page.getByTestId('compare-board-b').getAttribute('data-drawn'))
      .toBe(String(two.pairs[2]!.b));
    const order = page
      .getByTestId('compare-summary-row')
      .filter({ has: page.getByText('Order', { exact: true }) });
    expect(await order.textContent()).toContain('steered');
    // Swapped, each side keeps its order.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('s');
    await expect.poll(() => page.getByTestId('compare-kind').inputValue()).toBe('steered');
    expect(await page.getByTestId('compare-kind-b').inputValue()).toBe('automatic');
    await expect
      .poll(() => page.getByTestId('compare-board-b').getAttribute('data-drawn'))
      .toBe(String(left));
    await shot('compare-two-orders.png');
    expect(pageErrors).toEqual([]);
  });
});
