/**
 * What a second walk of issue 22's designer's day found, in Chromium over the BUILT renderer
 * and the real server:
 *  - each page takes its own keys however it was reached, with no click into it: Pools' arrows
 *    after a nav click, Runs' ↓ after the side bar's draft button (whose Enter no longer opens
 *    the draft again), the Ordering strip's first L after a nav click;
 *  - the drafts list names the candidate a draft belongs to (the one saved, after a save);
 *  - the inspector's message line shows only beside the candidate it was said about;
 *  - a level opened from another page opens in play mode, even after leaving the editor on;
 *  - the editor's "Holds" banner sits beside the board, never over it, at 1280×720 and 1440×900.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { candidateName } from '../../src-shared/vocabulary';
// The editor's debug hook type (declares window.__editor).
import type {} from '../../src-shared/editor-debug';
import { RESULTS, useStudioInBrowser } from './chromium';

const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let page: Page;
let carillon: RunSummary;
let apsis: RunSummary;

/** The data-testid of the element holding the keyboard focus (or of its nearest marked parent). */
const focused = (): Promise<string | null> =>
  page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null);

const nav = (title: string) => page.locator('.nav-item', { hasText: title });

async function editStatus(): Promise<Record<string, string | undefined>> {
  return page.getByTestId('edit-status').evaluate((el) => ({ ...(el as HTMLElement).dataset }));
}

/** The automatic order's candidate at level k (1-based) of a run. */
async function shipped(run: RunSummary, k: number): Promise<number> {
  const auto = await studio.api.call('orderings.get', { runId: run.id, kind: 'automatic' });
  return auto.levels[k - 1]!.candidateId!;
}

/** A fresh page with candidate `id` open in the inspector (through the jump field). */
async function inspect(run: RunSummary, id: number): Promise<void> {
  await page.goto(studio.server.url);
  await page.getByTestId('runs-table').waitFor();
  await page.keyboard.press('Alt+2');
  await page.getByTestId('run-picker').selectOption(String(run.id));
  await page.getByTestId('pool-grid').waitFor();
  await page.locator('[data-testid^="card-"][data-verdict]').first().dblclick();
  await page.getByTestId('inspector-head').waitFor();
  await jump(id);
}
async function jump(id: number): Promise<void> {
  await page.getByTestId('insp-jump').fill(`#${id}`);
  await page.getByTestId('insp-jump').press('Enter');
  await expect
    .poll(() => page.locator('[data-testid="candidate-info"] span').first().getAttribute('title'))
    .toBe(`Database id ${id}`);
}
/** Edit mode on the level on screen, proved, the focus on the board. */
async function edit(): Promise<void> {
  await page.getByTestId('edit-board').or(page.getByTestId('inspector-head')).first().waitFor();
  if ((await page.getByTestId('editor').count()) === 0) {
    await page.getByTestId('inspector-head').click();
    await page.keyboard.press('e');
  }
  await page.getByTestId('editor').waitFor();
  await expect.poll(async () => Number((await editStatus())['proofs']) > 0).toBe(true);
  await page.getByTestId('edit-board').focus();
}
/** One unsaved edit: select the first dot (J) and nudge it (→). */
async function oneEdit(): Promise<void> {
  const before = Number((await editStatus())['edits']);
  await page.keyboard.press('j');
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number((await editStatus())['edits'])).toBe(before + 1);
}

beforeAll(async () => {
  page = studio.page;
  [carillon, apsis] = await Promise.all([
    studio.ctx.finishedRun({ game: 'carillon', seed: 5, levels: 8 }),
    studio.ctx.finishedRun({ game: 'apsis', seed: 11, levels: 6 }),
  ]);
}, 240_000);
afterAll(() => {
  expect(pageErrors).toEqual([]);
});

