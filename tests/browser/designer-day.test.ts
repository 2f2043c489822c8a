/**
 * A level designer's day, end to end, in ONE Chromium session against the real server, real
 * SQLite and real workers, and the BUILT renderer (run `npx electron-vite build` first).
 * Everything is driven through the UI as a person would; the API (`ctx.service.dispatch`) is
 * only used to check what the UI did. Boards are played with real mouse clicks at the centres
 * the inspector's debug hook reports (`window.__inspector`), and what they show is checked
 * against the games' shared rules computed here.
 *
 *   1. two small runs through the new-run form, watched to 100 % / done
 *   2. the Carillon pool: the shipping candidates (at least one per slot) approved with A and the arrow keys
 *   3. Enter opens a Carillon candidate in the inspector (loaded with candidates.get); a tap pops its closure
 *   4. the same for an Apsis candidate: a free arrow leaves, a blocked one costs a heart
 *   5. Plots, Duplicates, the approved Ordering, Compare of two seeds, and Export → `cli verify`
 * A screenshot of each step goes to test-results/day-<step>.png.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { tempDir } from '../helpers/temp';
import { RESULTS, useStudioInBrowser } from './chromium';
// The renderer's debug hook type (declares window.__inspector).
import type {} from '../../src-renderer/src/inspector/debug';
import {
  buildField,
  carillonRulesSchema,
  members,
  sourceComponents,
  type CarillonLevel,
} from '../../src-shared/games/carillon/index';
import {
  apsisRulesSchema,
  inspectArrow,
  solveRounds,
  type ApsisLevel,
} from '../../src-shared/games/apsis/index';
import { cli } from '../helpers/cli';

let page: Page;
let tmp: ReturnType<typeof tempDir>;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({
  workers: 2,
  viewport: { width: 1440, height: 900 },
  acceptDownloads: true,
  errors: pageErrors,
});

let carillon: RunSummary;
let apsis: RunSummary;
let carillon8: RunSummary;
/** The candidates approved in the Carillon pool, one per level slot (slot → id). */
const approvedBySlot = new Map<number, number[]>();
const approvedIds = (): number[] => [...approvedBySlot.values()].flat().sort((a, b) => a - b);

async function shot(step: string): Promise<void> {
  await page.screenshot({ path: join(RESULTS, `day-${step}.png`) });
}

async function goTo(name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Studio' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await expect.poll(() => page.locator('.topbar h1').textContent()).toBe(name);
}

/** Fill the new-run form and start the run; returns the new run as the API lists it. */
async function startRun(game: 'carillon' | 'apsis', seed: number, levels: number): Promise<RunSummary> {
  const before = new Set((await studio.api.call('runs.list', {})).map((r) => r.id));
  await page.getByTestId('new-run-game').selectOption(game);
  await page.getByTestId('new-run-seed').fill(String(seed));
  await page.getByTestId('new-run-levels').fill(String(levels));
  await page.getByTestId('new-run-submit').click();
  let run: RunSummary | undefined;
  await expect
    .poll(async () => (run = (await studio.api.call('runs.list', {})).find((r) => !before.has(r.id)))?.id)
    .toBeDefined();
  expect([run!.game, run!.seed]).toEqual([game, seed]);
  await expect
    .poll(() => page.getByTestId('new-run-created').textContent())
    .toMatch(new RegExp(`^Run #${run!.id} (queued|running|done): ${levels} levels`));
  await page.getByTestId(`run-row-${run!.id}`).waitFor();
  return run!;
}

async function watchDone(run: RunSummary): Promise<void> {
  await expect
    .poll(() => page.getByTestId(`run-progress-${run.id}`).getAttribute('data-percent'), { timeout: 40_000 })
    .toBe('100');
  await expect
    .poll(() => page.getByTestId(`run-status-${run.id}`).textContent(), { timeout: 40_000 })
    .toBe('done');
  // The bar animates to full width (a short CSS transition): wait for it, as the eye does.
  await expect
    .poll(() =>
      page.getByTestId(`run-progress-${run.id}`).evaluate((el) => {
        const bar = el.querySelector('.bar')!,
          fill = el.querySelector('.fill')!;
        return Math.abs(fill.getBoundingClientRect().width - bar.clientWidth) < 1;
      }),
    )
    .toBe(true);
}

