import { describe, expect, it } from 'vitest';
import { CliInputError, parseNumberList, parseVary, splitValues } from '../../src-main/cli/experiment-args';
import { experimentArgs } from '../../src-main/cli/experiment';
import { experimentTable } from '../../src-main/cli/experiment-table';
import { CHANGE_MEANS, pairedDecision, medianRange, seedChange } from '../../src-shared/experiments/stats';
import type { ExperimentResults } from '../../src-shared/api';

const seedsOpts = { min: 0, max: 2 ** 31 - 1, most: 64, what: 'seed' };

describe('experiment flags', () => {
  it('reads seed ranges and lists, and names a bad one', () => {
    expect(parseNumberList('--seeds', '1-8', seedsOpts)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseNumberList('--seeds', '3, 7,11-12', seedsOpts)).toEqual([3, 7, 11, 12]);
    expect(() => parseNumberList('--seeds', '1-3,2', seedsOpts)).toThrow('--seeds: names seed 2 twice');
    expect(() => parseNumberList('--seeds', '5-1', seedsOpts)).toThrow('--seeds: "5-1" runs backwards');
    expect(() => parseNumberList('--seeds', 'one', seedsOpts)).toThrow(
      '--seeds: takes seeds like 1-8 or 3,7,11, not "one"',
    );
    expect(() => parseNumberList('--seeds', '1-100', seedsOpts)).toThrow('--seeds: at most 64 seeds');
  });

  it('--vary gives one variant per value; several flags are zipped; JSON values stay whole', () => {
    expect(parseVary(['rules.spacing=14,18,22'], 3)).toEqual([
      { name: 'spacing=14', changes: { 'rules.spacing': 14 } },
      { name: 'spacing=18', changes: { 'rules.spacing': 18 } },
      { name: 'spacing=22', changes: { 'rules.spacing': 22 } },
    ]);
    expect(parseVary(['rules.spacing=14,18', 'rules.orderMethod=greedy'], 3).map((v) => v.changes)).toEqual([
      { 'rules.spacing': 14, 'rules.orderMethod': 'greedy' },
      { 'rules.spacing': 18, 'rules.orderMethod': 'greedy' },
    ]);
    expect(
      parseVary(['rules.sizes.small={"radius":20,"reach":70},{"radius":18,"reach":70}'], 3).map(
        (v) => v.changes['rules.sizes.small'],
      ),
    ).toEqual([
      { radius: 20, reach: 70 },
      { radius: 18, reach: 70 },
    ]);
    expect(splitValues('a,"b,c",[1,2]')).toEqual(['a', '"b,c"', '[1,2]']);
  });

  it('refuses --vary that cannot make variants, naming the flag', () => {
    expect(() => parseVary([], 3)).toThrow(CliInputError);
    expect(() => parseVary(['rules.spacing'], 3)).toThrow('--vary: takes PATH=VALUE[,VALUE...]');
    expect(() => parseVary(['rules.spacing=1,2,3,4'], 3)).toThrow(
      '--vary rules.spacing: gives 4 values; an experiment holds at most 3 variants',
    );
    expect(() => parseVary(['rules.spacing=1,2,3', 'plan.0.taps=1,2'], 3)).toThrow(
      '--vary plan.0.taps: gives 2 values; every --vary gives one value or 3',
    );
    expect(() => parseVary(['rules.spacing=1,,3'], 3)).toThrow('--vary rules.spacing: has an empty value');
    // Values are read as the studio's forms read them: broken JSON and numbers past a double are named.
    expect(() => parseVary(['rules.sizes.small={"radius":20'], 3)).toThrow(
      '--vary rules.sizes.small: rules.sizes.small is not valid JSON: check its brackets, quotes and commas.',
    );
    expect(() => parseVary(['rules.spacing=18,1e999'], 3)).toThrow(
      '--vary rules.spacing: rules.spacing must be a finite number, not “1e999”.',
    );
    expect(parseVary(['rules.aimDepth=false,true'], 3).map((v) => v.changes['rules.aimDepth'])).toEqual([
      false,
      true,
    ]);
  });

  it('builds the API arguments, or names the flag', () => {
    expect(
      experimentArgs({ game: 'carillon', seeds: '1-2', vary: ['rules.spacing=18'], levels: '10', db: 'x' }),
    ).toEqual({
      base: { game: 'carillon', levels: 10 },
      variants: [{ name: 'spacing=18', changes: { 'rules.spacing': 18 } }],
      seeds: [1, 2],
      scope: { kind: 'plan' },
      confirm: false,
    });
    expect(
      experimentArgs({
        baseRun: '4',
        seeds: '1',
        vary: ['rules.aimDepth=false'],
        slots: '1,10',
        candidates: '24',
        db: 'x',
      }),
    ).toMatchObject({
      base: { runId: 4 },
      scope: { kind: 'slots', slots: [0, 9], candidates: 24 },
    });
    expect(() => experimentArgs({ game: 'tetris', seeds: '1', vary: ['rules.x=1'], db: 'x' })).toThrow(
      '--game: "tetris" is not a game',
    );
    expect(() => experimentArgs({ seeds: '1', vary: ['rules.x=1'], db: 'x' })).toThrow(
      /^--game: give the game/,
    );
    expect(() =>
      experimentArgs({ game: 'apsis', seeds: '1', vary: ['rules.x=1'], slots: '1', db: 'x' }),
    ).toThrow(/^--candidates: a quick experiment needs both/);
    expect(() => experimentArgs({ game: 'apsis', vary: ['rules.x=1'], db: 'x' })).toThrow(
      '--seeds: needs the seeds',
    );
  });
});

