/**
 * The Runs and Pools pages in Chromium against the real server, SQLite and workers: the new-run
 * form (bad fields named under their inputs, the structured rules editor), small runs of each
 * game watched to 100 %, curating a pool by keyboard with undo, notes and tags, a virtualised
 * pool, delete after confirming, a pack imported read-only, a full-size run's live progress,
 * cancel and resume, and thumbnails drawn once (scrolling draws only the cards coming into
 * view; a card scrolled back shows the same picture from the cache).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CandidatePage, RunSummary } from '../../src-shared/api';
import { RESULTS, useStudioInBrowser } from './chromium';
// Declares window.__thumbs, the pool thumbnails' debug hook.
import type {} from '../../src-shared/thumbs-debug';

let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });

beforeAll(async () => {
  page = studio.page;
});

/** The sidebar's theme switch ("Light theme" / "Dark theme"). */
const themeToggle = () => page.getByRole('button', { name: /^(Light|Dark) theme$/ });

/**
 * The whole new-run form in both themes: `<name>.png` (dark) and `<name>-light.png`. The page
 * scrolls inside `.content`, so the window is made tall enough for the form for the shot.
 */
async function shootForm(name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 1300 });
  await page.evaluate(() => document.querySelector('.content')?.scrollTo(0, 0));
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  await themeToggle().click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
  await page.screenshot({ path: join(RESULTS, `${name}-light.png`) });
  await themeToggle().click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Fill the new-run form and start the run; returns the new run as the API lists it. */
async function startRun(game: 'carillon' | 'apsis', seed: number, levels: number): Promise<RunSummary> {
  await page.getByTestId('new-run-game').selectOption(game);
  await page.getByTestId('new-run-seed').fill(String(seed));
  await page.getByTestId('new-run-levels').fill(String(levels));
  await page.getByTestId('new-run-submit').click();
  await page.getByTestId('new-run-created').waitFor();
  const runs = await studio.api.call('runs.list', {});
  const run = runs.find((r) => r.game === game && r.seed === seed);
  expect(run).toBeDefined();
  return run!;
}

async function list(runId: number, extra: Record<string, unknown> = {}): Promise<CandidatePage> {
  return studio.api.call('candidates.list', { runId, withLevels: false, limit: 2000, ...extra });
}

