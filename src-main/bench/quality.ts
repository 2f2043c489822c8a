/**
 * The quality bench (`npm run bench -- --only quality`): both games' whole default sets for the
 * 20 seeds 101–120 through the CLI pipeline on 2 workers, one case per game. Per seed it keeps the quality figures (`carillonQuality`, `apsisQualityFigures`) and
 * the time of the set; then the worst and the median of each figure over the seeds. Rows go to
 * the bench JSON; a markdown table for docs/quality.md goes to stdout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { GameId } from '../../src-shared/games/index';
import {
  apsisGame,
  apsisQualityFigures,
  type ApsisPack,
  type ApsisQualityFigures as ApsisQuality,
} from '../../src-shared/games/apsis/index';
import {
  carillonGame,
  carillonQuality,
  type CarillonPack,
  type CarillonQuality,
} from '../../src-shared/games/carillon/index';
import { openStudio } from '../studio';
import type { Service } from '../service';
import type { BenchCase, BenchRow } from './cases';
import { localClient } from '../local-client';
import { writeExportTo } from '../export-files';

const QUALITY_SEEDS = Array.from({ length: 20 }, (_, i) => 101 + i);
const WORKERS = 2;

/** One figure: its name, unit, which way is worse, and how to print it. */
interface Figure<Q> {
  key: string;
  label: string;
  unit: string;
  /** 'high': the largest value is the worst; 'low': the smallest. */
  worse: 'high' | 'low';
  of: (q: Q) => number;
  digits: number;
}

/** Wall seconds of a whole set, and CPU seconds of all its threads. */
interface Timed {
  seconds: number;
  cpuSeconds: number;
}

const carillonFigures: Figure<CarillonQuality & Timed>[] = [
  {
    key: 'level1',
    label: 'level 1 bits',
    unit: 'bits',
    worse: 'high',
    of: (q) => q.level1 ?? Number.NaN,
    digits: 2,
  },
  {
    key: 'level30',
    label: 'level 30 bits',
    unit: 'bits',
    worse: 'low',
    of: (q) => q.level30 ?? Number.NaN,
    digits: 2,
  },
  { key: 'hardest', label: 'hardest bits', unit: 'bits', worse: 'high', of: (q) => q.hardest, digits: 2 },
  {
    key: 'largestJump',
    label: 'largest jump',
    unit: 'bits',
    worse: 'high',
    of: (q) => q.largestJump,
    digits: 2,
  },
  {
    key: 'closestShare',
    label: 'closest pair share',
    unit: '',
    worse: 'high',
    of: (q) => q.closestShare,
    digits: 2,
  },
  { key: 'seconds', label: 'set time, 2 workers', unit: 's', worse: 'high', of: (q) => q.seconds, digits: 2 },
  {
    key: 'cpuSeconds',
    label: 'CPU time, all threads',
    unit: 's',
    worse: 'high',
    of: (q) => q.cpuSeconds,
    digits: 2,
  },
];

const apsisFigures: Figure<ApsisQuality & Timed>[] = [
  {
    key: 'largestStep',
    label: 'largest step',
    unit: 'reads',
    worse: 'high',
    of: (q) => q.largestStep,
    digits: 0,
  },
  {
    key: 'longestEqualRun',
    label: 'longest run of equal reads',
    unit: 'levels',
    worse: 'high',
    of: (q) => q.longestEqualRun,
    digits: 0,
  },
  {
    key: 'closestShare',
    label: 'closest pair share',
    unit: '',
    worse: 'high',
    of: (q) => q.closestShare,
    digits: 2,
  },
  {
    key: 'firstReads',
    label: 'reads of level 1',
    unit: 'reads',
    worse: 'high',
    of: (q) => q.firstReads,
    digits: 0,
  },
  {
    key: 'lastReads',
    label: 'reads of the last level',
    unit: 'reads',
    worse: 'low',
    of: (q) => q.lastReads,
    digits: 0,
  },
  { key: 'seconds', label: 'set time, 2 workers', unit: 's', worse: 'high', of: (q) => q.seconds, digits: 2 },
  {
    key: 'cpuSeconds',
    label: 'CPU time, all threads',
    unit: 's',
    worse: 'high',
    of: (q) => q.cpuSeconds,
    digits: 2,
  },
];

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
}

