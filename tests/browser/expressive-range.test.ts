/**
 * The expressive range on the Plots page, in Chromium against the real server, SQLite and
 * workers: the cells drawn are the run's counts on the chosen metrics, the shipped levels are
 * dots on top, hovering a cell reads its count with thumbnails, and clicking it lands in Pools
 * filtered to the cell's metric ranges, holding exactly its candidates. Screenshots at
 * 1440×900 and 1280×720 (test-results/expressive-range-*.png).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { binRange, binShared, countsOf, differenceGrid } from '../../src-shared/range/expressive-range';
import { carillonGame } from '../../src-shared/games/carillon/index';
import { RESULTS, useStudioInBrowser } from './chromium';

let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let run: RunSummary;
let other: RunSummary;

beforeAll(async () => {
  page = studio.page;
  const r = await studio.api.call('runs.create', { game: 'carillon', seed: 7, levels: 6 });
  run = await studio.ctx.service.engine.waitFor(r.id);
  expect(run.status).toBe('done');
  const r2 = await studio.api.call('runs.create', { game: 'carillon', seed: 11, levels: 6 });
  other = await studio.ctx.service.engine.waitFor(r2.id);
  expect(other.status).toBe('done');
  await page.goto(studio.server.url);
  await page.getByTestId('runs-table').waitFor();
});

async function goTo(name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Studio' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

describe('expressive range in Chromium', () => {
  it('draws the counts, reads a cell on hover, and a click opens Pools filtered to the cell', async () => {
    await goTo('Plots');
    await page.getByTestId('run-picker').selectOption(String(run.id));
    await page.getByTestId('range-x').selectOption('dots');
    await page.getByTestId('range-y').selectOption('bits');
    await page.getByTestId('range-bins').selectOption('10');
    const svg = page.getByTestId('plots-range-svg');
    await svg.waitFor();

    // The cells drawn are the run's non-empty cells, each with its count.
    const points = await studio.api.call('candidates.points', { runId: run.id });
    const metric = (k: string) => carillonGame.metrics.find((m) => m.key === k)!;
    const r = binRange(points, metric('dots'), metric('bits'), 10);
    if (r.kind !== 'grid') throw new Error('the run should have a range');
    const nonEmpty = r.grid.counts.flat().filter((c) => c > 0).length;
    await expect.poll(() => svg.locator('[data-cell]').count()).toBe(nonEmpty);
    // A stage: the second stretch's pools only (levels 4–6), then every level again.
    const stage = page.getByTestId('range-stage');
    expect(await stage.locator('option').allTextContents()).toEqual([
      'all levels',
      'stretch 1 · levels 1–3',
      'stretch 2 · levels 4–6',
    ]);
    await stage.selectOption('1');
    const inStage = binRange(
      points.filter((p) => p.slot >= 3),
      metric('dots'),
      metric('bits'),
      10,
    );
    if (inStage.kind !== 'grid') throw new Error('the stretch should have a range');
    await expect
      .poll(() => svg.locator('[data-cell]').count())
      .toBe(inStage.grid.counts.flat().filter((c) => c > 0).length);
    expect(await page.getByTestId('range-from').inputValue()).toBe('4');
    expect(await page.getByTestId('range-to').inputValue()).toBe('6');
    await page.getByTestId('plots-range').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(RESULTS, 'expressive-range-stage-1440.png') });
    await stage.selectOption('all');
    await expect.poll(() => svg.locator('[data-cell]').count()).toBe(nonEmpty);
    const ordering = await studio.api.call('orderings.get', { runId: run.id, kind: 'automatic' });
    expect(await svg.locator('g.range-shipped circle').count()).toBe(
      ordering.levels.filter((l) => l.candidateId !== null).length,
    );

    // The fullest cell: hover reads its count and shows thumbnails.
    let best = { xi: 0, yi: 0, n: 0 };
    r.grid.counts.forEach((row, yi) =>
      row.forEach((n, xi) => {
        if (n > best.n) best = { xi, yi, n };
      }),
    );
    const cell = svg.locator(`[data-cell="${best.xi},${best.yi}"]`);
    await cell.hover({ force: true });
    const hovered = page.getByTestId('range-hovered');
    await expect.poll(() => hovered.textContent()).toMatch(new RegExp(`^\\s*${best.n} candidates`));
    await expect.poll(() => hovered.locator('canvas').count()).toBe(Math.min(3, best.n));
    await page.getByTestId('plots-range').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(RESULTS, 'expressive-range-1440.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByTestId('plots-range').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(RESULTS, 'expressive-range-1280.png') });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The plot's Save menu hands over the figure as SVG and as PNG.
    const save = page.getByTestId('plots-range').getByTestId('plot-save');
    await save.locator('summary').click();
    const [svgDownload] = await Promise.all([
      page.waitForEvent('download'),
      save.getByTestId('plot-save-svg').click(),
    ]);
    expect(svgDownload.suggestedFilename()).toBe(
      `run-${run.id}-expressive-range-of-dots-by-difficulty-bits.svg`,
    );
    const svgText = readFileSync((await svgDownload.path())!, 'utf8');
    expect(svgText).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/,
    );
    expect(svgText.match(/data-cell="/g)?.length).toBe(nonEmpty);
    await save.locator('summary').click();
    const [pngDownload] = await Promise.all([
      page.waitForEvent('download'),
      save.getByTestId('plot-save-png').click(),
    ]);
    expect(pngDownload.suggestedFilename()).toMatch(/\.png$/);
    const png = readFileSync((await pngDownload.path())!);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    writeFileSync(join(RESULTS, 'expressive-range-saved.png'), png);
    expect(png.readUInt32BE(16)).toBeGreaterThan(700); // painted at twice the figure's width

    // Every plot of the page has the menu: difficulty, steps, histogram, expressive range, players.
    expect(await page.getByTestId('plot-save').count()).toBe(5);

    // Click: Pools opens, filtered to the cell's ranges, holding exactly its candidates.
    const target = svg.locator(`[data-cell="${best.xi},${best.yi}"]`);
    await target.click({ force: true });
    await page.getByTestId('pools-page').waitFor();
    await expect.poll(() => page.getByTestId('pool-count').textContent()).toBe(String(best.n));
    const filters = await page.getByTestId('pool-active-filters').textContent();
    expect(filters).toMatch(/Dots \d+/);
    expect(filters).toMatch(/Difficulty \(bits\) [\d.]+–[\d.]+/);
    await page.screenshot({ path: join(RESULTS, 'expressive-range-pools-1440.png') });
    expect(pageErrors).toEqual([]);
  });

  it('Compare: A and B on the same bins and B − A in diverging colours, each savable', async () => {
    await goTo('Compare');
    await page.getByTestId('compare-a').selectOption(String(run.id));
    await page.getByTestId('compare-b').selectOption(String(other.id));
    const [pa, pb] = await Promise.all(
      [run.id, other.id].map((runId) => studio.api.call('candidates.points', { runId })),
    );
    const metric = (k: string) => carillonGame.metrics.find((m) => m.key === k)!;
    // The axes chosen on Plots (dots across, bits up, 10 bins) carry over.
    const s = binShared([pa!, pb!], metric('dots'), metric('bits'), 10);
    const ca = countsOf(s.results[0]!, s.x, s.y);
    const cb = countsOf(s.results[1]!, s.x, s.y);
    const d = differenceGrid(ca, cb);
    const a = page.getByTestId('compare-range-a');
    const b = page.getByTestId('compare-range-b');
    const diff = page.getByTestId('compare-range-diff');
    await diff.waitFor();
    expect(await a.locator('[data-cell]').count()).toBe(ca.flat().filter((c) => c > 0).length);
    expect(await b.locator('[data-cell]').count()).toBe(cb.flat().filter((c) => c > 0).length);
    const either = ca.flat().filter((c, i) => c > 0 || cb.flat()[i]! > 0).length;
    expect(await diff.locator('[data-cell]').count()).toBe(either);
    // A cell's title is its B − A.
    let at = { xi: 0, yi: 0 };
    d.forEach((row, yi) =>
      row.forEach((v, xi) => (Math.abs(v) > Math.abs(d[at.yi]![at.xi]!) ? (at = { xi, yi }) : 0)),
    );
    const v = d[at.yi]![at.xi]!;
    expect(await diff.locator(`[data-cell="${at.xi},${at.yi}"] title`).textContent()).toBe(
      `${v} candidate${Math.abs(v) === 1 ? '' : 's'}`,
    );
    expect(await page.getByTestId('compare-range').getByTestId('plot-save').count()).toBe(3);
    // The curves above have their own Save menu too.
    const curves = page.locator('section.panel', { has: page.getByTestId('compare-plot') });
    expect(await curves.getByTestId('plot-save').count()).toBe(1);
    await curves.getByTestId('plot-save').locator('summary').click();
    const [curvesSvg] = await Promise.all([
      page.waitForEvent('download'),
      curves.getByTestId('plot-save-svg').click(),
    ]);
    expect(curvesSvg.suggestedFilename()).toBe(`curves-of-runs-${run.id}-and-${other.id}.svg`);
    await page.getByTestId('compare-range').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(RESULTS, 'expressive-range-compare-1440.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByTestId('compare-range').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(RESULTS, 'expressive-range-compare-1280.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(pageErrors).toEqual([]);
  });
});
