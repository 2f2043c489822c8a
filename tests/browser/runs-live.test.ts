/**
 * The Runs page live (issue 22, "live run list" and "progress that reads right"), in Chromium
 * against the real server: a run the CLI makes on the same database (another process, its own
 * connection) appears in the open Runs page within 2 s of being stored, with no reload, and in
 * the Export page's run picker; its status follows to done. And a working run's detailed
 * progress keeps inside its column at 1280×720 and 1440×900 ("▶ Plan and rules" beside it is
 * never run into), with the overall figure and the phase's count named apart and the
 * Candidates row counting candidates during the near-duplicate pass.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/cli';
import { readRows } from '../helpers/rows';
import { RESULTS, useStudioInBrowser } from './chromium';

let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 1, viewport: { width: 1440, height: 900 }, errors: pageErrors });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  page = studio.page;
});

/** The built CLI as a designer runs it in a terminal beside the studio, on the studio's own database. */
function cliGenerate(seed: number): { exited: Promise<{ code: number | null; at: number }> } {
  const child = spawn(
    process.execPath,
    [
      join(projectRoot, 'out/main/cli.js'),
      'generate',
      '--game',
      'carillon',
      '--seed',
      String(seed),
      '--levels',
      '3',
      '--workers',
      '1',
      '--out',
      join(studio.ctx.dir, `cli-${seed}.json`),
      '--db',
      studio.ctx.dbPath,
    ],
    { stdio: 'ignore' },
  );
  return {
    exited: new Promise((resolve) => child.once('exit', (code) => resolve({ code, at: performance.now() }))),
  };
}

/** When the run of `seed` was first stored (read through a connection of the test's own). */
async function storedAt(seed: number): Promise<{ id: number; at: number }> {
  for (;;) {
    const rows = readRows<{ id: number }>(studio.ctx.dbPath, 'SELECT id FROM runs WHERE seed = ?', seed);
    if (rows.length > 0) return { id: rows[0]!.id, at: performance.now() };
    await sleep(25);
  }
}

describe('runs made elsewhere', () => {
  it('a run the CLI makes on the same database shows in the open Runs page within 2 s, and its status follows', async () => {
    await page.goto(studio.server.url);
    await page.getByTestId('runs-empty').waitFor();
    const cli = cliGenerate(4242);
    const stored = await storedAt(4242);
    const row = page.getByTestId(`run-row-${stored.id}`);
    await row.waitFor({ timeout: 10_000 });
    const shownAfterMs = performance.now() - stored.at;
    console.log(`a run the CLI stored showed in the Runs page ${Math.round(shownAfterMs)} ms later`);
    expect(shownAfterMs).toBeLessThan(2000);

    const exit = await cli.exited;
    expect(exit.code).toBe(0);
    // The run is done before the CLI writes its pack and ends: the page has its status by then, or soon.
    await expect
      .poll(() => page.getByTestId(`run-status-${stored.id}`).textContent(), { timeout: 2000 })
      .toBe('done');

    // Every run picker reads the same list: Export offers it without a reload.
    await page.keyboard.press('Alt+8');
    await page.getByTestId('export-form').waitFor();
    await expect
      .poll(() => page.getByTestId('run-picker').locator(`option[value="${stored.id}"]`).count())
      .toBe(1);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});

/** What in a run's detailed progress leaves its column or runs into the panel's other parts ("▶ Plan and rules"). */
async function progressOverlaps(runId: number): Promise<string[]> {
  return page.evaluate((id) => {
    const prog = document.querySelector(`[data-testid="run-progress-detail-${id}"]`);
    if (!prog) return ['no detailed progress on screen'];
    const col = prog.closest('.details-body > *')!.getBoundingClientRect();
    const others = [...document.querySelectorAll('[data-testid="run-details"] summary, .facts')].map((e) => ({
      what: (e.textContent ?? '').trim().slice(0, 20),
      box: e.getBoundingClientRect(),
    }));
    const problems: string[] = [];
    const walker = document.createTreeWalker(prog, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      if (!text) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (r.width === 0) continue;
        if (r.left < col.left - 0.5 || r.right > col.right + 0.5)
          problems.push(
            `“${text}” runs out of its column (${Math.round(r.right)} > ${Math.round(col.right)})`,
          );
        for (const o of others)
          if (r.left < o.box.right && r.right > o.box.left && r.top < o.box.bottom && r.bottom > o.box.top)
            problems.push(`“${text}” runs into “${o.what}”`);
      }
    }
    return problems;
  }, runId);
}

describe('progress that reads right', () => {
  it('labels the overall figure and the phase apart, counts candidates as candidates, and overlaps nothing at 1280×720 or 1440×900', async () => {
    const run = await studio.api.call('runs.create', { game: 'carillon', seed: 2718 });
    await page.goto(studio.server.url);
    await page.getByTestId(`run-row-${run.id}`).click();
    const detail = page.getByTestId(`run-progress-detail-${run.id}`);
    await expect.poll(() => detail.getAttribute('data-stage'), { timeout: 60_000 }).toBe('generate');
    await expect
      .poll(() => page.getByTestId(`run-phase-detail-${run.id}`).textContent())
      .toMatch(/^generate [\d,]+ \/ [\d,]+ · /);
    expect(await page.getByTestId(`run-progress-detail-${run.id}-lead`).textContent()).toMatch(
      /^overall \d+ %$/,
    );
    expect(await page.getByTestId(`run-phase-${run.id}-generate`).textContent()).toMatch(
      /generate\s*[\d,]+ \/ [\d,]+ candidates/,
    );
    for (const size of [
      { width: 1280, height: 720 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      expect(await progressOverlaps(run.id), `generate at ${size.width}×${size.height}`).toEqual([]);
    }
    await page.screenshot({ path: join(RESULTS, 'runs-progress-generate-1440.png') });

    await expect.poll(() => detail.getAttribute('data-stage'), { timeout: 180_000 }).toBe('near-duplicates');
    // The pass counts pools under its own name; generate and the Candidates row keep the candidates.
    await expect
      .poll(() => page.getByTestId(`run-phase-${run.id}-near-duplicates`).textContent())
      .toMatch(/near-duplicates\s*[\d,]+ \/ [\d,]+ pools/);
    const total = run.candidatesTotal.toLocaleString('en');
    await expect
      .poll(() => page.getByTestId(`run-phase-${run.id}-generate`).textContent())
      .toMatch(new RegExp(`generate ✓\\s*[\\d,]+ / ${total} candidates`));
    await expect
      .poll(async () => (await page.getByTestId('run-candidates').textContent())?.trim())
      .toMatch(new RegExp(`^[\\d,]+ / ${total}$`));
    const shown = Number(
      (await page.getByTestId('run-candidates').textContent())!.split('/')[0]!.replace(/\D/g, ''),
    );
    const stored = (await studio.api.call('runs.list', {})).find((r) => r.id === run.id)!.candidatesDone;
    expect(shown).toBe(stored);
    for (const size of [
      { width: 1280, height: 720 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      expect(await progressOverlaps(run.id), `near-duplicates at ${size.width}×${size.height}`).toEqual([]);
    }
    await page.screenshot({ path: join(RESULTS, 'runs-progress-near-duplicates-1440.png') });
    await studio.api.call('runs.cancel', { runId: run.id });
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
