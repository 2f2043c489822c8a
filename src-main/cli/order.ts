/**
 * `order RUN [--approved] [--pin LEVEL=CANDIDATE ...] [--lock 1-10,14] [--exclude CANDIDATE ...]`:
 * steer a run's order from the command line through the same API as the studio
 * (orderings.steer, recorded in the run's history). The flags given are the whole steering
 * (it replaces what the run had); a lock keeps the candidate the level holds now. Prints the order, its largest step and
 * every rule break; --json writes per level the candidate and its difficulty. Impossible
 * constraints exit with status 2, naming the levels and the rule.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { ApiError, type SteerResult } from '../../src-shared/api';
import { candidateName, readCandidateName } from '../../src-shared/vocabulary';
import { gameById } from '../../src-shared/games/index';
import { withUnit } from '../../src-shared/run-report';
import { intOption, parseLevelList } from './options';
import { cliStudio } from './studio-session';
import { localClient } from '../local-client';
import { writeFileAtomic } from '../atomic-write';

/** "1-10,14" -> [1..10, 14]. */
const parseLevels = (text: string): number[] => parseLevelList(text, '--lock');

/** A candidate as the designer writes it: "L12 · c3" as `order --json` prints it, "L12c3" (pool, place in it), or its database id. */
function parseCandidate(text: string, what: string): { slot: number; index: number } | { id: number } {
  const t = text.trim();
  const named = readCandidateName(t);
  if (named) return named;
  if (/^#?\d+$/.test(t) && Number(t.replace('#', '')) >= 1) return { id: Number(t.replace('#', '')) };
  throw new InvalidArgumentError(
    `${what}: "${text}" is not a candidate; write it as "L12 · c3" or L12c3 (pool 12, candidate 3), or its id`,
  );
}

const collect = (v: string, acc: string[]): string[] => [...acc, v];

export function registerOrder(program: Command): void {
  program
    .command('order')
    .description(
      "steer a run's order: pin candidates to levels, lock levels, exclude candidates, and recompute the rest",
    )
    .argument('<run>', 'run id', intOption('run', 1))
    .option('--approved', 'order the hand-approved candidates only')
    .option(
      '--pin <level=candidate>',
      'this candidate ships as this level (repeatable), e.g. 5=L7c2 or "5=L7 · c2"',
      collect,
      [],
    )
    .option('--lock <levels>', 'levels that keep the candidate they hold now, e.g. 1-10,14', parseLevels)
    .option(
      '--exclude <candidate>',
      'this candidate never ships (repeatable), e.g. L10c6 or "L10 · c6" as --json names it',
      collect,
      [],
    )
    .option('--db <path>', 'SQLite database', './studio.db')
    .option('--json <file>', 'also write the order as JSON (per level: candidate and difficulty)')
    .action(
      async (
        runId: number,
        o: {
          approved?: boolean;
          pin: string[];
          lock?: number[];
          exclude: string[];
          db: string;
          json?: string;
        },
      ) => {
        const service = await cliStudio({ db: o.db, workers: 1 });
        try {
          const api = localClient(service);
          const run = await api.call('runs.get', { runId });
          // Resolve pool names to ids from the run's candidates (pages of 2,000).
          const byName = new Map<string, number>(),
            names = new Map<number, string>(),
            diff = new Map<number, number | null>();
          for (let offset = 0; ; offset += 2000) {
            const page = await api.call('candidates.list', { runId, offset, limit: 2000, withLevels: false });
            for (const c of page.items) {
              byName.set(`${c.slot}:${c.index}`, c.id);
              names.set(c.id, candidateName(c.slot, c.index));
            }
            if (page.items.length < 2000) break;
          }
          const resolve = (text: string, what: string): number => {
            const c = parseCandidate(text, what);
            if ('id' in c) {
              if (!names.has(c.id))
                throw new InvalidArgumentError(`${what}: candidate ${c.id} is not in run ${runId}`);
              return c.id;
            }
            const id = byName.get(`${c.slot}:${c.index}`);
            if (id === undefined)
              throw new InvalidArgumentError(
                `${what}: run ${runId} has no candidate ${candidateName(c.slot, c.index)}`,
              );
            return id;
          };
          const pin = o.pin.map((p) => {
            const m = /^(\d+)\s*=\s*(.+)$/.exec(p);
            if (!m || Number(m[1]) < 1)
              throw new InvalidArgumentError(`--pin takes LEVEL=CANDIDATE (e.g. 5=L7c2), not "${p}"`);
            return { level: Number(m[1]), candidateId: resolve(m[2]!, `--pin ${p}`) };
          });
          const exclude = o.exclude.map((e) => resolve(e, `--exclude ${e}`));
          let r: SteerResult;
          try {
            r = await api.call('orderings.steer', {
              runId,
              clear: true,
              approved: o.approved ?? false,
              pin,
              lock: o.lock ?? [],
              exclude,
            });
          } catch (e) {
            if (
              e instanceof ApiError &&
              e.code === 'conflict' &&
              e.fields?.some((f) => f.field.startsWith('steering.'))
            ) {
              console.error(`error: run ${runId}: these constraints cannot hold, nothing was stored:`);
              for (const f of e.fields) console.error(`  ${f.field.replace('steering.', '')}: ${f.message}`);
              process.exitCode = 2;
              return;
            }
            throw e;
          }
          const levels = r.ordering.levels;
          for (const l of levels) if (l.candidateId !== null) diff.set(l.candidateId, l.difficulty);
          const fixed = new Map([
            ...r.steering.pins.map((p) => [p.level, 'pinned'] as const),
            ...r.steering.locks.map((p) => [p.level, 'locked'] as const),
          ]);
          const game = gameById(run.game);
          // The difficulty column and the largest step in the run report's words ("0.26 bits, level 3 → 4").
          const metric = game.metrics.find((m) => m.key === r.ordering.difficulty);
          const unit = metric?.unit;
          console.log(
            `run ${runId} (${game.title}) · steered order of ${levels.length} levels over ${r.steering.approved ? 'approved' : 'all proven'} candidates`,
          );
          console.log(
            `${'level'.padStart(5)}  ${'candidate'.padEnd(12)} ${(unit ?? metric?.short ?? metric?.label ?? r.ordering.difficulty).padStart(10)}`,
          );
          for (const l of levels) {
            const d = l.difficulty === null ? '—' : String(Math.round(l.difficulty * 1000) / 1000);
            console.log(
              `${String(l.level).padStart(5)}  ${(l.candidateId === null ? '(short)' : (names.get(l.candidateId) ?? String(l.candidateId))).padEnd(12)} ${d.padStart(10)}${fixed.has(l.level) ? `  ${fixed.get(l.level)}` : ''}`,
            );
          }
          const at = levels.findIndex((l, i) => i > 0 && l.step !== null && l.step === r.largestStep);
          console.log(
            `Largest step  ${r.largestStep === null ? 'none' : `${withUnit(r.largestStep, unit)}${at > 0 ? `, level ${at} → ${at + 1}` : ''}`}`,
          );
          if (r.breaks.length === 0) console.log('Rule breaks   none');
          else {
            console.log(`Rule breaks   ${r.breaks.length}`);
            for (const b of r.breaks) console.log(`  ${b.rule}: ${b.message}`);
          }
          if (r.ordering.shortLevels.length > 0)
            console.log(
              `Short levels  ${r.ordering.shortLevels.length} (first: level ${r.ordering.shortLevels[0]})`,
            );
          console.log(
            `stored as the steered order of run ${runId}${r.entry ? ` (history: ${r.entry.label})` : ''}`,
          );
          if (o.json) {
            const json = {
              runId,
              game: run.game,
              kind: 'steered',
              difficulty: r.ordering.difficulty,
              largestStep: r.largestStep,
              breaks: r.breaks,
              steering: r.steering,
              levels: levels.map((l) => ({
                level: l.level,
                candidate: l.candidateId === null ? null : (names.get(l.candidateId) ?? null),
                candidateId: l.candidateId,
                difficulty: l.difficulty,
                fixed: fixed.get(l.level) ?? null,
              })),
            };
            writeFileAtomic(o.json, `${JSON.stringify(json, null, 2)}\n`);
          }
        } finally {
          await service.close();
        }
      },
    );
}
