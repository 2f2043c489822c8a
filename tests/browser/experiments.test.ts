/**
 * The Experiments page in Chromium against the real server and workers: an experiment made
 * from a run's settings on a tiny scope (bad input named next to its field first), its one
 * progress bar watched forward only, cancelled and resumed, the side-by-side figures and box
 * plots read, the winner adopted as a new run (the Runs page shows it starting, with the
 * changed rule) and as a preset the new-run form offers; Clone settings; a settings diff in
 * words; screenshots at 1440×900 and 1280×720 (under /tmp/shots/exp-ui/ when that folder
 * exists, else test-results/).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ExperimentSummary, RunSummary } from '../../src-shared/api';
import { RESULTS, useStudioInBrowser } from './chromium';
import { formatDelta } from '../../src-renderer/src/experiments/results-model';

let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
const SHOTS = existsSync('/tmp/shots/exp-ui') ? '/tmp/shots/exp-ui' : RESULTS;

async function goTo(name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Studio' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await expect.poll(() => page.locator('.topbar h1').textContent()).toBe(name);
}

async function runDone(id: number): Promise<void> {
  await expect
    .poll(async () => (await studio.api.call('runs.get', { runId: id })).status, { timeout: 60_000 })
    .toBe('done');
}

/** The experiment's progress bar's percent, read every few ms until it reads `status`; every reading returned. */
async function watch(id: number, status: string, timeout = 90_000): Promise<number[]> {
  const seen: number[] = [];
  const start = Date.now();
  for (;;) {
    const el = page.getByTestId(`experiment-${id}`);
    const [pct, st] = await Promise.all([
      page.getByTestId('exp-progress').getAttribute('data-percent'),
      el.getAttribute('data-status'),
    ]);
    if (pct !== null) seen.push(Number(pct));
    if (st === status) return seen;
    if (Date.now() - start > timeout)
      throw new Error(`experiment ${id} did not reach ${status} (last ${st}, ${seen.at(-1)}%)`);
    await page.waitForTimeout(40);
  }
}

/** The whole page at this width: the window made as tall as the scrolled content for one shot. */
async function shootWhole(name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  const tall = await page.evaluate(() => document.querySelector('.content')!.scrollHeight);
  await page.setViewportSize({ width, height: Math.max(900, tall + 8) });
  await page.screenshot({ path: join(SHOTS, name) });
  await page.setViewportSize({ width: 1440, height: 900 });
}

const nonDecreasing = (xs: number[]): boolean => xs.every((x, i) => i === 0 || x >= xs[i - 1]!);

beforeAll(async () => {
  page = studio.page;
});

