/** `runs`, `resume RUN` and `export RUN`: the CLI's view of the runs in a database. */
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { defaultWorkerCount } from '../jobs/pool';
import { finishAndExport } from './generate';
import { intOption } from './options';
import { cliStudio } from './studio-session';
import { localClient } from '../local-client';
import { checkFileTarget, writeExportTo } from '../export-files';

export function registerRuns(program: Command): void {
  program
    .command('runs')
    .description("list the runs in a database (experiments' runs with --all)")
    .option('--db <path>', 'SQLite database', './studio.db')
    .option('--all', 'also list the runs experiments made (one per variant and seed)')
    .action(async (o: { db: string; all?: boolean }) => {
      const service = await cliStudio({ db: o.db, workers: 1 });
      try {
        const every = await localClient(service).call('runs.list', {});
        // An experiment's runs (often dozens) stay out of the list, as in the studio's pickers.
        const runs = o.all ? every : every.filter((r) => r.experiment === null);
        const hidden = every.length - runs.length;
        if (every.length === 0) return void console.log(`no runs in ${o.db}`);
        if (runs.length > 0)
          console.log(
            `${'id'.padStart(4)}  ${'game'.padEnd(9)} ${'seed'.padStart(10)}  ${'levels'.padStart(6)}  ${'status'.padEnd(11)} ${'candidates'.padStart(13)}  ${'created'.padEnd(24)}  name${o.all ? '  · experiment' : ''}`,
          );
        // The run's name comes last and whole (what the designer called it in the studio; — for none).
        for (const r of runs) {
          const exp = r.experiment ? `  · #${r.experiment.id} ${r.experiment.variant}` : '';
          console.log(
            `${String(r.id).padStart(4)}  ${r.game.padEnd(9)} ${String(r.seed).padStart(10)}  ${String(r.levels).padStart(6)}  ${r.status.padEnd(11)} ${`${r.candidatesDone}/${r.candidatesTotal}`.padStart(13)}  ${r.createdAt.padEnd(24)}  ${r.name || '—'}${exp}`,
          );
          // A run that cannot be read, or one an older generator made, says so under its line.
          if (r.dataProblem) console.log(`      ${r.dataProblem}`);
          if (r.generatorNote) console.log(`      ${r.generatorNote}`);
        }
        if (hidden > 0)
          console.log(
            `${hidden} run${hidden === 1 ? '' : 's'} of experiments not listed; --all lists ${hidden === 1 ? 'it' : 'them'}`,
          );
      } finally {
        await service.close();
      }
    });

  program
    .command('resume')
    .description('carry on an interrupted, cancelled or failed run from what is stored')
    .argument('<run>', 'run id', intOption('run', 1))
    .option('--db <path>', 'SQLite database', './studio.db')
    .option('--out <file>', 'also write the pack when the run is done')
    .option(
      '--workers <n>',
      `worker threads (default ${defaultWorkerCount()})`,
      intOption('--workers', 1, 64),
    )
    .action(async (runId: number, o: { db: string; out?: string; workers?: number }) => {
      if (o.out !== undefined) checkFileTarget(o.out, o.db);
      const t0 = performance.now();
      const service = await cliStudio({ db: o.db, workers: o.workers });
      try {
        const run = await localClient(service).call('runs.resume', { runId });
        process.stderr.write(
          `resuming run ${run.id}: ${run.candidatesDone}/${run.candidatesTotal} candidates stored\n`,
        );
        await finishAndExport(service, run, o.out, 'automatic', t0);
      } finally {
        await service.close();
      }
    });

  program
    .command('export')
    .description(
      'write the pack of a finished run (automatic order, approved first, the hand-approved one, or steered)',
    )
    .argument('<run>', 'run id', intOption('run', 1))
    .requiredOption('--out <file>', 'pack file (or folder with --per-level)')
    .option('--approved', 'export the hand-approved ordering instead of the automatic one')
    .option(
      '--approved-first',
      'export the approved-first order (approved candidates at their levels, the search elsewhere)',
    )
    .option('--steered', 'export the steered order (see `order`)')
    .option(
      '--allow-breaks',
      "ship a steered order that breaks the game's rules; the pack records the breaks",
    )
    .option('--per-level', 'one file per level plus index.json, for version control')
    .option('--db <path>', 'SQLite database', './studio.db')
    .action(
      async (
        runId: number,
        o: {
          out: string;
          approved?: boolean;
          approvedFirst?: boolean;
          steered?: boolean;
          allowBreaks?: boolean;
          perLevel?: boolean;
          db: string;
        },
      ) => {
        const named = [
          o.approved && '--approved',
          o.approvedFirst && '--approved-first',
          o.steered && '--steered',
        ];
        const flags = named.filter((f): f is string => typeof f === 'string');
        if (flags.length > 1) throw new Error(`${flags.join(' and ')} name different orders; choose one`);
        const service = await cliStudio({ db: o.db, workers: 1 });
        try {
          const api = localClient(service);
          await api.call('runs.get', { runId });
          const built = await api.call('packs.export', {
            runId,
            kind: o.steered
              ? 'steered'
              : o.approved
                ? 'approved'
                : o.approvedFirst
                  ? 'approved-first'
                  : 'automatic',
            layout: o.perLevel ? 'per-level' : 'file',
            allowBreaks: o.allowBreaks ?? false,
          });
          if (o.steered && built.text.includes('"forcedBreaks"'))
            console.log(
              'the steered order ships with rule breaks (--allow-breaks); the pack records them under studio.forcedBreaks',
            );
          for (const k of built.keptOnPurpose) console.log(k.message);
          const r = writeExportTo(built, o.out, service.dbPath);
          console.log(
            `wrote ${r.files.length === 1 ? r.path : `${r.files.length} files in ${r.path}`} (${r.bytes} bytes of pack)`,
          );
        } finally {
          await service.close();
        }
      },
    );
}
