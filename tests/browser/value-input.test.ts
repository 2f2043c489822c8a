/**
 * The new-run form's value inputs read what is typed with the studio's one field-value reader
 * (src-shared/schema/field-value.ts), in Chromium: a list cell holding a word and a JSON rule
 * holding broken JSON are named in a sentence under the field, nothing is sent, and fixing
 * them clears the sentence. The experiment form's refusals are in experiments.test.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESULTS, useStudioInBrowser } from './chromium';

const SHOTS = existsSync('/tmp/shots/pickers') ? '/tmp/shots/pickers' : RESULTS;

let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 1, viewport: { width: 1440, height: 900 }, errors: pageErrors });

beforeAll(async () => {
  page = studio.page;
  await page.goto(studio.server.url);
});
describe('value inputs of the new-run form', () => {
  it('a list cell with a word is named under it, the run is not started, and the fix clears it', async () => {
    await page.getByTestId('new-run-game').selectOption('apsis');
    const cell = page.getByTestId('plan-cell-0-arrows');
    const before = await cell.inputValue();
    await cell.fill('3, 4, lots');
    await expect
      .poll(() => page.getByTestId('plan-error-0-arrows').textContent())
      .toBe('Stage 1 arrows per level must be a list of numbers such as 3, 4, 5; “lots” is not a number.');
    expect(await cell.getAttribute('aria-invalid')).toBe('true');
    // The text stays as typed when the field is left, so the designer sees what to fix.
    await page.getByTestId('new-run-seed').focus();
    expect(await cell.inputValue()).toBe('3, 4, lots');
    await page.getByTestId('new-run-submit').click();
    await expect
      .poll(() => page.getByTestId('new-run-error').textContent())
      .toBe('A field holds text it cannot take (named in red under it).');
    expect(await studio.ctx.api.call('runs.list', {})).toEqual([]);
    for (const [w, h] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: join(SHOTS, `new-run-list-error-${w}x${h}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await cell.fill(before);
    await expect.poll(() => page.getByTestId('plan-error-0-arrows').count()).toBe(0);
    expect(await cell.getAttribute('aria-invalid')).toBeNull();
    expect(pageErrors).toEqual([]);
  });
});
