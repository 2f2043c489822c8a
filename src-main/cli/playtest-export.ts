/**
 * `playtest export RUN --out FILE.html [--order automatic|approved|steered] [--subset N]
 * [--shuffle] [--seed S] [--db PATH]`: a run's order as the offline playtest page
 * (docs/playtests.md), written atomically; the export is recorded in the database.
 */
import { Command, Option } from 'commander';
import { writeFileAtomic } from '../atomic-write';
import { checkFileTarget } from '../export-files';
import { localClient } from '../local-client';
import { intOption, seedOption } from './options';
import { cliStudio } from './studio-session';

/** The `export` subcommand, for the `playtest` command (src-main/cli/playtest.ts joins them). */
export function playtestExportCommand(): Command {
  return new Command('export')
    .description('write a playtest page of a run’s order: one HTML file testers open offline')
    .argument('<run>', 'run id', intOption('run', 1))
    .requiredOption('--out <file>', 'the page to write (.html)')
    .addOption(
      new Option('--order <kind>', 'which stored order')
        .choices(['automatic', 'approved', 'steered'])
        .default('automatic'),
    )
    .option(
      '--subset <n>',
      'each tester plays this many levels, drawn from the seed and their name',
      intOption('--subset', 1, 1000),
    )
    .option('--shuffle', 'each tester plays in an order drawn from the seed and their name')
    .option('--seed <seed>', 'the seed of the draw (stored with the export)', seedOption('--seed'))
    .option('--db <path>', 'SQLite database', './studio.db')
    .action(
      async (
        runId: number,
        o: {
          out: string;
          order: 'automatic' | 'approved' | 'steered';
          subset?: number;
          shuffle?: boolean;
          seed?: number;
          db: string;
        },
      ) => {
        const target = checkFileTarget(o.out, o.db);
        const service = await cliStudio({ db: o.db, workers: 1 });
        try {
          const drawn = o.subset !== undefined || o.shuffle === true;
          const r = await localClient(service).call('packs.exportPlaytest', {
            runId,
            kind: o.order,
            ...(drawn
              ? {
                  testers: {
                    ...(o.subset ? { subset: o.subset } : {}),
                    shuffle: o.shuffle === true,
                    ...(o.seed !== undefined ? { seed: o.seed } : {}),
                  },
                }
              : {}),
          });
          const path = writeFileAtomic(target, r.html);
          console.log(
            `wrote ${path} (${r.bytes.toLocaleString('en')} bytes): the playtest page of run ${runId}'s ${o.order} order, ${r.levels} levels, export ${r.exportId}`,
          );
        } finally {
          await service.close();
        }
      },
    );
}
