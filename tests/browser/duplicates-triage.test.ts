/**
 * Duplicate triage in Chromium against the real server, SQLite and workers (issue 14 part 3):
 * each pair row shows both verdicts and whether each ships; the ships filter keeps what it
 * says; R rejects B, Shift+R rejects A and K marks the pair fine, each moving to the next pair;
 * a fine pair leaves the default list (shown under "Marked fine" with who decided); Ctrl+Z
 * undoes; the palette offers the keys; a recompute makes the order honour a rejection; a key
 * pressed while the order recomputes waits its turn.
 */
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { DuplicatePairView, RunSummary } from '../../src-shared/api';
import { RESULTS, useStudioInBrowser } from './chromium';
import { shareMeaning } from '../../src-renderer/src/games/apsis/pairs';

let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let run: RunSummary;

const pairNow = async (id: number): Promise<DuplicatePairView> =>
  (await studio.api.call('duplicates.list', { runId: run.id, limit: 100000, triage: 'all' })).find(
    (p) => p.id === id,
  )!;

const rows = (): Locator => page.getByTestId('dup-pair');
const row = (id: number): Locator => page.getByTestId('dup-list').locator(`[data-pair="${id}"]`);
const selectedId = async (): Promise<number> =>
  Number(await page.getByTestId('dup-list').locator('[aria-selected="true"]').getAttribute('data-pair'));
const countHeading = (): Promise<string | null> => page.getByTestId('dup-count').textContent();

beforeAll(async () => {
  page = studio.page;
  run = await studio.ctx.finishedRun({ game: 'apsis', seed: 3, levels: 12 });
  await page.goto(studio.server.url);
  await page
    .getByRole('navigation', { name: 'Studio' })
    .getByRole('button', { name: /^Duplicates/ })
    .click();
  await page.getByTestId('run-picker').selectOption(String(run.id));
  await rows().first().waitFor();
}, 240_000);

