/**
 * Bench: the expressive range of 10,000 candidates. Binned in Node (the counts every view
 * draws, src-shared/range/expressive-range.ts) on the stored run's real metrics, then binned
 * and drawn in Chromium on the Plots page: from a change of the bins to the new figure on
 * screen (Svelte's update, the binning and Observable Plot's drawing). Budget: under 100 ms.
 */
import { carillonGame } from '../../src-shared/games/carillon/index';
import { binRange } from '../../src-shared/range/expressive-range';
import type { BenchCase, BenchRow } from './cases';
import { timeMedian } from './cases';
import { insertGeneratedRun } from './fixtures';
import { withBenchPage } from './bench-page';
import type { Db } from '../store/db';
import { candidatePoints } from '../store/candidates';

const COUNT = 10_000;

export const rangeBenchCases: BenchCase[] = [
  {
    name: 'range',
    run: async () => {
      let runId = 0;
      let binMs = 0;
      const metric = (k: string) => carillonGame.metrics.find((m) => m.key === k)!;
      const seed = (db: Db): void => {
        runId = insertGeneratedRun(db, 'carillon', COUNT).runId;
        const points = candidatePoints(db, runId);
        // A few of the fixture's jobs give up (no metrics): nearly all of the 10,000 are points.
        if (points.length < COUNT * 0.99) throw new Error(`the bench run holds only ${points.length} points`);
        binMs = timeMedian(() => {
          const r = binRange(points, metric('dots'), metric('bits'), 20);
          if (r.kind !== 'grid') throw new Error('no range to bin');
        }, 9);
      };
      return withBenchPage({ name: 'range', seed }, async ({ page }) => {
        const rows: BenchRow[] = [
          {
            name: `expressive range of ${COUNT.toLocaleString('en')}: binned in Node`,
            value: binMs,
            unit: 'ms',
          },
        ];
        await page.keyboard.press('Alt+4');
        await page.getByTestId('run-picker').first().selectOption(String(runId));
        await page.getByTestId('range-x').selectOption('dots');
        await page.getByTestId('range-y').selectOption('bits');
        await page.waitForSelector('[data-testid="plots-range-svg"] [data-cell]', { timeout: 60_000 });
        const times: number[] = [];
        for (const bins of ['10', '20', '30', '40', '20', '10', '30', '40', '20']) {
          const ms = await page.evaluate(async (b) => {
            const host = document.querySelector('[data-testid="plots-range-host"]')!;
            const before = host.firstElementChild;
            const select = document.querySelector<HTMLSelectElement>('[data-testid="range-bins"]')!;
            const t0 = performance.now();
            select.value = b;
            select.dispatchEvent(new Event('change', { bubbles: true }));
            for (;;) {
              await new Promise((r) => requestAnimationFrame(r));
              const now = host.firstElementChild;
              if (now && now !== before && now.querySelector('[data-cell]')) return performance.now() - t0;
              if (performance.now() - t0 > 10_000) throw new Error('the range was not redrawn');
            }
          }, bins);
          times.push(ms);
        }
        times.sort((a, b) => a - b);
        rows.push({
          name: `expressive range of ${COUNT.toLocaleString('en')}: binned and drawn in Chromium, median of ${times.length}`,
          value: times[Math.floor(times.length / 2)]!,
          unit: 'ms',
          budget: '< 100 ms',
        });
        rows.push({
          name: `expressive range of ${COUNT.toLocaleString('en')}: binned and drawn in Chromium, worst`,
          value: times[times.length - 1]!,
          unit: 'ms',
        });
        return rows;
      });
    },
  },
];
