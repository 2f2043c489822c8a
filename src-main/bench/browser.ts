/**
 * Renderer benchmarks in Debian's Chromium (playwright-core) against the real local server:
 * drawing a 40-dot field and a 36-arrow system in the inspector, and frame times while
 * scrolling a 10,000-candidate pool, with figures load on the machine hardly moves: the
 * thumbnails drawn (a count), the drawing time of one, and the main thread's CPU per frame.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apsisGame } from '../../src-shared/games/apsis/index';
import { carillonGame } from '../../src-shared/games/carillon/index';
import { stringifyPack } from '../../src-shared/pack/pack-io';
import type { Page } from 'playwright-core';
import type { Db } from '../store/db';
import type { BenchCase, BenchRow } from './cases';
import { insertGeneratedRun } from './fixtures';
import { findLevel, withBenchPage } from './bench-page';
// Declares window.__inspector, the inspector's debug hook (set by the renderer).
import type {} from '../../src-shared/inspector-debug';
// Declares window.__thumbs, the pool thumbnails' debug hook (set by the renderer).
import type {} from '../../src-shared/thumbs-debug';

export const browserBenchCases: BenchCase[] = [
  {
    name: 'browser',
    run: async () => {
      let runId = 0,
        apsisRunId = 0;
      const seed = (db: Db): void => {
        runId = insertGeneratedRun(db, 'carillon', 10_000).runId;
        apsisRunId = insertGeneratedRun(db, 'apsis', APSIS_POOL).runId;
      };
      return withBenchPage({ name: 'browser', seed }, async ({ page, browser, dir }) => {
        const rows: BenchRow[] = [];
        // Boards: the largest levels the default plans make.
        const field = findLevel(
          (index) =>
            carillonGame.generate({
              rules: carillonGame.defaultRules,
              plan: carillonGame.defaultPlan,
              seed: 7,
              slot: 119,
              index,
            }).level,
          (l) => l.dots.length === 40,
        );
        const system = findLevel(
          (index) =>
            apsisGame.generate({
              rules: apsisGame.defaultRules,
              plan: apsisGame.defaultPlan,
              seed: 7,
              slot: 149,
              index,
            }).level,
          (l) => l.arrows.length === 36,
        );
        const packs: [string, string, number][] = [
          [
            'carillon',
            stringifyPack(
              carillonGame.toPack({
                seed: 7,
                rules: carillonGame.defaultRules,
                plan: carillonGame.truncatePlan(carillonGame.defaultPlan, 1),
                levels: [field],
              }),
            ),
            40,
          ],
          [
            'apsis',
            stringifyPack(
              apsisGame.toPack({
                seed: 7,
                rules: apsisGame.defaultRules,
                plan: apsisGame.truncatePlan(apsisGame.defaultPlan, 1),
                levels: [system],
              }),
            ),
            36,
          ],
        ];
        for (const [game, text, size] of packs) {
          const file = join(dir, `${game}.json`);
          writeFileSync(file, text);
          await page.keyboard.press('Alt+3');
          await page.getByTestId('pack-file').setInputFiles(file);
          await page.waitForFunction((g) => window.__inspector?.game === g, game);
          const t = await page.evaluate(() => window.__inspector!.bench(25));
          const what = game === 'carillon' ? `${size}-dot field` : `${size}-arrow system`;
          rows.push({
            name: `draw a ${what} (build + draw, median of 25)`,
            value: t.buildMs,
            unit: 'ms',
            budget: '< 16 ms',
          });
          rows.push({ name: `redraw a ${what}`, value: t.redrawMs, unit: 'ms' });
        }
        // Scrolling the pool of 10,000 candidates: frame times, then (on a fresh page) the
        // main thread's CPU time per frame from a trace, which load on the machine hardly moves.
        await openPool(page, runId, 10_000);
        const scroll = await scrollPool(page);
        if (process.env['BENCH_DEBUG']) console.error('slow frames (index:ms):', scroll.slow.join(' '));
        rows.push({
          name: 'pool of 10,000: frame time while scrolling, median',
          value: scroll.median,
          unit: 'ms',
        });
        rows.push({ name: 'pool of 10,000: frame time while scrolling, p95', value: scroll.p95, unit: 'ms' });
        rows.push({
          name: 'pool of 10,000: worst frame while scrolling',
          value: scroll.max,
          unit: 'ms',
          budget: '< 50 ms',
        });
        rows.push({
          name: 'pool of 10,000: main-thread tasks over 50 ms while scrolling',
          value: scroll.longCount,
          unit: 'tasks',
          budget: '0',
        });
        rows.push({
          name: 'pool of 10,000: longest main-thread task (0 = none over 50 ms)',
          value: scroll.longest,
          unit: 'ms',
          budget: '< 50 ms',
        });
        rows.push({
          name: 'pool of 10,000: rows in the DOM (virtualised)',
          value: scroll.rowsMax,
          unit: 'rows',
        });
        rows.push({
          name: `pool of 10,000: thumbnails drawn while scrolling (${scroll.frames} frames)`,
          value: scroll.drawn,
          unit: 'thumbnails',
        });
        rows.push({
          name: 'pool of 10,000: thumbnails put back from the picture cache while scrolling',
          value: scroll.blits,
          unit: 'thumbnails',
        });
        rows.push({
          name: "pool of 10,000: drawing one thumbnail (the game's drawing, rasterised), mean",
          value: scroll.drawMean,
          unit: 'ms/card',
        });
        rows.push({
          name: 'pool of 10,000: drawing one thumbnail, p95',
          value: scroll.drawP95,
          unit: 'ms/card',
        });
        await page.reload();
        await openPool(page, runId, 10_000);
        await browser.startTracing(page, { categories: ['toplevel'] });
        const traced = await scrollPool(page);
        const cpu = mainThreadCpu(await browser.stopTracing());
        rows.push({
          name: 'pool of 10,000: main-thread CPU per frame while scrolling (traced)',
          value: cpu.totalMs / traced.frames,
          unit: 'ms',
        });
        rows.push({
          name: 'pool of 10,000: longest main-thread task while scrolling, CPU time (traced)',
          value: cpu.longestMs,
          unit: 'ms',
        });
        // Apsis thumbnails cost more to draw (arrows of several strokes each): the same scroll through a pool of its levels.
        await openPool(page, apsisRunId, APSIS_POOL);
        const apsis = await scrollPool(page);
        rows.push({
          name: `Apsis pool of ${APSIS_POOL.toLocaleString('en')}: thumbnails drawn while scrolling (${apsis.frames} frames)`,
          value: apsis.drawn,
          unit: 'thumbnails',
        });
        rows.push({
          name: "Apsis pool: drawing one thumbnail (the game's drawing, rasterised), mean",
          value: apsis.drawMean,
          unit: 'ms/card',
        });
        rows.push({
          name: 'Apsis pool: worst frame while scrolling',
          value: apsis.max,
          unit: 'ms',
          budget: '< 50 ms',
        });
        return rows;
      });
    },
  },
];

/** Candidates in the bench's Apsis run (its levels grow up to the default plan's 36 arrows). */
const APSIS_POOL = 2_000;

