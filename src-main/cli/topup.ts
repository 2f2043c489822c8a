/**
 * `topup RUN --levels 40-45 --candidates 16 [--until-near 0.2] [--workers N] [--db PATH]`: more
 * candidates for chosen levels of a finished run, through the same API as the studio
 * (runs.topUp), with a progress bar; then the top-up's outcome and the run's report. A refusal
 * (levels outside the plan, a run still generating or imported, a count of 0 or past the size
 * guard) names the field, stores nothing and exits with status 2. A killed top-up is finished
 * with `resume RUN`, or dropped with `drop-topup RUN [--db PATH]` (its candidates go, the run is
 * as before it; refused, exit 2, while any of them has been worked on).
 */
import { performance } from 'node:perf_hooks';
import { InvalidArgumentError, type Command } from 'commander';
import { ApiError } from '../../src-shared/api';
import { errorSentence } from '../../src-shared/error-sentence';
import { outcomeText, topUpText } from '../../src-shared/top-up';
import { defaultWorkerCount } from '../jobs/pool';
import { localClient } from '../local-client';
import { intOption, parseLevelList } from './options';
import { cliStudio, showProgress } from './studio-session';
import { printSummary } from './summary';

interface TopUpOptions {
  levels: string;
  candidates: string;
  untilNear?: string;
  workers?: number;
  db: string;
  confirm?: boolean;
}

/** A whole number as typed (0 included: the API names a count of 0 itself). */
function wholeNumber(text: string, name: string): number {
  if (!/^\d+$/.test(text.trim()))
    throw new InvalidArgumentError(`${name} must be a whole number, got "${text}"`);
  return Number(text);
}

function nearOption(text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < 0)
    throw new InvalidArgumentError(`--until-near must be a number of 0 or more, got "${text}"`);
  return n;
}

export function registerTopUp(program: Command): void {
  program
    .command('topup')
    .description('make more candidates for chosen levels of a finished run, then order it again')
    .argument('<run>', 'run id', intOption('run', 1))
    .requiredOption('--levels <levels>', 'levels to top up, e.g. 40-45 or 3,7-9')
    .requiredOption('--candidates <n>', 'new candidates per level (with --until-near: at most)')
    .option(
      '--until-near <delta>',
      "stop a level at its first new candidate within delta of the level's target",
    )
    .option(
      '--workers <n>',
      `worker threads (default ${defaultWorkerCount()})`,
      intOption('--workers', 1, 64),
    )
    .option('--db <path>', 'SQLite database that keeps the run', './studio.db')
    .option('--confirm', 'make a top-up past the size threshold anyway')
    .action(async (runId: number, o: TopUpOptions) => {
      let args;
      try {
        args = {
          runId,
          levels: parseLevelList(o.levels, '--levels'),
          candidates: wholeNumber(o.candidates, '--candidates'),
          ...(o.untilNear !== undefined ? { untilNear: nearOption(o.untilNear) } : {}),
          confirm: o.confirm ?? false,
        };
      } catch (e) {
        console.error(`error: ${(e as Error).message}`);
        process.exitCode = 2;
        return;
      }
      const t0 = performance.now();
      const service = await cliStudio({ db: o.db, workers: o.workers });
      try {
        const api = localClient(service);
        let started;
        try {
          started = await api.call('runs.topUp', args);
        } catch (e) {
          if (!(e instanceof ApiError) || !['bad-argument', 'conflict', 'not-found'].includes(e.code))
            throw e;
          // The API's own field names, as the flags name them (levels, candidates, untilNear, runId).
          const said = e.fields?.length
            ? e.fields.map((f) => `${f.field}: ${f.message}`).join('; ')
            : errorSentence(e.toBody());
          console.error(`error: ${said}; nothing was stored`);
          process.exitCode = 2;
          return;
        }
        process.stderr.write(
          `run ${runId} in ${o.db}: top-up ${started.topUp.id}, ${topUpText(started.topUp)}\n`,
        );
        const bar = showProgress(service, runId, `top up run ${runId}`);
        let final;
        try {
          final = await service.engine.waitFor(runId);
        } finally {
          bar.stop();
        }
        if (final.status !== 'done')
          throw new Error(
            `the top-up of run ${runId} ended ${final.status}${final.error ? `: ${final.error}` : ''}`,
          );
        const topUp = (await api.call('runs.topUps', { runId })).find((t) => t.id === started.topUp.id)!;
        await printSummary(
          service,
          final,
          [{ label: 'Top-up', value: topUp.outcome ? outcomeText(topUp.outcome) : 'done' }],
          (performance.now() - t0) / 1000,
        );
      } finally {
        await service.close();
      }
    });

  program
    .command('drop-topup')
    .description("drop a run's top-up left part-way (cancelled, interrupted, failed) instead of resuming it")
    .argument('<run>', 'run id', intOption('run', 1))
    .option('--db <path>', 'SQLite database that keeps the run', './studio.db')
    .action(async (runId: number, o: { db: string }) => {
      const service = await cliStudio({ db: o.db, workers: 1 });
      try {
        const r = await localClient(service).call('runs.dropTopUp', { runId });
        console.log(
          `run ${runId} in ${o.db}: dropped top-up ${r.topUp.id} (${topUpText(r.topUp)}), ${r.removed} candidate${r.removed === 1 ? '' : 's'} removed; the run is ${r.run.status} as before it`,
        );
      } catch (e) {
        if (!(e instanceof ApiError) || !['bad-argument', 'conflict', 'not-found'].includes(e.code)) throw e;
        console.error(`error: ${errorSentence(e.toBody())}`);
        process.exitCode = 2;
      } finally {
        await service.close();
      }
    });
}
