/**
 * Near-duplicate pairs shipped on purpose on the Ordering page, in Chromium against the real
 * server: a steered order shipping both levels of a near copy marked fine in triage says so in
 * one line under its curve, naming the two levels, their candidates and who marked the pair
 * fine, as the Export page and the pack's record do; the order that ships no such pair has no
 * such line. Screenshot at 1280×720.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { candidateName } from '../../src-shared/vocabulary';
import { RESULTS, useStudioInBrowser } from './chromium';
import { loneNearCopy, type LoneNearCopy } from '../helpers/lone-near-copy';

const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1280, height: 720 }, errors: pageErrors });
let page: Page;
let run: RunSummary;
let plain: RunSummary;
let copy: LoneNearCopy;

beforeAll(async () => {
  page = studio.page;
  plain = await studio.ctx.finishedRun({ game: 'carillon', seed: 5, levels: 8 });
  run = await studio.ctx.finishedRun({ game: 'carillon', seed: 3, levels: 8 });
  copy = await loneNearCopy(studio.api, run.id);
  await studio.api.call('duplicates.triage', { pairId: copy.pair.id, decision: 'fine' });
  await page.goto(studio.server.url);
  await page.getByTestId('runs-table').waitFor();
}, 240_000);

describe('pairs kept on purpose on the Ordering page', () => {
  it('names the pair the steered order ships on purpose, as the Export page does', async () => {
    const [a, b] = copy.levels;
    const [first, second] =
      copy.pair.a.slot < copy.pair.b.slot ? [copy.pair.a, copy.pair.b] : [copy.pair.b, copy.pair.a];
    await page.keyboard.press('Alt+6');
    await page.getByTestId('run-picker').selectOption(String(run.id));
    const line = page.getByTestId('ordering-kept');
    await line.waitFor();
    // As read on screen: the markup's line breaks collapse to spaces.
    expect((await line.textContent())!.replace(/\s+/g, ' ')).toMatch(
      /^· One near-duplicate pair ships on purpose \(marked fine; the pack records it\):/,
    );
    expect(await page.getByTestId('ordering-kept-pair').allTextContents()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^levels ${a} and ${b} \\(${candidateName(first.slot, first.index)}, ${candidateName(second.slot, second.index)}\\) are near-duplicates kept on purpose: marked fine by .+ on \\d{4}-\\d\\d-\\d\\d$`,
        ),
      ),
    ]);
    // The line is on screen with the curve's other findings.
    const box = (await line.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(720);
    await page.screenshot({ path: join(RESULTS, 'ordering-kept-1280.png') });

    // The Export page names the same pair when it writes the steered order.
    await page.keyboard.press('Alt+8');
    await page.getByTestId('export-kind-steered').check();
    await page.getByTestId('export-button').click();
    const kept = page.getByTestId('export-kept');
    await kept.waitFor();
    expect(await kept.textContent()).toMatch(/^One near-duplicate pair ships on purpose/);
    expect(await page.locator('ul.kept li').allTextContents()).toEqual([
      expect.stringMatching(
        new RegExp(`^levels ${a} and ${b} are near-duplicates .* — kept on purpose \\(marked fine by .+\\)$`),
      ),
    ]);
    expect(pageErrors).toEqual([]);
  });

  it('has no such line for an order that ships no pair marked fine', async () => {
    await page.keyboard.press('Alt+6');
    await page.getByTestId('run-picker').selectOption(String(plain.id));
    // The page shows this run's order (its first level's candidate), and its findings.
    const first = (await studio.api.call('orderings.get', { runId: plain.id, kind: 'automatic' })).levels[0]!
      .candidateId;
    await expect
      .poll(() =>
        page.locator('[data-testid="ordering-strip"] [data-level="1"]').getAttribute('data-candidate'),
      )
      .toBe(String(first));
    await expect
      .poll(() => page.getByTestId('ordering-findings').textContent())
      .toMatch(/keeps the curve rules/);
    expect(await page.getByTestId('ordering-kept').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