describe('Duplicates triage in Chromium', () => {
  it("folds away the pairs that ship neither level, with their count and a switch; says what the share is in the game's words", async () => {
    const pairs = await studio.api.call('duplicates.list', { runId: run.id, limit: 100000 });
    const neither = pairs.filter((p) => p.a.ships === null && p.b.ships === null);
    // Most pairs of a run ship neither level (issue 22: 48 of 55); some ship.
    expect(neither.length).toBeGreaterThan(0);
    expect(neither.length).toBeLessThan(pairs.length);
    const kept = pairs.length - neither.length;
    await expect.poll(countHeading).toBe(`${kept} pair${kept === 1 ? '' : 's'} of ${pairs.length}`);
    expect(await page.getByTestId('dup-fold-text').textContent()).toBe(
      `${neither.length} pair${neither.length === 1 ? ' that ships' : 's that ship'} neither level folded away`,
    );
    for (const r of await rows().all()) {
      const ships = [
        await r.getByTestId('dup-side-a').getAttribute('data-ships'),
        await r.getByTestId('dup-side-b').getAttribute('data-ships'),
      ];
      expect(ships.some((s) => s !== '')).toBe(true);
    }
    // The share in one sentence, in Apsis's words: in the list's header, and on each pair's share.
    expect(await page.getByTestId('dup-share-meaning').textContent()).toBe(`“Shared” is ${shareMeaning}.`);
    expect(shareMeaning).toContain('arrows');
    const first = pairs.find((p) => p.a.ships !== null || p.b.ships !== null)!;
    expect(await row(first.id).getByTestId('dup-share').getAttribute('title')).toBe(
      `${Math.round(first.share * 100)} % shared: ${shareMeaning}.`,
    );
    // The switch shows them (and says so); the rest of this file works on every pair.
    await page.getByTestId('dup-fold-toggle').click();
    await expect.poll(countHeading).toBe(`${pairs.length} pairs`);
    expect(await page.getByTestId('dup-fold-text').textContent()).toMatch(
      /^Showing \d+ pairs? that ships? neither level$/,
    );
    expect(pageErrors).toEqual([]);
  });

  it('shows both verdicts and whether each ships on every row, and the ships filter keeps what it says', async () => {
    const pairs = await studio.api.call('duplicates.list', { runId: run.id, limit: 100000 });
    expect(pairs.length).toBeGreaterThan(20);
    await expect.poll(countHeading).toBe(`${pairs.length} pairs`);
    const first = pairs[0]!;
    const a = row(first.id).getByTestId('dup-side-a');
    expect(await a.getAttribute('data-verdict')).toBe('none');
    expect(await a.textContent()).toMatch(
      first.a.ships === null
        ? /no verdict\s*not shipped/
        : new RegExp(`no verdict\\s*ships L${first.a.ships}`),
    );
    expect(await row(first.id).getByTestId('dup-side-b').getAttribute('data-ships')).toBe(
      first.b.ships === null ? '' : String(first.b.ships),
    );
    // The match in plain words with its picture, never the stored code alone.
    expect(await row(first.id).getByTestId('transform-icon').count()).toBe(1);
    expect(await row(first.id).textContent()).not.toMatch(/\brot\d|mirror\+/);

    await page.getByTestId('dup-ships').selectOption('one');
    const one = pairs.filter((p) => (p.a.ships === null) !== (p.b.ships === null));
    expect(one.length).toBeGreaterThan(0);
    await expect.poll(countHeading).toBe(`${one.length} pairs of ${pairs.length}`);
    for (const r of await rows().all()) {
      const ships = [
        await r.getByTestId('dup-side-a').getAttribute('data-ships'),
        await r.getByTestId('dup-side-b').getAttribute('data-ships'),
      ];
      expect(ships.filter((s) => s !== '').length).toBe(1);
    }
    await page.getByTestId('dup-ships').selectOption('any');
    await expect.poll(countHeading).toBe(`${pairs.length} pairs`);
    expect(pageErrors).toEqual([]);
  });

  it('triages with keys: R rejects B, Shift+R rejects A, K marks fine (hidden by default), each moving on; Ctrl+Z undoes', async () => {
    const total = (await studio.api.call('duplicates.list', { runId: run.id, limit: 100000 })).length;
    // Start on the third row with the keyboard, as a designer would (focus in the list).
    await rows().nth(2).click();
    const p1 = await selectedId();
    const order1 = (await rows().all()).length;
    expect(order1).toBeGreaterThan(4);

    await page.keyboard.press('r');
    await expect.poll(async () => (await pairNow(p1)).b.verdict).toBe('rejected');
    expect((await pairNow(p1)).a.verdict).toBe('none');
    await expect.poll(() => row(p1).getByTestId('dup-side-b').getAttribute('data-verdict')).toBe('rejected');
    expect(await row(p1).getByTestId('dup-side-b').textContent()).toContain('rejected');
    await expect
      .poll(() => page.getByTestId('dup-message').textContent())
      .toMatch(/^Rejected L\d+ · c\d+ \(near-duplicate of L\d+ · c\d+\)/);
    // Focus moved to the next pair.
    await expect.poll(selectedId).not.toBe(p1);
    const p2 = await selectedId();

    await page.keyboard.press('Shift+R');
    await expect.poll(async () => (await pairNow(p2)).a.verdict).toBe('rejected');
    await expect.poll(() => row(p2).getByTestId('dup-side-a').getAttribute('data-verdict')).toBe('rejected');
    await expect.poll(selectedId).not.toBe(p2);
    const p3 = await selectedId();
    expect(p3).not.toBe(p1);

    await page.keyboard.press('k');
    await expect.poll(async () => (await pairNow(p3)).fine?.by ?? null).toBe(userInfo().username);
    // No longer reported under the default filter: its row is gone, the count down by one.
    await expect.poll(() => row(p3).count()).toBe(0);
    await expect.poll(countHeading).toBe(`${total - 1} pairs of ${total}`);
    await expect.poll(selectedId).not.toBe(p3);
    await page.screenshot({ path: join(RESULTS, 'duplicates-triage.png') });

    // Shown again under "Marked fine", with who decided.
    await page.getByTestId('dup-triage').selectOption('fine');
    await expect.poll(countHeading).toBe(`1 pair of ${total}`);
    await expect.poll(() => row(p3).getByTestId('dup-fine').count()).toBe(1);
    await row(p3).click();
    await expect
      .poll(() => page.getByTestId('dup-fine-note').textContent())
      .toContain(`Marked fine by ${userInfo().username}`);

    // Undo, newest first: the fine mark (the pair shows again, selected), then A, then B.
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await pairNow(p3)).fine).toBeNull();
    await expect.poll(selectedId).toBe(p3);
    await expect.poll(() => row(p3).getByTestId('dup-fine').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('dup-message').textContent())
      .toMatch(/^Undid “Marked L\d+ · c\d+ ↔ L\d+ · c\d+ fine/);
    // The next two pressed at once: the second waits for the first, none is lost.
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await pairNow(p2)).a.verdict).toBe('none');
    await expect.poll(async () => (await pairNow(p1)).b.verdict).toBe('none');
    await expect.poll(() => row(p1).getByTestId('dup-side-b').getAttribute('data-verdict')).toBe('none');
    await page.getByTestId('dup-triage').selectOption('open');
    await expect.poll(countHeading).toBe(`${total} pairs`);
    expect(pageErrors).toEqual([]);
  });

  it('offers the triage keys in the command palette', async () => {
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    for (const [id, key] of [
      ['duplicates.rejectB', 'R'],
      ['duplicates.rejectA', 'Shift R'],
      ['duplicates.fine', 'K'],
      ['duplicates.undo', 'Ctrl Z'],
    ] as const) {
      const e = palette.locator(`[data-action="${id}"]`);
      await e.waitFor();
      expect(await e.locator('kbd').textContent(), id).toBe(key);
    }
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
  });

  it('a rejected candidate that ships is flagged, and a recompute makes the order leave it out', async () => {
    const pairs = await studio.api.call('duplicates.list', { runId: run.id, limit: 100000 });
    const target = pairs.find((p) => p.a.ships !== null && p.b.ships === null)!;
    expect(target).toBeDefined();
    await page.getByTestId('dup-ships').selectOption('any');
    await row(target.id).scrollIntoViewIfNeeded();
    await row(target.id).click();
    await page.keyboard.press('Shift+R');
    await expect.poll(async () => (await pairNow(target.id)).a.verdict).toBe('rejected');
    await expect
      .poll(() => page.getByTestId('dup-stale-text').textContent())
      .toBe('1 rejected candidate still ships in the automatic order: recompute to apply your triage.');
    await page.getByTestId('dup-recompute').click();
    await expect.poll(async () => (await pairNow(target.id)).order, { timeout: 60_000 }).toBe('steered');
    expect((await pairNow(target.id)).a.ships).toBeNull();
    await expect
      .poll(() => row(target.id).getByTestId('dup-side-a').getAttribute('data-ships'), { timeout: 20_000 })
      .toBe('');
    await expect
      .poll(() => page.getByTestId('dup-order').locator('option').first().textContent())
      .toContain('steered');
    await expect.poll(() => page.getByTestId('dup-stale').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('a triage key pressed while the order recomputes waits its turn instead of being dropped', async () => {
    // The recompute kept the list 'busy', and a decision pressed meanwhile did nothing at all.
    const pairs = await studio.api.call('duplicates.list', { runId: run.id, limit: 100000 });
    const p = pairs.find((x) => x.a.verdict === 'none' && x.b.verdict === 'none')!;
    expect(p).toBeDefined();
    await row(p.id).scrollIntoViewIfNeeded();
    await row(p.id).click();
    await expect.poll(selectedId).toBe(p.id);
    await page.keyboard.press('Control+k');
    await page
      .getByRole('dialog', { name: 'Command palette' })
      .getByRole('textbox', { name: 'Command' })
      .fill('recompute the steered order with');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+R');
    await expect.poll(async () => (await pairNow(p.id)).a.verdict, { timeout: 60_000 }).toBe('rejected');
    // In the order pressed: the recompute answered first, then the rejection (its message is the last).
    expect((await studio.api.call('history.list', { runId: run.id, limit: 1 })).entries[0]!.kind).toBe(
      'verdict',
    );
    await expect
      .poll(() => page.getByTestId('dup-message').textContent())
      .toMatch(/^Rejected L\d+ · c\d+ \(near-duplicate of L\d+ · c\d+\)/);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
