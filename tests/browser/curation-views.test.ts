/**
 * Curation views in Chromium against the real server and SQLite: a finished run's outcome and
 * report on the Runs page (checked against runs.report); play state kept per level in the
 * inspector (moves and toggles survive moving between candidates and leaving the inspector);
 * jumps to a level, a candidate and an id from the command palette, with a designer's
 * sentence for a level that does not exist; the pool's thumbnail zoom slider (keyboard,
 * persisted per user) and thumbnails that fill their card; every page at 1440 × 900 and
 * 1280 × 720 (no page scrolls sideways, the working pages not at all, their main controls on
 * screen whole), and the inspector's board, in play and in edit mode, taking the height there is.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { reportFigure, reportLines } from '../../src-shared/run-report';
import {
  buildField,
  members,
  type CarillonLevel,
  type CarillonRules,
} from '../../src-shared/games/carillon/index';
import { RESULTS, useStudioInBrowser } from './chromium';
// The renderer's debug hook type (declares window.__inspector).
import type {} from '../../src-renderer/src/inspector/debug';

const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let page: Page;
let carillon: RunSummary;
let apsis: RunSummary;

async function boardState(): Promise<Record<string, unknown>> {
  return page.evaluate(() => window.__inspector?.state() ?? {});
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
const candidateOnScreen = () => page.getByTestId('inspector-candidate').textContent();
/** How far the page itself scrolls (its content pane), down and sideways, in px. */
const pageScroll = (): Promise<{ down: number; sideways: number }> =>
  page.evaluate(() => {
    const c = document.querySelector('.content')!;
    return { down: c.scrollHeight - c.clientHeight, sideways: c.scrollWidth - c.clientWidth };
  });
/** The page's bottom margin under its last panel (styles.css, .page). */
const PAGE_MARGIN = 24;
/** A box wholly inside a w × h window. */
const onScreen = (
  b: { x: number; y: number; width: number; height: number } | null,
  w: number,
  h: number,
): boolean =>
  b !== null && b.width > 0 && b.x >= 0 && b.y >= 0 && b.x + b.width <= w + 0.5 && b.y + b.height <= h + 0.5;

/** Open the palette with Ctrl+K, type, and return the entries shown (title, id). */
async function paletteEntries(
  text: string,
  how: 'Control+k' | 'Alt+g' = 'Control+k',
): Promise<{ id: string; title: string; disabled: boolean }[]> {
  await page.keyboard.press(how);
  const box = page.getByRole('dialog', { name: 'Command palette' }).getByRole('textbox');
  await box.fill(text);
  return page
    .getByTestId('palette-list')
    .locator('[data-action]')
    .evaluateAll((els) =>
      els.map((el) => ({
        id: el.getAttribute('data-action') ?? '',
        title: el.querySelector('.title')?.textContent ?? '',
        disabled: el.getAttribute('aria-disabled') === 'true',
      })),
    );
}

beforeAll(async () => {
  page = studio.page;
  apsis = await studio.ctx.finishedRun({ game: 'apsis', seed: 41, levels: 6 });
});

