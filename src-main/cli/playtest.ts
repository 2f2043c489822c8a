/**
 * `playtest import FILE... [--db PATH]`: bring playtest results files back into the studio
 * (each replayed; a refused file is named with its sentence and the rest go on), and
 * `playtest report RUN [--order KIND] [--json FILE] [--db PATH]`: the Players report as text
 * (and JSON). The `export` subcommand is added to the command this returns (playtest-export.ts).
 */
import type { Command } from 'commander';
import { ApiError, orderingKindSchema, type OrderingKind } from '../../src-shared/api';
import { errorSentence } from '../../src-shared/error-sentence';
import { IMPORT_LIMITS } from '../../src-shared/pack/import-limits';
import type { PlayersReport } from '../../src-shared/playtest/report';
import { writeFileAtomic } from '../atomic-write';
import { localClient } from '../local-client';
import { readRegularFile } from '../regular-file';
import { intOption } from './options';
import { cliStudio } from './studio-session';

const sentence = (e: unknown): string =>
  e instanceof ApiError ? errorSentence(e.toBody()) : e instanceof Error ? e.message : String(e);

const fixed = (v: number | null, digits: number): string => (v === null ? '—' : v.toFixed(digits));
const rate = (v: number | null): string => (v === null ? '—' : `${Math.round(v * 100)} %`);
const secs = (ms: number | null): string => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

/** The report as the lines a terminal shows. */
function reportLines(r: PlayersReport): string[] {
  const out = [`run ${r.runId}, ${r.order} order: ${r.observedName}`];
  out.push('level  candidate     model  testers  tries  clear  fewest  to clear  wasted  observed (95 %)');
  for (const l of r.levels) {
    if (l.testers === 0) continue;
    out.push(
      [
        String(l.level).padStart(5),
        (l.candidate ?? '—').padEnd(12),
        fixed(l.model, 2).padStart(6),
        String(l.testers).padStart(8),
        String(l.attempts).padStart(6),
        rate(l.clearRate).padStart(6),
        rate(l.fewestRate).padStart(7),
        secs(l.medianClearMs).padStart(9),
        fixed(l.medianWasted, 1).padStart(7),
        `  ${fixed(l.observed, 1)} s (${fixed(l.observedLow, 1)}–${fixed(l.observedHigh, 1)})${l.stuck ? '  stuck' : ''}`,
      ].join(' '),
    );
  }
  const played = r.levels.filter((l) => l.testers > 0).length;
  out.push(`${played} of ${r.levels.length} levels played`);
  out.push(
    r.rho
      ? `Spearman's rho, model against observed: ${r.rho.value.toFixed(2)} (95 % bootstrap ${r.rho.low.toFixed(2)} to ${r.rho.high.toFixed(2)}, ${r.rho.levels} levels, seed ${r.rho.seed})`
      : "Spearman's rho: not enough levels played (3 or more with both figures)",
  );
  if (r.inversions.length) out.push('inversions:', ...r.inversions.map((i) => `  ${i.sentence}`));
  if (r.stuck.length) out.push('stuck:', ...r.stuck.map((s) => `  ${s.sentence}`));
  return out;
}

export function registerPlaytest(program: Command): Command {
  const playtest = program
    .command('playtest')
    .description('playtests: import the results testers send back, and the Players report of an order');
  playtest
    .command('import')
    .description('import playtest results files (each trace replayed; a bad file changes nothing)')
    .argument('<files...>', 'results files saved by the playtest page')
    .option('--db <path>', 'SQLite database', './studio.db')
    .action(async (files: string[], o: { db: string }) => {
      const service = await cliStudio({ db: o.db, workers: 1 });
      let refused = 0;
      try {
        const api = localClient(service);
        for (const file of files) {
          try {
            // A file over the import's byte cap is refused as it is read, before it fills memory.
            const text = readRegularFile(file, IMPORT_LIMITS.maxBytes);
            const r = await api.call('playtests.import', { text, name: file });
            console.log(
              `${file}: ${r.added} attempt${r.added === 1 ? '' : 's'} of ${r.tester} added to run ${r.runId}` +
                (r.already ? ` (${r.already} stored already)` : ''),
            );
          } catch (e) {
            refused++;
            console.error(`${file}: ${sentence(e)}`);
          }
        }
      } finally {
        await service.close();
      }
      if (refused) process.exitCode = 1;
    });
  playtest
    .command('report')
    .description("the Players report of a run's order: testers against the game's difficulty model")
    .argument('<run>', 'run id', intOption('run', 1))
    .option('--order <kind>', 'automatic, approved, approved-first or steered', 'automatic')
    .option('--json <file>', 'also write the report as JSON')
    .option('--db <path>', 'SQLite database', './studio.db')
    .action(async (runId: number, o: { order: string; json?: string; db: string }) => {
      const kind = orderingKindSchema.safeParse(o.order);
      if (!kind.success) {
        console.error(
          `error: --order must be one of ${orderingKindSchema.options.join(', ')}, not "${o.order}"`,
        );
        process.exit(2);
      }
      const service = await cliStudio({ db: o.db, workers: 1 });
      try {
        const report = await localClient(service).call('playtests.report', {
          runId,
          kind: kind.data as OrderingKind,
        });
        for (const line of reportLines(report)) console.log(line);
        if (o.json) console.log(`wrote ${writeFileAtomic(o.json, JSON.stringify(report, null, 2) + '\n')}`);
      } finally {
        await service.close();
      }
    });
  return playtest;
}