describe('runs and pools in Chromium', () => {
  let carillon: RunSummary;
  let apsis: RunSummary;

  it('the new-run form names each bad field under its input, from the API and the JSON parser', async () => {
    await page.goto(studio.server.url);
    await page.getByTestId('runs-empty').waitFor();
    await page.getByTestId('new-run-form').waitFor();
    // Defaults come from the games list: the plan as a table, the rules folded away.
    expect(await page.getByTestId('plan-cell-0-from').inputValue()).toBe('1');
    expect(await page.getByTestId('plan-cell-2-maxDots').inputValue()).toBe('14');
    expect(await page.getByTestId('plan-cell-0-tutorial').isChecked()).toBe(true);
    expect(await page.getByTestId('new-run-plan-state').textContent()).toBe('game default');
    expect(await page.getByTestId('new-run-rules-state').textContent()).toBe('game default');
    expect(await page.getByTestId('new-run-rules-open').getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('rules-field-spacing').count()).toBe(0);

    await page.getByTestId('new-run-seed').fill('abc');
    await page.getByTestId('new-run-submit').click();
    await expect
      .poll(() => page.getByTestId('field-error-seed').textContent())
      .toBe('must be a whole number from 0 to 2,147,483,647, not “abc”');

    await page.getByTestId('new-run-seed').fill('-4');
    await page.getByTestId('new-run-submit').click();
    await expect
      .poll(() => page.getByTestId('field-error-seed').textContent())
      .toBe('must be a whole number from 0 to 2,147,483,647, not “-4”');

    // A table cell, an added row and a rules field, each with the API's message under it.
    await page.getByTestId('new-run-seed').fill('5');
    await page.getByTestId('plan-cell-2-maxDots').fill('5'); // below the stretch's minDots, 8
    expect(await page.getByTestId('new-run-plan-state').textContent()).toBe('edited');
    await page.getByTestId('plan-add-row').click(); // a copy of the last stretch: it starts at 97, not 121
    expect(await page.getByTestId('plan-cell-6-from').inputValue()).toBe('97');
    await page.getByTestId('new-run-rules-open').click();
    await page.getByTestId('rules-field-spacing').fill('-1');
    expect(await page.getByTestId('new-run-rules-state').textContent()).toBe('1 edited');
    await page.getByTestId('new-run-submit').click();
    await expect
      .poll(() => page.getByTestId('plan-error-2-maxDots').textContent())
      .toMatch(/must be at least the dots at start \(8\)/);
    expect(await page.getByTestId('plan-cell-2-maxDots').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('plan-cell-2-minDots').getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByTestId('plan-error-6-from').textContent()).toMatch(/must be 121, not 97/);
    expect(await page.getByTestId('plan-cell-6-from').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('rules-error-spacing').textContent()).toMatch(/must be at least 0/);
    expect(await page.getByTestId('rules-field-spacing').getAttribute('aria-invalid')).toBe('true');
    // Each message sits under its input only, not again in the lists under the headings.
    expect(await page.getByTestId('field-error-plan').count()).toBe(0);
    expect(await page.getByTestId('field-error-rules').count()).toBe(0);
    expect(await studio.api.call('runs.list', {})).toEqual([]);
    await shootForm('runs-form-errors');

    // Fixing a cell clears its message; removing the row and resetting the field go back to the defaults.
    await page.getByTestId('plan-cell-2-maxDots').fill('14');
    expect(await page.getByTestId('plan-error-2-maxDots').count()).toBe(0);
    await page.getByTestId('plan-remove-6').click();
    expect(await page.getByTestId('plan-row-6').count()).toBe(0);
    expect(await page.getByTestId('new-run-plan-state').textContent()).toBe('game default');
    await page.getByTestId('rules-reset-spacing').click();
    expect(await page.getByTestId('rules-field-spacing').inputValue()).toBe('14');
    expect(await page.getByTestId('rules-error-spacing').count()).toBe(0);
    expect(await page.getByTestId('new-run-rules-state').textContent()).toBe('game default');

    // The JSON escape hatch: the same text as before, the parser's message under it.
    await page.getByTestId('new-run-plan-json-toggle').click();
    expect(await page.getByTestId('new-run-plan').inputValue()).toContain('"maxDots": 14');
    await page.getByTestId('new-run-plan').fill('{ "stages": [ oops');
    await page.getByTestId('new-run-submit').click();
    await expect.poll(() => page.getByTestId('field-error-plan').textContent()).toMatch(/not valid JSON/);
    expect(await page.getByTestId('field-error-seed').count()).toBe(0);
    // Text that does not parse cannot go back to the table.
    await page.getByTestId('new-run-plan-json-toggle').click();
    expect(await page.getByTestId('new-run-plan').count()).toBe(1);
    expect(await page.getByTestId('field-error-plan').textContent()).toMatch(/not valid JSON/);

    // Valid JSON that the game's plan schema refuses: the API's own message, under Plan.
    await page.getByTestId('new-run-plan').fill('"a nonsense plan"');
    await page.getByTestId('new-run-submit').click();
    await page.getByTestId('field-error-plan').first().waitFor();
    expect(await studio.api.call('runs.list', {})).toEqual([]);
    await page.getByTestId('new-run-plan-reset').click();
    expect(await page.getByTestId('field-error-plan').count()).toBe(0);
    // A pasted plan comes back as the table.
    await page
      .getByTestId('new-run-plan')
      .fill(JSON.stringify([{ from: 1, to: 4, taps: 2, minDots: 4, maxDots: 6, tutorial: false }]));
    await page.getByTestId('new-run-plan-json-toggle').click();
    expect(await page.getByTestId('plan-cell-0-to').inputValue()).toBe('4');
    expect(await page.getByTestId('plan-row-1').count()).toBe(0);
    expect(await page.getByTestId('new-run-plan-state').textContent()).toBe('edited');
    await page.getByTestId('new-run-plan-reset').click();
    expect(await page.getByTestId('plan-row-5').count()).toBe(1);

    // The rules have the same hatch.
    await page.getByTestId('new-run-rules-json-toggle').click();
    await page.getByTestId('new-run-rules').fill('{ "spacing": ');
    await page.getByTestId('new-run-submit').click();
    await expect.poll(() => page.getByTestId('field-error-rules').textContent()).toMatch(/not valid JSON/);
    await page.getByTestId('new-run-rules-reset').click();
    await page.getByTestId('new-run-rules-json-toggle').click();
    expect(await page.getByTestId('rules-field-spacing').inputValue()).toBe('14');
    expect(await page.getByTestId('field-error-rules').count()).toBe(0);

    await page.getByTestId('new-run-levels').fill('0');
    await page.getByTestId('new-run-submit').click();
    await expect.poll(() => page.getByTestId('field-error-levels').textContent()).toMatch(/at least 1/);
    await page.getByTestId('new-run-seed').fill('1.5');
    await page.getByTestId('new-run-submit').click();
    await expect.poll(() => page.getByTestId('field-error-seed').textContent()).toMatch(/whole number/);
    await page.getByTestId('new-run-levels').fill('');
    // The random-seed button gives a fresh whole number.
    await page.getByTestId('new-run-random-seed').click();
    expect(await page.getByTestId('new-run-seed').inputValue()).toMatch(/^\d+$/);
    expect(pageErrors).toEqual([]);
  });

  it('starts a run with a rules field edited in the structured editor, and the run stores it', async () => {
    await page.getByTestId('new-run-game').selectOption('carillon');
    if ((await page.getByTestId('new-run-rules-open').getAttribute('aria-expanded')) !== 'true')
      await page.getByTestId('new-run-rules-open').click();
    // Nested rules are inputs too, labelled in words.
    expect(await page.getByTestId('rules-field-sizes.small.radius').inputValue()).toBe('16');
    expect(await page.getByLabel('field attempts').inputValue()).toBe('40');
    await page.getByTestId('rules-field-poolSize').fill('4');
    expect(await page.getByTestId('new-run-rules-state').textContent()).toBe('1 edited');
    expect(await page.getByTestId('rules-reset-poolSize').count()).toBe(1);
    expect(await page.getByTestId('rules-reset-spacing').count()).toBe(0);
    await page.getByTestId('new-run-seed').fill('3');
    await page.getByTestId('new-run-levels').fill('3');
    await shootForm('runs-form-structured');

    // Ctrl+Enter from the rules field starts the run.
    await page.getByTestId('rules-field-poolSize').press('Control+Enter');
    await expect
      .poll(() => page.getByTestId('new-run-created').textContent())
      .toMatch(/3 levels, 12 candidates/);
    const run = (await studio.api.call('runs.list', {})).find((r) => r.game === 'carillon' && r.seed === 3);
    expect(run).toBeDefined();
    const detail = await studio.api.call('runs.get', { runId: run!.id });
    const rules = detail.rules as { poolSize: number; spacing: number; sizes: { small: { radius: number } } };
    expect(rules.poolSize).toBe(4);
    expect(rules.spacing).toBe(14);
    expect(rules.sizes.small.radius).toBe(16);
    expect(run!.candidatesTotal).toBe(12);

    // Back to the defaults for the runs that follow, once this small run is done.
    await page.getByTestId('new-run-rules-reset').click();
    expect(await page.getByTestId('new-run-rules-state').textContent()).toBe('game default');
    expect(await page.getByTestId('rules-field-poolSize').inputValue()).toBe('16');
    await page.getByTestId('new-run-rules-open').click();
    await expect
      .poll(async () => (await studio.api.call('runs.get', { runId: run!.id })).status, { timeout: 60_000 })
      .toBe('done');
    expect(pageErrors).toEqual([]);
  });

  it('creates a small run of each game through the form and watches progress reach 100 %', async () => {
    carillon = await startRun('carillon', 7, 6);
    await page.getByTestId(`run-row-${carillon.id}`).waitFor();
    await expect
      .poll(() => page.getByTestId(`run-progress-${carillon.id}`).getAttribute('data-percent'), {
        timeout: 60_000,
      })
      .toBe('100');
    await expect
      .poll(() => page.getByTestId(`run-status-${carillon.id}`).textContent(), { timeout: 60_000 })
      .toBe('done');

    apsis = await startRun('apsis', 11, 8);
    // While it works, the row shows live progress from the run's events.
    await expect
      .poll(() => page.getByTestId(`run-progress-${apsis.id}`).getAttribute('data-percent'), {
        timeout: 60_000,
      })
      .toBe('100');
    await expect
      .poll(() => page.getByTestId(`run-status-${apsis.id}`).textContent(), { timeout: 60_000 })
      .toBe('done');
    const done = await studio.api.call('runs.list', {});
    for (const r of done) expect(r.candidatesDone).toBe(r.candidatesTotal);

    await page.getByTestId(`run-row-${carillon.id}`).click();
    await page.getByTestId('run-details').waitFor();
    await page.screenshot({ path: join(RESULTS, 'runs.png') });
    expect(pageErrors).toEqual([]);
  });

  it('opens the pool, approves with the keyboard, bulk-rejects and undoes, and keeps a note and a tag', async () => {
    await page.getByTestId(`run-row-${carillon.id}`).click();
    await page.getByTestId('open-pools').click();
    const grid = page.getByTestId('pool-grid');
    await grid.waitFor();
    const all = await list(carillon.id);
    await expect.poll(() => page.getByTestId('pool-count').textContent()).toBe(String(all.total));
    // Thumbnails are drawn from the level data at the device pixel ratio.
    const first = all.items[0]!;
    const canvas = page.getByTestId(`card-${first.id}`).locator('canvas');
    await expect.poll(async () => (await canvas.evaluate((c: HTMLCanvasElement) => c.width)) > 0).toBe(true);

    // Approve three with A and arrow keys.
    await page.getByTestId(`card-${first.id}`).click();
    await page.keyboard.press('a');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('a');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('a');
    const approvedIds = all.items.slice(0, 3).map((c) => c.id);
    await expect
      .poll(async () => (await list(carillon.id, { verdict: 'approved' })).items.map((c) => c.id).sort())
      .toEqual([...approvedIds].sort());
    await expect
      .poll(() => page.getByTestId(`card-${approvedIds[2]}`).getAttribute('data-verdict'))
      .toBe('approved');

    // Down moves a row; Shift+Right extends the selection; R rejects them all.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => page.getByTestId('pool-selected').textContent()).toMatch(/4 selected/);
    await page.keyboard.press('r');
    await expect.poll(async () => (await list(carillon.id, { verdict: 'rejected' })).total).toBe(4);
    // Ctrl+Z undoes the bulk verdict over the API's undo.
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await list(carillon.id, { verdict: 'rejected' })).total).toBe(0);
    expect((await list(carillon.id, { verdict: 'approved' })).total).toBe(3);

    // Ctrl+click adds to the selection; the bulk panel rejects; undo button brings it back.
    await page.getByTestId(`card-${all.items[5]!.id}`).click();
    await page.getByTestId(`card-${all.items[7]!.id}`).click({ modifiers: ['Control'] });
    await page.getByTestId('bulk-reject').click();
    await expect
      .poll(async () => (await list(carillon.id, { verdict: 'rejected' })).items.map((c) => c.id).sort())
      .toEqual([all.items[5]!.id, all.items[7]!.id].sort());
    await page.getByTestId('pool-undo').click();
    await expect.poll(async () => (await list(carillon.id, { verdict: 'rejected' })).total).toBe(0);

    // A note and a tag on the focused candidate.
    await page.getByTestId(`card-${first.id}`).click();
    await page.getByTestId('note-input').fill('good opener, maybe too easy');
    await page.getByTestId('note-input').press('Control+Enter');
    await expect
      .poll(async () => (await list(carillon.id)).items.find((c) => c.id === first.id)?.note)
      .toBe('good opener, maybe too easy');
    await page.getByTestId('tag-input').fill('opener');
    await page.getByTestId('tag-input').press('Enter');
    await expect
      .poll(async () => (await list(carillon.id, { tag: 'opener' })).items.map((c) => c.id))
      .toEqual([first.id]);

    // Filters go to the server: the verdict filter shows only the approved three.
    await page.getByTestId('pool-verdict').selectOption('approved');
    await expect.poll(() => page.getByTestId('pool-count').textContent()).toBe('3');
    await page.getByTestId('pool-verdict').selectOption('');
    await expect.poll(() => page.getByTestId('pool-count').textContent()).toBe(String(all.total));
    // Sorting by a metric, descending.
    await page.getByTestId('pool-group').uncheck();
    await page.getByTestId('pool-sort').selectOption('bits');
    await page.getByTestId('pool-sort-dir').click();
    const byBits = await list(carillon.id, { sort: { key: 'bits', dir: 'desc' } });
    await expect
      .poll(() => page.locator('[data-testid^="card-"][data-index="0"]').getAttribute('data-testid'))
      .toBe(`card-${byBits.items[0]!.id}`);
    await page.getByTestId('pool-group').check();
    await page.getByTestId('pool-sort').selectOption('slot');
    await page.getByTestId('pool-sort-dir').click();
    await expect
      .poll(() => page.locator('[data-testid^="card-"][data-index="0"]').getAttribute('data-testid'))
      .toBe(`card-${first.id}`);

    // Enter opens the focused candidate in the inspector.
    await page.getByTestId(`card-${first.id}`).click();
    await page.screenshot({ path: join(RESULTS, 'pools.png') });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.topbar h1').textContent()).toBe('Inspector');
    await page.keyboard.press('Alt+2');
    await grid.waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('shows an Apsis pool and keeps the DOM small: only the rows on screen exist', async () => {
    await page.getByTestId('run-picker').selectOption(String(apsis.id));
    const all = await list(apsis.id);
    await expect.poll(() => page.getByTestId('pool-count').textContent()).toBe(String(all.total));
    const cards = await page.locator('[data-testid^="card-"][data-index]').count();
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThan(all.total);
    expect(await page.locator('[data-testid="pool-vrow"]').count()).toBeLessThan(20);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    await page.keyboard.press('Alt+t');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
    await page.screenshot({ path: join(RESULTS, 'pools-apsis-light.png') });
    await page.keyboard.press('Alt+1');
    await page.getByTestId('runs-table').waitFor();
    await page.screenshot({ path: join(RESULTS, 'runs-light.png') });
    await page.keyboard.press('Alt+t');
    expect(pageErrors).toEqual([]);
  });

  it('deletes a run only after confirming, and imports a pack as a read-only run', async () => {
    // Export a pack over the API, then import it through the page's file input.
    const exported = await studio.api.call('packs.export', { runId: apsis.id, kind: 'automatic' });
    await page.getByTestId(`run-row-${apsis.id}`).click();
    await page.getByTestId('run-delete').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.getByTestId('confirm-cancel').click();
    expect((await studio.api.call('runs.list', {})).some((r) => r.id === apsis.id)).toBe(true);

    await page.getByTestId('import-file').setInputFiles({
      name: 'apsis-pack.json',
      mimeType: 'application/json',
      buffer: Buffer.from(exported.text),
    });
    await page.getByTestId('import-ok').waitFor();
    const runs = await studio.api.call('runs.list', {});
    const imported = runs.find((r) => r.status === 'imported');
    expect(imported?.name).toBe('apsis-pack.json');
    await expect.poll(() => page.getByTestId(`run-status-${imported!.id}`).textContent()).toBe('imported');
    expect(await page.getByTestId(`run-row-${imported!.id}`).textContent()).toMatch(/read-only/);

    // A broken pack lists its problems and stores nothing.
    const broken = JSON.parse(exported.text) as { levels: unknown[] };
    broken.levels = broken.levels.slice(0, 1).map(() => ({ nonsense: true }));
    await page.getByTestId('import-file').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(broken)),
    });
    await page.getByTestId('import-errors').waitFor();
    expect(await page.getByTestId('import-errors').textContent()).toMatch(/broken\.json was not imported/);
    expect((await studio.api.call('runs.list', {})).length).toBe(runs.length);

    await page.getByTestId(`run-row-${apsis.id}`).click();
    await page.getByTestId('run-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect
      .poll(async () => (await studio.api.call('runs.list', {})).some((r) => r.id === apsis.id))
      .toBe(false);
    await expect.poll(() => page.getByTestId(`run-row-${apsis.id}`).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('shows live progress of a full-size run, cancels and resumes it, and keeps its big pool virtualised', async () => {
    await page.getByTestId('new-run-game').selectOption('carillon');
    await page.getByTestId('new-run-seed').fill('1234');
    await page.getByTestId('new-run-levels').fill('');
    await page.getByTestId('new-run-name').fill('full plan');
    await page.getByTestId('new-run-submit').click();
    await page.getByTestId('new-run-created').waitFor();
    const big = (await studio.api.call('runs.list', {})).find((r) => r.seed === 1234)!;
    const bar = page.getByTestId(`run-progress-${big.id}`);
    await expect
      .poll(async () => Number(await bar.getAttribute('data-percent')), { timeout: 60_000 })
      .toBeGreaterThan(5);
    // Live: stage, rate and time left from the run's progress events, and per-stage bars.
    await expect.poll(() => bar.textContent()).toMatch(/\/s · /);
    expect(await page.getByTestId(`run-stages-${big.id}`).locator('.stage').count()).toBeGreaterThan(1);
    await page.screenshot({ path: join(RESULTS, 'runs-progress.png') });
    await page.getByTestId(`run-row-${big.id}`).click();
    await page.getByTestId('run-cancel').click();
    await expect
      .poll(() => page.getByTestId(`run-status-${big.id}`).textContent(), { timeout: 30_000 })
      .toBe('cancelled');
    const stopped = (await studio.api.call('runs.list', {})).find((r) => r.id === big.id)!;
    expect(stopped.candidatesDone).toBeLessThan(stopped.candidatesTotal);
    await page.getByTestId('run-resume').click();
    await expect
      .poll(() => page.getByTestId(`run-status-${big.id}`).textContent(), { timeout: 120_000 })
      .toBe('done');
    await expect.poll(() => bar.getAttribute('data-percent')).toBe('100');

    await page.getByTestId('open-pools').click();
    await expect
      .poll(() => page.getByTestId('pool-count').textContent(), { timeout: 30_000 })
      .toBe(String(stopped.candidatesTotal));
    const vrows = await page.locator('[data-testid="pool-vrow"]').count();
    const cards = await page.locator('[data-testid^="card-"][data-index]').count();
    console.log(`pool of ${stopped.candidatesTotal}: ${vrows} row elements, ${cards} cards in the DOM`);
    expect(vrows).toBeLessThan(20);
    expect(cards).toBeLessThan(120);
    // End jumps to the last card; the DOM stays small.
    await page.getByTestId('pool-grid').focus();
    await page.keyboard.press('End');
    await expect
      .poll(() =>
        page.locator('[data-testid^="card-"][data-index="' + (stopped.candidatesTotal - 1) + '"]').count(),
      )
      .toBe(1);
    expect(await page.locator('[data-testid="pool-vrow"]').count()).toBeLessThan(20);
    expect(pageErrors).toEqual([]);
  });

  it('draws a thumbnail once: scrolling draws only the cards coming into view, and a card scrolled back shows the same picture from the cache', async () => {
    const grid = page.getByTestId('pool-grid');
    const cardAt = (i: number) => page.locator(`[data-testid="pool-grid"] .card[data-index="${i}"]`);
    /** Every card in the DOM shows its drawn picture (none hidden waiting its turn); the cards' test ids. */
    const settled = async (): Promise<string[] | null> =>
      page.evaluate(() => {
        const cards = [...document.querySelectorAll<HTMLElement>('[data-testid="pool-grid"] .card')];
        const waiting = cards.some((c) => {
          const k = c.querySelector('canvas');
          return k !== null && (k.style.visibility === 'hidden' || k.width === 0);
        });
        return waiting ? null : cards.map((c) => c.dataset['testid']!);
      });
    /** Scroll the grid to `top` and wait until the cards there are all drawn; their test ids. */
    const scrollTo = async (top: number): Promise<string[]> => {
      await grid.evaluate((el, t) => {
        el.scrollTop = t;
      }, top);
      // The virtualiser follows the scroll event: give it two frames.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      let ids: string[] | null = null;
      // Then a row of cards covers the new top.
      await expect
        .poll(async () =>
          page.evaluate(
            (t) =>
              [
                ...document.querySelectorAll<HTMLElement>(
                  '[data-testid="pool-grid"] [data-testid="pool-vrow"]',
                ),
              ].some((r) => {
                const y = new DOMMatrixReadOnly(getComputedStyle(r).transform).m42;
                return y <= t && y + r.offsetHeight > t;
              }),
            top,
          ),
        )
        .toBe(true);
      await expect.poll(async () => (ids = await settled()) !== null, { timeout: 20_000 }).toBe(true);
      return ids!;
    };
    /** A digest of the pixels of card `index`'s thumbnail. */
    const digest = async (index: number): Promise<string> =>
      page.evaluate((i) => {
        const c = document.querySelector<HTMLCanvasElement>(
          `[data-testid="pool-grid"] .card[data-index="${i}"] canvas`,
        )!;
        const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let h = 0;
        const colours = new Set<number>();
        for (let k = 0; k < d.length; k += 4) {
          h = (h * 31 + d[k]! + 7 * d[k + 1]! + 13 * d[k + 2]!) | 0;
          colours.add((d[k]! << 16) | (d[k + 1]! << 8) | d[k + 2]!);
        }
        return `${c.width}x${c.height}:${colours.size}:${h}`;
      }, index);
    const screen = await grid.evaluate((el) => el.clientHeight);
    // Somewhere in the middle of the pool (rows above and below the view exist).
    const middle = screen * 4;
    const before = await scrollTo(middle);
    // A card with a thumbnail (a candidate that gave up has none).
    const shownIndex = await page.evaluate(() =>
      Number(
        document.querySelector<HTMLElement>('[data-testid="pool-grid"] .card:has(canvas)')!.dataset['index'],
      ),
    );
    const first = await digest(shownIndex);
    // A drawn level, not a blank box.
    expect(Number(first.split(':')[1])).toBeGreaterThan(3);

    // Scroll a screen: rows leave at the top and come in at the bottom. Only the cards
    // that came into view are painted, none of those that stayed.
    await page.evaluate(() => window.__thumbs!.reset());
    const after = await scrollTo(middle + screen);
    const entered = after.filter((id) => !before.includes(id)).length;
    expect(entered).toBeGreaterThan(0);
    expect(before.filter((id) => !after.includes(id)).length).toBeGreaterThan(0);
    expect(after.filter((id) => before.includes(id)).length).toBeGreaterThan(0);
    // Drawn, or put back from the cache: either way a canvas painted again.
    const painted = await page.evaluate(() => ({
      drawn: window.__thumbs!.drawn,
      blits: window.__thumbs!.blits,
    }));
    expect(painted.drawn).toBeGreaterThan(0);
    expect(painted.drawn + painted.blits).toBeLessThanOrEqual(entered);

    // Far away and back: that card comes back from the picture cache, the same pixels.
    await scrollTo(screen * 12);
    expect(await cardAt(shownIndex).count()).toBe(0);
    await page.evaluate(() => window.__thumbs!.reset());
    await scrollTo(middle);
    expect(await cardAt(shownIndex).count()).toBe(1);
    const back = await page.evaluate(() => ({
      drawn: window.__thumbs!.drawn,
      blits: window.__thumbs!.blits,
    }));
    expect(back.blits).toBeGreaterThan(0);
    expect(await digest(shownIndex)).toBe(first);
    expect(pageErrors).toEqual([]);
  });
});
