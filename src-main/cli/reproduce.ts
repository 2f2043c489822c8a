/**
 * `reproduce RUN [--db PATH]`: make a stored run again from its seed, plan and rules in a
 * scratch database and compare it with what is stored (runs/reproduce.ts). Exits 0 when every
 * candidate and the automatic pack are the same, byte for byte; 1 naming the first differing
 * levels and candidates, their metrics side by side; 2 when the run cannot be reproduced.
 */
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { defaultWorkerCount } from '../jobs/pool';
import { openDatabase } from '../store/db';
import { reproduceLines, reproduceRun, ReproduceError } from '../runs/reproduce';
import { intOption } from './options';
import { progressBar } from './progress-bar';
import { openStudio } from '../studio';

export function registerReproduce(program: Command): void {
  program
    .command('reproduce')
    .description('make a stored run again from its seed, plan and rules, and compare it with what is stored')
    .argument('<run>', 'run id', intOption('run', 1))
    .option('--db <path>', 'SQLite database', './studio.db')
    .option('--workers <n>', 'worker threads for the run made again', intOption('--workers', 1))
    .action(async (runId: number, o: { db: string; workers?: number }) => {
      if (!existsSync(o.db)) throw new Error(`there is no database at ${o.db}`);
      const db = openDatabase(o.db);
      const bar = progressBar(`reproduce run ${runId}`);
      try {
        const workers = o.workers ?? defaultWorkerCount();
        const report = await reproduceRun(db, runId, {
          open: (scratchPath) => openStudio({ dbPath: scratchPath, workers, transport: 'cli' }),
          onProgress: (p) => {
            if (p.stage !== 'done') bar.update(p.stage, p.overall, p.done, p.total);
          },
        });
        bar.stop();
        for (const line of reproduceLines(report)) console.log(line);
        process.exitCode = report.equal ? 0 : 1;
      } catch (e) {
        bar.stop();
        if (!(e instanceof ReproduceError)) throw e;
        console.error(`error: ${e.message}`);
        process.exitCode = 2;
      } finally {
        db.close();
      }
    });
}
