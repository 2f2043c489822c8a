/** `generate`: the whole pipeline for one set, on the worker pool, written as a pack. */
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { gameById, games } from '../../src-shared/games/index';
import { writeFileAtomic } from '../atomic-write';
import { generateSet } from '../engine/generate-set';
import { createPool, defaultWorkerCount } from '../engine/pool';
import { intOption } from './options';
import { progressBar } from './progress-bar';

interface GenerateOptions {
  game: string;
  seed: number;
  out: string;
  levels?: number;
  workers?: number;
}

export function registerGenerate(program: Command): void {
  program
    .command('generate')
    .description('grow and prove the pools, order them, drop near-duplicates, and write the pack')
    .requiredOption('--game <id>', `game to generate (${games.map((g) => g.id).join(', ')})`)
    .requiredOption('--seed <n>', 'run seed (a whole number ≥ 0)', intOption('--seed', 0))
    .requiredOption('--out <file>', 'pack file to write')
    .option('--levels <n>', 'make only the first N levels of the default plan', intOption('--levels', 1))
    .option('--workers <n>', `worker threads (default ${defaultWorkerCount()})`, intOption('--workers', 1, 64))
    .action(async (o: GenerateOptions) => {
      const game = gameById(o.game);
      const total = game.levelCount(game.defaultPlan);
      if (o.levels !== undefined && o.levels > total) throw new Error(`--levels must be at most ${total} for ${game.id}, got ${o.levels}`);
      const plan = o.levels !== undefined ? game.truncatePlan(game.defaultPlan, o.levels) : game.defaultPlan;
      const rules = game.defaultRules;
      const pool = createPool(o.workers ? { workers: o.workers } : {});
      const bar = progressBar(game.id);
      const t0 = performance.now();
      try {
        const set = await generateSet({ game, seed: o.seed, plan, rules, pool, onProgress: (p) => bar.update(p.stage, p.done, p.total) });
        bar.stop();
        const path = writeFileAtomic(o.out, set.packText);
        const seconds = (performance.now() - t0) / 1000;
        const lines = [
          ...game.summarize(set.pack),
          { label: 'candidates', value: `${set.candidates} proven${set.failedJobs ? `, ${set.failedJobs} jobs gave up` : ''}` },
          { label: 'builds', value: `${set.tries} (${(set.tries / (set.timings.generateMs / 1000)).toFixed(0)} per second)` },
          { label: 'workers', value: String(pool.size) },
          { label: 'time', value: `${seconds.toFixed(2)} s (generate ${(set.timings.generateMs / 1000).toFixed(2)} s, order ${(set.timings.orderMs / 1000).toFixed(2)} s)` },
          { label: 'written', value: path },
        ];
        const width = Math.max(...lines.map((l) => l.label.length));
        for (const l of lines) console.log(`${l.label.padEnd(width)}  ${l.value}`);
      } finally {
        bar.stop();
        await pool.close();
      }
    });
}