/** True once the focused pool card's thumbnail shows a drawn level (more than one colour). */
async function focusedThumbDrawn(): Promise<boolean> {
  return page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('[data-testid="pool-grid"] .card.focused canvas');
    const d = c?.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
    if (!d) return false;
    for (let i = 4; i < d.length; i += 4)
      if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) return true;
    return false;
  });
}

/** The pool card that has the keyboard focus. */
async function focusedCard(): Promise<{
  id: number;
  index: number;
  idx: string;
  failed: boolean;
  ships: boolean;
} | null> {
  return page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="pool-grid"] .card.focused');
    if (!el) return null;
    return {
      id: Number(el.dataset['testid']!.slice('card-'.length)),
      index: Number(el.dataset['index']),
      idx: el.querySelector('.idx')?.textContent?.trim() ?? '',
      failed: el.querySelector('[data-testid^="card-failed-"]') !== null,
      ships: el.querySelector('.ship:not(.appr)') !== null,
    };
  });
}

/** Press a key in the pool grid and wait until the focus has moved to `index`. */
async function moveFocus(
  key: string,
  index: number,
): Promise<NonNullable<Awaited<ReturnType<typeof focusedCard>>>> {
  await page.keyboard.press(key);
  await expect.poll(async () => (await focusedCard())?.index).toBe(index);
  return (await focusedCard())!;
}

interface Centre {
  index: number;
  x: number;
  y: number;
  live: boolean;
}
async function centres(): Promise<Centre[]> {
  return page.evaluate(() => window.__inspector?.centres() ?? []);
}
async function boardState(): Promise<Record<string, unknown>> {
  return page.evaluate(() => window.__inspector?.state() ?? {});
}
async function status(): Promise<Record<string, string | undefined>> {
  return page.getByTestId('inspector-status').evaluate((el) => ({ ...(el as HTMLElement).dataset }));
}
async function settle(): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await boardState();
        return s['playing'] === true || s['animating'] === true;
      },
      { timeout: 10_000 },
    )
    .toBe(false);
}

beforeAll(async () => {
  tmp = tempDir('designer-day-');
  page = studio.page;
});
afterAll(async () => {
  tmp?.cleanup();
});

