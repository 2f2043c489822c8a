/**
 * The new-run form's guards, in Chromium: a seed typed as "1e3" (or anything but plain digits
 * in the seed domain) is named under the field and nothing is sent; a plan past the size
 * threshold (the one experiments use) asks first, showing the run's size and its estimated
 * time at the measured rate; Cancel stores nothing, "Start it" starts the run; the answer to
 * Start run (held back over the socket) replaces only what the designer has not touched since
 * (a seed typed, a run picked). The API's side is in integration/size-guard.test.ts and
 * unit/seed.test.ts.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESULTS, useStudioInBrowser } from './chromium';

const SHOTS = existsSync('/tmp/shots') ? '/tmp/shots/honesty' : RESULTS;
mkdirSync(SHOTS, { recursive: true });

let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 1, viewport: { width: 1440, height: 900 }, errors: pageErrors });

/** runs.create answers the test holds back until it lets them go (the socket is routed through the test). */
let holdCreate = false;
const held: Array<() => void> = [];

beforeAll(async () => {
  page = studio.page;
  await page.routeWebSocket(/.*/, (ws) => {
    const server = ws.connectToServer();
    const createIds = new Set<number>();
    ws.onMessage((m) => {
      if (typeof m === 'string' && m.includes('"runs.create"')) {
        const { id, method } = JSON.parse(m) as { id?: number; method?: string };
        if (method === 'runs.create' && typeof id === 'number') createIds.add(id);
      }
      server.send(m);
    });
    server.onMessage((m) => {
      const id =
        typeof m === 'string' && m.startsWith('{') ? (JSON.parse(m) as { id?: unknown }).id : undefined;
      if (holdCreate && typeof id === 'number' && createIds.has(id)) held.push(() => ws.send(m));
      else ws.send(m);
    });
  });
  await page.goto(studio.server.url);
});

describe("the new-run form's seed", () => {
  it('refuses "1e3" and a seed past the domain under the field, starting nothing', async () => {
    await page.getByTestId('new-run-game').selectOption('carillon');
    await page.getByTestId('new-run-levels').fill('1');
    for (const [text, message] of [
      ['1e3', 'must be a whole number from 0 to 2,147,483,647, not “1e3”'],
      ['2147483648', 'must be a whole number from 0 to 2,147,483,647; 2147483648 is too large'],
      [' ', 'is empty: write a whole number from 0 to 2,147,483,647'],
    ] as const) {
      await page.getByTestId('new-run-seed').fill(text);
      await page.getByTestId('new-run-submit').click();
      await expect.poll(() => page.getByTestId('field-error-seed').textContent()).toBe(message);
      expect(await page.getByTestId('new-run-seed').getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'new-run-seed',
      );
    }
    expect(await studio.ctx.api.call('runs.list', {})).toEqual([]);
    await page.getByTestId('new-run-levels').fill('');
  });
});

describe('the new-run form past the size threshold', () => {
  it('asks with the size and estimated time; Cancel stores nothing, Start it starts the run', async () => {
    await page.getByTestId('new-run-game').selectOption('carillon');
    await page.getByTestId('new-run-seed').fill('5');
    await page.getByTestId('new-run-rules-json-toggle').click();
    await page.getByTestId('new-run-rules').fill('{ "poolSize": 800 }');
    await page.getByTestId('new-run-submit').click();
    const dialog = page.getByRole('dialog', { name: 'A large run' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('p').textContent()).toMatch(
      /^This run makes 96,000 candidates \(120 levels\), at least 50,000; it would take about \d+ (s|min) at the measured rate\. Start it anyway\?$/,
    );
    for (const [w, h] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: join(SHOTS, `new-run-size-${w}x${h}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByTestId('confirm-cancel').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await studio.ctx.api.call('runs.list', {})).toEqual([]);
    // No field is marked wrong: the question is not an error.
    expect(await page.locator('[data-testid^="field-error-"]').count()).toBe(0);

    await page.getByTestId('new-run-submit').click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByTestId('confirm-ok').click();
    await expect.poll(async () => (await studio.ctx.api.call('runs.list', {})).length).toBe(1);
    const [run] = await studio.ctx.api.call('runs.list', {});
    expect(run).toMatchObject({ game: 'carillon', seed: 5, candidatesTotal: 96_000 });
    expect((await studio.ctx.api.call('runs.cancel', { runId: run!.id })).status).toBe('cancelled');
    expect(pageErrors).toEqual([]);
  });
});

describe('the new-run form while Start run is answered', () => {
  it('an untouched form gets a fresh seed and the new run picked; a seed typed and a run picked meanwhile are kept', async () => {
    const [first] = await studio.ctx.api.call('runs.list', {});
    expect(first).toBeDefined();
    await page.getByTestId('new-run-rules').fill('{}');
    await page.getByTestId('new-run-game').selectOption('carillon');
    await page.getByTestId('new-run-levels').fill('1');
    const madeWith = async (seed: number) => {
      await expect
        .poll(async () => (await studio.ctx.api.call('runs.list', {})).filter((r) => r.seed === seed).length)
        .toBe(1);
      return (await studio.ctx.api.call('runs.list', {})).find((r) => r.seed === seed)!;
    };

    // Untouched: the answer, held back, picks the new run and draws a new seed when it comes.
    await page.getByTestId('new-run-seed').fill('7');
    holdCreate = true;
    await page.getByTestId('new-run-submit').click();
    await expect.poll(() => held.length).toBe(1);
    holdCreate = false;
    held.shift()!();
    const seven = await madeWith(7);
    await expect
      .poll(() => page.getByTestId(`run-row-${seven.id}`).getAttribute('aria-selected'))
      .toBe('true');
    await expect.poll(() => page.getByTestId('new-run-seed').inputValue()).not.toBe('7');

    // Touched: held until the designer has typed another seed and picked another run.
    await page.getByTestId('new-run-seed').fill('11');
    holdCreate = true;
    await page.getByTestId('new-run-submit').click();
    await expect.poll(() => held.length).toBe(1);
    await page.getByTestId('new-run-seed').fill('99');
    await page.getByTestId(`run-row-${first!.id}`).click();
    holdCreate = false;
    held.shift()!();
    const eleven = await madeWith(11);
    await expect
      .poll(() => page.getByTestId('new-run-created').textContent())
      .toMatch(new RegExp(`^Run #${eleven.id} `));
    // The form has finished with the answer (it is no longer 'Starting…': the seed and the pick
    // come before that), and the list holds the new run's row; the designer's seed and pick stand.
    await expect.poll(() => page.getByTestId('new-run-submit').textContent()).toBe('Start run');
    await page.getByTestId(`run-row-${eleven.id}`).waitFor();
    expect(await page.getByTestId('new-run-seed').inputValue()).toBe('99');
    expect(await page.getByTestId(`run-row-${first!.id}`).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId(`run-row-${eleven.id}`).getAttribute('aria-selected')).toBe('false');
    for (const r of await studio.ctx.api.call('runs.list', {}))
      if (r.status === 'queued' || r.status === 'running')
        await studio.ctx.api.call('runs.cancel', { runId: r.id });
    expect(pageErrors).toEqual([]);
  });
});
