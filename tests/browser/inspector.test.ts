/**
 * The Level Inspector in Chromium against the real server (temporary database) and the BUILT
 * renderer (run `npx electron-vite build` first). Packs are generated in-process with the
 * games' own code, opened through "Open pack file…", and the board is driven with real mouse
 * clicks at the element centres the inspector's debug hook reports (`window.__inspector`,
 * see src-renderer/src/inspector/debug.ts). What the board shows is checked against the
 * shared rules computed here, independently of the renderer.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESULTS, useStudioInBrowser } from './chromium';
import { stringifyPack } from '../../src-shared/pack/pack-io';
// The renderer's debug hook type (declares window.__inspector).
import type {} from '../../src-shared/inspector-debug';
import {
  buildField,
  carillonGame,
  defaultCarillonPlan,
  defaultCarillonRules,
  members,
  sourceComponents,
  type CarillonLevel,
} from '../../src-shared/games/carillon/index';
import {
  apsisGame,
  defaultApsisPlan,
  defaultApsisRules,
  solveRounds,
  type ApsisLevel,
} from '../../src-shared/games/apsis/index';

let page: Page;
let dir: string;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 1, viewport: { width: 1440, height: 900 }, errors: pageErrors });

interface Centre {
  index: number;
  x: number;
  y: number;
  live: boolean;
}

function carillonLevel(slot: number): CarillonLevel {
  for (let index = 0; index < 8; index++) {
    const c = carillonGame.generate({
      rules: defaultCarillonRules,
      plan: defaultCarillonPlan,
      seed: 7,
      slot,
      index,
    });
    if (c.level) return c.level;
  }
  throw new Error(`no Carillon level for slot ${slot}`);
}

function apsisLevel(slot: number): ApsisLevel {
  for (let index = 0; index < 8; index++) {
    const c = apsisGame.generate({ rules: defaultApsisRules, plan: defaultApsisPlan, seed: 7, slot, index });
    if (c.level) return c.level;
  }
  throw new Error(`no Apsis level for slot ${slot}`);
}

async function centres(): Promise<Centre[]> {
  return page.evaluate(() => window.__inspector?.centres() ?? []);
}
async function boardState(): Promise<Record<string, unknown>> {
  return page.evaluate(() => window.__inspector?.state() ?? {});
}
async function status(): Promise<Record<string, string>> {
  return page
    .getByTestId('inspector-status')
    .evaluate((el) => ({ ...(el as HTMLElement).dataset, text: el.textContent ?? '' }));
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
  dir = mkdtempSync(join(tmpdir(), 'inspector-test-'));
  page = studio.page;
});
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('level inspector in Chromium', () => {
  it('opens a Carillon pack, taps a chain start and pops exactly its closure, undoes and plays the solution', async () => {
    const levels = [carillonLevel(0), carillonLevel(14), carillonLevel(60), carillonLevel(115)];
    const file = join(dir, 'carillon-test.json');
    writeFileSync(
      file,
      stringifyPack(
        carillonGame.toPack({ seed: 7, rules: defaultCarillonRules, plan: defaultCarillonPlan, levels }),
      ),
    );

    await page.goto(studio.server.url);
    await page.keyboard.press('Alt+3');
    await page.getByTestId('empty-inspector').waitFor();
    await page.getByTestId('pack-file').setInputFiles(file);
    await page.getByTestId('pack-nav').waitFor();
    await expect.poll(() => page.getByTestId('level-label').textContent()).toBe('carillon/seed 7/level 1');
    // One thumbnail per level, drawn at devicePixelRatio.
    await expect.poll(() => page.getByTestId('pack-strip').locator('canvas').count()).toBe(levels.length);
    const dpr = await page.evaluate(() => window.devicePixelRatio);
    expect(
      await page
        .getByTestId('pack-strip')
        .locator('canvas')
        .first()
        .evaluate((c) => (c as HTMLCanvasElement).width),
    ).toBe(Math.round(64 * dpr));

    // Level 3 (4 chain starts): keyboard ] twice.
    await page.keyboard.press(']');
    await page.keyboard.press(']');
    await expect.poll(() => page.getByTestId('level-label').textContent()).toBe('carillon/seed 7/level 3');
    const level = levels[2]!;
    const field = buildField(level.dots, defaultCarillonRules);
    const n = level.dots.length;
    expect((await status())['left']).toBe(String(n));

    const start = sourceComponents(field)[0]![0]!;
    const closure = members(field.closure, start * field.W, field.W);
    const at = (await centres()).find((c) => c.index === start)!;
    await page.mouse.click(at.x, at.y);
    await expect.poll(async () => (await status())['left']).toBe(String(n - closure.length));
    const live = (await boardState())['live'] as number[];
    expect(live).toEqual([...Array(n).keys()].filter((i) => !closure.includes(i)));
    expect((await status())['taps']).toBe('1');
    await settle();

    // Chain starts of the live field, and a held dot's outline, for the screenshot.
    await page.keyboard.press('s');
    await page.getByTestId('starts').waitFor();
    const liveStarts = (await centres()).filter((c) => c.live);
    const other = sourceComponents(
      field,
      (() => {
        const s = new Uint32Array(field.W);
        for (const i of live) s[i >>> 5]! |= 1 << (i & 31);
        return s;
      })(),
    )[0]![0]!;
    expect(liveStarts.some((c) => c.index === other)).toBe(true);
    const o = (await centres()).find((c) => c.index === other)!;
    await page.mouse.move(o.x, o.y);
    await expect.poll(() => page.getByTestId('focus-info').textContent()).toContain(`Dot ${other}`);
    await page.screenshot({ path: join(RESULTS, 'inspector-carillon.png') });

    // Scrub the chain's timeline back to mid-chain: rings on screen, the dots popped by then gone.
    await page.keyboard.press('s');
    const max = Number(await page.getByTestId('chain-scrub').getAttribute('max'));
    await page.getByTestId('chain-scrub').fill(String(max / 3));
    await expect
      .poll(async () => Math.abs(((await boardState())['t'] as number) - max / 3) < 0.01)
      .toBe(true);
    expect((await boardState())['playing']).toBe(false);
    await page.mouse.move(5, 5);
    await page.screenshot({ path: join(RESULTS, 'inspector-carillon-chain.png') });

    // Undo with Z, then play the solver's solution step by step with Space until cleared.
    await page.getByTestId('board').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('z');
    await expect.poll(async () => (await status())['left']).toBe(String(n));
    for (let k = 0; k < level.taps; k++) {
      await page.keyboard.press('Space');
      await settle();
    }
    await expect.poll(async () => (await status())['left']).toBe('0');
    expect((await status())['taps']).toBe(String(level.taps));
    await expect.poll(() => page.getByTestId('board-banner').textContent()).toContain('the fewest');

    // The largest level (32–40 dots): drawing time, and the light theme.
    await page.getByTestId('pack-level').fill('4');
    await page.getByTestId('pack-level').press('Enter');
    await expect.poll(() => page.getByTestId('level-label').textContent()).toBe('carillon/seed 7/level 4');
    await page.getByTestId('board').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('v');
    await page.keyboard.press('Alt+t');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
    await page.waitForTimeout(150);
    // Drawing time (reported, not asserted: budgets are measured, never timed tests).
    const cb = await page.evaluate(() => window.__inspector!.bench(9));
    console.log(
      `Carillon ${levels[3]!.dots.length}-dot field: built + drawn in ${cb.buildMs.toFixed(1)} ms, redrawn in ${cb.redrawMs.toFixed(1)} ms (median of 9)`,
    );
    await page.screenshot({ path: join(RESULTS, 'inspector-carillon-light.png') });
    await page.keyboard.press('Alt+t');
    expect(pageErrors).toEqual([]);
  });

  it('opens an Apsis pack, a blocked launch costs a heart and a free launch removes the arrow', async () => {
    const levels = [apsisLevel(20), apsisLevel(149)];
    const file = join(dir, 'apsis-test.json');
    writeFileSync(
      file,
      stringifyPack(apsisGame.toPack({ seed: 7, rules: defaultApsisRules, plan: defaultApsisPlan, levels })),
    );
    await page.goto(studio.server.url);
    await page.keyboard.press('Alt+3');
    await page.getByTestId('pack-file').setInputFiles(file);
    await expect.poll(() => page.getByTestId('level-label').textContent()).toBe('apsis/seed 7/level 1');
    await expect.poll(() => page.evaluate(() => window.__inspector?.game)).toBe('apsis');

    const level = levels[0]!;
    const n = level.arrows.length;
    const rounds = solveRounds(level, defaultApsisRules);
    const blocked = rounds.round.findIndex((r) => r >= 2);
    const free = rounds.rounds[0]![0]!;
    expect(blocked).toBeGreaterThanOrEqual(0);
    const s = await status();
    expect([s['hearts'], s['left']]).toEqual([String(defaultApsisRules.hearts), String(n)]);

    // Hover shows the path and what blocks it; click launches into the first blocker.
    const b = (await centres()).find((c) => c.index === blocked)!;
    await page.mouse.move(b.x, b.y);
    await expect.poll(() => page.getByTestId('focus-info').textContent()).toContain('Blocked by');
    await page.mouse.click(b.x, b.y);
    await expect.poll(async () => (await status())['hearts']).toBe(String(defaultApsisRules.hearts - 1));
    expect((await status())['left']).toBe(String(n));
    await settle();

    const f = (await centres()).find((c) => c.index === free)!;
    await page.mouse.click(f.x, f.y);
    await expect.poll(async () => (await status())['left']).toBe(String(n - 1));
    expect((await status())['hearts']).toBe(String(defaultApsisRules.hearts - 1));
    expect(((await boardState())['present'] as boolean[])[free]).toBe(false);
    await settle();

    // Colour by round, hover a blocked arrow: the screenshot a designer sees.
    await page.keyboard.press('s');
    const still = (await centres()).find((c) => c.live && rounds.round[c.index]! >= 2)!;
    await page.mouse.move(still.x, still.y);
    await page.screenshot({ path: join(RESULTS, 'inspector-apsis.png') });

    // Restart, play the whole solution: cleared without losing a heart.
    await page.mouse.move(5, 5);
    await page.keyboard.press('Backspace');
    await expect.poll(async () => (await status())['left']).toBe(String(n));
    await page.getByTestId('solution-play').click();
    await expect.poll(async () => (await status())['left'], { timeout: 20_000 }).toBe('0');
    expect((await status())['hearts']).toBe(String(defaultApsisRules.hearts));

    // Copy the level id (Clipboard API or the textarea fallback) and export the board as PNG.
    await page.getByTestId('copy-label').click();
    await expect.poll(() => page.getByTestId('copy-label').textContent()).toContain('Copied');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-png').click(),
    ]);
    expect(download.suggestedFilename()).toBe('apsis_seed-7_level-1.png');
    const png = await download.path();
    expect(png).toBeTruthy();

    // The 36-arrow level, in the light theme.
    await page.getByTestId('pack-next').click();
    await expect.poll(() => page.getByTestId('level-label').textContent()).toBe('apsis/seed 7/level 2');
    await page.keyboard.press('Alt+t');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
    await page.waitForTimeout(150);
    const ab = await page.evaluate(() => window.__inspector!.bench(9));
    console.log(
      `Apsis ${levels[1]!.arrows.length}-arrow system: built + drawn in ${ab.buildMs.toFixed(1)} ms, redrawn in ${ab.redrawMs.toFixed(1)} ms (median of 9)`,
    );
    await page.keyboard.press('s');
    const any = (await centres()).find((c) => rounds.round.length >= 0 && c.live)!;
    await page.mouse.move(any.x, any.y);
    await page.screenshot({ path: join(RESULTS, 'inspector-apsis-light.png') });
    await page.keyboard.press('Alt+t');
    expect(pageErrors).toEqual([]);
  });

  it("shows a malformed pack's problems (level and field) in the error panel and keeps the open level", async () => {
    const bad = join(dir, 'bad.json');
    const pack = carillonGame.toPack({
      seed: 7,
      rules: defaultCarillonRules,
      plan: defaultCarillonPlan,
      levels: [carillonLevel(0)],
    });
    (pack.levels[0]!.dots[0] as { size: string }).size = 'huge';
    writeFileSync(bad, JSON.stringify(pack));
    if (!page.url().startsWith(studio.server.url.split('?')[0]!)) await page.goto(studio.server.url);
    await page.keyboard.press('Alt+3');
    const before = await page
      .getByTestId('level-label')
      .textContent()
      .catch(() => null);
    await page.getByTestId('pack-file').setInputFiles(bad);
    await page.getByTestId('error-panel').waitFor();
    expect(await page.getByTestId('error-panel').textContent()).toMatch(/level 1: dots\[0\]\.size/);
    expect(
      await page
        .getByTestId('level-label')
        .textContent({ timeout: 1000 })
        .catch(() => null),
    ).toBe(before);
  });
});
