/** The Players analysis against figures worked by hand (the comments show the working). */
import { describe, expect, it } from 'vitest';
import type { AttemptFigures } from '../../../src-shared/playtest/candidate-figures';
import { playersReport } from '../../../src-shared/playtest/players';
import {
  median,
  medianIntervalRanks,
  ranks,
  spearman,
  spearmanInterval,
} from '../../../src-shared/playtest/stats';
import type { PlaytestOutcome } from '../../../src-shared/playtest/types';
import { streamFor } from '../../../src-shared/random/prng';

let n = 0;
const a = (
  tester: string,
  candidateId: number,
  outcome: PlaytestOutcome,
  s: number,
  wasted = 0,
): AttemptFigures => ({
  id: `a${++n}`,
  tester,
  candidateId,
  startedAt: `2026-12-01T10:00:${String(n).padStart(2, '0')}.000Z`,
  outcome,
  ms: s * 1000,
  wasted,
});

describe('stats', () => {
  it('ranks ties by their mean rank, and Spearman is Pearson on those ranks', () => {
    expect(ranks([1, 2, 2, 3])).toEqual([1, 2.5, 2.5, 4]);
    // ranks x 1 2.5 2.5 4, y 1 3 2 4: sxy = 4.5, sxx = 4.5, syy = 5 -> 4.5 / sqrt(22.5)
    expect(spearman([1, 2, 2, 3], [1, 3, 2, 4])).toBeCloseTo(4.5 / Math.sqrt(22.5), 12);
    expect(spearman([1, 2, 3], [3, 2, 1])).toBe(-1);
    expect(Number.isNaN(spearman([1, 1, 1], [1, 2, 3]))).toBe(true);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("bounds the median by the binomial's order statistics", () => {
    // P(Bin(9, 1/2) <= 1) = 10/512 = 2.0 % <= 2.5 %, P(<= 2) = 46/512 = 9 %: ranks 2 and 8.
    expect(medianIntervalRanks(9)).toEqual([2, 8]);
    // P(Bin(20, 1/2) <= 5) = 21700/2^20 = 2.07 %, P(<= 6) = 5.8 %: ranks 6 and 15.
    expect(medianIntervalRanks(20)).toEqual([6, 15]);
    expect(medianIntervalRanks(6)).toEqual([1, 6]);
    expect(medianIntervalRanks(3)).toEqual([1, 3]);
    expect(medianIntervalRanks(1)).toEqual([1, 1]);
  });

  it('bootstraps as resampling the pairs and ranking each resample afresh would', () => {
    const x = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5];
    const y = [2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4];
    const rng = streamFor(5, x.length);
    const rhos: number[] = [];
    for (let b = 0; b < 200; b++) {
      const picks = x.map(() => rng.int(x.length));
      const r = spearman(
        picks.map((k) => x[k]!),
        picks.map((k) => y[k]!),
      );
      if (!Number.isNaN(r)) rhos.push(r);
    }
    rhos.sort((p, q) => p - q);
    const at = (q: number) => rhos[Math.round(q * (rhos.length - 1))]!;
    const got = spearmanInterval(x, y, 5, 200);
    expect(got.low).toBeCloseTo(at(0.025), 12);
    expect(got.high).toBeCloseTo(at(0.975), 12);
  });

  it('draws the same bootstrap interval from the same seed', () => {
    const x = [1, 2, 3, 4, 5, 6, 7, 8];
    const y = [2, 1, 4, 3, 6, 5, 8, 7];
    const first = spearmanInterval(x, y, 7);
    expect(spearmanInterval(x, y, 7)).toEqual(first);
    expect(first.low).toBeLessThanOrEqual(spearman(x, y));
    expect(first.high).toBeGreaterThanOrEqual(spearman(x, y));
    expect(first.high).toBeLessThanOrEqual(1);
    expect(spearmanInterval(x, y, 8)).not.toEqual(first);
  });
});

describe('playersReport', () => {
  const attempts = [
    // Level 1 (c10): A 20 s fewest; B 40 s with 2 wasted; C gives up at 30 s, then clears in 50 s (80 s in all).
    a('A', 10, 'cleared-fewest', 20),
    a('B', 10, 'cleared-more', 40, 2),
    a('C', 10, 'gave-up', 30, 4),
    a('C', 10, 'cleared-fewest', 50),
    // Level 2 (c11): only C clears (5 s, 3 wasted); A gives up, B skips: both count as 600 s.
    a('A', 11, 'gave-up', 100, 6),
    a('B', 11, 'skipped', 1),
    a('C', 11, 'cleared-more', 5, 3),
    // Level 3 (c12): 2, 3 and 4 s, all in the fewest.
    a('A', 12, 'cleared-fewest', 2),
    a('B', 12, 'cleared-fewest', 3),
    a('C', 12, 'cleared-fewest', 4),
    // Not in this order (another order's level): reported per candidate only.
    a('A', 99, 'failed', 9, 3),
  ];
  const report = playersReport({
    runId: 4,
    order: 'automatic',
    levels: [
      { candidateId: 10, candidate: 'L1 · c10', model: 1 },
      { candidateId: 11, candidate: 'L2 · c11', model: 2 },
      { candidateId: 12, candidate: 'L3 · c12', model: 3 },
      { candidateId: null, candidate: null, model: null },
    ],
    attempts,
  });

  it('gives each level its testers, rates, medians and observed figure with its interval', () => {
    expect(report.levels[0]).toEqual({
      level: 1,
      candidateId: 10,
      candidate: 'L1 · c10',
      model: 1,
      testers: 3,
      attempts: 4,
      clearRate: 1,
      fewestRate: 1 / 3, // only A's first attempt cleared in the fewest
      medianClearMs: 40_000, // of 20, 40, 80 s
      medianWasted: 0, // of 0, 2, 0
      observed: 40, // median of 20, 40, 80 s (on a log scale)
      observedLow: 20, // 3 testers: the whole range
      observedHigh: 80,
      stuck: false,
    });
    expect(report.levels[1]).toMatchObject({
      testers: 3,
      clearRate: 1 / 3,
      fewestRate: 0,
      medianClearMs: 5000,
      medianWasted: 3,
      stuck: true,
    });
    expect(report.levels[1]!.observed).toBeCloseTo(600, 9); // 5, 600, 600
    expect(report.levels[1]!.observedLow).toBeCloseTo(5, 9);
    expect(report.levels[2]).toMatchObject({ clearRate: 1, fewestRate: 1, medianClearMs: 3000 });
    expect(report.levels[2]!.observed).toBeCloseTo(3, 9);
    expect(report.levels[3]).toMatchObject({ level: 4, testers: 0, observed: null, stuck: false });
  });

  it('ranks model against observed: model 1 2 3, observed 40 600 3 -> rho = 1 - 6(1+1+4)/(3*8) = -0.5', () => {
    expect(report.rho).toMatchObject({ value: -0.5, levels: 3, seed: 24 });
    expect(report.rho!.low).toBeGreaterThanOrEqual(-1);
    expect(report.rho!.high).toBeLessThanOrEqual(1);
  });

  it('words the clear inversions, the widest gap first, and the stuck level', () => {
    // Level 3's interval (2..4 s) lies below level 2's (5..600 s) and level 1's (20..80 s); 2 against 1 overlaps.
    expect(report.inversions).toEqual([
      {
        easier: 3,
        harder: 2,
        testers: 3,
        sentence: 'level 3 played easier than level 2: median 3 s against 600 s, 3 testers',
      },
      {
        easier: 3,
        harder: 1,
        testers: 3,
        sentence: 'level 3 played easier than level 1: median 3 s against 40 s, 3 testers',
      },
    ]);
    expect(report.stuck).toEqual([
      { level: 2, clearRate: 1 / 3, sentence: 'level 2: 1 of 3 testers cleared it (33 %)' },
    ]);
  });

  it('gives Pools every candidate with attempts, in any order', () => {
    expect(Object.keys(report.byCandidate)).toEqual(['10', '11', '12', '99']);
    expect(report.byCandidate[99]).toEqual({
      testers: 1,
      attempts: 1,
      clearRate: 0,
      fewestRate: 0,
      medianClearMs: null,
      observed: 600,
    });
  });

  it('is the same report for the same attempts in another order of arrival', () => {
    const again = playersReport({
      runId: 4,
      order: 'automatic',
      levels: [
        { candidateId: 10, candidate: 'L1 · c10', model: 1 },
        { candidateId: 11, candidate: 'L2 · c11', model: 2 },
        { candidateId: 12, candidate: 'L3 · c12', model: 3 },
        { candidateId: null, candidate: null, model: null },
      ],
      attempts: [...attempts].reverse(),
    });
    expect(again).toEqual(report);
  });
});
