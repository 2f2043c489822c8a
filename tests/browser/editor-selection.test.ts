/**
 * Editing as in any editor (issue 22), in Chromium over the BUILT renderer, for both games: a
 * box drawn on the empty board selects the elements whose centre it holds; dragging one of them
 * moves them all as one edit (Carillon: the same offset; Apsis: the same turn round the sun),
 * the others staying put; Ctrl+C, Ctrl+V pastes copies a step off, selected, and proved at
 * once; Shift-click takes one out; Ctrl+V on another level of the same game pastes them in
 * place there; and with snap to the grid on (Shift+G) a dragged dot lands on the grid.
 */
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import type { CarillonLevel } from '../../src-shared/games/carillon/index';
import type { ApsisLevel } from '../../src-shared/games/apsis/index';
// The editor's debug hook type (declares window.__editor).
import type {} from '../../src-shared/editor-debug';
import { PASTE_STEP } from '../../src-renderer/src/games/carillon/edit-session';
import { PASTE_TURN } from '../../src-renderer/src/games/apsis/edit-session';
import { useStudioInBrowser } from './chromium';

type Point = { x: number; y: number };
let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let carillon: RunSummary;
let apsis: RunSummary;

const status = async (): Promise<Record<string, string | undefined>> =>
  page.getByTestId('edit-status').evaluate((el) => ({ ...(el as HTMLElement).dataset }));
const level = <L>(): Promise<L> => page.evaluate(() => window.__editor!.level()) as Promise<L>;
const centres = (): Promise<Point[]> => page.evaluate(() => window.__editor!.centres());
const selection = async (): Promise<number[]> =>
  ((await status())['selection'] ?? '')
    .split(',')
    .filter((x) => x !== '')
    .map(Number)
    .sort((a, b) => a - b);

/** Wait for a proof after `after` proofs, with nothing still out. */
async function proved(after: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await status();
        return Number(s['proofs']) > after && s['proving'] === 'false';
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Wait until the board stops moving on the page. */
async function settled(): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await centres());
        const same = now === last && now !== '[]';
        last = now;
        return same;
      },
      { interval: 250, timeout: 15_000 },
    )
    .toBe(true);
}

async function drag(from: Point, to: Point, steps = 10): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= steps; k++) {
    await page.mouse.move(from.x + ((to.x - from.x) * k) / steps, from.y + ((to.y - from.y) * k) / steps);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  }
  await page.mouse.up();
}

/** A fresh page with the automatic order's candidate at `k` (1-based) open in edit mode, proved and settled. */
async function edit(run: RunSummary, k: number): Promise<number> {
  const auto = await studio.api.call('orderings.get', { runId: run.id, kind: 'automatic' });
  const id = auto.levels[k - 1]!.candidateId!;
  await page.goto(studio.server.url);
  await page.getByTestId('new-run-form').waitFor();
  await page.keyboard.press('Alt+2');
  await page.getByTestId('run-picker').selectOption(String(run.id));
  await page.getByTestId('pool-grid').waitFor();
  await page.locator('[data-testid^="card-"][data-verdict]').first().dblclick();
  await page.getByTestId('insp-jump').fill(`#${id}`);
  await page.getByTestId('insp-jump').press('Enter');
  await expect
    .poll(() => page.locator('[data-testid="candidate-info"] span').first().getAttribute('title'))
    .toBe(`Database id ${id}`);
  await page.keyboard.press('e');
  await page.getByTestId('editor').waitFor();
  await proved(0);
  await settled();
  return id;
}

/**
 * Draw a box from the board's top-left corner (empty) to just past the middle element by x,
 * over the board's whole height: the elements left of that line are expected selected.
 */
