/**
 * The Runs page's Reproduce button (issue 21, item 12) in Chromium: on a finished run it makes
 * the run again on the studio's workers and shows the verdict as a sentence. An untouched run
 * reproduces; after its shipped level 7 was changed in the database, the page names level 7 and
 * its candidate, stored beside made again with their metrics, and says an older generator made it.
 */
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src-shared/api';
import { useStudioInBrowser } from './chromium';

let run: RunSummary;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 1, errors: pageErrors });

beforeAll(async () => {
  run = await studio.ctx.finishedRun({ game: 'carillon', seed: 21, levels: 8 });
});

describe('the Reproduce button', () => {
  it('shows the verdict: equal for an untouched run, then level 7 named after it was changed', async () => {
    const { page, server } = studio;
    await page.goto(server.url);
    await page.getByTestId(`run-row-${run.id}`).click();
    const button = page.getByTestId('run-reproduce');
    await button.click();
    const sentence = page.getByTestId('reproduce-sentence');
    await expect
      .poll(() => sentence.textContent(), { timeout: 120_000 })
      .toMatch(
        new RegExp(
          `^Run #${run.id} reproduces: all \\d+ candidates and the automatic pack are the same, byte for byte\\.$`,
        ),
      );
    expect(await page.getByTestId('reproduce-diffs').count()).toBe(0);
    expect(await button.isEnabled()).toBe(true);

    const edit = new Database(studio.ctx.dbPath);
    const shipped = edit
      .prepare(
        "SELECT c.slot, c.idx, c.id FROM ordering_levels o JOIN candidates c ON c.id = o.candidate_id WHERE o.run_id = ? AND o.kind = 'automatic' AND o.level = 7",
      )
      .get(run.id) as { id: number; slot: number; idx: number };
    edit
      .prepare(
        "UPDATE candidates SET level = json_set(level, '$.dots[0].x', json_extract(level, '$.dots[0].x') + 3) WHERE id = ?",
      )
      .run(shipped.id);
    edit
      .prepare("UPDATE runs SET generator = json_set(generator, '$.hash', 'a0a0a0a0a0a0a0a0') WHERE id = ?")
      .run(run.id);
    edit.close();
    const name = `L${shipped.slot + 1} · c${shipped.idx + 1}`;

    await button.click();
    await expect
      .poll(() => sentence.textContent(), { timeout: 120_000 })
      .toMatch(
        new RegExp(
          `^Run #${run.id} does not reproduce: 1 of \\d+ candidates differ; the automatic pack differs in 1 level\\.$`,
        ),
      );
    const level = page.getByTestId('reproduce-level');
    expect(await level.count()).toBe(1);
    const cells = await level.first().locator('th, td').allTextContents();
    expect(cells[0]).toBe('Level 7');
    expect(cells[1]).toMatch(new RegExp(`^${name}: bits [\\d.]+, taps \\d+`));
    expect(cells[2]).toMatch(new RegExp(`^${name}: bits [\\d.]+, taps \\d+`));
    expect(await page.getByTestId('reproduce-candidate').first().locator('th').textContent()).toBe(
      `${name} (level differs)`,
    );
    expect(await page.getByTestId('reproduce-note').textContent()).toMatch(
      /^This run was made by an older Carillon generator \(/,
    );
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
