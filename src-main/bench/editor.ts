/**
 * Edit mode in Debian's Chromium (playwright-core) against the real local server: the
 * re-proof after one edit of a 40-dot field and of a 36-arrow system (the largest levels
 * the default plans make), from the edit to its proof on screen (the shared Game.prove and
 * Game.explain in the editor's Web Worker, then the panels' update), as a median and p95 —
 * and frame gaps while a dot or an arrow is dragged (figures update live during a drag).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { apsisGame } from '../../src-shared/games/apsis/index';
import { carillonGame } from '../../src-shared/games/carillon/index';
import { stringifyPack } from '../../src-shared/pack/pack-io';
import type { Page } from 'playwright-core';
import type { BenchCase, BenchRow } from './cases';
import { findLevel, withBenchPage } from './bench-page';
// Declares window.__editor, edit mode's debug hook (set by the renderer).
import type {} from '../../src-shared/editor-debug';

declare global {
  interface Window {
    /** BENCH_DEBUG: the page logs each timed edit (set before the studio loads). */
    __benchDebug?: boolean;
  }
}

/** Edits timed per level (each nudges one element by one unit, alternately there and back). */
const EDITS = 60;

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * The machine's load beside the figures (the targets are for a quiet machine): the 1-minute
 * load average per core, and whether that is quiet (under 0.25 per core: other work used less
 * than a quarter of the cores while the edits were timed).
 */
function loadRows(when: string): BenchRow[] {
  const perCore = loadavg()[0]! / cpus().length;
  return [
    {
      name: `edit mode: machine load ${when} (1-minute average per core; quiet < 0.25)`,
      value: perCore,
      unit: perCore < 0.25 ? 'quiet' : 'loaded',
    },
  ];
}

export const editorBenchCases: BenchCase[] = [
  {
    name: 'browser-editor',
    run: async () => {
      if (!existsSync(CHROMIUM))
        return [
          {
            name: `edit mode: skipped, Chromium is missing at ${CHROMIUM} (install Debian's chromium or set CHROMIUM_PATH)`,
            value: Number.NaN,
            unit: '',
          },
        ];
      const beforeLoad = async (page: Page): Promise<void> => {
        if (!process.env['BENCH_DEBUG']) return;
        page.on('console', (m) => console.error(m.text()));
        await page.addInitScript(() => (window.__benchDebug = true));
      };
      return withBenchPage({ name: 'editor', beforeLoad }, async ({ page, dir }) => {
        const rows: BenchRow[] = loadRows('before the edits');
        // The last level of each default plan, as the last level of a pack (so it is proved in its own slot).
        const cPlan = carillonGame.defaultPlan,
          aPlan = apsisGame.defaultPlan;
        const cSlot = carillonGame.levelCount(cPlan) - 1,
          aSlot = apsisGame.levelCount(aPlan) - 1;
        const field = findLevel(
          (index) =>
            carillonGame.generate({
              rules: carillonGame.defaultRules,
              plan: cPlan,
              seed: 7,
              slot: cSlot,
              index,
            }).level,
          (l) => l.dots.length === 40,
        );
        const system = findLevel(
          (index) =>
            apsisGame.generate({ rules: apsisGame.defaultRules, plan: aPlan, seed: 7, slot: aSlot, index })
              .level,
          (l) => l.arrows.length === 36,
        );
        // Packs of one level each would put it at level 1; fill the earlier levels with copies so it stands in its slot.
        const packs: [string, string, string, number][] = [
          [
            'carillon',
            '40-dot field',
            stringifyPack(
              carillonGame.toPack({
                seed: 7,
                rules: carillonGame.defaultRules,
                plan: cPlan,
                levels: new Array(cSlot + 1).fill(field),
              }),
            ),
            cSlot,
          ],
          [
            'apsis',
            '36-arrow system',
            stringifyPack(
              apsisGame.toPack({
                seed: 7,
                rules: apsisGame.defaultRules,
                plan: aPlan,
                levels: new Array(aSlot + 1).fill(system),
              }),
            ),
            aSlot,
          ],
        ];
        for (const [game, what, text, slot] of packs) {
          const file = join(dir, `${game}.json`);
          writeFileSync(file, text);
          await page.keyboard.press('Alt+3');
          await page.getByTestId('pack-file').setInputFiles(file);
          await page.getByTestId('pack-level').fill(String(slot + 1));
          await page.getByTestId('pack-level').press('Enter');
          await page.waitForFunction((g) => window.__inspector?.game === g, game);
          await page.keyboard.press('e');
          await page.waitForFunction(() => (window.__editor?.proofs() ?? 0) > 0, undefined, {
            timeout: 60_000,
          });
          // One edit at a time: nudge an element right, then back left, and wait for its proof on screen.
          const t = await page.evaluate(async (n) => {
            const hook = window.__editor!;
            const count = hook.centres().length;
            const toScreen: number[] = [],
              work: number[] = [];
            for (let k = 0; k < n; k++) {
              const i = Math.floor(k / 2) % count;
              const r = await hook.nudgeAndWait(i, k % 2 === 0 ? 1 : -1, 0);
              toScreen.push(r.toScreenMs);
              work.push(r.workMs);
              if (window.__benchDebug)
                console.log(
                  `edit ${k}: ${r.toScreenMs.toFixed(1)} ms to screen, ${document.querySelector('[data-testid=edit-timing]')?.textContent} round trip, worker ${r.workMs.toFixed(1)} ms`,
                );
            }
            return { toScreen, work };
          }, EDITS);
          const s = t.toScreen.slice().sort((a, b) => a - b),
            w = t.work.slice().sort((a, b) => a - b);
          rows.push({
            name: `edit mode: one edit of a ${what} to its proof on screen, median of ${EDITS}`,
            value: quantile(s, 0.5),
            unit: 'ms',
            budget: '< 16 ms',
          });
          rows.push({
            name: `edit mode: one edit of a ${what} to its proof on screen, p95`,
            value: quantile(s, 0.95),
            unit: 'ms',
            budget: '< 33 ms',
          });
          rows.push({
            name: `edit mode: prove + explain a ${what} in the worker, median`,
            value: quantile(w, 0.5),
            unit: 'ms',
          });

          // A drag across the board with the mouse, one move per frame: the frame gaps while it runs.
          const c = (await page.evaluate(() => window.__editor!.centres()))[0]!;
          await page.mouse.move(c.x, c.y);
          await page.mouse.down();
          for (let k = 1; k <= 90; k++) {
            await page.mouse.move(c.x + 120 * Math.sin(k / 15), c.y + 60 * (1 - Math.cos(k / 15)));
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
          }
          await page.mouse.up();
          const frames = (await page.evaluate(() => window.__editor!.dragFrames())).sort((a, b) => a - b);
          rows.push({
            name: `edit mode: frame gap while dragging in a ${what}, median`,
            value: quantile(frames, 0.5),
            unit: 'ms',
          });
          rows.push({
            name: `edit mode: frame gap while dragging in a ${what}, p95`,
            value: quantile(frames, 0.95),
            unit: 'ms',
            budget: '< 33 ms (30 fps)',
          });
          await page.keyboard.press('e');
        }
        rows.push(...loadRows('after the edits'));
        return rows;
      });
    },
  },
];
