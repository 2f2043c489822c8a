/**
 * Experiments' runs in the run pickers, in Chromium against the real server and workers: a
 * small experiment (a base and one variant on three seeds, six runs) leaves the pickers of
 * Pools, Plots and Compare listing the designer's own runs at top level, its runs folded under
 * the experiment ("Spacing 18 · seed 2") until asked for; the Experiments page opens one of
 * them in Pools, Plots and Compare, each picker showing it selected under its experiment; the
 * Runs page folds them with a count; a run the designer starts afterwards lists as before; the
 * switch is remembered across a restart.
 * Screenshots at 1440×900 and 1280×720 under /tmp/shots/pickers/ (when that folder exists).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ExperimentDetail, RunSummary } from '../../src-shared/api';
import { RESULTS, useStudioInBrowser } from './chromium';

let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
const SHOTS = existsSync('/tmp/shots/pickers') ? '/tmp/shots/pickers' : RESULTS;

async function goTo(name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Studio' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await expect.poll(() => page.locator('.topbar h1').textContent()).toBe(name);
}

/** Wait (outside a test too: the setup) until `read` gives `want`. */
async function until<T>(read: () => Promise<T>, want: T, what: string, timeout = 120_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    const got = await read();
    if (got === want) return;
    if (Date.now() - start > timeout) throw new Error(`${what}: still ${String(got)} after ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function runDone(id: number): Promise<RunSummary> {
  await until(async () => (await studio.api.call('runs.get', { runId: id })).status, 'done', `run ${id}`);
  return studio.api.call('runs.get', { runId: id });
}

/** A picker's entries: the options at top level (values) and each optgroup's label and option texts. */
async function entries(
  select: Locator,
): Promise<{ top: string[]; groups: { label: string; options: string[] }[] }> {
  return select.evaluate((el) => ({
    top: [...el.children].filter((c) => c.tagName === 'OPTION').map((o) => (o as HTMLOptionElement).value),
    groups: [...el.querySelectorAll('optgroup')].map((g) => ({
      label: g.label,
      options: [...g.querySelectorAll('option')].map((o) => o.textContent!.trim()),
    })),
  }));
}

/** The chosen option's text and the label of the group it sits in (null: top level). */
async function chosen(select: Locator): Promise<{ value: string; text: string; group: string | null }> {
  return select.evaluate((el) => {
    const s = el as HTMLSelectElement;
    const o = s.selectedOptions[0]!;
    return {
      value: s.value,
      text: o.textContent!.trim(),
      group: o.parentElement?.tagName === 'OPTGROUP' ? (o.parentElement as HTMLOptGroupElement).label : null,
    };
  });
}

async function shots(name: string): Promise<void> {
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(150);
    // Nothing wider than the window.
    expect(
      await page.evaluate(
        () =>
          document.querySelector('.content')!.scrollWidth <= document.querySelector('.content')!.clientWidth,
      ),
    ).toBe(true);
    await page.screenshot({ path: join(SHOTS, `${name}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

let own: RunSummary[] = [];
let detail: ExperimentDetail;
const cell = (arm: number, seed: number): number =>
  detail.runs.find((r) => r.arm === arm && r.seed === seed)!.runId;

beforeAll(async () => {
  page = studio.page;
  const first = await studio.api.call('runs.create', {
    game: 'carillon',
    seed: 41,
    levels: 4,
    name: 'my first',
  });
  const second = await studio.api.call('runs.create', { game: 'carillon', seed: 42, levels: 4 });
  own = [await runDone(first.id), await runDone(second.id)];
  const made = await studio.api.call('experiments.create', {
    name: 'picker check',
    base: { runId: first.id },
    variants: [{ name: 'spacing 18', changes: { 'rules.spacing': 18 } }],
    seeds: [1, 2, 3],
  });
  if (made.experimentId === null) throw new Error(`the experiment was held: ${made.confirm.message}`);
  const id = made.experimentId;
  await until(
    async () => (await studio.api.call('experiments.get', { experimentId: id })).status,
    'done',
    `experiment ${id}`,
  );
  detail = await studio.api.call('experiments.get', { experimentId: id });
  if (detail.runs.length !== 6) throw new Error(`the experiment made ${detail.runs.length} runs, not 6`);
  await page.goto(studio.server.url);
}, 240_000);
describe('experiment runs in the run pickers', () => {
  const ownIds = (): string[] => own.map((r) => String(r.id)).sort((a, b) => Number(b) - Number(a));

  it('Pools: only the designer’s runs at top level, the newest selected; the experiment’s six folded until asked for', async () => {
    await goTo('Pools');
    const picker = page.getByTestId('run-picker');
    await expect.poll(async () => (await entries(picker)).top).toEqual(ownIds());
    expect((await entries(picker)).groups).toEqual([]);
    expect((await chosen(picker)).value).toBe(String(own[1]!.id));
    const toggle = page.getByTestId('picker-show-experiment-runs');
    expect((await toggle.locator('..').textContent())!.trim()).toBe('6 experiment runs');
    await shots('pools-folded');
    await toggle.check();
    await expect
      .poll(async () => (await entries(picker)).groups)
      .toEqual([
        {
          label: `Experiment #${detail.id} · picker check`,
          options: [
            'Base · seed 1',
            'Base · seed 2',
            'Base · seed 3',
            'Spacing 18 · seed 1',
            'Spacing 18 · seed 2',
            'Spacing 18 · seed 3',
          ],
        },
      ]);
    expect((await entries(picker)).top).toEqual(ownIds());
    await toggle.uncheck();
    await expect.poll(async () => (await entries(picker)).groups).toEqual([]);
  });

  it('Plots and Compare: the same; Compare pairs the designer’s two runs', async () => {
    await goTo('Plots');
    await expect.poll(async () => (await entries(page.getByTestId('run-picker'))).top).toEqual(ownIds());
    expect((await entries(page.getByTestId('run-picker'))).groups).toEqual([]);
    await goTo('Compare');
    const a = page.getByTestId('compare-a'),
      b = page.getByTestId('compare-b');
    await expect.poll(async () => (await entries(a)).top).toEqual(ownIds());
    expect((await entries(a)).groups).toEqual([]);
    expect((await entries(b)).groups).toEqual([]);
    const pair = [(await chosen(a)).value, (await chosen(b)).value].sort();
    expect(pair).toEqual(ownIds().sort());
    await page.getByTestId('compare-page').waitFor();
    await shots('compare-own');
  });

  it('the Experiments page opens a variant’s seed in Pools, Plots and Compare, each picker showing it under its experiment', async () => {
    await goTo('Experiments');
    await page.getByTestId(`exp-entry-${detail.id}`).click();
    await page.getByTestId(`experiment-${detail.id}`).waitFor();
    await page.getByTestId('exp-run-1-2').click();
    await expect.poll(() => page.getByTestId('exp-picked-name').textContent()).toBe('Spacing 18 · seed 2');
    await shots('experiment-picked');
    const picked = cell(1, 2);
    const group = `Experiment #${detail.id} · picker check`;

    await page.getByTestId('exp-open-pools').click();
    await expect.poll(() => page.locator('.topbar h1').textContent()).toBe('Pools');
    const picker = page.getByTestId('run-picker');
    await expect
      .poll(() => chosen(picker))
      .toEqual({ value: String(picked), text: 'Spacing 18 · seed 2', group });
    // Only that run of the experiment is offered; the designer's stay at top level.
    expect(await entries(picker)).toEqual({
      top: ownIds(),
      groups: [{ label: group, options: ['Spacing 18 · seed 2'] }],
    });
    // The picker names the experiment beside it, and leads back to it.
    expect(await page.getByTestId('picker-experiment').textContent()).toBe(`exp #${detail.id} ›`);
    // Its pool is what is shown.
    await expect
      .poll(async () => (await page.locator('[data-testid^="card-"]').count()) > 0, { timeout: 20_000 })
      .toBe(true);
    await shots('pools-experiment-run');

    await goTo('Experiments');
    await page.getByTestId('exp-run-1-2').click();
    await page.getByTestId('exp-open-plots').click();
    await expect.poll(() => page.locator('.topbar h1').textContent()).toBe('Plots');
    await expect
      .poll(() => chosen(page.getByTestId('run-picker')))
      .toEqual({ value: String(picked), text: 'Spacing 18 · seed 2', group });
    // Back to the experiment from the picker's "exp #N".
    await page.getByTestId('picker-experiment').click();
    await expect.poll(() => page.locator('.topbar h1').textContent()).toBe('Experiments');
    await page.getByTestId(`experiment-${detail.id}`).waitFor();
    await page.getByTestId('exp-run-1-2').click();
    await expect.poll(() => page.getByTestId('exp-open-compare').textContent()).toBe('Compare with base');
    await page.getByTestId('exp-open-compare').click();
    await expect.poll(() => page.locator('.topbar h1').textContent()).toBe('Compare');
    // A = the base on the same seed, B = the variant: B − A reads as the variant's change.
    await expect
      .poll(() => chosen(page.getByTestId('compare-a')))
      .toEqual({ value: String(cell(0, 2)), text: 'Base · seed 2', group });
    expect(await chosen(page.getByTestId('compare-b'))).toEqual({
      value: String(picked),
      text: 'Spacing 18 · seed 2',
      group,
    });
    expect((await entries(page.getByTestId('compare-a'))).top).toEqual(ownIds());
    await expect.poll(() => page.locator('figcaption').first().textContent()).toContain('Base · seed 2');
    await expect.poll(() => page.locator('figcaption').nth(1).textContent()).toContain('Spacing 18 · seed 2');
    await shots('compare-experiment');
  });

  it('the Runs page folds them with a count, groups them under the experiment when shown', async () => {
    await goTo('Runs');
    const rows = page.locator('[data-testid^="run-row-"]');
    // The designer's two, and the selected experiment run under its experiment's heading.
    await expect.poll(() => rows.count()).toBe(3);
    expect(await page.getByTestId(`runs-group-${detail.id}`).textContent()).toContain('picker check');
    expect(await page.getByTestId('runs-experiment-runs-hidden').textContent()).toMatch(
      /^\s*5 experiment runs hidden —\s*show\s*$/,
    );
    await shots('runs-folded');
    await page.getByTestId('runs-experiment-runs-show').click();
    await expect.poll(() => rows.count()).toBe(8);
    expect(await page.getByTestId('runs-experiment-runs-hidden').count()).toBe(0);
    // The designer's runs first, then the experiment's, base first, seeds in order.
    const order = await rows.evaluateAll((trs) =>
      trs.map((tr) => Number(tr.getAttribute('data-testid')!.slice('run-row-'.length))),
    );
    expect(order).toEqual([
      own[1]!.id,
      own[0]!.id,
      cell(0, 1),
      cell(0, 2),
      cell(0, 3),
      cell(1, 1),
      cell(1, 2),
      cell(1, 3),
    ]);
    expect(await page.getByTestId(`run-row-${cell(1, 3)}`).textContent()).toContain('Spacing 18 · seed 3');
    await shots('runs-shown');
    // The experiment's heading opens it.
    await page.getByTestId(`runs-open-experiment-${detail.id}`).click();
    await expect.poll(() => page.locator('.topbar h1').textContent()).toBe('Experiments');
    await page.getByTestId(`experiment-${detail.id}`).waitFor();
    // The pickers follow the same switch.
    await goTo('Pools');
    await expect
      .poll(async () => (await entries(page.getByTestId('run-picker'))).groups[0]?.options.length)
      .toBe(6);
    await page.getByTestId('picker-show-experiment-runs').uncheck();
    await goTo('Runs');
    await expect.poll(() => rows.count()).toBe(3);
  });

  it('a run the designer starts afterwards lists at top level, as before', async () => {
    const third = await studio.api.call('runs.create', { game: 'carillon', seed: 43, levels: 4 });
    await runDone(third.id);
    own = [...own, await studio.api.call('runs.get', { runId: third.id })];
    await goTo('Pools');
    await expect.poll(async () => (await entries(page.getByTestId('run-picker'))).top).toEqual(ownIds());
    await page.getByTestId('run-picker').selectOption(String(third.id));
    expect(await chosen(page.getByTestId('run-picker'))).toMatchObject({
      value: String(third.id),
      group: null,
      text: `#${third.id} · Carillon · seed 43 · 4 levels`,
    });
    // With an own run selected, the experiment's runs are all folded again.
    expect((await entries(page.getByTestId('run-picker'))).groups).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('remembers the switch across a restart of the studio, on and off', async () => {
    const toggle = page.getByTestId('picker-show-experiment-runs');
    await toggle.check();
    await expect.poll(async () => (await entries(page.getByTestId('run-picker'))).groups.length).toBe(1);
    // The studio opened again (the page reloaded), on the Pools page.
    await page.reload();
    await goTo('Pools');
    await expect
      .poll(async () => (await entries(page.getByTestId('run-picker'))).groups[0]?.options.length)
      .toBe(6);
    expect(await toggle.isChecked()).toBe(true);
    // The Runs page follows the same switch: every experiment run is listed.
    await goTo('Runs');
    await expect.poll(() => page.locator('[data-testid^="run-row-"]').count()).toBe(9);
    await goTo('Pools');
    await toggle.uncheck();
    await page.reload();
    await goTo('Pools');
    await expect.poll(async () => (await entries(page.getByTestId('run-picker'))).top).toEqual(ownIds());
    expect((await entries(page.getByTestId('run-picker'))).groups).toEqual([]);
    expect(await toggle.isChecked()).toBe(false);
    expect(pageErrors).toEqual([]);
  });
});
