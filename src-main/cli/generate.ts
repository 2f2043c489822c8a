/**
 * `generate`: create a run in the database, wait for it on the worker pool, export its pack.
 * The run stays in --db, so the studio can open it, and `resume` can finish it after a kill.
 * The pack is built through the API (which takes no path) and written here, where --out is
 * the typist's own choice (never over the database: export-files.ts).
 */
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import type { RunSummary } from '../../src-shared/api';
import { gameById, games } from '../../src-shared/games/index';
import { defaultWorkerCount } from '../jobs/pool';
import type { Service } from '../service';
import { intOption, seedOption } from './options';
import { cliStudio, showProgress } from './studio-session';
import { localClient } from '../local-client';
import { printSummary } from './summary';
import { checkFileTarget, writeExportTo } from '../export-files';

interface GenerateOptions {
  game: string;
  seed: number;
  out: string;
  levels?: number;
  workers?: number;
  db: string;
}

/** Wait for a run, then export it; shared by generate and resume. */
export async function finishAndExport(
  service: Service,
  run: RunSummary,
  out: string | undefined,
  kind: 'automatic' | 'approved',
  t0: number,
): Promise<void> {
  const bar = showProgress(service, run.id, run.game);
  let final: RunSummary;
  try {
    final = await service.engine.waitFor(run.id);
  } finally {
    bar.stop();
  }
  if (final.status !== 'done')
    throw new Error(`run ${run.id} ended ${final.status}${final.error ? `: ${final.error}` : ''}`);
  const game = gameById(final.game);
  const lines: { label: string; value: string }[] = [];
  if (out) {
    const exported = await localClient(service).call('packs.export', { runId: run.id, kind });
    const written = writeExportTo(exported, out, service.dbPath);
    lines.push(...game.summarize(game.parsePack(JSON.parse(exported.text))));
    lines.push({ label: 'Written', value: written.path });
  }
  await printSummary(service, final, lines, (performance.now() - t0) / 1000);
}

export function registerGenerate(program: Command): void {
  program
    .command('generate')
    .description('grow and prove the pools, order them, drop near-duplicates, and write the pack')
    .requiredOption('--game <id>', `game to generate (${games.map((g) => g.id).join(', ')})`)
    .requiredOption('--seed <n>', 'run seed (a whole number from 0 to 2,147,483,647)', seedOption('--seed'))
    .requiredOption('--out <file>', 'pack file to write')
    .option('--levels <n>', 'make only the first N levels of the default plan', intOption('--levels', 1))
    .option(
      '--workers <n>',
      `worker threads (default ${defaultWorkerCount()})`,
      intOption('--workers', 1, 64),
    )
    .option('--db <path>', 'SQLite database that keeps the run', './studio.db')
    .action(async (o: GenerateOptions) => {
      const game = gameById(o.game);
      // A bad --out (the database, a folder) is refused before the set is generated.
      checkFileTarget(o.out, o.db);
      const t0 = performance.now();
      const service = await cliStudio({ db: o.db, workers: o.workers });
      try {
        const run = await localClient(service).call('runs.create', {
          game: game.id,
          seed: o.seed,
          ...(o.levels !== undefined ? { levels: o.levels } : {}),
        });
        process.stderr.write(`run ${run.id} in ${o.db}\n`);
        await finishAndExport(service, run, o.out, 'automatic', t0);
      } finally {
        await service.close();
      }
    });
}
