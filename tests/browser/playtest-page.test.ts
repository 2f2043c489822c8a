/**
 * The offline playtest page in Chromium (issue 24): exported through the API, written to a
 * file and opened from file:// (no server). A tester types a name and plays three levels by
 * clicking the board (Carillon's dots, Apsis's arrows), the page is closed mid-level and
 * reopened, resumes where it stopped, a level is skipped, and "Download results" saves a
 * results file whose checksums are the export's and its attempts'; the file is imported back
 * through the studio's real import (pt-core's playtests.import) onto its levels. Both games.
 * Screenshots at 1440×900 and 1280×720 go to test-results/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from '../../src-shared/playtest/checksum';
import type { PlaytestResultsFile } from '../../src-shared/playtest/types';
import { testerLevels } from '../../src-shared/playtest/tester-levels';
import { openTestStudio, type TestStudio } from '../helpers/studio';
import { launchChromium, RESULTS } from './chromium';
import type { PlaytestDebugHook } from '../../src-shared/playtest/debug-hook';

let studio: TestStudio;
let browser: Browser;
beforeAll(async () => {
  studio = openTestStudio({ workers: 1 });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await studio?.close();
});

const TESTER = 'Zoë Tester';

type Hook = ReturnType<PlaytestDebugHook['centres']>;

async function centres(page: Page): Promise<Hook> {
  await page.waitForFunction(() => (window.__playtest?.centres().length ?? 0) > 0);
  return page.evaluate(() => window.__playtest!.centres());
}

/** Click element i of the board on screen (its centre, in page pixels). */
async function clickElement(page: Page, i: number): Promise<void> {
  const c = (await centres(page))[i]!;
  expect(c.live, `element ${i} is still on the board`).toBe(true);
  await page.mouse.move(c.x, c.y);
  await page.mouse.down();
  await page.mouse.up();
}

async function openPage(context: BrowserContext, file: string, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  await page.goto(`file://${file}`);
  return page;
}