/** One whole default set through the pipeline (create, generate, order, dedup, export); the pack and the seconds it took. */
async function wholeSet(
  service: Service,
  dir: string,
  game: GameId,
  seed: number,
): Promise<{ pack: unknown; seconds: number; cpuSeconds: number }> {
  const t0 = performance.now();
  // CPU of this process's threads (main and the pool's workers): a figure the machine's other load does not inflate.
  const c0 = process.cpuUsage();
  const api = localClient(service);
  const run = await api.call('runs.create', { game, seed });
  const done = await service.engine.waitFor(run.id);
  if (done.status !== 'done')
    throw new Error(`${game} seed ${seed}: the run ended ${done.status}: ${done.error}`);
  const exported = await api.call('packs.export', { runId: run.id, kind: 'automatic' });
  writeExportTo(exported, join(dir, `${game}-${seed}.json`), service.dbPath);
  const cpu = process.cpuUsage(c0);
  return {
    pack: JSON.parse(exported.text),
    seconds: (performance.now() - t0) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

function table<Q>(title: string, figures: Figure<Q>[], perSeed: { seed: number; q: Q }[]): string {
  const fmt = (v: number, d: number): string => (Number.isNaN(v) ? '—' : v.toFixed(d));
  const lines = [
    `### ${title}`,
    '',
    `| seed | ${figures.map((f) => f.label + (f.unit && f.unit !== 'levels' ? ` (${f.unit})` : '')).join(' | ')} |`,
    `|---|${figures.map(() => '---').join('|')}|`,
  ];
  for (const { seed, q } of perSeed)
    lines.push(`| ${seed} | ${figures.map((f) => fmt(f.of(q), f.digits)).join(' | ')} |`);
  const worst = figures.map((f) => {
    const v = perSeed.map((p) => f.of(p.q));
    return f.worse === 'high' ? Math.max(...v) : Math.min(...v);
  });
  lines.push(`| **worst** | ${figures.map((f, i) => `**${fmt(worst[i]!, f.digits)}**`).join(' | ')} |`);
  lines.push(
    `| **median** | ${figures.map((f) => `**${fmt(median(perSeed.map((p) => f.of(p.q))), f.digits === 0 ? 1 : f.digits)}**`).join(' | ')} |`,
  );
  return lines.join('\n');
}

function rowsOf<Q>(game: string, figures: Figure<Q>[], perSeed: { seed: number; q: Q }[]): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const { seed, q } of perSeed)
    for (const f of figures)
      rows.push({ name: `quality ${game} seed ${seed}: ${f.label}`, value: f.of(q), unit: f.unit });
  for (const f of figures) {
    const v = perSeed.map((p) => f.of(p.q));
    rows.push({
      name: `quality ${game} worst over ${perSeed.length} seeds: ${f.label}`,
      value: f.worse === 'high' ? Math.max(...v) : Math.min(...v),
      unit: f.unit,
    });
    rows.push({
      name: `quality ${game} median over ${perSeed.length} seeds: ${f.label}`,
      value: median(v),
      unit: f.unit,
    });
  }
  return rows;
}

/** One game's quality case: its default set for every seed, per-seed figures, worst and median, and the markdown table. */
function qualityCase<Q>(
  game: { id: GameId; title: string },
  figures: Figure<Q & Timed>[],
  figuresOf: (pack: unknown) => Q,
): BenchCase {
  return {
    name: `quality ${game.id}`,
    run: async () => {
      const t0 = performance.now();
      const dir = mkdtempSync(join(tmpdir(), 'studio-quality-'));
      const service = openStudio({ dbPath: join(dir, 'quality.db'), workers: WORKERS, transport: 'cli' });
      const perSeed: { seed: number; q: Q & Timed }[] = [];
      try {
        // Warm the workers (module load, JIT) so the first seed's time is the steady cost.
        const warm = await localClient(service).call('runs.create', { game: game.id, seed: 1, levels: 2 });
        await service.engine.waitFor(warm.id);
        for (const seed of QUALITY_SEEDS) {
          process.stderr.write(`bench: quality ${game.id} seed ${seed}…\n`);
          const set = await wholeSet(service, dir, game.id, seed);
          perSeed.push({
            seed,
            q: { ...figuresOf(set.pack), seconds: set.seconds, cpuSeconds: set.cpuSeconds },
          });
          const q = perSeed[perSeed.length - 1]!.q;
          process.stderr.write(
            `bench: quality ${game.id} seed ${seed}: ${figures.map((f) => `${f.label} ${f.of(q).toFixed(f.digits)}`).join(', ')}\n`,
          );
        }
      } finally {
        await service.close();
        rmSync(dir, { recursive: true, force: true });
      }
      const minutes = (performance.now() - t0) / 60000;
      console.log(
        `\n${table(game.title, figures, perSeed)}\n\n${game.title}: ${QUALITY_SEEDS.length} whole default sets took ${minutes.toFixed(1)} min.\n`,
      );
      return [
        ...rowsOf(game.id, figures, perSeed),
        { name: `quality ${game.id}: ${QUALITY_SEEDS.length} seeds`, value: minutes, unit: 'min' },
      ];
    },
  };
}

/** `--only quality` runs both; `--only "quality carillon"` or `"quality apsis"` one. */
export const qualityBenchCases: BenchCase[] = [
  qualityCase(carillonGame, carillonFigures, (pack) =>
    carillonQuality(carillonGame.parsePack(pack) as CarillonPack),
  ),
  qualityCase(apsisGame, apsisFigures, (pack) => apsisQualityFigures(apsisGame.parsePack(pack) as ApsisPack)),
];