/** Opens the Pools page on one of the bench's runs and waits for its candidates. */
async function openPool(page: Page, runId: number, count: number): Promise<void> {
  await page.keyboard.press('Alt+2');
  await page.getByTestId('run-picker').first().selectOption(String(runId));
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="pool-count"]')?.textContent === String(n),
    count,
    { timeout: 60_000 },
  );
}

/**
 * Scrolls the pool grid for 360 frames (mostly 90 px a frame, a jump across the pool every
 * second) and returns the frame times, main-thread tasks over 50 ms and the thumbnails drawn.
 */
async function scrollPool(page: Page) {
  return page.evaluate(async () => {
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
    window.__thumbs?.reset();
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
    const t = window.__thumbs;
    const draws = (t?.drawMs ?? []).slice().sort((a, b) => a - b);
    const q = (xs: number[], f: number): number =>
      xs.length ? xs[Math.min(xs.length - 1, Math.floor(xs.length * f))]! : Number.NaN;
    return {
      frames: frames.length,
      median: q(frames, 0.5),
      p95: q(frames, 0.95),
      max: frames[frames.length - 1]!,
      rowsMax,
      slow,
      longest: Math.max(0, ...longTasks),
      longCount: longTasks.length,
      drawn: t?.drawn ?? Number.NaN,
      blits: t?.blits ?? Number.NaN,
      // The mean: the page's clock ticks in 0.1 ms steps, coarser than one drawing.
      drawMean: draws.length ? draws.reduce((a, b) => a + b, 0) / draws.length : Number.NaN,
      drawP95: q(draws, 0.95),
    };
  });
}

/**
 * CPU time (ms) of the page's main thread in a Chromium trace: its top-level tasks' thread
 * time in all, and the longest task's (time the thread waited for a core is not counted).
 */
function mainThreadCpu(trace: Buffer): { totalMs: number; longestMs: number } {
  const json = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(json) ? json : (json.traceEvents ?? []);
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let us = 0,
    longest = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !main.has(`${e.pid}:${e.tid}`))
      continue;
    us += e.tdur ?? 0;
    longest = Math.max(longest, e.tdur ?? 0);
  }
  return { totalMs: us / 1000, longestMs: longest / 1000 };
}

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}
