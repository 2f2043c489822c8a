/** The Players section's words and points from a report (src-renderer/src/plots/players-view.ts). */
import { describe, expect, it } from 'vitest';
import type { LevelPlayers, PlayersReport } from '../../src-shared/playtest/report';
import {
  inversionPair,
  observedText,
  playedLine,
  playersRows,
  rhoLine,
  scatterPoints,
  secondsText,
  countLines,
} from '../../src-renderer/src/plots/players-view';
import { countAttempts } from '../../src-shared/playtest/attempt-counts';

const level = (n: number, over: Partial<LevelPlayers> = {}): LevelPlayers => ({
  level: n,
  candidateId: 100 + n,
  candidate: `L${n} · c0`,
  model: n * 1.5,
  testers: 4,
  attempts: 5,
  clearRate: 0.8,
  fewestRate: 0.25,
  medianClearMs: 41_400,
  medianWasted: 1.5,
  observed: 3.7123,
  observedLow: 3.4,
  observedHigh: 4.0249,
  stuck: false,
  ...over,
});

const report = (over: Partial<PlayersReport> = {}): PlayersReport => ({
  runId: 1,
  order: 'automatic',
  levels: [
    level(1),
    level(2, {
      attempts: 0,
      testers: 0,
      clearRate: null,
      fewestRate: null,
      medianClearMs: null,
      medianWasted: null,
      observed: null,
      observedLow: null,
      observedHigh: null,
    }),
    level(3, { clearRate: 0.2, stuck: true, medianClearMs: 125_000 }),
  ],
  observedName: 'median log seconds to clear',
  observedExplain: '…',
  rho: { value: 0.6166, low: 0.31, high: 0.845, levels: 12, seed: 24 },
  inversions: [{ easier: 3, harder: 1, sentence: 'level 3 played easier than level 1', testers: 4 }],
  stuck: [{ level: 3, clearRate: 0.2, sentence: 'level 3: 20 % clear' }],
  counts: countAttempts([
    { tester: 'Bo', outcome: 'cleared-fewest' },
    { tester: 'Ada', outcome: 'gave-up' },
    { tester: 'Bo', outcome: 'cleared-more' },
    { tester: 'Bo', outcome: 'gave-up' },
  ]),
  byCandidate: {},
  ...over,
});

describe('the Players section', () => {
  it('words each level: rates in per cent, times in seconds, the figure with its range', () => {
    const rows = playersRows(report());
    expect(rows[0]).toEqual({
      level: 1,
      candidateId: 101,
      candidate: 'L1 · c0',
      testers: 4,
      attempts: 5,
      clear: '80 %',
      fewest: '25 %',
      time: '41 s',
      wasted: '1.5',
      observed: '3.71 (3.4–4.02)',
      stuck: false,
    });
    expect(rows[1]).toMatchObject({ clear: '—', time: '—', observed: '—', wasted: '—' });
    expect(rows[2]).toMatchObject({ time: '2 min 5 s', stuck: true });
    expect(secondsText(59_400)).toBe('59 s');
    expect(observedText({ observed: 2, observedLow: null, observedHigh: null })).toBe('2');
  });

  it('plots only levels with both figures, and says ρ with its interval', () => {
    const pts = scatterPoints(report());
    expect(pts.map((p) => [p.level, p.model, p.observed, p.low, p.high, p.stuck])).toEqual([
      [1, 1.5, 3.7123, 3.4, 4.0249, false],
      [3, 4.5, 3.7123, 3.4, 4.0249, true],
    ]);
    expect(rhoLine(report())).toBe(
      'Spearman’s ρ = 0.62 (95 % bootstrap interval 0.31 to 0.85) over 12 levels, seed 24.',
    );
    expect(rhoLine(report({ rho: null }))).toMatch(/^Too few levels/);
    expect(playedLine(report())).toBe('2 of 3 levels played · 10 attempts · up to 4 testers a level');
    expect(playedLine(report({ levels: [] }))).toBe('No one has played this order yet.');
  });

  it('opens an inversion with the level that played harder on the left', () => {
    const pair = inversionPair(report(), 0)!;
    expect([pair.left.level, pair.right.level]).toEqual([1, 3]);
    expect(inversionPair(report(), 1)).toBeNull();
  });

  it('counts what came back: testers, attempts per outcome, and each tester in a line', () => {
    expect(countLines(report())).toEqual({
      total:
        '2 testers · 4 attempts: 1 cleared in the fewest, 1 cleared with more, 0 failed, 2 gave up, 0 skipped',
      testers: [
        'Ada: 1 attempt: 1 gave up',
        'Bo: 3 attempts: 1 cleared in the fewest, 1 cleared with more, 1 gave up',
      ],
    });
    expect(countLines(report({ counts: countAttempts([]) }))).toEqual({
      total: 'No results have come back yet.',
      testers: [],
    });
  });
});
