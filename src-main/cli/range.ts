/**
 * `range RUN --x dots --y bits [--bins 20] [--json FILE] [--db PATH]`: a run's expressive range
 * (src-shared/range/expressive-range.ts) as a table of counts, so a terminal or a script reads
 * the same picture Plots draws. The metric keys are the game's own; an unknown key exits 2
 * naming the keys there are.
 */
import type { Command } from 'commander';
import { gameById } from '../../src-shared/games/index';
import type { MetricInfo } from '../../src-shared/game';
import {
  binRange,
  binText,
  DEFAULT_BINS,
  MAX_BINS,
  rangeSentence,
  type RangeGrid,
} from '../../src-shared/range/expressive-range';
import { intOption } from './options';
import { cliStudio } from './studio-session';
import { localClient } from '../local-client';
import { writeFileAtomic } from '../atomic-write';

/** The counts as text rows: y from the top bin down, x bins as columns headed by their lower edge. */
function rangeTable(grid: RangeGrid, xLabel: string, yLabel: string): string[] {
  const num = (v: number, integer: boolean): string =>
    integer || Number.isInteger(v) ? String(v) : v.toFixed(2);
  const heads = grid.x.edges.slice(0, -1).map((e) => num(e, grid.x.integer));
  const rowLabels = grid.counts.map((_, yi) => binText(grid.y, yi));
  const lw = Math.max(`${yLabel} \\ ${xLabel}`.length, ...rowLabels.map((l) => l.length));
  const cw = Math.max(3, ...heads.map((h) => h.length), ...grid.counts.flat().map((c) => String(c).length));
  const out = [`${`${yLabel} \\ ${xLabel}`.padEnd(lw)} ${heads.map((h) => h.padStart(cw)).join(' ')}`];
  for (let yi = grid.counts.length - 1; yi >= 0; yi--)
    out.push(
      `${rowLabels[yi]!.padStart(lw)} ${grid.counts[yi]!.map((c) =>
        (c === 0 ? '·' : String(c)).padStart(cw),
      ).join(' ')}`,
    );
  return out;
}

function metricOf(metrics: readonly MetricInfo[], key: string): MetricInfo | undefined {
  return metrics.find((m) => m.key === key);
}

export function registerRange(program: Command): void {
  program
    .command('range')
    .description("a run's expressive range: how many candidates fall in each cell of two metrics")
    .argument('<run>', 'run id', intOption('run', 1))
    .requiredOption('--x <metric>', "the metric across (one of the game's metric keys, e.g. dots)")
    .requiredOption('--y <metric>', 'the metric up (e.g. bits)')
    .option(
      '--bins <n>',
      `bins on each axis (1 to ${MAX_BINS})`,
      intOption('--bins', 1, MAX_BINS),
      DEFAULT_BINS,
    )
    .option('--json <file>', 'also write the edges and counts as JSON')
    .option('--db <path>', 'SQLite database', './studio.db')
    .action(async (runId: number, o: { x: string; y: string; bins: number; json?: string; db: string }) => {
      const service = await cliStudio({ db: o.db, workers: 1 });
      try {
        const api = localClient(service);
        const run = await api.call('runs.get', { runId });
        const game = gameById(run.game);
        const x = metricOf(game.metrics, o.x);
        const y = metricOf(game.metrics, o.y);
        const bad = [!x ? `--x "${o.x}"` : null, !y ? `--y "${o.y}"` : null].filter(Boolean);
        if (!x || !y) {
          console.error(
            `error: ${bad.join(' and ')} ${bad.length === 1 ? 'is not a metric' : 'are not metrics'} of ${game.title}; its metrics are ${game.metrics.map((m) => m.key).join(', ')}`,
          );
          process.exitCode = 2;
          return;
        }
        const points = await api.call('candidates.points', { runId });
        const r = binRange(points, x, y, o.bins);
        const head = `run ${runId} (${game.title}) · expressive range: ${x.label} (${x.key}) across, ${y.label} (${y.key}) up`;
        console.log(head);
        const sentence = rangeSentence(r, x.label, y.label);
        if (r.kind !== 'grid') console.log(sentence);
        else {
          const g = r.grid;
          for (const line of rangeTable(g, x.key, y.key)) console.log(line);
          console.log(
            `${g.total} candidates in ${g.x.edges.length - 1}×${g.y.edges.length - 1} bins${g.skipped ? ` · ${g.skipped} without both metrics` : ''} · columns start at the ${x.key} shown`,
          );
        }
        if (o.json) {
          const axis = (m: MetricInfo, edges: number[]) => ({ key: m.key, label: m.label, edges });
          const json =
            r.kind === 'grid'
              ? {
                  runId,
                  game: run.game,
                  x: axis(x, r.grid.x.edges),
                  y: axis(y, r.grid.y.edges),
                  counts: r.grid.counts,
                  total: r.grid.total,
                  skipped: r.grid.skipped,
                }
              : {
                  runId,
                  game: run.game,
                  x: axis(x, []),
                  y: axis(y, []),
                  counts: [],
                  total: r.kind === 'one' ? 1 : 0,
                  skipped: r.skipped,
                  sentence,
                };
          writeFileAtomic(o.json, `${JSON.stringify(json, null, 2)}\n`);
        }
      } finally {
        await service.close();
      }
    });
}