describe('the results table', () => {
  const fig = (base: number[], variant: number[]) => ({
    key: 'largestStep',
    label: 'largest step of the shipped curve',
    unit: 'bits',
    better: 'lower' as const,
    explain: 'The largest rise between neighbouring shipped levels.',
    base: medianRange(base),
    variant: medianRange(variant),
    change: seedChange(base, variant),
    perSeed: base.map((b, i) => ({ seed: i + 1, base: b, variant: variant[i]! })),
    decision: pairedDecision(base, variant),
  });
  it('prints each figure as median [range] for base and variant, the change and the decision', () => {
    const results: ExperimentResults = {
      experimentId: 1,
      game: 'carillon',
      status: 'done',
      scope: { kind: 'plan' },
      difficulty: { metric: 'bits', label: 'Difficulty (bits)' },
      seeds: [1, 2, 3, 4, 5, 6],
      seedsDone: [1, 2, 3, 4, 5, 6],
      decidedBy: 'sign test',
      changeMeans: CHANGE_MEANS,
      variants: [
        {
          arm: 1,
          name: 'wide',
          changes: { 'rules.spacing': 18 },
          diff: [{ field: 'rules.spacing', text: 'Dot spacing: 14 → 18', a: 14, b: 18 }],
          figures: [fig([1, 1, 1, 1, 1, 1], [2, 2, 2, 2, 2, 3])],
          stages: [],
        },
      ],
    };
    const lines = experimentTable(results, 'title');
    expect(lines).toContain('  changes  Dot spacing: 14 → 18');
    const row = lines.find((l) => l.includes('largest step'))!;
    expect(row).toMatch(
      /largest step of the shipped curve \(bits\)\s+1\s+2 \[2–3\]\s+\+1\s+real \(higher on 6\/6\)/,
    );
    expect(lines.slice(-2)).toEqual([CHANGE_MEANS, 'sign test']);
  });

  it('a wall-clock figure reads "not tested" with its per-seed counts, whatever the seeds say', () => {
    const wall = {
      ...fig([10, 10, 10, 10, 10, 10], [20, 20, 20, 20, 20, 20]),
      key: 'buildsPerSecond',
      label: 'builds per second, wall clock',
      unit: 'builds/s',
      better: 'higher' as const,
      untested: 'not tested',
    };
    const results: ExperimentResults = {
      experimentId: 1,
      game: 'carillon',
      status: 'done',
      scope: { kind: 'plan' },
      difficulty: { metric: 'bits', label: 'bits' },
      seeds: [1, 2, 3, 4, 5, 6],
      seedsDone: [1, 2, 3, 4, 5, 6],
      decidedBy: 'sign test',
      changeMeans: CHANGE_MEANS,
      variants: [{ arm: 1, name: 'wide', changes: {}, diff: [], figures: [wall], stages: [] }],
    };
    const row = experimentTable(results, 'title').find((l) => l.includes('wall clock'))!;
    expect(row).toMatch(
      /builds per second, wall clock \(builds\/s\)\s+10\s+20\s+\+10\s+not tested \(varies with load; 6↑ 0↓ 0=\)$/,
    );
  });
});
