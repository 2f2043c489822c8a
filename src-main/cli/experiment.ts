/**
 * `experiment --game G --seeds 1-8 --vary rules.spacing=14,18,22 [--levels N] [--db P] [--json F]`:
 * an experiment from the command line through the same API, engine, worker pool and database
 * as the studio (experiments.create, then experiments.results). Prints the results table
 * (experiment-table.ts); --json writes the experiment and its results for scripts. Bad input
 * (a flag, an unknown rule, a value out of bounds) exits 2 naming the field before anything
 * is stored; so does an experiment past the size threshold without --confirm (its estimated
 * time is printed). `--resume ID` carries on a stopped experiment and prints its table.
 */
import type { Command } from 'commander';
import type { ApiArgs, ExperimentDetail } from '../../src-shared/api';
import { ApiError, MAX_EXPERIMENT_SEEDS, MAX_EXPERIMENT_VARIANTS } from '../../src-shared/api';
import { localClient } from '../local-client';
import { games, isGameId } from '../../src-shared/games/index';
import { defaultWorkerCount } from '../jobs/pool';
import type { Service } from '../service';
import { writeFileAtomic } from '../atomic-write';
import { CliInputError, flagProblem, parseNumberList, parseVary } from './experiment-args';
import { errorSentence } from '../../src-shared/error-sentence';
import { readSeedList } from '../../src-shared/schema/seed';
import { experimentTable } from './experiment-table';
import { progressBar } from './progress-bar';
import { cliStudio } from './studio-session';

interface ExperimentOptions {
  game?: string;
  baseRun?: string;
  seeds?: string;
  vary: string[];
  levels?: string;
  slots?: string;
  candidates?: string;
  name?: string;
  confirm?: boolean;
  resume?: string;
  workers?: string;
  db: string;
  json?: string;
}

const collect = (v: string, acc: string[]): string[] => [...acc, v];

function whole(flag: string, text: string, min: number, max: number): number;
function whole(flag: string, text: string | undefined, min: number, max: number): number | undefined;
function whole(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim()) || Number(text) < min || Number(text) > max)
    throw new CliInputError(flag, `must be a whole number from ${min} to ${max}, not "${text}"`);
  return Number(text);
}

/** The create arguments the flags ask for (CliInputError names the flag). */
export function experimentArgs(o: ExperimentOptions): ApiArgs<'experiments.create'> {
  if ((o.game === undefined) === (o.baseRun === undefined))
    throw new CliInputError(
      '--game',
      'give the game (--game carillon) or a run whose settings are the base (--base-run N), one of them',
    );
  const game = o.game;
  if (game !== undefined && !isGameId(game))
    throw new CliInputError('--game', `"${game}" is not a game; known: ${games.map((g) => g.id).join(', ')}`);
  if (o.seeds === undefined) throw new CliInputError('--seeds', 'needs the seeds, e.g. --seeds 1-8');
  // The one seed reader (src-shared/schema/seed.ts), as the experiment form reads its field.
  const read = readSeedList(o.seeds, MAX_EXPERIMENT_SEEDS);
  if (!read.ok) throw new CliInputError('--seeds', read.message);
  const seeds = read.values;
  const variants = parseVary(o.vary, MAX_EXPERIMENT_VARIANTS);
  const levels = whole('--levels', o.levels, 1, 1000);
  if (levels !== undefined && o.baseRun !== undefined)
    throw new CliInputError('--levels', "cuts the game's default plan; a --base-run keeps its own plan");
  const baseRun = whole('--base-run', o.baseRun, 1, Number.MAX_SAFE_INTEGER);
  if ((o.slots === undefined) !== (o.candidates === undefined))
    throw new CliInputError(
      o.slots === undefined ? '--slots' : '--candidates',
      'a quick experiment needs both --slots (levels, e.g. 1,10,40) and --candidates (per level)',
    );
  let scope: ApiArgs<'experiments.create'>['scope'] = { kind: 'plan' };
  if (o.slots !== undefined) {
    const slots = parseNumberList('--slots', o.slots, { min: 1, max: 1000, most: 50, what: 'level' }).map(
      (l) => l - 1,
    );
    scope = { kind: 'slots', slots, candidates: whole('--candidates', o.candidates ?? '', 1, 2000) };
  }
  let base: ApiArgs<'experiments.create'>['base'];
  if (baseRun !== undefined) base = { runId: baseRun };
  else if (game !== undefined) base = { game, ...(levels !== undefined ? { levels } : {}) };
  else
    throw new CliInputError(
      '--game',
      'give the game (--game carillon) or a run whose settings are the base (--base-run N), one of them',
    );
  return {
    ...(o.name ? { name: o.name } : {}),
    base,
    variants,
    seeds,
    scope,
    confirm: o.confirm ?? false,
  };
}