describe("a level designer's day in Chromium", () => {
  it('1. starts a small Carillon and a small Apsis run through the form and watches both finish', async () => {
    await page.goto(studio.server.url);
    await page.getByTestId('runs-empty').waitFor();
    carillon = await startRun('carillon', 7, 8);
    apsis = await startRun('apsis', 7, 10);
    await watchDone(carillon);
    await watchDone(apsis);
    for (const r of await studio.api.call('runs.list', {})) {
      expect(r.status).toBe('done');
      expect(r.candidatesDone).toBe(r.candidatesTotal);
    }
    await shot('1-runs');
    expect(pageErrors).toEqual([]);
  });

  it('2. approves at least one candidate per level slot of the Carillon pool with the keyboard', async () => {
    await page.getByTestId(`run-row-${carillon.id}`).click();
    await page.getByTestId('open-pools').click();
    await page.getByTestId('pool-grid').waitFor();
    const total = (
      await studio.api.call('candidates.list', { runId: carillon.id, withLevels: false, limit: 2000 })
    ).total;
    await expect.poll(() => page.getByTestId('pool-count').textContent()).toBe(String(total));

    // Grouped by slot and sorted by slot. The designer walks the pool with the right arrow and
    // approves every candidate the automatic order ships (its card wears an "L<n>" badge); in a
    // slot whose heading says it ships nothing, the first candidate that has a level.
    await page.locator('[data-testid^="card-"][data-index="0"]').click();
    let f = (await focusedCard())!;
    expect(f.index).toBe(0);
    let slot = -1;
    let slotShips = false;
    for (;;) {
      if (f.idx === 'c1') {
        slot++;
        slotShips = /→ level \d/.test((await page.getByTestId(`slot-head-${slot}`).textContent()) ?? '');
      }
      if (!f.failed && (f.ships || (!slotShips && !approvedBySlot.has(slot)))) {
        await page.keyboard.press('a');
        await expect
          .poll(() => page.getByTestId(`card-${f.id}`).getAttribute('data-verdict'))
          .toBe('approved');
        approvedBySlot.set(slot, [...(approvedBySlot.get(slot) ?? []), f.id]);
      }
      if (f.index === total - 1) break;
      f = await moveFocus('ArrowRight', f.index + 1);
    }
    expect([...approvedBySlot.keys()]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

    // Exactly those were approved: at least one in every slot.
    const approved = await studio.api.call('candidates.list', {
      runId: carillon.id,
      verdict: 'approved',
      withLevels: false,
      limit: 2000,
    });
    expect(approved.items.map((c) => c.id).sort((a, b) => a - b)).toEqual(approvedIds());
    expect(new Set(approved.items.map((c) => c.slot))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7]));
    for (const c of approved.items) expect(approvedBySlot.get(c.slot)).toContain(c.id);
    await expect
      .poll(() => page.getByTestId('slot-head-7').textContent())
      .toContain(`✓ ${approvedBySlot.get(7)!.length}`);
    await expect.poll(focusedThumbDrawn).toBe(true);
    await shot('2-pool-approved');
    expect(pageErrors).toEqual([]);
  });

  it('3. opens a Carillon candidate from the pool with Enter and taps a chain start: exactly its closure pops', async () => {
    // Back (left arrow) to the candidate approved for the last slot; Enter opens it (through candidates.get).
    const id = approvedBySlot.get(7)!.at(-1)!;
    let f = (await focusedCard())!;
    while (f.id !== id) f = await moveFocus('ArrowLeft', f.index - 1);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.topbar h1').textContent()).toBe('Inspector');
    const c = await studio.api.call('candidates.get', { candidateId: id });
    await expect.poll(() => page.getByTestId('level-label').textContent()).toBe(c.label);
    await expect
      .poll(() => page.getByTestId('candidate-info').textContent())
      .toMatch(new RegExp(`L8 · c${c.index + 1} · verdict approved`));
    await expect.poll(() => page.evaluate(() => window.__inspector?.game)).toBe('carillon');

    const level = c.level as CarillonLevel;
    const rules = carillonRulesSchema.parse(c.rules ?? {});
    const field = buildField(level.dots, rules);
    const n = level.dots.length;
    expect((await status())['left']).toBe(String(n));
    const start = sourceComponents(field)[0]![0]!;
    const closure = members(field.closure, start * field.W, field.W);
    // A level of the last slot needs more than one tap: the first tap leaves dots behind.
    expect(closure.length).toBeLessThan(n);

    const at = (await centres()).find((p) => p.index === start)!;
    await page.mouse.click(at.x, at.y);
    await expect.poll(async () => (await status())['left']).toBe(String(n - closure.length));
    expect((await boardState())['live']).toEqual([...Array(n).keys()].filter((i) => !closure.includes(i)));
    expect((await status())['taps']).toBe('1');
    await settle();
    await shot('3-inspector-carillon');
    expect(pageErrors).toEqual([]);
  });

  it('4. opens an Apsis candidate from its pool: a free arrow leaves, a blocked one costs a heart', async () => {
    await goTo('Pools');
    await page.getByTestId('run-picker').selectOption(String(apsis.id));
    const pool = await studio.api.call('candidates.list', {
      runId: apsis.id,
      withLevels: false,
      limit: 2000,
    });
    await expect.poll(() => page.getByTestId('pool-count').textContent()).toBe(String(pool.total));
    // The hardest slot is at the end: End, then left past failed jobs, then Enter.
    await page.locator('[data-testid^="card-"][data-index="0"]').click();
    let f = await moveFocus('End', pool.total - 1);
    while (f.failed) f = await moveFocus('ArrowLeft', f.index - 1);
    await expect.poll(focusedThumbDrawn).toBe(true);
    await shot('4-pool-apsis');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.topbar h1').textContent()).toBe('Inspector');
    const c = await studio.api.call('candidates.get', { candidateId: f.id });
    await expect.poll(() => page.getByTestId('level-label').textContent()).toBe(c.label);
    await expect.poll(() => page.evaluate(() => window.__inspector?.game)).toBe('apsis');

    const level = c.level as ApsisLevel;
    const rules = apsisRulesSchema.parse(c.rules);
    const n = level.arrows.length;
    const rounds = solveRounds(level, rules);
    expect(rounds.cleared).toBe(true);
    expect(rounds.depth).toBeGreaterThan(1);
    let s = await status();
    expect([s['hearts'], s['left']]).toEqual([String(rules.hearts), String(n)]);

    // A free arrow (nothing in its way): it flies off and is gone.
    const free = rounds.rounds[0]![0]!;
    expect(inspectArrow(level, free, rules).blockers).toEqual([]);
    const a = (await centres()).find((p) => p.index === free)!;
    await page.mouse.click(a.x, a.y);
    await expect.poll(async () => (await status())['left']).toBe(String(n - 1));
    await settle();
    const present = (await boardState())['present'] as boolean[];
    expect(present).toEqual(level.arrows.map((_, i) => i !== free));
    expect((await status())['hearts']).toBe(String(rules.hearts));

    // A blocked arrow (something still in its way): it stays, and a heart is lost.
    const blocked = level.arrows.findIndex(
      (_, i) => present[i] && inspectArrow(level, i, rules, present).blockers.length > 0,
    );
    expect(blocked).toBeGreaterThanOrEqual(0);
    const b = (await centres()).find((p) => p.index === blocked)!;
    await page.mouse.click(b.x, b.y);
    await expect.poll(async () => (await status())['hearts']).toBe(String(rules.hearts - 1));
    await settle();
    s = await status();
    expect(s['left']).toBe(String(n - 1));
    expect(((await boardState())['present'] as boolean[])[blocked]).toBe(true);
    await page.mouse.move(b.x, b.y);
    await expect.poll(() => page.getByTestId('focus-info').textContent()).toContain('Blocked by');
    await shot('4-inspector-apsis');
    expect(pageErrors).toEqual([]);
  });

  it('5. Plots, Duplicates, the approved Ordering, Compare of two seeds, and Export verified by the CLI', async () => {
    // A second Carillon seed for the comparison: it generates while the designer looks around.
    await goTo('Runs');
    carillon8 = await startRun('carillon', 8, 8);

    // Plots: the Carillon run's pool points and its automatic curve.
    await goTo('Plots');
    await page.getByTestId('run-picker').selectOption(String(carillon.id));
    const main = page.getByTestId('plots-main-svg');
    await main.waitFor();
    const points = await studio.api.call('candidates.points', { runId: carillon.id });
    await expect
      .poll(() => main.locator('g.pool-points circle').count())
      .toBe(points.filter((p) => p.difficulty !== null).length);
    expect(await main.locator('g.order-curve path').count()).toBe(1);
    await shot('5a-plots');

    // Duplicates of the Apsis run: select a pair, both boards draw it.
    const pairs = await studio.api.call('duplicates.list', { runId: apsis.id, limit: 100_000 });
    expect(pairs.length).toBeGreaterThan(0);
    await goTo('Duplicates');
    await page.getByTestId('run-picker').selectOption(String(apsis.id));
    const rows = page.getByTestId('dup-pair');
    // Every pair is listed once those that ship neither level are shown (folded away by default;
    // the list is virtualised: only the rows on screen are in the DOM).
    await expect
      .poll(async () => {
        const fold = page.getByTestId('dup-fold-toggle');
        if ((await fold.count()) > 0 && (await fold.textContent())?.startsWith('Show them'))
          await fold.click();
        return page.getByTestId('dup-count').textContent();
      })
      .toBe(`${pairs.length} pair${pairs.length === 1 ? '' : 's'}`);
    // The pair selected while they were folded stays selected and in view: from the top, the
    // first row is the closest pair.
    await expect
      .poll(async () => {
        await page.getByTestId('dup-list').evaluate((e) => {
          e.scrollTop = 0;
        });
        return rows.first().getAttribute('data-pair');
      })
      .toBe(String(pairs[0]!.id));
    const k = Math.min(1, pairs.length - 1);
    await rows.nth(k).click();
    await expect.poll(() => rows.nth(k).getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => page.getByTestId('dup-board-a').getAttribute('data-drawn'))
      .toBe(String(pairs[k]!.a.id));
    await expect
      .poll(() => page.getByTestId('dup-board-b').getAttribute('data-drawn'))
      .toBe(String(pairs[k]!.b.id));
    expect(await page.getByTestId('dup-board-a').locator('canvas').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('dup-board-b').locator('canvas').count()).toBeGreaterThan(0);
    await shot('5b-duplicates');

    // Ordering: compute the approved ordering of the Carillon run; every level is filled by the approvals.
    await goTo('Ordering');
    await page.getByTestId('run-picker').selectOption(String(carillon.id));
    await page.getByTestId('ordering-not-computed').waitFor();
    await page.getByTestId('ordering-compute').click();
    await page.getByTestId('ordering-short-none').waitFor();
    const ordering = await studio.api.call('orderings.get', { runId: carillon.id, kind: 'approved' });
    expect(ordering.computedAt).not.toBeNull();
    expect(ordering.shortLevels).toEqual([]);
    for (const l of ordering.levels) expect(approvedIds()).toContain(l.candidateId);
    // The strip holds one card per level, each the approved candidate.
    await expect
      .poll(() =>
        page
          .locator('[data-testid="ordering-strip"] [data-candidate]')
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-candidate')))),
      )
      .toEqual(ordering.levels.map((l) => l.candidateId));
    await expect
      .poll(() => page.getByTestId('ordering-svg').locator('g.shown-dots circle').count())
      .toBe(ordering.levels.filter((l) => l.difficulty !== null).length);
    await shot('5c-ordering');

    // Compare: the second seed has finished meanwhile (watched on the Runs page).
    await goTo('Runs');
    await watchDone(carillon8);
    await goTo('Compare');
    await page.getByTestId('compare-a').selectOption(String(carillon.id));
    await page.getByTestId('compare-b').selectOption(String(carillon8.id));
    const view = await studio.api.call('runs.compare', { a: carillon.id, b: carillon8.id });
    await expect.poll(() => page.getByTestId('compare-svg').locator('g.compare-curves path').count()).toBe(2);
    await expect.poll(() => page.getByTestId('compare-summary-row').count()).toBe(view.summary.length);
    await expect
      .poll(() => page.getByTestId('compare-board-a').getAttribute('data-drawn'))
      .toBe(String(view.pairs[0]!.a));
    await expect
      .poll(() => page.getByTestId('compare-board-b').getAttribute('data-drawn'))
      .toBe(String(view.pairs[0]!.b));
    await shot('5d-compare');

    // Download the Carillon automatic pack, save it where the designer wants, then verify it with the real CLI.
    await goTo('Export');
    await page.getByTestId('run-picker').selectOption(String(carillon.id));
    await page.getByTestId('export-kind-automatic').check();
    await page.getByTestId('export-layout-file').check();
    const file = join(tmp.dir, 'carillon-automatic.json');
    const download = page.waitForEvent('download');
    await page.getByTestId('export-button').click();
    const downloaded = await download;
    expect(downloaded.suggestedFilename()).toBe(`carillon-seed7-run${carillon.id}.json`);
    await downloaded.saveAs(file);
    await expect
      .poll(() => page.getByTestId('export-downloaded').textContent())
      .toContain(`carillon-seed7-run${carillon.id}.json`);
    expect(existsSync(file)).toBe(true);
    await shot('5e-export');
    const verified = cli('verify', file);
    expect(verified.status, `${verified.stdout}\n${verified.stderr}`).toBe(0);
    expect(verified.stdout + verified.stderr).toMatch(/all verified/);
    expect(pageErrors).toEqual([]);
  });
});
