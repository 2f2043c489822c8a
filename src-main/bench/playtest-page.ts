/**
 * Bench: the exported playtest page (issue 24). A real run of each game's whole default set
 * (every level of its plan) is exported through packs.exportPlaytest; the page's size in bytes
 * (budget: under 2 MB), and in Chromium, opened from file:// with a tester's name already in
 * its local storage (as on a tester's second visit), the time from navigation start to the
 * first board drawn (the player's debug hook answering with the board's elements; budget:
 * under 1 s), median of 5 fresh pages.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gameIds, type GameId } from '../../src-shared/games/index';
import type {} from '../../src-shared/playtest/debug-hook';
import { localClient } from '../local-client';
import { openStudio } from '../studio';
import type { BenchCase, BenchRow } from './cases';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

async function exportedPage(
  game: GameId,
  dir: string,
): Promise<{ file: string; bytes: number; exportId: string; levels: number }> {
  const service = openStudio({ dbPath: join(dir, `${game}.db`), workers: 2, transport: 'cli' });
  try {
    const api = localClient(service);
    const run = await api.call('runs.create', { game, seed: 1 });
    const done = await service.engine.waitFor(run.id);
    if (done.status !== 'done') throw new Error(`bench: the ${game} run ended ${done.status}`);
    const out = await api.call('packs.exportPlaytest', { runId: run.id, kind: 'automatic' });
    const file = join(dir, out.fileName);
    writeFileSync(file, out.html);
    return { file, bytes: out.bytes, exportId: out.exportId, levels: out.levels };
  } finally {
    await service.close();
  }
}

export const playtestPageBenchCases: BenchCase[] = [
  {
    name: 'playtest-page',
    run: async () => {
      const { chromium } = await import('playwright-core');
      const dir = mkdtempSync(join(tmpdir(), 'studio-bench-playtest-'));
      const rows: BenchRow[] = [];
      try {
        const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
        try {
          for (const game of gameIds) {
            const page = await exportedPage(game, dir);
            rows.push({
              name: `playtest page of ${game}'s ${page.levels} levels: size`,
              value: page.bytes / (1024 * 1024),
              unit: 'MB',
              budget: '< 2 MB',
            });
            const times: number[] = [];
            for (let i = 0; i < 5; i++) {
              const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
              try {
                const tab = await context.newPage();
                // A tester who named themselves before: the page opens straight on the board.
                await tab.goto(`file://${page.file}`);
                await tab.getByTestId('page-name').fill('Bench');
                await tab.getByTestId('page-start').click();
                await tab.waitForFunction(() => (window.__playtest?.centres().length ?? 0) > 0);
                await tab.close();
                const again = await context.newPage();
                await again.goto(`file://${page.file}`, { waitUntil: 'commit' });
                await again.waitForFunction(() => (window.__playtest?.centres().length ?? 0) > 0, null, {
                  polling: 'raf',
                });
                times.push(await again.evaluate(() => performance.now()));
              } finally {
                await context.close();
              }
            }
            times.sort((a, b) => a - b);
            rows.push({
              name: `playtest page of ${game}: first board on screen from file://, median of ${times.length}`,
              value: times[Math.floor(times.length / 2)]!,
              unit: 'ms',
              budget: '< 1 s',
            });
          }
        } finally {
          await browser.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      return rows;
    },
  },
];