async function boxSelectLeft(): Promise<number[]> {
  const host = (await page.getByTestId('edit-board').boundingBox())!;
  const c = await centres();
  const xs = c.map((p) => p.x).sort((a, b) => a - b);
  const k = Math.ceil(xs.length / 2);
  const cut = (xs[k - 1]! + xs[k]!) / 2;
  const want = c.flatMap((p, i) => (p.x < cut ? [i] : []));
  const from = { x: host.x + 3, y: host.y + 3 };
  const to = { x: cut, y: host.y + host.height - 3 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
  await page.mouse.move(to.x, to.y);
  // The box is drawn while the button is held.
  expect(await page.getByTestId('select-box').isVisible()).toBe(true);
  await page.mouse.up();
  expect(await page.getByTestId('select-box').count()).toBe(0);
  await expect.poll(selection).toEqual(want);
  expect(want.length).toBeGreaterThan(1);
  return want;
}

beforeAll(async () => {
  page = studio.page;
  [carillon, apsis] = await Promise.all([
    studio.ctx.finishedRun({ game: 'carillon', seed: 7, levels: 4 }),
    studio.ctx.finishedRun({ game: 'apsis', seed: 7, levels: 20 }),
  ]);
});

describe('Carillon: several dots', () => {
  it('box select, move together, copy and paste (here a step off, proved at once; on another level in place)', async () => {
    await edit(carillon, 4);
    const start = await level<CarillonLevel>();
    const picked = await boxSelectLeft();
    // Shift-click takes one out and puts it back.
    const c = await centres();
    await page.keyboard.down('Shift');
    await page.mouse.click(c[picked[0]!]!.x, c[picked[0]!]!.y);
    await page.keyboard.up('Shift');
    await expect.poll(selection).toEqual(picked.slice(1));
    await page.keyboard.down('Shift');
    await page.mouse.click(c[picked[0]!]!.x, c[picked[0]!]!.y);
    await page.keyboard.up('Shift');
    await expect.poll(selection).toEqual(picked);

    // Drag the leftmost selected dot 40 px right: every selected dot moves as far, the rest stay.
    const lead = picked.reduce((a, b) => (c[a]!.x <= c[b]!.x ? a : b));
    let before = Number((await status())['proofs']);
    await drag(c[lead]!, { x: c[lead]!.x + 40, y: c[lead]!.y });
    await proved(before);
    const moved = await level<CarillonLevel>();
    const dx = moved.dots[lead]!.x - start.dots[lead]!.x;
    expect(dx).toBeGreaterThan(0);
    moved.dots.forEach((d, i) => {
      const was = start.dots[i]!;
      expect([d.x - was.x, d.y - was.y]).toEqual(picked.includes(i) ? [dx, 0] : [0, 0]);
    });
    expect((await status())['edits']).toBe('1');
    expect(await selection()).toEqual(picked);

    // Copy, paste: the copies at the end, a step right and down, selected, and the proof is theirs.
    before = Number((await status())['proofs']);
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await proved(before);
    const pasted = await level<CarillonLevel>();
    const n = start.dots.length;
    expect(pasted.dots.slice(n)).toEqual(
      picked.map((i) => ({
        ...moved.dots[i]!,
        x: moved.dots[i]!.x + PASTE_STEP,
        y: moved.dots[i]!.y + PASTE_STEP,
      })),
    );
    expect(await selection()).toEqual(picked.map((_, k) => n + k));
    expect(await page.evaluate(() => window.__editor!.proof()?.level)).toMatchObject({ dots: pasted.dots });

    // The next candidate (the edits stay as a draft): Ctrl+V pastes them in place.
    await page.keyboard.press('.');
    await page.getByTestId('editor').waitFor();
    await expect.poll(async () => (await status())['edits']).toBe('0');
    const other = await level<CarillonLevel>();
    await page.keyboard.press('Control+v');
    await expect
      .poll(async () => (await level<CarillonLevel>()).dots.length)
      .toBe(other.dots.length + picked.length);
    expect((await level<CarillonLevel>()).dots.slice(other.dots.length)).toEqual(
      picked.map((i) => moved.dots[i]!),
    );

    // Snap to the grid (Shift+G, every 10 units, drawn on the field): the held dot lands on it.
    await page.keyboard.press('Shift+G');
    await expect.poll(async () => (await page.evaluate(() => window.__editor!.drawn()))['grid']).toBe(1);
    expect(await page.getByTestId('edit-message').textContent()).toBe('Snap to the grid: on, every 10 units');
    const held = other.dots.length;
    const at = (await centres())[held]!;
    await drag(at, { x: at.x + 37, y: at.y + 23 });
    const snapped = (await level<CarillonLevel>()).dots[held]!;
    // For review: the selection, the grid and the drafts list (/tmp/shots/editor-ui/).
    mkdirSync('/tmp/shots/editor-ui', { recursive: true });
    await page.screenshot({ path: '/tmp/shots/editor-ui/carillon-selection-grid-1440x900.png' });
    expect([snapped.x % 10, snapped.y % 10]).toEqual([0, 0]);
    expect(snapped).not.toMatchObject({ x: moved.dots[picked[0]!]!.x, y: moved.dots[picked[0]!]!.y });
    await page.keyboard.press('Shift+G');
    await expect
      .poll(async () => (await page.evaluate(() => window.__editor!.drawn()))['grid'])
      .toBeUndefined();
    expect(pageErrors).toEqual([]);
  });
});

describe('Apsis: several arrows', () => {
  it('box select, turn together, copy and paste (here a step round, proved at once; on another level in place)', async () => {
    await edit(apsis, 20);
    const start = await level<ApsisLevel>();
    const picked = await boxSelectLeft();
    const c = await centres();
    const sun = await page.evaluate(() => window.__editor!.pageOf({ x: 0, y: 0 }));
    // Carry the first selected arrow 20° clockwise round the sun (on screen, y down).
    const lead = picked[0]!;
    const r = Math.hypot(c[lead]!.x - sun.x, c[lead]!.y - sun.y);
    const a0 = Math.atan2(c[lead]!.y - sun.y, c[lead]!.x - sun.x);
    const turnTo = (deg: number): Point => ({
      x: sun.x + r * Math.cos(a0 + (deg * Math.PI) / 180),
      y: sun.y + r * Math.sin(a0 + (deg * Math.PI) / 180),
    });
    await page.mouse.move(c[lead]!.x, c[lead]!.y);
    await page.mouse.down();
    for (let k = 1; k <= 10; k++) {
      const p = turnTo(2 * k);
      await page.mouse.move(p.x, p.y);
      await page.evaluate(() => new Promise((res) => requestAnimationFrame(res)));
    }
    let before = Number((await status())['proofs']);
    await page.mouse.up();
    await proved(before);
    const moved = await level<ApsisLevel>();
    const turn = (((moved.arrows[lead]!.angle - start.arrows[lead]!.angle) % 360) + 360) % 360;
    expect(turn).toBeGreaterThanOrEqual(18);
    expect(turn).toBeLessThanOrEqual(22);
    moved.arrows.forEach((a, i) => {
      const was = start.arrows[i]!;
      const t = (((a.angle - was.angle) % 360) + 360) % 360;
      expect([t, a.orbit - was.orbit, a.heading, a.length]).toEqual([
        picked.includes(i) ? turn : 0,
        0,
        was.heading,
        was.length,
      ]);
    });
    expect((await status())['edits']).toBe('1');
    mkdirSync('/tmp/shots/editor-ui', { recursive: true });
    await page.screenshot({ path: '/tmp/shots/editor-ui/apsis-selection-1440x900.png' });

    // Copy, paste: the copies at the end, a step further round, selected, and the proof is theirs.
    before = Number((await status())['proofs']);
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await proved(before);
    const pasted = await level<ApsisLevel>();
    const n = start.arrows.length;
    expect(pasted.arrows.slice(n)).toEqual(
      picked.map((i) => ({ ...moved.arrows[i]!, angle: (moved.arrows[i]!.angle + PASTE_TURN) % 360 })),
    );
    expect(await selection()).toEqual(picked.map((_, k) => n + k));
    expect(await page.evaluate(() => window.__editor!.proof()?.level)).toMatchObject({
      arrows: pasted.arrows,
    });

    // Another candidate: Ctrl+V pastes them in place (on its own orbits).
    await page.keyboard.press('.');
    await page.getByTestId('editor').waitFor();
    await expect.poll(async () => (await status())['edits']).toBe('0');
    const other = await level<ApsisLevel>();
    await page.keyboard.press('Control+v');
    await expect
      .poll(async () => (await level<ApsisLevel>()).arrows.length)
      .toBe(other.arrows.length + picked.length);
    expect((await level<ApsisLevel>()).arrows.slice(other.arrows.length)).toEqual(
      picked.map((i) => ({ ...moved.arrows[i]!, orbit: Math.min(other.orbits, moved.arrows[i]!.orbit) })),
    );
    expect(pageErrors).toEqual([]);
  });
});
