/**
 * Simulated testers (tests/helpers/simulated-testers.ts) play a run's levels; their traces,
 * written as results files and imported through the real import path (an export recorded with
 * recordPlaytestExport), give the rho between model and observed that a hand calculation over
 * the same traces gives. And Carillon's guesser clears in the fewest taps at 2^-bits, within
 * the sampling error.
 */
import { describe, expect, it } from 'vitest';
import { apsisGame } from '../../src-shared/games/apsis/index';
import type { AnyGame } from '../../src-shared/games/index';
import { carillonGame } from '../../src-shared/games/carillon/index';
import type { CarillonLevel } from '../../src-shared/games/carillon/model';
import { playersReport } from '../../src-shared/playtest/players';
import type { AttemptTrace } from '../../src-shared/playtest/types';
import { streamFor } from '../../src-shared/random/prng';
import { recordExport, resultsFile } from '../helpers/playtest-results';
import {
  apsisGuesser,
  apsisReader,
  carillonGuesser,
  carillonReader,
  type SimulatedTester,
} from '../helpers/simulated-testers';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ workers: 1 });

/** Average ranks, then Pearson: Spearman's rho written out again, apart from the studio's. */
function handRho(x: number[], y: number[]): number {
  const rank = (v: number[]) =>
    v.map((a) => v.filter((b) => b < a).length + (v.filter((b) => b === a).length + 1) / 2);
  const rx = rank(x);
  const ry = rank(y);
  const mean = (v: number[]) => v.reduce((s, a) => s + a, 0) / v.length;
  const mx = mean(rx);
  const my = mean(ry);
  const cov = rx.reduce((s, a, i) => s + (a - mx) * (ry[i]! - my), 0);
  const sx = Math.sqrt(rx.reduce((s, a) => s + (a - mx) ** 2, 0));
  const sy = Math.sqrt(ry.reduce((s, a) => s + (a - my) ** 2, 0));
  return cov / (sx * sy);
}

/** A tester's time to their first clear of a level (every try before it counted), or Infinity. */
function timeToClear(attempts: AttemptTrace[]): number {
  let ms = 0;
  for (const a of attempts) {
    ms += a.ms;
    if (a.outcome === 'cleared-fewest' || a.outcome === 'cleared-more') return ms;
  }
  return Infinity;
}

async function playAndImport(
  game: AnyGame,
  create: Parameters<typeof studio.finishedRun>[0],
  testers: SimulatedTester<never, never>[],
): Promise<void> {
  const run = await studio.finishedRun(create);
  const exportId = `sim-${game.id}`;
  const e = await recordExport(studio.api, studio.dbPath, run.id, exportId);
  const pack = await studio.api.call('packs.export', { runId: run.id, kind: 'automatic' });
  const rules = (await studio.api.call('runs.get', { runId: run.id })).rules;
  const levels = game.packLevels(game.parsePack(JSON.parse(pack.text)));
  const order = await studio.api.call('orderings.get', { runId: run.id, kind: 'automatic' });
  // Per tester, per level: their attempts.
  const played = testers.map((tester, k) =>
    levels.map((level, i) => tester(level as never, rules as never, i + 1, streamFor(99, k, i))),
  );
  for (let k = 0; k < testers.length; k++) {
    const r = await studio.api.call('playtests.import', {
      text: JSON.stringify(resultsFile(e, `tester ${k + 1}`, played[k]!.flat())),
    });
    expect(r).toMatchObject({ added: played[k]!.flat().length, already: 0 });
  }
  const report = await studio.api.call('playtests.report', { runId: run.id, kind: 'automatic' });

  // By hand: each level's median time to clear over the testers (never cleared: slowest), against the model.
  const model = order.levels.map((l) => l.metrics[game.difficulty]!);
  const observed = levels.map((_, i) => {
    const times = played.map((p) => timeToClear(p[i]!)).sort((a, b) => a - b);
    return times[(times.length - 1) / 2]!;
  });
  expect(report.levels.map((l) => l.model)).toEqual(model);
  expect(report.levels.every((l) => l.testers === testers.length)).toBe(true);
  // The report's observed figure orders the levels as the hand medians do.
  const rho = handRho(model, observed);
  expect(Number.isFinite(rho)).toBe(true);
  expect(report.rho!.value).toBeCloseTo(rho, 12);
  expect(report.rho!.levels).toBe(levels.length);
  expect(report.rho!.low).toBeLessThanOrEqual(report.rho!.high);
}

describe('simulated testers through the real import', () => {
  it('Carillon: two readers and three guessers give the hand-worked rho', async () => {
    await playAndImport(
      carillonGame as unknown as AnyGame,
      {
        game: 'carillon',
        seed: 8,
        plan: [
          { from: 1, to: 3, taps: 2, minDots: 8, maxDots: 12, tutorial: false },
          { from: 4, to: 6, taps: 3, minDots: 12, maxDots: 16, tutorial: false },
        ],
        rules: { poolSize: 3 },
      },
      [carillonReader, carillonGuesser, carillonGuesser, carillonReader, carillonGuesser] as never[],
    );
  });

  it('Apsis: two readers and three guessers give the hand-worked rho', async () => {
    await playAndImport(
      apsisGame as unknown as AnyGame,
      { game: 'apsis', seed: 8, levels: 6, rules: { validCandidates: 4 } },
      [apsisReader, apsisGuesser, apsisGuesser, apsisReader, apsisGuesser] as never[],
    );
  });
});

describe("Carillon's guesser", () => {
  it('clears in the fewest taps at 2^-bits, within three standard errors on every level', () => {
    const plan = [
      { from: 1, to: 2, taps: 1, minDots: 4, maxDots: 6, tutorial: false },
      { from: 3, to: 4, taps: 2, minDots: 8, maxDots: 12, tutorial: false },
    ];
    const rules = carillonGame.rulesSchema.parse({ poolSize: 1 });
    const levels: CarillonLevel[] = [];
    for (let slot = 0; slot < 4; slot++)
      for (let index = 0; levels.length === slot && index < 20; index++) {
        const c = carillonGame.generate({
          rules,
          plan: carillonGame.planSchema.parse(plan),
          seed: 5,
          slot,
          index,
        });
        if (c.level) levels.push(c.level);
      }
    expect(levels).toHaveLength(4);
    const N = 400;
    const attempts = levels.flatMap((level, i) =>
      Array.from({ length: N }, (_, k) => {
        const [a] = carillonGuesser(level, rules, i + 1, streamFor(7, i, k));
        return {
          id: `${i}-${k}`,
          tester: `g${k}`,
          candidateId: i + 1,
          startedAt: a!.startedAt,
          outcome: a!.outcome,
          ms: a!.ms,
          wasted: 0,
        };
      }),
    );
    const report = playersReport({
      runId: 1,
      order: 'automatic',
      levels: levels.map((l, i) => ({ candidateId: i + 1, candidate: null, model: l.bits })),
      attempts,
    });
    for (const [i, level] of levels.entries()) {
      const p = 2 ** -level.bits;
      // The fewest rate of N independent guessers: binomial, standard error sqrt(p(1-p)/N).
      const se = Math.sqrt((p * (1 - p)) / N);
      const rate = report.levels[i]!.fewestRate!;
      expect(
        Math.abs(rate - p),
        `level ${i + 1}: ${rate} against 2^-${level.bits} = ${p}`,
      ).toBeLessThanOrEqual(3 * se + 1 / N);
    }
    // Some level is hard enough that the check means something (not all p = 1).
    expect(levels.some((l) => l.bits > 0.5)).toBe(true);
  });
});
