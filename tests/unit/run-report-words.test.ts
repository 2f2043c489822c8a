/**
 * The run report in words (issue 13): reportLines is the one wording the Runs page's panel
 * and the CLI summary print. Every named figure has its line, units follow the game's
 * difficulty metric, phases are named as the progress names them.
 */
import { describe, expect, it } from 'vitest';
import { reportLines, type RunReport } from '../../src-shared/run-report';

const base: RunReport = {
  status: 'done',
  finishedAt: '2026-11-30T22:00:00.000Z',
  difficulty: {
    metric: 'bits',
    label: 'Difficulty (bits)',
    unit: 'bits',
    min: 0,
    max: 13.456,
    largestStep: { from: 41, to: 42, step: 0.585 },
  },
  gaveUp: {
    count: 3,
    of: 1920,
    reasons: [
      { reason: 'no field grew', count: 2 },
      { reason: 'too few dots', count: 1 },
    ],
  },
  nearDuplicates: { found: 1, skipped: 0, bothShip: 1, triage: { fine: 2, rejected: 1, open: 4 } },
  shortLevels: [31, 32, 33],
  warnings: ['levels 31–33 could not be filled from the pools'],
  phases: [
    { name: 'generate', ms: 1056 },
    { name: 'order', ms: 248.4 },
    { name: 'near-duplicates', ms: null },
  ],
  resumes: 2,
};

describe('the run report in words', () => {
  it('gives every named figure a line, in order', () => {
    expect(reportLines(base).map((l) => `${l.label}: ${l.value}`)).toEqual([
      'Difficulty: 0 – 13.46 bits',
      'Largest step: 0.58 bits, level 41 → 42',
      'Gave up: 3 of 1920 candidates, most often: no field grew',
      'Near-duplicates: 1 pair found, 0 skipped by the order, 1 both ship',
      'Triage: 2 marked fine, 1 settled by a rejection, 4 open',
      'Short levels: levels 31–33',
      'Warning: levels 31–33 could not be filled from the pools',
      'Resumed: resumed twice; the phase times add up every attempt',
      'Phases: generate 1.06 s · order 0.25 s · near-duplicates not run',
    ]);
    expect(reportLines(base).find((l) => l.key === 'gave-up')!.detail).toBe(
      '2× no field grew\n1× too few dots',
    );
  });

  it('speaks in the game’s unit, one of it singular', () => {
    const apsis = reportLines({
      ...base,
      difficulty: {
        metric: 'reads',
        label: 'Reads',
        unit: 'reads',
        min: 4,
        max: 80,
        largestStep: { from: 2, to: 3, step: 1 },
      },
    });
    expect(apsis[0]!.value).toBe('4 – 80 reads');
    expect(apsis[1]!.value).toBe('1 read, level 2 → 3');
    // A report stored before the unit was kept prints bare figures, never a guess from the label.
    const old = reportLines({
      ...base,
      difficulty: {
        metric: 'bits',
        label: 'Difficulty (bits)',
        min: 0,
        max: 2,
        largestStep: { from: 1, to: 2, step: 1 },
      },
    });
    expect(old.slice(0, 2).map((l) => l.value)).toEqual(['0 – 2', '1, level 1 → 2']);
  });

  it('says none plainly and leaves out what did not happen', () => {
    const quiet = reportLines({
      ...base,
      difficulty: null,
      gaveUp: { count: 0, of: 96, reasons: [] },
      nearDuplicates: { found: 0, skipped: 0, bothShip: 0 },
      shortLevels: [],
      warnings: [],
      resumes: 0,
    });
    expect(quiet.map((l) => l.key)).toEqual(['gave-up', 'duplicates', 'short', 'phases']);
    expect(quiet.map((l) => l.value).slice(0, 3)).toEqual([
      'none of 96 candidates',
      '0 pairs found, 0 skipped by the order',
      'none',
    ]);
  });

  it('shows no raw key or code to the designer', () => {
    for (const l of reportLines(base))
      expect(`${l.label} ${l.value}`).not.toMatch(/\b[a-z]+[A-Z]\w*|bothShip|shortLevels|null|undefined|NaN/);
  });
});