describe('the playtest page from file://', () => {
  for (const game of ['carillon', 'apsis'] as const) {
    it(`${game}: name, three levels by clicking, close and reopen, resume, skip, download`, async () => {
      const run = await studio.finishedRun({ game, seed: 3, levels: 8 });
      // The solutions, from the studio's own pack (never from the page).
      const pack = JSON.parse(
        (await studio.api.call('packs.export', { runId: run.id, kind: 'automatic' })).text,
      ) as {
        levels: { solution: number[] }[];
      };
      const solution = (level: number): number[] => pack.levels[level - 1]!.solution;
      // Each tester's order is drawn from the export's seed and their name: a seed whose first
      // three levels for this tester hold one of more than one move (Carillon's first three are one-tap).
      const seed = [...Array(100).keys()].find((s) =>
        testerLevels(8, { subset: null, shuffle: true, seed: s }, TESTER)
          .slice(0, 3)
          .some((l) => solution(l).length >= 2),
      )!;
      const queue = testerLevels(8, { subset: null, shuffle: true, seed }, TESTER);
      const out = await studio.api.call('packs.exportPlaytest', {
        runId: run.id,
        kind: 'automatic',
        testers: { shuffle: true, seed },
      });
      const file = join(studio.dir, out.fileName);
      writeFileSync(file, out.html);
      const errors: string[] = [];
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        acceptDownloads: true,
      });
      try {
        let page = await openPage(context, file, errors);
        await page.getByTestId('page-name').fill('Zoë Tester');
        await page.getByTestId('page-start').click();
        await expect.poll(() => page.getByTestId('player-level').textContent()).toBe('Level 1 of 8');
        if (game === 'apsis') expect(await page.getByTestId('player-feedback').textContent()).toBe('♥♥♥');
        await page.screenshot({ path: join(RESULTS, `playtest-page-${game}-1440.png`) });
        await page.setViewportSize({ width: 1280, height: 720 });
        await page.screenshot({ path: join(RESULTS, `playtest-page-${game}-1280.png`) });

        // The tester's first three levels by clicking, in the fewest moves; at the first level of more than one
        // move, the page is closed after its first move and reopened: it resumes there, and
        // the tester restarts the level and plays it from the start.
        let resumed: number | null = null;
        for (const at of [1, 2, 3]) {
          const level = queue[at - 1]!;
          await expect.poll(() => page.getByTestId('player-level').textContent()).toBe(`Level ${at} of 8`);
          const moves = solution(level);
          if (resumed === null && moves.length >= 2) {
            await clickElement(page, moves[0]!);
            await expect.poll(async () => (await centres(page))[moves[0]!]!.live).toBe(false);
            await page.close();
            page = await openPage(context, file, errors);
            await expect.poll(() => page.getByTestId('player-level').textContent()).toBe(`Level ${at} of 8`);
            expect(await page.getByTestId('page-tester').textContent()).toBe(
              `Playing as Zoë Tester · ${at - 1} ${at === 2 ? 'attempt' : 'attempts'} recorded`,
            );
            expect((await centres(page))[moves[0]!]!.live).toBe(false);
            await page.getByTestId('player-restart').click();
            await expect.poll(async () => (await centres(page)).every((c) => c.live)).toBe(true);
            resumed = level;
          }
          for (const el of moves) await clickElement(page, el);
          await expect.poll(() => page.getByTestId('player-banner').textContent()).toContain('Cleared');
          await page.getByTestId('player-next').click();
        }
        expect(resumed, 'the page was closed and reopened mid-level').not.toBeNull();

        // Level 4: skipped before any move.
        await expect.poll(() => page.getByTestId('player-leave').textContent()).toBe('Skip this level');
        await page.getByTestId('player-leave').click();
        // Results can be downloaded at any time: here with levels 5-8 still to play.
        await expect.poll(() => page.getByTestId('player-level').textContent()).toBe('Level 5 of 8');

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByTestId('page-download').click(),
        ]);
        expect(download.suggestedFilename()).toBe(`playtest-Zoë-Tester-${out.exportId.slice(0, 8)}.json`);
        const results = JSON.parse(readFileSync((await download.path())!, 'utf8')) as PlaytestResultsFile;
        expect(results).toMatchObject({
          format: 'studio-playtest-results',
          version: 1,
          exportId: out.exportId,
          tester: 'Zoë Tester',
        });
        const data = JSON.parse(
          /<script type="application\/json" id="playtest-data">([\s\S]*?)<\/script>/.exec(out.html)![1]!,
        ) as { pack: string };
        expect(results.packChecksum).toBe(sha256Hex(data.pack));
        expect(results.attemptsChecksum).toBe(sha256Hex(canonicalJson(results.attempts)));
        // The resumed level took one move more than the fewest: Carillon counts it wasted, Apsis wastes only hearts.
        const again = game === 'carillon' ? 'cleared-more' : 'cleared-fewest';
        expect(results.attempts.map((a) => [a.level, a.outcome])).toEqual(
          queue
            .slice(0, 3)
            .map((l) => [l, l === resumed ? again : 'cleared-fewest'])
            .concat([[queue[3]!, 'skipped']]),
        );
        for (const [i, level] of queue.slice(0, 3).entries()) {
          const a = results.attempts[i]!;
          const moves = a.events.flatMap((e) => (e.kind === 'move' ? [e.element] : []));
          const sol = solution(level);
          expect(moves).toEqual(level === resumed ? [sol[0], ...sol] : sol);
          expect(a.events.filter((e) => e.kind === 'restart')).toHaveLength(level === resumed ? 1 : 0);
        }
        for (const a of results.attempts) {
          const at = a.events.map((e) => e.at);
          expect(at).toEqual([...at].sort((x, y) => x - y));
          expect(a.ms).toBeGreaterThanOrEqual(at[at.length - 1] ?? 0);
        }
        expect(errors).toEqual([]);

        // Back into the studio through the real import (every trace replayed): the attempts
        // land on their levels' candidates, and a second import adds nothing.
        const text = readFileSync((await download.path())!, 'utf8');
        expect(await studio.api.call('playtests.import', { text })).toMatchObject({
          exportId: out.exportId,
          runId: run.id,
          tester: TESTER,
          added: 4,
          already: 0,
        });
        expect(await studio.api.call('playtests.import', { text })).toMatchObject({ added: 0, already: 4 });
        const report = await studio.api.call('playtests.report', { runId: run.id, kind: 'automatic' });
        for (const level of queue.slice(0, 4))
          expect(
            report.levels.find((l) => l.level === level),
            `level ${level}`,
          ).toMatchObject({
            testers: 1,
            attempts: 1,
          });
      } finally {
        await context.close();
      }
    });
  }
});