describe('experiments in Chromium', () => {
  let base: RunSummary;
  let experimentId: number;

  it('a base run, cloned into the new-run form from its details', async () => {
    base = await studio.api.call('runs.create', { game: 'carillon', seed: 41, levels: 4 });
    await runDone(base.id);
    await page.goto(studio.server.url);
    await page.getByTestId(`run-row-${base.id}`).click();
    await page.getByTestId('run-clone').click();
    await expect.poll(() => page.getByTestId('new-run-from').textContent()).toContain(`run #${base.id}`);
    // The run's plan (4 levels) is in the form: its last row ends at level 4.
    const d = await studio.api.call('runs.get', { runId: base.id });
    expect(await page.getByTestId('new-run-game').inputValue()).toBe('carillon');
    const rows = d.plan as { to: number }[];
    expect(await page.getByTestId(`plan-cell-${rows.length - 1}-to`).inputValue()).toBe(
      String(rows.at(-1)!.to),
    );
  });

  it('refuses bad input next to its field, before anything runs', async () => {
    await page.keyboard.press('Alt+9');
    await expect.poll(() => page.locator('.topbar h1').textContent()).toBe('Experiments');
    const form = page.getByTestId('experiment-form');
    await form.waitFor();
    await page.getByTestId('exp-base-run').check();
    await page.getByTestId('exp-base-run-picker').selectOption(String(base.id));
    // A field's options carry the game's own labels, grouped as rules and plan rows.
    const label = await page
      .getByTestId('exp-change-0-0-field')
      .locator('option[value="rules.spacing"]')
      .textContent();
    expect(label).toBe('Dot spacing');
    expect(
      await page.getByTestId('exp-change-0-0-field').locator('optgroup').first().getAttribute('label'),
    ).toBe('Rules');
    await page.getByTestId('exp-change-0-0-field').selectOption('rules.spacing');
    // The base's value is offered to edit from.
    const baseSpacing = ((await studio.api.call('runs.get', { runId: base.id })).rules as { spacing: number })
      .spacing;
    expect(await page.getByTestId('exp-change-0-0-value').inputValue()).toBe(String(baseSpacing));
    await page.getByTestId('exp-change-0-0-value').fill('eighteen');
    await page.getByTestId('exp-seeds').fill('8-1');
    await page.getByTestId('exp-submit').click();
    await expect
      .poll(() => page.getByTestId('exp-error-0-0').textContent())
      .toBe('Dot spacing must be a number, not “eighteen”.');
    expect(await page.getByTestId('exp-error-seeds').textContent()).toBe(
      '8-1 runs backwards: write the smaller seed first (1-8)',
    );
    // Out of bounds: the API's sentence, under the change it names.
    await page.getByTestId('exp-change-0-0-value').fill('100000');
    await page.getByTestId('exp-seeds').fill('1-3');
    // Three seeds can never decide: the form says so before anything runs.
    await expect
      .poll(() => page.getByTestId('exp-seeds-warning').textContent())
      .toBe(
        'With 3 seeds the sign test can never call a change real: at p ≤ 0.05 it needs at least 6 seeds that move the same way. Use 6 or more seeds.',
      );
    await page.getByTestId('exp-scope-slots').check();
    await page.getByTestId('exp-levels').fill('1-2');
    await page.getByTestId('exp-candidates').fill('6');
    await page.getByTestId('exp-submit').click();
    await expect
      .poll(() => page.getByTestId('exp-error-0-0').textContent())
      .toMatch(/^Dot spacing must be at most \d+\.$/);
    expect(await page.getByTestId('exp-change-0-0-value').getAttribute('aria-invalid')).toBe('true');
    expect(await studio.api.call('experiments.list', {})).toEqual([]);
    for (const [w, h] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: join(SHOTS, `form-errors-${w}x${h}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    // A level past the base's plan is named under the levels.
    await page.getByTestId('exp-change-0-0-value').fill('18');
    await page.getByTestId('exp-levels').fill('1, 9');
    await page.getByTestId('exp-submit').click();
    await expect
      .poll(() => page.getByTestId('exp-error-levels').textContent())
      .toBe('level 9 is out of range: levels go from 1 to 4');
    expect(await studio.api.call('experiments.list', {})).toEqual([]);

    // Past the size threshold: it asks first, with the estimated time, and nothing runs unless confirmed.
    await page.getByTestId('exp-base-game').check();
    await page.getByTestId('exp-base-game-picker').selectOption('carillon');
    await page.getByTestId('exp-change-0-0-field').selectOption('rules.spacing');
    await page.getByTestId('exp-change-0-0-value').fill('18');
    await page.getByTestId('exp-add-variant').click();
    await page.getByTestId('exp-add-variant').click();
    for (const i of [1, 2]) {
      await page.getByTestId(`exp-change-${i}-0-field`).selectOption('rules.spacing');
      await page.getByTestId(`exp-change-${i}-0-value`).fill(String(18 + 2 * i));
    }
    await page.getByTestId('exp-seeds').fill('1-64');
    await page.getByTestId('exp-scope-plan').check();
    await page.getByTestId('exp-submit').click();
    const dialog = page.getByRole('dialog', { name: 'A large experiment' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toMatch(/candidates and takes about \d+ (min|s)/);
    await dialog.getByTestId('confirm-cancel').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await studio.api.call('experiments.list', {})).toEqual([]);
    await page.getByTestId('exp-variant-2-remove').click();
    await page.getByTestId('exp-variant-1-remove').click();
    await page.getByTestId('exp-base-run').check();
    await page.getByTestId('exp-base-run-picker').selectOption(String(base.id));
    await page.getByTestId('exp-scope-slots').check();
  });

  it('starts from the run’s settings on a tiny scope, one bar forward only, then results side by side', async () => {
    await page.getByTestId('exp-levels').fill('1-2');
    await page.getByTestId('exp-seeds').fill('1-8');
    await page.getByTestId('exp-variant-0-name').fill('spacing 18');
    expect(await page.getByTestId('exp-seeds-warning').count()).toBe(0);
    await page.getByTestId('exp-name').fill('tiny spacing');
    // A second variant of two changes: near-duplicates that pair almost anything.
    await page.getByTestId('exp-add-variant').click();
    await page.getByTestId('exp-variant-1-name').fill('loose pairs');
    await page.getByTestId('exp-change-1-0-field').selectOption('rules.pictureShare');
    await page.getByTestId('exp-change-1-0-value').fill('0.02');
    await page.getByTestId('exp-variant-1-add-change').click();
    await page.getByTestId('exp-change-1-1-field').selectOption('rules.answerShare');
    await page.getByTestId('exp-change-1-1-value').fill('0.02');
    expect(await page.getByTestId('exp-size').textContent()).toContain(
      '3 arms (the base and 2 variants) × 8 seeds = 24 runs',
    );
    // Ctrl+Enter from a field of the form starts it.
    await page.getByTestId('exp-seeds').focus();
    await page.keyboard.press('Control+Enter');
    let list: ExperimentSummary[] = [];
    await expect
      .poll(async () => (list = await studio.api.call('experiments.list', {})).length, { timeout: 10_000 })
      .toBe(1);
    experimentId = list[0]!.id;
    expect(list[0]).toMatchObject({
      name: 'tiny spacing',
      baseRunId: base.id,
      seeds: [1, 2, 3, 4, 5, 6, 7, 8],
      scope: { kind: 'slots', slots: [0, 1], candidates: 6 },
    });
    expect(list[0]!.variants).toEqual([
      { name: 'spacing 18', changes: { 'rules.spacing': 18 } },
      { name: 'loose pairs', changes: { 'rules.pictureShare': 0.02, 'rules.answerShare': 0.02 } },
    ]);
    await page.getByTestId(`experiment-${experimentId}`).waitFor();
    const seen = await watch(experimentId, 'done');
    expect(nonDecreasing(seen)).toBe(true);
    expect(seen.at(-1)).toBe(100);
    await expect.poll(() => page.getByTestId('exp-progress-line').textContent()).toContain('24 of 24 runs');
    // Every run of the grid is done (the grid follows the runs' own events, which may come a
    // moment after the experiment's last progress event: polled, as on a clean CI machine).
    for (const arm of [0, 1, 2])
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8])
        await expect
          .poll(() => page.getByTestId(`exp-run-${arm}-${seed}`).getAttribute('data-status'))
          .toBe('done');

    // Side by side: the base's and the variant's figures, medians over 8 seeds.
    // The results shown may still be the ones read before the last run ended (they are read again
    // a moment after it): waited for, not read at once.
    await page.getByTestId('exp-results').waitFor();
    await expect.poll(() => page.getByTestId('exp-seeds-done').textContent()).toBe('8 of 8 seeds compared');
    const results = await studio.api.call('experiments.results', { experimentId });
    const fig = results.variants[0]!.figures[0]!;
    const baseCell = page.getByTestId(`exp-figures-${fig.key}-0`);
    const varCell = page.getByTestId(`exp-figures-${fig.key}-1`);
    expect(await baseCell.locator('.median').textContent()).not.toBe('—');
    expect(await varCell.getAttribute('data-real')).toBe(String(fig.decision.real));
    // The variant's hover says how "real" is decided (the API's own sentence).
    expect(await varCell.getAttribute('title')).toContain(results.decidedBy);
    // Real differences are marked, and only those; a badge opens its explanation by keyboard too.
    const reals: string[] = [];
    for (const [i, v] of results.variants.entries()) {
      for (const f of v.figures) {
        const cell = page.getByTestId(`exp-figures-${f.key}-${i + 1}`);
        expect(await cell.getAttribute('data-real')).toBe(String(f.decision.real));
        expect(await cell.getByRole('button', { name: /^real/ }).count()).toBe(f.decision.real ? 1 : 0);
        if (f.decision.real) reals.push(`${f.key}-${i + 1}`);
      }
    }
    // Pairing almost anything makes more near copies within a pool on every seed: a real difference.
    expect(reals).toContain('poolNearCopies-2');
    // Its row says what it measures on hover; the wall-clock speed says it is never marked real.
    expect(
      await page
        .locator('[data-testid="exp-figures"] tr[data-figure="poolNearCopies"] th')
        .getAttribute('title'),
    ).toMatch(/^Of all pairs of candidates made for the same level, the share that are near-duplicates/);
    expect(
      await page.locator('[data-testid="exp-figures"] tr[data-figure="buildsPerSecond"] th').textContent(),
    ).toContain('never marked real');
    expect(await page.getByTestId('exp-figures-buildsPerSecond-1').getAttribute('title')).toMatch(
      /is shown, never tested/,
    );
    await page.getByTestId('exp-figures-poolNearCopies-2-real').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('exp-figures-explain').textContent())
      .toMatch(/^loose pairs: a real difference in near copies within a pool/);
    expect(await page.getByTestId('exp-figures-explain').textContent()).toContain(results.decidedBy);
    // Beside the marks, always in sight: what "real" means and what a variant's change is.
    expect(await page.getByTestId('exp-real-rule').textContent()).toBe(`real ${results.decidedBy}`);
    expect(await page.getByTestId('exp-change-means').textContent()).toBe(results.changeMeans);
    const pooled = results.variants[1]!.figures.find((f) => f.key === 'poolNearCopies')!;
    const change = page.getByTestId('exp-figures-poolNearCopies-2-change');
    expect(await change.getAttribute('title')).toMatch(
      /^Median of the per-seed changes \(variant − base on the same seed\)/,
    );
    expect(await change.textContent()).toBe(
      `change ${formatDelta(pooled.change!.median, false, '%')}${pooled.change!.opposite && formatDelta(pooled.change!.mediansGap, false, '%') !== '' ? ' *' : ''}`,
    );
    // The box plot: one box per arm and plan row that has candidates.
    const boxes =
      results.variants[0]!.stages.reduce((n, s) => n + (s.base ? 1 : 0), 0) +
      results.variants.reduce((n, v) => n + v.stages.filter((s) => s.variant).length, 0);
    expect(boxes).toBeGreaterThanOrEqual(3);
    await expect
      .poll(() => page.locator('[data-testid="exp-stage-plot-svg"] .exp-boxes rect').count())
      .toBe(boxes);
    // The arms say what changed, in words.
    expect(await page.getByTestId('exp-arm-1').textContent()).toMatch(/Dot spacing: \d+ → 18/);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: join(SHOTS, 'experiment-1440x900.png') });
    await shootWhole('experiment-1440-whole.png', 1440);
    await page.setViewportSize({ width: 1280, height: 720 });
    // Nothing is wider than the window at 1280×720.
    expect(
      await page.evaluate(
        () =>
          document.querySelector('.content')!.scrollWidth <= document.querySelector('.content')!.clientWidth,
      ),
    ).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'experiment-1280x720.png') });
    await page.getByTestId('exp-results').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'experiment-1280x720-results.png') });
    // The light theme: the plot's colours come from the same variables.
    await page.getByRole('button', { name: 'Light theme' }).click();
    await page.screenshot({ path: join(SHOTS, 'experiment-1280x720-results-light.png') });
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('adopts the winner as a preset the new-run form offers, and as a run the Runs page shows starting with the changed rule', async () => {
    await page.getByTestId('exp-adopt-preset-name').fill('spacing 18');
    await page.getByTestId('exp-adopt-preset').click();
    await expect.poll(() => page.getByTestId('exp-adopt-done').textContent()).toContain('spacing 18');
    const presets = await studio.api.call('presets.list', {});
    expect(presets.map((p) => p.name)).toEqual(['spacing 18']);
    expect((presets[0]!.rules as { spacing: number }).spacing).toBe(18);

    const before = new Set((await studio.api.call('runs.list', {})).map((r) => r.id));
    await page.getByTestId('exp-adopt-arm-1').check();
    await page.getByTestId('exp-adopt-seed').fill('77');
    await page.getByTestId('exp-adopt-run').click();
    await expect.poll(() => page.locator('.topbar h1').textContent()).toBe('Runs');
    let adopted: RunSummary | undefined;
    await expect
      .poll(
        async () => (adopted = (await studio.api.call('runs.list', {})).find((r) => !before.has(r.id)))?.id,
      )
      .toBeDefined();
    expect(adopted!.seed).toBe(77);
    // Selected on the Runs page, with its progress on screen.
    await expect
      .poll(() => page.getByTestId(`run-row-${adopted!.id}`).getAttribute('aria-selected'))
      .toBe('true');
    await page.getByTestId(`run-progress-detail-${adopted!.id}`).waitFor();
    const d = await studio.api.call('runs.get', { runId: adopted!.id });
    expect((d.rules as { spacing: number }).spacing).toBe(18);
    // The experiment's own runs are folded away on the Runs page, and there on request.
    const all = await studio.api.call('runs.list', {});
    const own = all.filter((r) => r.experimentId === null);
    expect(all.filter((r) => r.experimentId === experimentId)).toHaveLength(24);
    expect(await page.locator('[data-testid^="run-row-"]').count()).toBe(own.length);
    await page.getByTestId('runs-show-experiment-runs').check();
    await expect.poll(() => page.locator('[data-testid^="run-row-"]').count()).toBe(all.length);
    expect(await page.locator('.exp-chip').first().textContent()).toBe(`exp #${experimentId}`);
    await page.getByTestId('runs-show-experiment-runs').uncheck();
    await page.getByTestId('run-details').getByText('Plan and rules').click();
    await expect
      .poll(() => page.getByTestId('run-details').locator('pre').nth(1).textContent())
      .toContain('"spacing": 18');

    // The preset fills the new-run form.
    await page.getByTestId('new-run-preset').selectOption({ label: 'spacing 18' });
    await expect.poll(() => page.getByTestId('new-run-from').textContent()).toContain('preset “spacing 18”');
    await page.getByTestId('new-run-rules-open').click();
    expect(await page.getByTestId('rules-field-spacing').inputValue()).toBe('18');

    // The form's settings saved as a preset: a taken name is refused in a sentence, a new one kept.
    await page.getByTestId('rules-field-spacing').fill('20');
    await page.getByTestId('new-run-save-preset').click();
    await page.getByTestId('new-run-preset-name').fill('spacing 18');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('new-run-preset-line').textContent())
      .toMatch(/named "spacing 18" exists already/);
    await page.getByTestId('new-run-preset-name').fill('spacing 20');
    await page.getByTestId('new-run-preset-save').click();
    await expect
      .poll(() => page.getByTestId('new-run-preset-line').textContent())
      .toBe('Saved preset “spacing 20”: the Settings list offers it.');
    const saved = (await studio.api.call('presets.list', {})).find((p) => p.name === 'spacing 20')!;
    expect((saved.rules as { spacing: number }).spacing).toBe(20);
    await runDone(adopted!.id);
  });

  it('cancels and resumes a whole-plan experiment to the end; its shipped figures; a settings diff in words', async () => {
    await goTo('Experiments');
    await page.getByTestId('exp-new').click();
    // The form is as it was left, to start the next experiment from.
    expect(await page.getByTestId('exp-variant-1-name').inputValue()).toBe('loose pairs');
    // The field list comes with the base's settings, a moment after the form opens.
    await expect.poll(() => page.getByTestId('exp-change-0-0-field').inputValue()).toBe('rules.spacing');
    expect(await page.getByTestId('exp-name').inputValue()).toBe('');
    await page.getByTestId('exp-base-game').check();
    await page.getByTestId('exp-base-game-picker').selectOption('apsis');
    // Another game: changes that name fields it does not have are dropped.
    await expect.poll(() => page.getByTestId('exp-change-0-0-field').inputValue()).toBe('');
    await page.getByTestId('exp-change-1-1-remove').click();
    await page.getByTestId('exp-base-levels').fill('12');
    await page.getByTestId('exp-name').fill('clear gap');
    await page.getByTestId('exp-variant-0-name').fill('gap 8');
    await page.getByTestId('exp-change-0-0-field').selectOption('rules.gap');
    await page.getByTestId('exp-change-0-0-value').fill('8');
    await page.getByTestId('exp-variant-1-name').fill('gap 5');
    await page.getByTestId('exp-change-1-0-field').selectOption('rules.gap');
    await page.getByTestId('exp-change-1-0-value').fill('5');
    await page.getByTestId('exp-seeds').fill('1-4');
    await page.getByTestId('exp-scope-plan').check();
    await page.getByTestId('exp-submit').click();
    let id = 0;
    await expect
      .poll(
        async () =>
          (id = (await studio.api.call('experiments.list', {})).find((e) => e.id !== experimentId)?.id ?? 0),
      )
      .toBeGreaterThan(0);
    await page.getByTestId(`experiment-${id}`).waitFor();
    await page.getByTestId('exp-cancel').click();
    const first = await watch(id, 'cancelled');
    await page.getByTestId('exp-resume').click();
    const second = await watch(id, 'done', 120_000);
    // One bar: forward only through the cancel and the resume, and full at the end.
    expect(first.at(-1)).toBeLessThan(100);
    expect(nonDecreasing([...first, ...second])).toBe(true);
    expect(second.at(-1)).toBe(100);
    const summary = (await studio.api.call('experiments.list', {})).find((e) => e.id === id)!;
    expect(summary.runsDone).toBe(summary.runsTotal);

    // Whole plan: the shipped curve's figures are there too.
    await page.getByTestId('exp-results').waitFor();
    for (const key of ['largestStep', 'hardest', 'shortLevels'])
      await page.getByTestId(`exp-figures-${key}-2`).waitFor();
    expect(await page.getByTestId('exp-no-shipped').count()).toBe(0);
    await shootWhole('experiment-plan-1440-whole.png', 1440);
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(
      await page.evaluate(
        () =>
          document.querySelector('.content')!.scrollWidth <= document.querySelector('.content')!.clientWidth,
      ),
    ).toBe(true);
    await page.getByTestId('exp-results').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'experiment-plan-1280x720-results.png') });
    await page.getByTestId('exp-adopt').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'experiment-plan-1280x720-adopt.png') });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The diff of its base and variant, in the game's words.
    await page.getByTestId('settings-diff-go').click();
    await expect.poll(() => page.getByTestId('settings-diff-lines').textContent()).toContain('Clear gap');
    await page.getByTestId('settings-diff').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'experiment-diff-1440x900.png') });
    expect(pageErrors).toEqual([]);
  });
});
