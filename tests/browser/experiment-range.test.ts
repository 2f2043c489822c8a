/**
 * The Experiments page's expressive range in Chromium against the real server and workers: a
 * finished experiment (a base and a variant, each over two seeds) shows the base's candidates
 * pooled over its seeds, the variant's pooled over its seeds, on the same bins, and the
 * difference cell by cell; the cells are the shared binning's counts (Plot draws them with its
 * own bin transform); the variant choice redraws; each figure and the stage plot has a Save
 * menu. Screenshots at 1440×900 and 1280×720 (test-results/experiment-range-*.png).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PoolPoint } from '../../src-shared/api';
import type { ExperimentDetail } from '../../src-shared/experiments/types';
import { binShared, countsOf, differenceGrid } from '../../src-shared/range/expressive-range';
import { carillonGame } from '../../src-shared/games/carillon/index';
import { RESULTS, useStudioInBrowser } from './chromium';

let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let detail: ExperimentDetail;

beforeAll(async () => {
  page = studio.page;
  const base = await studio.api.call('runs.create', { game: 'carillon', seed: 41, levels: 4 });
  expect((await studio.ctx.service.engine.waitFor(base.id)).status).toBe('done');
  const made = await studio.api.call('experiments.create', {
    name: 'range check',
    base: { runId: base.id },
    variants: [
      { name: 'spacing 18', changes: { 'rules.spacing': 18 } },
      { name: 'spacing 26', changes: { 'rules.spacing': 26 } },
    ],
    seeds: [1, 2],
  });
  if (made.experimentId === null) throw new Error(`the experiment was held: ${made.confirm.message}`);
  const id = made.experimentId;
  for (let i = 0; ; i++) {
    const status = (await studio.api.call('experiments.get', { experimentId: id })).status;
    if (status === 'done') break;
    if (i > 720) throw new Error(`experiment ${id} is ${status} after 3 minutes`);
    await new Promise((r) => setTimeout(r, 250));
  }
  detail = await studio.api.call('experiments.get', { experimentId: id });
  expect(detail.runs.filter((r) => r.status === 'done')).toHaveLength(6);
  await page.goto(studio.server.url);
  await page.getByTestId('runs-table').waitFor();
}, 240_000);

/** An arm's candidates pooled over its finished seeds' runs, in seed order (as the page pools them). */
async function pooled(arm: number): Promise<PoolPoint[]> {
  const runs = detail.runs
    .filter((r) => r.arm === arm && r.status === 'done')
    .sort((a, b) => a.seed - b.seed);
  const all = await Promise.all(runs.map((r) => studio.api.call('candidates.points', { runId: r.runId })));
  return all.flat();
}

const cellCounts = async (fig: ReturnType<Page['getByTestId']>): Promise<Record<string, number>> =>
  Object.fromEntries(
    await fig
      .locator('[data-cell]')
      .evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-cell')!, Number(/^(-?\d+)/.exec(e.textContent ?? '')![1])]),
      ),
  );

const gridCells = (counts: number[][], keep: (yi: number, xi: number) => boolean): Record<string, number> => {
  const out: Record<string, number> = {};
  counts.forEach((row, yi) => row.forEach((v, xi) => (keep(yi, xi) ? (out[`${xi},${yi}`] = v) : 0)));
  return out;
};

describe("an experiment's expressive range in Chromium", () => {
  it('pools each arm over its seeds on the same bins, differences them, and redraws for another variant', async () => {
    await page
      .getByRole('navigation', { name: 'Studio' })
      .getByRole('button', { name: /^Experiments/ })
      .click();
    await page
      .getByTestId('exp-list')
      .getByRole('button', { name: /range check/ })
      .click();
    const section = page.getByTestId('exp-range');
    await section.waitFor();
    await section.getByTestId('range-x').selectOption('dots');
    await section.getByTestId('range-y').selectOption('bits');

    const metric = (k: string) => carillonGame.metrics.find((m) => m.key === k)!;
    const [base, first, second] = await Promise.all([pooled(0), pooled(1), pooled(2)]);
    for (const [arm, points, name] of [
      [1, first!, 'spacing 18'],
      [2, second!, 'spacing 26'],
    ] as const) {
      if (arm === 2) await page.getByTestId('exp-range-variant').selectOption('2');
      // The default bins (20) on edges spanning both sets.
      const s = binShared([base!, points], metric('dots'), metric('bits'), 20);
      const ca = countsOf(s.results[0]!, s.x, s.y);
      const cb = countsOf(s.results[1]!, s.x, s.y);
      const d = differenceGrid(ca, cb);
      const a = page.getByTestId('exp-range-a');
      const b = page.getByTestId('exp-range-b');
      const diff = page.getByTestId('exp-range-diff');
      const nonEmpty = (g: number[][]) => gridCells(g, (yi, xi) => g[yi]![xi]! > 0);
      await expect.poll(() => cellCounts(b)).toEqual(nonEmpty(cb));
      expect(await cellCounts(a)).toEqual(nonEmpty(ca));
      expect(await cellCounts(diff)).toEqual(gridCells(d, (yi, xi) => ca[yi]![xi]! > 0 || cb[yi]![xi]! > 0));
      // The summary counts each side's pooled candidates (both seeds).
      const summary = await section.locator('.controls').textContent();
      expect(summary).toContain(
        `Base (2 seeds): ${base!.filter((p) => p.metrics['dots'] !== undefined).length}`,
      );
      expect(summary).toContain(
        `${name} (2 seeds): ${points.filter((p) => p.metrics['dots'] !== undefined).length}`,
      );
    }

    // Each of the three figures and the stage plot above them can be saved.
    expect(await section.getByTestId('plot-save').count()).toBe(3);
    const stageHead = page.getByTestId('exp-stage-head');
    expect(await stageHead.getByTestId('plot-save').count()).toBe(1);
    await stageHead.locator('summary').click();
    const [stagePng] = await Promise.all([
      page.waitForEvent('download'),
      stageHead.getByTestId('plot-save-png').click(),
    ]);
    expect(stagePng.suggestedFilename()).toMatch(
      new RegExp(`^experiment-${detail.id}-difficulty[a-z-]*-per-stretch\\.png$`),
    );
    const save = section.getByTestId('plot-save').nth(2);
    await save.locator('summary').click();
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      save.getByTestId('plot-save-svg').click(),
    ]);
    expect(svg.suggestedFilename()).toMatch(/^expressive-range-spacing-26-2-seeds-base-2-seeds\.svg$/);

    await section.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(RESULTS, 'experiment-range-1440.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
    await section.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(RESULTS, 'experiment-range-1280.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(pageErrors).toEqual([]);
  });
});