/** Wait for the experiment to stop, showing its one progress figure. */
async function follow(service: Service, experimentId: number): Promise<ExperimentDetail> {
  const bar = progressBar(`experiment ${experimentId}`);
  const off = service.on('experiment.progress', (p) => {
    if (p.experimentId === experimentId)
      bar.update(`${p.runsDone}/${p.runsTotal} runs`, p.overall, p.candidatesDone, p.candidatesTotal, {
        rate: p.rate,
        etaSeconds: p.etaSeconds,
      });
  });
  try {
    for (;;) {
      const e = await localClient(service).call('experiments.get', { experimentId });
      if (e.status !== 'queued' && e.status !== 'running') return e;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    off();
    bar.stop();
  }
}

function badInput(lines: string[]): void {
  for (const l of lines) console.error(l);
  process.exitCode = 2;
}

export function registerExperiment(program: Command): void {
  program
    .command('experiment')
    .description(
      "try rule or plan variants against a base over many seeds, on the studio's engine, and print each variant against the base",
    )
    .option('--game <id>', `the base is this game's defaults (${games.map((g) => g.id).join(', ')})`)
    .option('--base-run <run>', "the base is this run's game, plan and rules")
    .option('--seeds <list>', 'seeds, e.g. 1-8 or 3,7,11')
    .option(
      '--vary <path=values>',
      'a change per variant, e.g. rules.spacing=14,18,22 or plan.3.taps=4 (repeatable: zipped)',
      collect,
      [],
    )
    .option('--levels <n>', 'only the first N levels of the default plan')
    .option('--slots <levels>', 'quick: only these levels (e.g. 1,10,40), with --candidates each')
    .option('--candidates <n>', 'quick: candidates per level of --slots')
    .option('--name <text>', "the experiment's name")
    .option('--confirm', 'run an experiment past the size threshold anyway')
    .option('--resume <experiment>', 'carry on a stopped experiment (the other flags are not needed)')
    .option('--workers <n>', `worker threads (default ${defaultWorkerCount()})`)
    .option('--db <path>', 'SQLite database that keeps the experiment and its runs', './studio.db')
    .option('--json <file>', 'also write the experiment and its results as JSON')
    .action(async (o: ExperimentOptions) => {
      let args: ApiArgs<'experiments.create'> | null = null;
      let resumeId: number | undefined;
      let workers: number | undefined;
      try {
        workers = whole('--workers', o.workers, 1, 64);
        resumeId = whole('--resume', o.resume, 1, Number.MAX_SAFE_INTEGER);
        if (resumeId === undefined) args = experimentArgs(o);
      } catch (e) {
        if (e instanceof CliInputError) return badInput([`error: ${e.message}`]);
        throw e;
      }
      const service = await cliStudio({ db: o.db, ...(workers ? { workers } : {}) });
      try {
        const api = localClient(service);
        let experimentId: number;
        try {
          if (resumeId !== undefined) {
            experimentId = (await api.call('experiments.resume', { experimentId: resumeId })).id;
          } else {
            if (args === null) throw new Error('unreachable: no --resume and no create arguments');
            const created = await api.call('experiments.create', args);
            if (created.experimentId === null)
              return badInput([
                `error: ${created.confirm.message.replace('Confirm to run it anyway.', 'Add --confirm to run it anyway.')}`,
              ]);
            experimentId = created.experimentId;
            process.stderr.write(
              `experiment ${experimentId} in ${o.db}: ${created.runs} runs, ${created.candidates.toLocaleString('en')} candidates\n`,
            );
          }
        } catch (e) {
          // Refused before anything was stored: name each field.
          if (e instanceof ApiError && e.code !== 'internal') {
            return badInput(
              resumeId !== undefined || !e.fields?.length
                ? [`error: ${errorSentence(e.toBody())}`]
                : ['error: the experiment was not stored:', ...e.fields.map((f) => `  ${flagProblem(f)}`)],
            );
          }
          throw e;
        }
        const end = await follow(service, experimentId);
        const results = await api.call('experiments.results', { experimentId });
        const title = `experiment ${experimentId} · ${end.game} · ${end.name} · ${end.variants.length} variant${end.variants.length === 1 ? '' : 's'} × ${end.seeds.length} seeds · ${end.status}`;
        for (const line of experimentTable(results, title)) console.log(line);
        if (o.json) writeFileAtomic(o.json, `${JSON.stringify({ experiment: end, results }, null, 2)}\n`);
        if (end.status !== 'done') {
          console.error(
            `error: experiment ${experimentId} ended ${end.status}; carry it on with --resume ${experimentId}`,
          );
          process.exitCode = 1;
        }
      } finally {
        await service.close();
      }
    });
}
