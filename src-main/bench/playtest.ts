/**
 * Playtest benchmarks (issue 24): importing one results file of 10,000 attempts through the API
 * (worker: parse, checksum, replay of every trace; main: the export's levels, then the store),
 * with the main thread's longest stall meanwhile; and the Players analysis of 150 levels × 20
 * testers, the bootstrap of rho included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PlaytestReplay } from '../../src-shared/game';
import { gameById } from '../../src-shared/games/index';
import { outcomeOf } from '../../src-shared/playtest/outcome';
import { canonicalJson, sha256Hex } from '../../src-shared/playtest/checksum';
import type { AttemptFigures } from '../../src-shared/playtest/candidate-figures';
import { playersReport } from '../../src-shared/playtest/players';
import type {
  AttemptTrace,
  PlaytestOutcome,
  PlaytestResultsFile,
  TraceEvent,
} from '../../src-shared/playtest/types';
import { streamFor } from '../../src-shared/random/prng';
import { localClient } from '../local-client';
import { openDatabase } from '../store/db';
import { recordPlaytestExport } from '../store/playtest-exports';
import { openStudio } from '../studio';
import { timeMedian, type BenchCase } from './cases';
import { stallDuring } from './main-thread';

const ATTEMPTS = 10_000;

/** An attempt along `moves` (a prefix of the solution, or all of it), a second a move, effects and outcome by the rules. */
function attemptAlong(
  replay: (segments: number[][]) => PlaytestReplay,
  level: number,
  moves: number[],
  n: number,
): AttemptTrace {
  const r = replay([moves]);
  const effects = r.effects[0]!;
  const outcome = outcomeOf(r, moves.length);
  const events: TraceEvent[] = moves.flatMap((element, i) => [
    { kind: 'hold' as const, at: i * 1000 + 200, element, ms: 300 },
    { kind: 'move' as const, at: i * 1000 + 600, element, effect: effects[i]! },
  ]);
  const startedAt = new Date(Date.UTC(2026, 11, 2) + n * 60_000).toISOString();
  return { level, startedAt, events, outcome, ms: moves.length * 1000 + 400 };
}

export const playtestBenchCases: BenchCase[] = [
  {
    name: 'playtest-import',
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'studio-bench-playtest-'));
      const dbPath = join(dir, 'bench.db');
      const service = openStudio({ dbPath, workers: 2, transport: 'cli' });
      try {
        const api = localClient(service);
        const run = await api.call('runs.create', { game: 'carillon', seed: 7, levels: 12 });
        await service.engine.waitFor(run.id);
        const pack = await api.call('packs.export', { runId: run.id, kind: 'automatic' });
        const order = await api.call('orderings.get', { runId: run.id, kind: 'automatic' });
        const detail = await api.call('runs.get', { runId: run.id });
        const game = gameById('carillon');
        const levels = game.packLevels(game.parsePack(JSON.parse(pack.text)));
        const exportId = 'bench-export';
        const packChecksum = sha256Hex(pack.text);
        const db = openDatabase(dbPath);
        recordPlaytestExport(db, {
          id: exportId,
          runId: run.id,
          order: 'automatic',
          packChecksum,
          candidateIds: order.levels.map((l) => l.candidateId!),
          testers: { subset: null, shuffle: false, seed: null },
          createdAt: new Date().toISOString(),
        });
        db.close();
        // Half along the solution (cleared), half stopped after its first move (given up, or cleared on a one-tap level).
        const attempts = Array.from({ length: ATTEMPTS }, (_, n) => {
          const i = n % levels.length;
          const level = levels[i];
          const solution = game.playtest.solution(level, detail.rules);
          const replay = (s: number[][]) => game.playtest.replay(level, detail.rules, s);
          return n % 2 === 0
            ? attemptAlong(replay, i + 1, solution, n)
            : attemptAlong(replay, i + 1, solution.slice(0, 1), n);
        });
        const file: PlaytestResultsFile = {
          format: 'studio-playtest-results',
          version: 1,
          exportId,
          packChecksum,
          tester: 'bench',
          attempts,
          attemptsChecksum: sha256Hex(canonicalJson(attempts)),
        };
        const text = JSON.stringify(file);
        let reply: unknown = null;
        const m = await stallDuring(async () => {
          reply = await api.call('playtests.import', { text });
        });
        const added = (reply as { added?: number } | null)?.added;
        if (added !== ATTEMPTS)
          throw new Error(`playtest import bench: ${m.outcome}, added ${String(added)}`);
        return [
          {
            name: `import a results file of ${ATTEMPTS.toLocaleString('en')} attempts (${(text.length / 1e6).toFixed(1)} MB; worker: parse, checksum, replay; then store)`,
            value: m.ms,
            unit: 'ms',
            budget: '< 2000 ms',
          },
          {
            name: 'longest main-thread stall while it imports',
            value: m.stallMs,
            unit: 'ms',
            budget: '< 50 ms',
          },
        ];
      } finally {
        await service.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'playtest-analysis',
    run: () => {
      const LEVELS = 150;
      const TESTERS = 20;
      const rng = streamFor(24, 150, 20);
      const attempts: AttemptFigures[] = [];
      const outcomes: PlaytestOutcome[] = ['cleared-fewest', 'cleared-more', 'gave-up', 'failed'];
      for (let l = 0; l < LEVELS; l++)
        for (let t = 0; t < TESTERS; t++)
          for (let k = 0, tries = 1 + rng.int(3); k < tries; k++)
            attempts.push({
              id: `${l}-${t}-${k}`,
              tester: `tester ${t}`,
              candidateId: l + 1,
              startedAt: `2026-12-02T09:${String(k).padStart(2, '0')}:00.000Z`,
              outcome: rng.pick(outcomes),
              ms: Math.round(2000 + rng.next() * 1000 * (10 + l)),
              wasted: rng.int(4),
            });
      const levels = Array.from({ length: LEVELS }, (_, l) => ({
        candidateId: l + 1,
        candidate: `L${l + 1} · c1`,
        model: l / 10 + rng.next(),
      }));
      const input = { runId: 1, order: 'automatic', levels, attempts };
      const t0 = performance.now();
      playersReport(input);
      const first = performance.now() - t0;
      const ms = timeMedian(() => playersReport(input), 5);
      return Promise.resolve([
        {
          name: `Players analysis of ${LEVELS} levels × ${TESTERS} testers (${attempts.length.toLocaleString('en')} attempts, 1,000 bootstrap resamples), median of 5`,
          value: ms,
          unit: 'ms',
          budget: '< 200 ms',
        },
        { name: 'the same, first (cold) run', value: first, unit: 'ms' },
      ]);
    },
  },
];
