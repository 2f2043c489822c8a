/**
 * Players against the model in Chromium against the real server, SQLite and workers: simulated
 * testers (tests/helpers/simulated-testers.ts) play a Carillon run's order, their results come in
 * through the real import, and
 *  - the Plots page's Players section shows the per-level table, ρ with its interval in words,
 *    the scatter, and an inversion that opens both levels side by side;
 *  - the counts (testers, attempts per outcome, each tester) is shown and follows a results file
 *    imported while the page is open (playtests.stored), on Apsis as on Carillon;
 *  - the inspector lists the candidate's attempts and replays one step by step with its times,
 *    and "Link in note" writes the attempt into the note, whose link opens it again.
 * Screenshots at 1440×900 and 1280×720 go to /tmp/shots/players/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import { apsisGame } from '../../src-shared/games/apsis/index';
import { carillonGame } from '../../src-shared/games/carillon/index';
import type { ApsisRules } from '../../src-shared/games/apsis/rules';
import { countLines } from '../../src-renderer/src/plots/players-view';
import { streamFor } from '../../src-shared/random/prng';
import { useStudioInBrowser } from './chromium';
import { recordExport, resultsFile } from '../helpers/playtest-results';
import { apsisGuesser, apsisReader, carillonGuesser, carillonReader } from '../helpers/simulated-testers';

const SHOTS = '/tmp/shots/players';
const SLOW = { timeout: 60_000, interval: 200 };
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let page: Page;
let run: RunSummary;

async function shot(name: string, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SHOTS, name) });
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  page = studio.page;
  run = await studio.ctx.finishedRun({ game: 'carillon', seed: 23, levels: 12 });
  const e = await recordExport(studio.api, studio.ctx.dbPath, run.id, 'players-browser');
  const pack = await studio.api.call('packs.export', { runId: run.id, kind: 'automatic' });
  const rules = (await studio.api.call('runs.get', { runId: run.id })).rules;
  const levels = carillonGame.packLevels(carillonGame.parsePack(JSON.parse(pack.text)));
  const testers = [carillonReader, carillonGuesser, carillonGuesser, carillonReader, carillonGuesser];
  for (let k = 0; k < testers.length; k++) {
    const attempts = levels.flatMap((level, i) =>
      testers[k]!(level, rules as never, i + 1, streamFor(99, k, i)),
    );
    await studio.api.call('playtests.import', {
      text: JSON.stringify(resultsFile(e, `tester ${k + 1}`, attempts)),
    });
  }
  await page.goto(studio.server.url);
  await page.getByTestId('runs-table').waitFor();
}, 300_000);

describe('players against the model', () => {
  it('the Plots page shows the table, rho in words, the scatter, and an inversion side by side', async () => {
    const report = await studio.api.call('playtests.report', { runId: run.id, kind: 'automatic' });
    await page.keyboard.press('Alt+4');
    await page.getByTestId('run-picker').selectOption(String(run.id));
    const section = page.getByTestId('players-section');
    await section.waitFor(SLOW);
    await page.getByTestId('players-table').waitFor(SLOW);
    expect(await page.locator('[data-testid="players-table"] tbody tr').count()).toBe(report.levels.length);
    const rho = (await page.getByTestId('players-rho').textContent())!;
    expect(rho).toContain(`over ${report.rho!.levels} levels, seed ${report.rho!.seed}`);
    expect(rho).toMatch(/^Spearman’s ρ = -?[\d.]+ \(95 % bootstrap interval -?[\d.]+ to -?[\d.]+\)/);
    expect(await page.locator('[data-testid="players-scatter-svg"] .players-points circle').count()).toBe(
      report.levels.filter((l) => l.model !== null && l.observed !== null).length,
    );
    expect(await page.getByTestId('players-inversion').count()).toBe(report.inversions.length);
    expect(await page.getByTestId('players-counts-total').textContent()).toBe(countLines(report).total);
    await section.scrollIntoViewIfNeeded();
    if (report.inversions.length > 0) {
      await page.getByTestId('players-inversion').first().click();
      await page.getByTestId('players-board-a').waitFor(SLOW);
      await page.getByTestId('players-board-b').waitFor(SLOW);
    }
    await section.scrollIntoViewIfNeeded();
    await shot('players-1440x900.png', { width: 1440, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await shot('players-1280x720.png', { width: 1280, height: 720 });
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 120_000);

  it('the inspector replays an attempt step by step, and a note links to it', async () => {
    const order = await studio.api.call('orderings.get', { runId: run.id, kind: 'automatic' });
    const candidateId = order.levels[2]!.candidateId!;
    const { attempts } = await studio.api.call('playtests.attempts', { runId: run.id, candidateId });
    expect(attempts.length).toBeGreaterThan(0);
    await page.locator('[data-testid="players-table"] tbody tr[data-level="3"] button').click();
    await page.getByTestId('insp-attempts').waitFor(SLOW);
    expect(await page.getByTestId('insp-attempts-fold').textContent()).toContain(
      `${attempts.length} attempt`,
    );
    await page.getByTestId('insp-attempts-fold').click();
    expect(await page.getByTestId('insp-attempt').count()).toBe(attempts.length);
    await page.getByTestId('insp-attempt').first().click();
    await page.getByTestId('insp-movie').waitFor(SLOW);
    const full = await studio.api.call('playtests.attempt', { id: attempts[0]!.id });
    expect(await page.getByTestId('insp-movie-line').textContent()).toContain('the start');
    await page.getByTestId('insp-movie-next').click();
    const first = full.events[0]!;
    const line = (await page.getByTestId('insp-movie-line').textContent())!;
    expect(line).toMatch(/^0:\d\d\.\d · /);
    if (first.kind === 'move') expect(line).toContain(`dot ${first.element + 1} · ${first.effect}`);
    expect(await page.getByTestId('insp-movie-clock').textContent()).toMatch(/^0:\d\d\.\d \/ \d+:\d\d\.\d$/);
    await shot('replay-1440x900.png', { width: 1440, height: 900 });
    await shot('replay-1280x720.png', { width: 1280, height: 720 });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('insp-movie-link').click();
    await expect
      .poll(async () => (await studio.api.call('candidates.get', { candidateId })).note, SLOW)
      .toContain(`attempt:${attempts[0]!.id}`);
    await page.getByTestId('insp-note-attempt').waitFor(SLOW);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('on Apsis: the table, rho, inversions and the counts, which follows an import made while the page is open', async () => {
    const apsisRun = await studio.ctx.finishedRun({
      game: 'apsis',
      seed: 8,
      levels: 6,
      rules: { validCandidates: 4 },
    });
    const e = await recordExport(studio.api, studio.ctx.dbPath, apsisRun.id, 'players-browser-apsis');
    const pack = await studio.api.call('packs.export', { runId: apsisRun.id, kind: 'automatic' });
    const rules = (await studio.api.call('runs.get', { runId: apsisRun.id })).rules as ApsisRules;
    const levels = apsisGame.packLevels(apsisGame.parsePack(JSON.parse(pack.text)));
    const testers = [apsisReader, apsisGuesser, apsisGuesser, apsisReader, apsisGuesser];
    const fileOf = (k: number) =>
      JSON.stringify(
        resultsFile(
          e,
          `tester ${k + 1}`,
          levels.flatMap((level, i) => testers[k]!(level, rules, i + 1, streamFor(99, k, i))),
        ),
      );
    for (let k = 0; k < 4; k++) await studio.api.call('playtests.import', { text: fileOf(k) });
    await page.keyboard.press('Alt+4');
    await page.getByTestId('run-picker').selectOption(String(apsisRun.id));
    await page.getByTestId('players-table').waitFor(SLOW);
    const four = await studio.api.call('playtests.report', { runId: apsisRun.id, kind: 'automatic' });
    expect(four.counts.testers).toBe(4);
    await expect
      .poll(() => page.getByTestId('players-counts-total').textContent(), SLOW)
      .toBe(countLines(four).total);

    // The fifth tester's file comes in while the page is open: the section follows without a reload.
    await studio.api.call('playtests.import', { text: fileOf(4) });
    const report = await studio.api.call('playtests.report', { runId: apsisRun.id, kind: 'automatic' });
    expect(report.counts.testers).toBe(5);
    await expect
      .poll(() => page.getByTestId('players-counts-total').textContent(), SLOW)
      .toBe(countLines(report).total);
    await page.getByTestId('players-counts').locator('summary').click();
    expect(await page.getByTestId('players-counts-tester').allTextContents()).toEqual(
      countLines(report).testers,
    );

    expect(await page.locator('[data-testid="players-table"] tbody tr').count()).toBe(report.levels.length);
    for (const l of report.levels) {
      const cells = await page
        .locator(`[data-testid="players-table"] tbody tr[data-level="${l.level}"] td`)
        .allTextContents();
      expect(cells.slice(0, 4)).toEqual([
        String(l.level),
        l.candidate,
        String(l.testers),
        String(l.attempts),
      ]);
    }
    const rho = (await page.getByTestId('players-rho').textContent())!;
    if (report.rho) expect(rho).toContain(`over ${report.rho.levels} levels, seed ${report.rho.seed}`);
    expect(await page.getByTestId('players-inversion').allTextContents()).toEqual(
      report.inversions.map((i) => i.sentence),
    );
    const section = page.getByTestId('players-section');
    await section.scrollIntoViewIfNeeded();
    await shot('players-apsis-1440x900.png', { width: 1440, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await shot('players-apsis-1280x720.png', { width: 1280, height: 720 });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
