/**
 * What ships is what exports (issue 22), in Chromium against the real server: a candidate
 * approved in Pools ships at its level once Pools' recompute (Alt+Shift+O) runs, in the
 * approved-first order, which the Ordering page then shows; and the Export page preselects
 * the order that ships now (a steered run's steered order) and names it. Pools' notice that
 * verdicts changed since what ships was computed is kept over a reload, until a recompute.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CandidateRow, RunSummary } from '../../src-shared/api';
import { candidateName } from '../../src-shared/vocabulary';
import { useStudioInBrowser } from './chromium';

const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let page: Page;
let run: RunSummary;
let spare: CandidateRow;
let other: CandidateRow;

beforeAll(async () => {
  page = studio.page;
  run = await studio.ctx.finishedRun({ game: 'carillon', seed: 7, levels: 6 });
  const auto = await studio.api.call('orderings.get', { runId: run.id, kind: 'automatic' });
  const list = await studio.api.call('candidates.list', {
    runId: run.id,
    slot: 0,
    limit: 200,
    withLevels: false,
  });
  const second = auto.levels[1]!;
  const shipped = new Set(auto.levels.map((l) => l.candidateId));
  // A level-1 candidate the automatic order does not ship, no harder and no larger than level 2's.
  spare = list.items.find(
    (c) =>
      c.failure === null &&
      !shipped.has(c.id) &&
      c.metrics['bits']! <= second.difficulty! &&
      c.metrics['dots']! <= second.metrics['dots']!,
  )!;
  expect(spare).toBeDefined();
  other = list.items.find((c) => c.failure === null && c.id !== spare.id && c.verdict === 'none')!;
});

describe('what ships', () => {
  it('approved first ships a candidate approved in Pools at its level, after the recompute Pools offers', async () => {
    await page.goto(studio.server.url);
    await page.keyboard.press('Alt+2');
    await page.getByTestId(`card-${spare.id}`).click();
    await page.keyboard.press('a');
    // A verdict alone changes nothing that ships: Pools says so and offers the recompute.
    const notice = page.getByTestId('pools-recompute-notice');
    await expect
      .poll(() => notice.textContent())
      .toContain('A verdict changes what ships only after a recompute.');
    expect(await notice.textContent()).toContain('Ships now: the automatic order.');
    await page.keyboard.press('Alt+Shift+O');
    await expect
      .poll(() => notice.textContent())
      .toContain('Recomputed: the approved first order ships now.');
    const name = candidateName(spare.slot, spare.index);
    // The pool's heading names what the order that ships now ships from it (the approved candidate at level 1).
    await expect
      .poll(() => page.getByTestId('slot-ships-0').textContent())
      .toMatch(new RegExp(`^ships (.* · )?c${spare.index + 1} → level 1( · .*)? \\(approved first\\)$`));
    // The Ordering page shows the approved-first order, with the approved candidate at level 1.
    await page.keyboard.press('Alt+6');
    const card = page.locator('[data-testid="ordering-strip"] [data-level="1"] [data-testid="card-name"]');
    await expect.poll(() => card.textContent()).toBe(name);
    expect(await page.locator('.curve-panel h2').textContent()).toContain('the approved first order');
    // Every stored order on the curve together, with a legend.
    await page.getByTestId('ordering-all-orders').check();
    await page.getByTestId('ordering-legend-approved').waitFor();
    expect(await page.locator('[data-testid="ordering-svg"] .order-curve-approved').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('Export preselects the steered order of a steered run and names it', async () => {
    await studio.api.call('orderings.steer', { runId: run.id, lock: [2] });
    await page.goto(studio.server.url);
    await page.keyboard.press('Alt+8');
    await page.getByTestId('export-form').waitFor();
    await expect.poll(() => page.getByTestId('export-kind-steered').isChecked()).toBe(true);
    expect(await page.getByTestId('export-ships-now').textContent()).toContain(
      'Ships now: the steered order.',
    );
    expect(await page.getByTestId('export-kind-automatic').isChecked()).toBe(false);
    // Before anything is written the page says what the button will do, in the button's words.
    const button = (await page.getByTestId('export-button').textContent())!.replace(/Ctrl E/, '').trim();
    expect(button).toBe('Download pack');
    expect(await page.getByTestId('export-before').textContent()).toMatch(/^Download pack hands/);
    expect(await page.getByTestId('export-nothing-yet').textContent()).toContain('press Download pack.');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it("Pools' notice that verdicts changed since what ships was computed is kept over a reload, until a recompute", async () => {
    const notice = page.getByTestId('pools-recompute-notice');
    const since = 'Verdicts changed since it was computed.';
    const openPools = async (): Promise<void> => {
      await page.goto(studio.server.url);
      await page.keyboard.press('Alt+2');
      await page.getByTestId('run-picker').selectOption(String(run.id));
      await page.getByTestId(`card-${other.id}`).waitFor();
    };
    await openPools();
    await page.getByTestId(`card-${other.id}`).click();
    await page.keyboard.press('a');
    await expect.poll(() => notice.textContent()).toContain(since);
    // A reload (or a restart) keeps it: what ships has not been recomputed.
    await page.reload();
    await openPools();
    await expect.poll(() => notice.textContent()).toContain(since);
    await page.keyboard.press('Alt+Shift+O');
    await expect.poll(() => notice.textContent()).toContain('Recomputed:');
    await openPools();
    await expect
      .poll(() => notice.textContent())
      .toContain('A verdict changes what ships only after a recompute.');
    expect(await notice.textContent()).not.toContain(since);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