describe('each page takes its own keys when it opens, without a click into it', () => {
  it("Pools' arrows after a nav click; Runs' ↓ after the draft button, whose Enter does not open the draft again", async () => {
    await page.goto(studio.server.url);
    await page.getByTestId('runs-table').waitFor();
    await page.getByTestId(`run-row-${carillon.id}`).click();
    await nav('Pools').click();
    await page.getByTestId('pool-grid').waitFor();
    await expect.poll(focused).toBe('pool-grid');
    const active = () => page.getByTestId('pool-grid').getAttribute('aria-activedescendant');
    await expect.poll(active).not.toBeNull();
    const first = await active();
    await page.keyboard.press('ArrowRight');
    await expect.poll(active).not.toBe(first);

    // A draft, then another page, then the side bar's draft button.
    await page.keyboard.press('Enter');
    await page.getByTestId('inspector-head').waitFor();
    await edit();
    await oneEdit();
    await page.keyboard.press('Alt+1');
    await page.getByTestId('runs-table').waitFor();
    await page.getByTestId('draft').click();
    await page.getByTestId('editor').waitFor();
    await expect.poll(focused).toBe('edit-board');
    // Enter acts on the page, not on the draft button (which used to open the draft again).
    const edits = (await editStatus())['edits'];
    await page.keyboard.press('Enter');
    expect((await editStatus())['edits']).toBe(edits);
    await page.keyboard.press('Alt+1');
    await expect.poll(focused).toMatch(/^run-row-/);
    const selected = () =>
      page.locator('[data-testid="runs-table"] tr[aria-selected="true"]').getAttribute('data-testid');
    const was = await selected();
    await page.keyboard.press(was === `run-row-${carillon.id}` ? 'ArrowUp' : 'ArrowDown');
    await expect.poll(selected).not.toBe(was);
  });

  it("the Ordering strip's first L after a nav click locks the focused level", async () => {
    await page.goto(studio.server.url);
    await page.getByTestId('runs-table').waitFor();
    await page.getByTestId(`run-row-${carillon.id}`).click();
    await nav('Ordering').click();
    await page.getByTestId('ordering-strip').waitFor();
    await expect.poll(focused).toBe('ordering-strip');
    await page.keyboard.press('l');
    await expect
      .poll(async () =>
        (await studio.api.call('orderings.steering', { runId: carillon.id })).locks.map((l) => l.level),
      )
      .toEqual([1]);
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await studio.api.call('orderings.steering', { runId: carillon.id })).locks)
      .toEqual([]);
  });
});

describe('the inspector and the editor', () => {
  it('the drafts list names the candidate saved, not the one it was edited from', async () => {
    const id = await shipped(carillon, 3);
    await inspect(carillon, id);
    await edit();
    await oneEdit();
    await page.keyboard.press('Control+s');
    await page.getByTestId('edit-saved').waitFor();
    const savedId = Number(await page.getByTestId('edit-saved').getAttribute('data-candidate'));
    const saved = await studio.api.call('candidates.get', { candidateId: savedId });
    const source = await studio.api.call('candidates.get', { candidateId: id });
    await oneEdit();
    const draft = page.locator(`[data-testid="draft"]`, { hasText: candidateName(saved.slot, saved.index) });
    await expect.poll(() => draft.count()).toBe(1);
    expect(await draft.textContent()).toContain(
      `${candidateName(saved.slot, saved.index)} · run ${carillon.id} · 1 edit`,
    );
    expect(await page.getByTestId('drafts').textContent()).not.toContain(
      `${candidateName(source.slot, source.index)} · run ${carillon.id}`,
    );
  });

  it("the message line shows only beside the candidate it was said about, not another run's or game's", async () => {
    const id = await shipped(carillon, 4);
    await inspect(carillon, id);
    await page.getByTestId('inspector-head').click();
    await page.keyboard.press('a');
    await expect.poll(() => page.getByTestId('insp-message').textContent()).toMatch(/^Approved/);
    await jump(await shipped(apsis, 2));
    await expect.poll(() => page.getByTestId('insp-message').count()).toBe(0);
    // Back on the candidate approved: the message was about a moment gone, and is not shown again.
    await jump(id);
    expect(await page.getByTestId('insp-message').count()).toBe(0);
  });

  it('a level opened from another page opens in play mode, even after leaving the editor on', async () => {
    const id = await shipped(carillon, 5);
    await inspect(carillon, id);
    await edit();
    await page.keyboard.press('Alt+2');
    await page.getByTestId('pool-grid').waitFor();
    await page.locator('[data-testid^="card-"][data-verdict]').nth(1).dblclick();
    await page.getByTestId('inspector-head').waitFor();
    await page.getByTestId('candidate-info').waitFor();
    // Settled: the inspector's own board, not the editor.
    await expect.poll(() => page.getByTestId('editor').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(await page.getByTestId('editor').count()).toBe(0);
  });

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1440, height: 900 },
  ]) {
    it(`the Holds banner sits beside the board, over none of it, at ${viewport.width}×${viewport.height}`, async () => {
      await page.setViewportSize(viewport);
      try {
        await inspect(carillon, await shipped(carillon, 6));
        await edit();
        await expect.poll(() => page.getByTestId('edit-banner').textContent()).toMatch(/Holds|Draft/);
        const banner = (await page.getByTestId('edit-banner').boundingBox())!;
        const board = (await page.getByTestId('edit-board').boundingBox())!;
        // Below the banner's bottom edge: the board starts there, so no dot can be under it.
        expect(banner.y + banner.height).toBeLessThanOrEqual(board.y);
        // Every element's centre is on the board's canvas.
        const centres = await page.evaluate(() => window.__editor!.centres());
        for (const c of centres) {
          expect(c.y).toBeGreaterThanOrEqual(board.y);
          expect(c.y).toBeLessThanOrEqual(board.y + board.height);
        }
        await page.screenshot({ path: join(RESULTS, `editor-banner-${viewport.width}.png`) });
      } finally {
        await page.setViewportSize({ width: 1440, height: 900 });
      }
    });
  }
});