describe('curation views in Chromium', () => {
  it('shows a finished run’s outcome and its report on the Runs page', async () => {
    await page.goto(studio.server.url);
    await page.getByTestId('new-run-form').waitFor();
    await page.getByTestId('new-run-game').selectOption('carillon');
    await page.getByTestId('new-run-seed').fill('43');
    await page.getByTestId('new-run-levels').fill('6');
    await page.getByTestId('new-run-submit').click();
    await page.getByTestId('new-run-created').waitFor();
    carillon = (await studio.api.call('runs.list', {})).find((r) => r.game === 'carillon' && r.seed === 43)!;
    expect(carillon).toBeDefined();
    // The form's line follows the run to its end and says how it ended.
    await expect
      .poll(() => page.getByTestId('new-run-created').getAttribute('data-status'), { timeout: 90_000 })
      .toBe('done');
    expect(await page.getByTestId('new-run-created').textContent()).toMatch(
      new RegExp(`^Run #${carillon.id} done: .+\\. Its report is in the run's details\\.$`),
    );
    await expect.poll(() => page.getByTestId(`run-status-${carillon.id}`).textContent()).toBe('done');

    // The run's details hold the report it stored, as runs.report gives it.
    await page.getByTestId(`run-row-${carillon.id}`).click();
    const panel = page.getByTestId('run-report');
    await panel.waitFor();
    const report = (await studio.api.call('runs.report', { runId: carillon.id }))!;
    expect(report.status).toBe('done');
    expect(await panel.getAttribute('data-status')).toBe('done');
    const text = async (id: string) =>
      ((await panel.getByTestId(id).textContent()) ?? '').replace(/\s+/g, ' ').trim();
    expect(report.difficulty).not.toBeNull();
    const d = report.difficulty!;
    expect(await text('report-difficulty')).toBe(`${reportFigure(d.min)} – ${reportFigure(d.max)} bits`);
    if (d.largestStep)
      expect(await text('report-step')).toBe(
        `${reportFigure(d.largestStep.step)} bits, level ${d.largestStep.from} → ${d.largestStep.to}`,
      );
    expect(await text('report-gave-up')).toMatch(
      new RegExp(
        `^${report.gaveUp.count === 0 ? 'none' : report.gaveUp.count} of ${report.gaveUp.of} candidates`,
      ),
    );
    expect(report.gaveUp.of).toBe(carillon.candidatesTotal);
    expect(await text('report-duplicates')).toMatch(
      new RegExp(
        `^${report.nearDuplicates.found} pairs? found, ${report.nearDuplicates.skipped} skipped by the order`,
      ),
    );
    expect(await text('report-short')).toEqual(
      report.shortLevels.length === 0 ? 'none' : expect.stringMatching(/^levels? \d/),
    );
    // Each phase named with its time, in the order the run went through them, named as the progress names them.
    expect(await text('report-phases')).toMatch(
      /^generate \d+\.\d\d s · order \d+\.\d\d s · near-duplicates \d+\.\d\d s$/,
    );
    expect(report.phases.map((p) => p.name)).toEqual(['generate', 'order', 'near-duplicates']);
    // The panel reads line for line as the CLI's summary prints the report (one wording: reportLines).
    const shown = await panel
      .locator('dt')
      .evaluateAll((dts) =>
        dts.map(
          (dt) =>
            `${dt.textContent?.trim()}  ${dt.nextElementSibling?.textContent?.replace(/\s+/g, ' ').trim()}`,
        ),
      );
    expect(shown).toEqual(
      reportLines(report)
        .filter((l) => l.key !== 'warning')
        .map((l) => `${l.label}  ${l.value}`),
    );
    await page.screenshot({ path: join(RESULTS, 'curation-views-run-report.png') });
    expect(pageErrors).toEqual([]);
  });

  it('keeps each level’s moves and toggles while moving between candidates and leaving the inspector', async () => {
    // The last pool's first two candidates; taps on dots whose chains never clear the field.
    const all = (
      await studio.api.call('candidates.list', { runId: carillon.id, limit: 2000, withLevels: false })
    ).items.filter((c) => c.failure === null);
    const slot = Math.max(...all.map((c) => c.slot));
    const [first, second] = all.filter((c) => c.slot === slot);
    const fewTaps = async (id: number, taps: number): Promise<number[]> => {
      const c = await studio.api.call('candidates.get', { candidateId: id });
      const field = buildField((c.level as CarillonLevel).dots, c.rules as CarillonRules);
      const closure = (i: number): number[] => members(field.closure, i * field.W, field.W);
      const picked: number[] = [];
      const gone = new Set<number>();
      for (let k = 0; k < taps; k++) {
        const next = [...Array(field.n).keys()]
          .filter((i) => !gone.has(i))
          .sort((a, b) => closure(a).length - closure(b).length)[0]!;
        picked.push(next);
        for (const d of closure(next)) gone.add(d);
      }
      expect(gone.size).toBeLessThan(field.n);
      return picked;
    };
    const tapsFirst = await fewTaps(first!.id, 1);
    const tapsSecond = await fewTaps(second!.id, 2);
    const name = (c: { index: number }) => `L${slot! + 1} · c${c.index + 1}`;
    await page.keyboard.press('Alt+1');
    await page.getByTestId(`run-row-${carillon.id}`).click();
    await page.keyboard.press('Alt+2');
    await page.getByTestId('run-picker').selectOption(String(carillon.id));
    await page.locator('[data-testid^="card-"][data-index="0"]').dblclick();
    await page.getByTestId('insp-jump').fill(name(first!));
    await page.getByTestId('insp-jump').press('Enter');
    await expect.poll(candidateOnScreen).toBe(name(first!));
    await page.getByTestId('board').waitFor();

    // Tap a dot and turn on the chain starts on the first candidate.
    await expect
      .poll(async () => await page.evaluate(() => window.__inspector?.centres().length ?? 0))
      .toBe(first!.metrics['dots']);
    const dot = (await page.evaluate(() => window.__inspector!.centres())).find(
      (c) => c.index === tapsFirst[0],
    )!;
    await page.mouse.click(dot.x, dot.y);
    await expect.poll(async () => (await boardState())['taps']).toBe(1);
    await settle();
    const left = (await boardState())['dotsLeft'] as number;
    await page.keyboard.press('s');
    expect(await page.getByTestId('toggle-starts').isChecked()).toBe(true);

    // The next candidate starts fresh; back on the first, its tap and toggle are as left.
    await page.keyboard.press('.');
    await expect.poll(candidateOnScreen).toBe(name(second!));
    await expect.poll(async () => (await boardState())['taps']).toBe(0);
    await expect
      .poll(async () => await page.evaluate(() => window.__inspector?.centres().length ?? 0))
      .toBe(second!.metrics['dots']);
    expect(await page.getByTestId('toggle-starts').isChecked()).toBe(false);
    // Two taps here (the second candidate keeps its own).
    for (let k = 0; k < 2; k++) {
      const live = (await page.evaluate(() => window.__inspector!.centres())).find(
        (c) => c.index === tapsSecond[k],
      )!;
      await page.mouse.click(live.x, live.y);
      await expect.poll(async () => (await boardState())['taps']).toBe(k + 1);
      await settle();
    }
    await page.keyboard.press(',');
    await expect.poll(candidateOnScreen).toBe(name(first!));
    await expect.poll(async () => (await boardState())['taps']).toBe(1);
    expect((await boardState())['dotsLeft']).toBe(left);
    expect(await page.getByTestId('toggle-starts').isChecked()).toBe(true);
    expect(await page.getByTestId('inspector-status').getAttribute('data-taps')).toBe('1');

    // Away to Pools and back: still as left. Undo works on the restored tap.
    await page.keyboard.press('Alt+2');
    await page.getByTestId('pool-grid').waitFor();
    await page.keyboard.press('Alt+3');
    await expect.poll(candidateOnScreen).toBe(name(first!));
    await expect.poll(async () => (await boardState())['taps']).toBe(1);
    expect(await page.getByTestId('toggle-starts').isChecked()).toBe(true);
    await page.getByTestId('undo').click();
    await expect.poll(async () => (await boardState())['taps']).toBe(0);
    // The second candidate kept its two taps across all of it.
    await page.keyboard.press('.');
    await expect.poll(candidateOnScreen).toBe(name(second!));
    await expect.poll(async () => (await boardState())['taps']).toBe(2);
    // The undone first candidate stays undone.
    await page.keyboard.press(',');
    await expect.poll(candidateOnScreen).toBe(name(first!));
    await expect.poll(async () => (await boardState())['taps']).toBe(0);

    // An Apsis level keeps its launches and hearts too.
    const ap = (
      await studio.api.call('candidates.list', { runId: apsis.id, slot: 2, limit: 2000, withLevels: false })
    ).items.filter((c) => c.failure === null);
    await page.keyboard.press('Alt+2');
    await page.getByTestId('run-picker').selectOption(String(apsis.id));
    await page.locator('[data-testid^="card-"][data-index="0"]').dblclick();
    await page.getByTestId('insp-jump').fill(`L3 · c${ap[0]!.index + 1}`);
    await page.getByTestId('insp-jump').press('Enter');
    await expect.poll(candidateOnScreen).toBe(`L3 · c${ap[0]!.index + 1}`);
    await expect.poll(async () => await page.evaluate(() => window.__inspector?.game)).toBe('apsis');
    const arrow = (await page.evaluate(() => window.__inspector!.centres())).find((c) => c.live)!;
    await page.mouse.click(arrow.x, arrow.y);
    await expect.poll(async () => (await boardState())['launches']).toBe(1);
    await settle();
    const after = await boardState();
    await page.keyboard.press('n');
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('Alt+3');
    await expect.poll(async () => (await boardState())['launches']).toBe(1);
    expect((await boardState())['hearts']).toBe(after['hearts']);
    expect((await boardState())['present']).toEqual(after['present']);
    expect(await page.getByTestId('toggle-labels').isChecked()).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('jumps to a level, a candidate and an id from the command palette', async () => {
    // The run on screen is the Apsis run (its candidate is in the inspector).
    const automatic = await studio.api.call('orderings.get', { runId: apsis.id, kind: 'automatic' });
    const l4 = automatic.levels.find((l) => l.level === 4)!;
    expect(l4.candidateId).not.toBeNull();
    const entries = await paletteEntries('level 4');
    expect(entries[0]).toMatchObject({
      title: `Jump to level 4 of the automatic order · run #${apsis.id}`,
      disabled: false,
    });
    expect(entries[1]!.title).toBe(`Jump to level 4 of the approved order · run #${apsis.id}`);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('insp-strip').locator('.current').getAttribute('data-strip-level'))
      .toBe('4');
    const l4row = (
      await studio.api.call('candidates.list', { runId: apsis.id, limit: 2000, withLevels: false })
    ).items.find((c) => c.id === l4.candidateId)!;
    await expect.poll(candidateOnScreen).toBe(`L${l4row.slot + 1} · c${l4row.index + 1}`);

    // A candidate by its name, with Alt+G (the palette lists only jumps then).
    const target = (
      await studio.api.call('candidates.list', { runId: apsis.id, slot: 4, limit: 2000, withLevels: false })
    ).items.filter((c) => c.failure === null)[1]!;
    const byName = await paletteEntries(`L5 · c${target.index + 1}`, 'Alt+g');
    expect(byName).toEqual([
      {
        id: expect.stringMatching(/^jump\./),
        title: `Jump to candidate L5 · c${target.index + 1} · run #${apsis.id}`,
        disabled: false,
      },
    ]);
    await page.keyboard.press('Enter');
    await expect.poll(candidateOnScreen).toBe(`L5 · c${target.index + 1}`);

    // From another page, by database id (as copied): a Carillon candidate opens in the inspector.
    await page.keyboard.press('Alt+1');
    const other = (
      await studio.api.call('candidates.list', {
        runId: carillon.id,
        slot: 2,
        limit: 2000,
        withLevels: false,
      })
    ).items.filter((c) => c.failure === null)[0]!;
    const byId = await paletteEntries(`#${other.id}`);
    expect(byId[0]!.title).toBe(`Jump to candidate #${other.id}`);
    await page.keyboard.press('Enter');
    await expect.poll(candidateOnScreen).toBe(`L3 · c${other.index + 1}`);
    await expect.poll(async () => await page.evaluate(() => window.__inspector?.game)).toBe('carillon');

    // A level past the end: nothing opens, and the error panel says why in plain words.
    const levels = (await studio.api.call('orderings.get', { runId: carillon.id, kind: 'automatic' })).levels
      .length;
    await paletteEntries('level 99');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('error-panel').textContent())
      .toContain(`the automatic order of run #${carillon.id} has levels 1 to ${levels}, not level 99`);
    await expect.poll(candidateOnScreen).toBe(`L3 · c${other.index + 1}`);
    // Text that is no jump lists none (Alt+G) and says what it takes.
    await paletteEntries('level twelve', 'Alt+g');
    expect(await page.getByTestId('palette-jump-help').textContent()).toContain(
      'is not a level (12, approved 12), a candidate (L12 · c3) or an id (#345)',
    );
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
  });

  it('sizes pool thumbnails with a zoom slider (keyboard too), kept after a reload; a Carillon thumbnail has its field’s shape', async () => {
    await page.keyboard.press('Alt+2');
    await page.getByTestId('run-picker').selectOption(String(carillon.id));
    await page.getByTestId('pool-grid').waitFor();
    const firstCanvas = () => page.getByTestId('pool-grid').locator('canvas').first();
    const box = async () =>
      firstCanvas().evaluate((c) => ({
        w: (c as HTMLCanvasElement).getBoundingClientRect().width,
        h: (c as HTMLCanvasElement).getBoundingClientRect().height,
      }));
    const zoom = page.getByTestId('pool-zoom');
    const cardsInRow = async () =>
      page
        .getByTestId('pool-grid')
        .locator('[data-testid="pool-vrow"] .cards')
        .first()
        .locator('.card')
        .count();
    await expect.poll(async () => (await box()).w).toBeGreaterThan(0);
    const rules = (await studio.api.call('runs.get', { runId: carillon.id })).rules as {
      width: number;
      height: number;
    };
    // The field's shape: 640 × 960 by default, so the box is half again as tall as it is wide.
    const b0 = await box();
    expect(Math.abs(b0.h / b0.w - rules.height / rules.width)).toBeLessThan(0.02);
    const z0 = Number(await zoom.inputValue());
    expect(b0.w).toBeGreaterThanOrEqual(z0);
    const row0 = await cardsInRow();

    // Keyboard: Tab-reachable slider, arrows step it; the cards grow and fewer fit in a row.
    await zoom.focus();
    for (let k = 0; k < 8; k++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await zoom.inputValue())).toBe(z0 + 80);
    await expect.poll(async () => (await box()).w).toBeGreaterThanOrEqual(z0 + 80);
    expect(await cardsInRow()).toBeLessThan(row0);
    // '-' steps it back down from anywhere on the page (the palette lists both keys).
    await page.getByTestId('pool-grid').focus();
    await page.keyboard.press('-');
    await expect.poll(async () => Number(await zoom.inputValue())).toBe(z0 + 70);
    await page.keyboard.press('=');
    await expect.poll(async () => Number(await zoom.inputValue())).toBe(z0 + 80);
    const big = await box();
    await page.getByTestId('pool-grid').screenshot({ path: join(RESULTS, 'curation-views-zoom.png') });

    // Kept for this user: a reload opens the pool at the same size.
    await page.reload();
    await page.keyboard.press('Alt+2');
    await page.getByTestId('run-picker').selectOption(String(carillon.id));
    await page.getByTestId('pool-grid').waitFor();
    expect(Number(await page.getByTestId('pool-zoom').inputValue())).toBe(z0 + 80);
    await expect.poll(async () => Math.round((await box()).w)).toBe(Math.round(big.w));
    // An Apsis pool draws square thumbnails at the same size.
    await page.getByTestId('run-picker').selectOption(String(apsis.id));
    await expect
      .poll(async () => {
        const b = await box();
        return Math.round(b.h) === Math.round(b.w) && b.w >= z0 + 80;
      })
      .toBe(true);
    await page.getByTestId('pool-zoom').fill(String(z0));
    expect(pageErrors).toEqual([]);
  });

  it('fits 1280 × 720: the Runs table shows every column, the inspector’s board keeps most of the height with its controls and timeline on screen, in play and in edit mode', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    try {
      await page.keyboard.press('Alt+1');
      await page.getByTestId(`run-row-${carillon.id}`).click();
      const table = await page
        .locator('.table-wrap')
        .evaluate((e) => ({ sw: e.scrollWidth, cw: e.clientWidth }));
      expect(table.sw).toBeLessThanOrEqual(table.cw);
      // The last column's content (how long the run took) is on screen, inside the table.
      const took = await page.getByTestId(`run-row-${carillon.id}`).locator('.took').boundingBox();
      const wrap = await page.locator('.table-wrap').boundingBox();
      expect(took).not.toBeNull();
      expect(took!.x + took!.width).toBeLessThanOrEqual(wrap!.x + wrap!.width);
      await page.getByTestId('run-report').waitFor();
      await page.screenshot({ path: join(RESULTS, 'curation-views-runs-1280.png') });

      // A Carillon candidate (with the curation bar and the filmstrip): the timeline under the board is in view.
      // (from the Runs page, where the Carillon run is selected, through the palette)
      expect((await paletteEntries('level 3'))[0]!.title).toBe(
        `Jump to level 3 of the automatic order · run #${carillon.id}`,
      );
      await page.keyboard.press('Enter');
      await page.getByTestId('insp-strip').waitFor();
      await page.getByTestId('timeline').waitFor();
      await expect
        .poll(async () => {
          const b = await page.getByTestId('timeline').boundingBox();
          return b !== null && b.y + b.height <= 720;
        })
        .toBe(true);
      // The board keeps most of the height beside the curation row and the filmstrip (it was about 320 px).
      const board = (await page.getByTestId('board').boundingBox())!;
      expect(board.height).toBeGreaterThanOrEqual(400);
      expect(board.width).toBeGreaterThanOrEqual(600);
      // Every primary control is on screen, whole: curation, stepping, the strip, play and the page's commands.
      for (const id of [
        'insp-prev',
        'insp-next',
        'insp-approve',
        'insp-reject',
        'insp-clear',
        'insp-auto-advance',
        'insp-note',
        'insp-tag',
        'insp-jump',
        'insp-strip-kind',
        'insp-strip-fold',
        'insp-strip',
        'undo',
        'restart',
        'toggle-starts',
        'mode-edit',
        'fit',
        'export-png',
        'chain-play',
      ]) {
        const b = await page.getByTestId(id).boundingBox();
        expect(b, id).not.toBeNull();
        expect(b!.x, id).toBeGreaterThanOrEqual(0);
        expect(b!.y, id).toBeGreaterThanOrEqual(0);
        expect(b!.x + b!.width, id).toBeLessThanOrEqual(1280);
        expect(b!.y + b!.height, id).toBeLessThanOrEqual(720);
      }
      await page.screenshot({ path: join(RESULTS, 'curation-views-inspector-1280.png') });
      // Folding the filmstrip gives its height to the board; [ and ] still step through the order.
      await page.getByTestId('insp-strip-fold').click();
      await expect.poll(() => page.getByTestId('insp-strip').count()).toBe(0);
      await expect
        .poll(async () => (await page.getByTestId('board').boundingBox())!.height)
        .toBeGreaterThan(board.height + 30);
      expect(await page.getByTestId('insp-strip-fold').getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press(']');
      await expect.poll(() => page.getByTestId('candidate-info').textContent()).toMatch(/ships as level 4/);
      await page.getByTestId('insp-strip-fold').click();
      await page.getByTestId('insp-strip').waitFor();
      await expect
        .poll(() =>
          page
            .getByTestId('timeline')
            .boundingBox()
            .then((b) => b !== null && b.y + b.height <= 720),
        )
        .toBe(true);
      // Edit mode's board takes the height that is there, as play mode's does (it was sized from an
      // estimate of the chrome above it, ~60 px short at 1280 × 720): down to the page's margin.
      await page.getByTestId('mode-edit').click();
      const editBoard = page.getByTestId('edit-board');
      await editBoard.waitFor();
      await expect
        .poll(async () => {
          const b = await editBoard.boundingBox();
          return b ? Math.round(720 - (b.y + b.height)) : -1;
        })
        .toBeLessThanOrEqual(PAGE_MARGIN + 2);
      expect(await pageScroll()).toEqual({ down: 0, sideways: 0 });
      const side = (await page.locator('[data-testid="editor"] aside').boundingBox())!;
      expect(side.y + side.height).toBeLessThanOrEqual(720);
      await page.getByTestId('mode-play').click();
      await page.getByTestId('board').waitFor();
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    expect(pageErrors).toEqual([]);
  });

  it('every page at 1440 × 900 and 1280 × 720: none scrolls sideways, the working pages not at all, and each page’s main controls are on screen whole', async () => {
    // A run with near-duplicate pairs for the Duplicates page.
    const withPairs =
      (await studio.api.call('duplicates.list', { runId: apsis.id, limit: 1 })).length > 0 ? apsis : carillon;
    expect((await studio.api.call('duplicates.list', { runId: withPairs.id, limit: 1 })).length).toBe(1);
    // Alt+k opens page k. The working pages fit the window (their lists and boards scroll inside);
    // Runs, Plots, Compare and Experiments are documents read top to bottom, so they may scroll down.
    const pages: { key: number; title: string; fits: boolean; controls: string[] }[] = [
      { key: 1, title: 'Runs', fits: false, controls: ['runs-table', 'new-run-submit'] },
      {
        key: 2,
        title: 'Pools',
        fits: true,
        controls: ['run-picker', 'pool-sort', 'pool-verdict', 'pool-tag', 'pool-zoom'],
      },
      {
        key: 3,
        title: 'Inspector',
        fits: true,
        controls: ['insp-prev', 'insp-next', 'insp-approve', 'insp-reject', 'mode-edit', 'board', 'timeline'],
      },
      { key: 4, title: 'Plots', fits: false, controls: ['run-picker', 'plots-main'] },
      {
        key: 5,
        title: 'Duplicates',
        fits: true,
        controls: ['run-picker', 'dup-list', 'dup-triage-bar', 'dup-open-a', 'dup-open-b'],
      },
      {
        key: 6,
        title: 'Ordering',
        fits: true,
        controls: [
          'run-picker',
          'ordering-export',
          'ordering-recompute',
          'ordering-strip',
          'ordering-swap',
          'ordering-exclude',
        ],
      },
      { key: 7, title: 'Compare', fits: false, controls: ['compare-a', 'compare-kind'] },
      {
        key: 8,
        title: 'Export',
        fits: true,
        controls: ['export-kind-automatic', 'export-layout-file', 'export-button'],
      },
      { key: 9, title: 'Experiments', fits: false, controls: ['exp-base-run', 'exp-seeds', 'exp-submit'] },
    ];
    try {
      for (const [w, h] of [
        [1440, 900],
        [1280, 720],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        for (const p of pages) {
          await page.keyboard.press(`Alt+${p.key}`);
          await expect.poll(() => page.locator('.topbar h1').textContent()).toBe(p.title);
          if (p.title === 'Duplicates')
            await page.getByTestId('run-picker').selectOption(String(withPairs.id));
          if (p.title === 'Ordering') await page.getByTestId('run-picker').selectOption(String(carillon.id));
          for (const id of p.controls) {
            await expect
              .poll(async () => onScreen(await page.getByTestId(id).first().boundingBox(), w, h), {
                message: `${p.title} ${w}×${h}: ${id}`,
              })
              .toBe(true);
          }
          // Let the page settle (thumbnails, plots) before reading its scroll.
          await page.evaluate(
            () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
          );
          const scroll = await pageScroll();
          expect(scroll.sideways, `${p.title} ${w}×${h} sideways`).toBe(0);
          if (p.fits) expect(scroll.down, `${p.title} ${w}×${h} down`).toBe(0);
        }
      }
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    expect(pageErrors).toEqual([]);
  });
});
