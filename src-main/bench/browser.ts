/**
 * Renderer benchmarks in Debian's Chromium (playwright-core) against the real local server:
 * drawing a 40-dot field and a 36-arrow system in the inspector, and frame times while
 * scrolling a 10,000-candidate pool.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apsisGame } from '../../src-shared/games/apsis/index';
import { carillonGame } from '../../src-shared/games/carillon/index';
import { stringifyPack } from '../../src-shared/pack/pack-io';
import { openStudio, rendererDir } from '../studio';
import { openDatabase } from '../store/db';
import { startServer } from '../server/server';
import type { BenchCase, BenchRow } from './cases';
import { insertCarillonRun } from './fixtures';
// Declares window.__inspector, the inspector's debug hook (set by the renderer).
import type {} from '../../src-shared/inspector-debug';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

function find<T>(make: (index: number) => T | null, ok: (t: T) => boolean): T {
  for (let index = 0; index < 64; index++) {
    const t = make(index);
    if (t && ok(t)) return t;
  }
  throw new Error('bench: no level of the wanted size');
}

export const browserBenchCases: BenchCase[] = [
  {
    name: 'browser',
    run: async () => {
      const { chromium } = await import('playwright-core');
      const dir = mkdtempSync(join(tmpdir(), 'studio-bench-browser-'));
      const dbPath = join(dir, 'studio.db');
      const seedDb = openDatabase(dbPath);
      const { runId } = insertCarillonRun(seedDb, 10_000);
      seedDb.close();
      const service = openStudio({ dbPath, workers: 1, transport: 'server' });
      const server = await startServer({ service, staticDir: rendererDir() });
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      });
      const rows: BenchRow[] = [];
      try {
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        // Boards: the largest levels the default plans make.
        const field = find((index) => carillonGame.generate({ rules: carillonGame.defaultRules, plan: carillonGame.defaultPlan, seed: 7, slot: 119, index }).level, (l) => l.dots.length === 40);
        const system = find((index) => apsisGame.generate({ rules: apsisGame.defaultRules, plan: apsisGame.defaultPlan, seed: 7, slot: 149, index }).level, (l) => l.arrows.length === 36);
        const packs: [string, string, number][] = [
          ['carillon', stringifyPack(carillonGame.toPack({ seed: 7, rules: carillonGame.defaultRules, plan: carillonGame.truncatePlan(carillonGame.defaultPlan, 1), levels: [field] })), 40],
          ['apsis', stringifyPack(apsisGame.toPack({ seed: 7, rules: apsisGame.defaultRules, plan: apsisGame.truncatePlan(apsisGame.defaultPlan, 1), levels: [system] })), 36],
        ];
        await page.goto(server.url);
        for (const [game, text, size] of packs) {
          const file = join(dir, `${game}.json`);
          writeFileSync(file, text);
          await page.keyboard.press('Alt+3');
          await page.getByTestId('pack-file').setInputFiles(file);
          await page.waitForFunction((g) => window.__inspector?.game === g, game);
          const t = await page.evaluate(() => window.__inspector!.bench(25));
          const what = game === 'carillon' ? `${size}-dot field` : `${size}-arrow system`;
          rows.push({ name: `draw a ${what} (build + draw, median of 25)`, value: t.buildMs, unit: 'ms', budget: '< 16 ms' });
          rows.push({ name: `redraw a ${what}`, value: t.redrawMs, unit: 'ms' });
        }
        // Scrolling the pool of 10,000 candidates.
        await page.keyboard.press('Alt+2');
        await page.getByTestId('run-picker').first().selectOption(String(runId));
        await page.waitForFunction(() => document.querySelector('[data-testid="pool-count"]')?.textContent === '10000', undefined, { timeout: 60_000 });
        const scroll = await page.evaluate(async () => {
          const el = document.querySelector<HTMLElement>('[data-testid="pool-grid"]')!;
          const frames: number[] = [];
          const slow: string[] = [];
          // Main-thread tasks over 50 ms (the browser's long-task threshold), to tell our code's
          // stalls apart from raster and compositing time in a GPU-less headless browser.
          const longTasks: number[] = [];
          const observer = new PerformanceObserver((list) => {
            for (const e of list.getEntries()) longTasks.push(e.duration);
          });
          observer.observe({ entryTypes: ['longtask'] });
          let last = performance.now();
          let rowsMax = 0;
          const max = el.scrollHeight - el.clientHeight;
          await new Promise<void>((resolve) => {
            let n = 0;
            const step = (now: number): void => {
              frames.push(now - last);
              if (now - last > 30) slow.push(`${n}:${Math.round(now - last)}`);
              last = now;
              // Mostly smooth scrolling, with a jump across the pool every second.
              el.scrollTop = n % 60 === 59 ? (((n * 7919) % 1000) / 1000) * max : Math.min(max, el.scrollTop + 90);
              rowsMax = Math.max(rowsMax, el.querySelectorAll('[data-testid="pool-vrow"]').length);
              if (++n < 360) requestAnimationFrame(step);
              else resolve();
            };
            requestAnimationFrame((now) => {
              last = now;
              requestAnimationFrame(step);
            });
          });
          observer.disconnect();
          frames.sort((a, b) => a - b);
          return { median: frames[Math.floor(frames.length / 2)]!, p95: frames[Math.floor(frames.length * 0.95)]!, max: frames[frames.length - 1]!, rowsMax, slow, longest: Math.max(0, ...longTasks), longCount: longTasks.length };
        });
        if (process.env['BENCH_DEBUG']) console.error('slow frames (index:ms):', scroll.slow.join(' '));
        rows.push({ name: 'pool of 10,000: frame time while scrolling, median', value: scroll.median, unit: 'ms' });
        rows.push({ name: 'pool of 10,000: frame time while scrolling, p95', value: scroll.p95, unit: 'ms' });
        rows.push({ name: 'pool of 10,000: worst frame while scrolling', value: scroll.max, unit: 'ms', budget: '< 50 ms' });
        rows.push({ name: 'pool of 10,000: main-thread tasks over 50 ms while scrolling', value: scroll.longCount, unit: 'tasks', budget: '0' });
        rows.push({ name: 'pool of 10,000: longest main-thread task (0 = none over 50 ms)', value: scroll.longest, unit: 'ms', budget: '< 50 ms' });
        rows.push({ name: 'pool of 10,000: rows in the DOM (virtualised)', value: scroll.rowsMax, unit: 'rows' });
      } finally {
        await browser.close();
        await server.close();
        await service.close();
        rmSync(dir, { recursive: true, force: true });
      }
      return rows;
    },
  },
];
