/**
 * The experiment form's pure parts (src-renderer/src/experiments/): the fields a variant can
 * change, labelled from each registered game's own field labels; typed-in values read or
 * refused in a sentence; seed and level lists; the results' formatting and suggested winner.
 */
import { describe, expect, it } from 'vitest';
import { games } from '../../src-shared/games/index';
import {
  applyChanges,
  changeOptions,
  valueText,
  type GameFields,
} from '../../src-renderer/src/experiments/change-fields';
import { formatNumberList, readNumberList } from '../../src-shared/schema/number-list';
import {
  formatDelta,
  formatValue,
  heading,
  medianRange,
  realExplanation,
  resultsView,
  suggestWinner,
  unitWord,
  type ResultsView,
} from '../../src-renderer/src/experiments/results-model';
import type { ExperimentResults, FigureResult } from '../../src-shared/api';
import { CHANGE_MEANS, seedChange } from '../../src-shared/experiments/stats';

const fieldsOf = (g: (typeof games)[number]): GameFields => ({
  defaultRules: g.defaultRules,
  defaultPlan: g.defaultPlan,
  fields: g.fields ?? { rules: {}, plan: {} },
  stage: g.words.stage,
  stages: (plan) => g.stages(plan),
});

describe('change options of every registered game', () => {
  for (const g of games) {
    it(`${g.id}: every rules leaf and every plan row field, with the game's labels and the API's paths`, () => {
      const opts = changeOptions(fieldsOf(g), { rules: g.defaultRules, plan: g.defaultPlan });
      const paths = opts.map((o) => o.path);
      expect(new Set(paths).size).toBe(paths.length);
      // Every top-level rule of the defaults can be changed (leaves of nested groups stand for their group).
      for (const [key, v] of Object.entries(g.defaultRules as Record<string, unknown>)) {
        const isGroup = typeof v === 'object' && v !== null && !Array.isArray(v);
        expect(paths.some((p) => (isGroup ? p.startsWith(`rules.${key}.`) : p === `rules.${key}`))).toBe(
          true,
        );
      }
      const rows = g.defaultPlan as unknown[];
      expect(Array.isArray(rows)).toBe(true);
      for (let i = 0; i < rows.length; i++) {
        for (const key of Object.keys(rows[i] as object)) expect(paths).toContain(`plan.${i}.${key}`);
      }
      // Labels are the game's own where it gives one (never the raw key when a label exists).
      for (const o of opts.filter((o) => o.path.startsWith('rules.'))) {
        const key = o.path.slice('rules.'.length);
        const label = g.fields?.rules[key]?.label;
        if (label) expect(o.label.endsWith(label)).toBe(true);
      }
      // Plan groups name the row with the game's word and its levels.
      const first = opts.find((o) => o.path.startsWith('plan.0.'))!;
      const range = g.stages(g.defaultPlan)[0]!;
      expect(first.group.toLowerCase()).toContain(`${g.words.stage} 1`);
      expect(first.group).toContain(String(range.first));
    });
  }

  it('a base with an optional rule set shows its value; a change applies at its path only', () => {
    const g = games[0]!;
    const opts = changeOptions(fieldsOf(g), { rules: g.defaultRules, plan: g.defaultPlan });
    const num = opts.find((o) => o.kind === 'number' && o.path.startsWith('rules.'))!;
    const applied = applyChanges(
      { rules: g.defaultRules, plan: g.defaultPlan },
      { [num.path]: (num.base as number) + 1 },
    );
    const key = num.path.split('.').slice(1);
    let v: unknown = applied.rules;
    for (const k of key) v = (v as Record<string, unknown>)[k];
    expect(v).toBe((num.base as number) + 1);
    expect(applied.plan).toEqual(g.defaultPlan);
    // The base itself is not changed.
    let before: unknown = g.defaultRules;
    for (const k of key) before = (before as Record<string, unknown>)[k];
    expect(before).toBe(num.base);
    const planOpt = opts.find((o) => o.path.startsWith('plan.1.') && o.kind === 'number')!;
    const p2 = applyChanges({ rules: g.defaultRules, plan: g.defaultPlan }, { [planOpt.path]: 7 });
    expect((p2.plan as Record<string, unknown>[])[1]![planOpt.path.split('.')[2]!]).toBe(7);
    expect((p2.plan as unknown[])[0]).toEqual((g.defaultPlan as unknown[])[0]);
  });
});

describe('values shown back', () => {
  // Typed-in values are read by src-shared/schema/field-value.ts (tests/unit/field-value.test.ts).
  it('a list as typed, nothing for no value, anything else as JSON', () => {
    expect(valueText([3, 4])).toBe('3, 4');
    expect(valueText(undefined)).toBe('');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});

describe('seed and level lists', () => {
  const seeds = { min: 0, max: 2 ** 31 - 1, most: 64 };
  it('reads ranges and single numbers in the order written, repeats dropped', () => {
    expect(readNumberList('1-8', 'seed', seeds)).toEqual({ ok: true, values: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(readNumberList('5, 3 3,9-10', 'seed', seeds)).toEqual({ ok: true, values: [5, 3, 9, 10] });
    expect(readNumberList('4–6', 'seed', seeds)).toEqual({ ok: true, values: [4, 5, 6] });
  });
  it('names what is wrong', () => {
    expect(readNumberList('', 'seed', seeds)).toEqual({
      ok: false,
      message: 'needs at least one seed, e.g. 1-8',
    });
    expect(readNumberList('8-1', 'seed', seeds)).toEqual({
      ok: false,
      message: '8-1 runs backwards: write the smaller seed first (1-8)',
    });
    expect(readNumberList('1, two', 'seed', seeds)).toMatchObject({
      ok: false,
      message: expect.stringContaining('“two” is not a seed'),
    });
    expect(readNumberList('-3', 'seed', seeds)).toMatchObject({ ok: false });
    expect(readNumberList('1-1000', 'seed', seeds)).toEqual({
      ok: false,
      message: '1-1000 is 1000 seeds; an experiment takes at most 64',
    });
    expect(readNumberList('0', 'level', { min: 1, max: 30, most: 12 })).toEqual({
      ok: false,
      message: 'level 0 is out of range: levels go from 1 to 30',
    });
    expect(readNumberList('99999999999', 'seed', seeds)).toMatchObject({
      ok: false,
      message: expect.stringContaining('out of range'),
    });
  });
  it('formats a list back as ranges', () => {
    expect(formatNumberList([3, 1, 2, 5, 8, 9])).toBe('1-3, 5, 8-9');
    expect(formatNumberList([])).toBe('');
  });
});

describe('results formatting and the suggested winner', () => {
  it('formats medians, ranges and differences', () => {
    // Percentages come as 0-100; rates keep their unit, other units go to the row's heading.
    expect(formatValue(12.5, false, '%')).toBe('13 %');
    expect(formatValue(5, false, '%')).toBe('5.0 %');
    expect(formatValue(0, false, '%')).toBe('0 %');
    expect(formatValue(1671.4, false, 'builds/s')).toBe('1671/s');
    expect(formatValue(1.25, false, 'builds')).toBe('1.25');
    expect(unitWord('Difficulty (bits)')).toBe('bits');
    expect(unitWord('builds/s')).toBe('');
    expect(unitWord('levels')).toBe('levels');
    expect(unitWord('Reads')).toBe('reads');
    expect(heading('short levels')).toBe('Short levels');
    expect(formatValue(12.345, false)).toBe('12.3');
    expect(formatValue(3, true)).toBe('3');
    expect(formatValue(null, true)).toBe('—');
    expect(
      medianRange(
        {
          median: 4,
          min: 3,
          max: 6,
          seeds: 3,
          real: null,
          delta: null,
          oppositeGap: null,
          verdict: null,
          why: '',
        },
        true,
      ),
    ).toEqual({ median: '4', range: '3 – 6' });
    expect(
      medianRange(
        {
          median: 4,
          min: 4,
          max: 4,
          seeds: 3,
          real: null,
          delta: null,
          oppositeGap: null,
          verdict: null,
          why: '',
        },
        true,
      ),
    ).toEqual({ median: '4', range: '' });
    expect(formatDelta(-0.5, false)).toBe('−0.50');
    expect(formatDelta(2, true)).toBe('+2');
    expect(formatDelta(0.001, false)).toBe('');
    expect(formatDelta(0, true)).toBe('');
    expect(formatDelta(null, true)).toBe('');
  });
  it('suggests the variant with the most real improvements, and none when nothing improves for real', () => {
    const cell = (real: boolean | null, verdict: 'better' | 'worse' | null) => ({
      median: 1,
      min: 1,
      max: 1,
      seeds: 3,
      real,
      delta: null,
      oppositeGap: null,
      verdict,
      why: '',
    });
    const view: ResultsView = {
      arms: [
        { name: 'base', isBase: true, changes: [] },
        { name: 'wide', isBase: false, changes: [] },
        { name: 'tight', isBase: false, changes: [] },
      ],
      figures: [
        {
          key: 'a',
          label: 'A',
          explain: '',
          integer: false,
          better: 'lower',
          unit: '',
          cells: [cell(null, null), cell(true, 'better'), cell(true, 'better')],
        },
        {
          key: 'b',
          label: 'B',
          explain: '',
          integer: false,
          better: 'lower',
          unit: '',
          cells: [cell(null, null), cell(true, 'worse'), cell(false, 'better')],
        },
      ],
      stages: [],
      difficulty: 'bits',
      realRule: '',
      changeMeans: '',
      seedsDone: 3,
      seeds: 3,
    };
    expect(suggestWinner(view)).toBe('tight');
    view.figures[0]!.cells[2] = cell(false, 'better');
    expect(suggestWinner(view)).toBeNull();
  });
});

describe('experiments.results as the page shows it', () => {
  const fig = (
    key: string,
    better: FigureResult['better'],
    base: number[],
    variant: number[],
    real: boolean,
    direction: 'higher' | 'lower' | 'same',
  ): FigureResult => ({
    key,
    label: key,
    unit: '%',
    better,
    explain: `what ${key} measures`,
    base: { median: base[1]!, min: Math.min(...base), max: Math.max(...base) },
    variant: { median: variant[1]!, min: Math.min(...variant), max: Math.max(...variant) },
    change: seedChange(base, variant),
    perSeed: base.map((b, i) => ({ seed: i + 1, base: b, variant: variant[i]! })),
    decision: {
      real,
      direction,
      higher: 0,
      lower: 0,
      ties: 0,
      p: real ? 0.01 : 1,
      why: `${direction} on 3 of 3 seeds`,
    },
  });
  const box = { n: 4, min: 1, q1: 2, median: 3, q3: 4, max: 5, whiskerLow: 1, whiskerHigh: 5 };
  const results: ExperimentResults = {
    experimentId: 1,
    game: 'carillon',
    status: 'done',
    scope: { kind: 'plan' },
    difficulty: { metric: 'bits', label: 'Difficulty (bits)' },
    seeds: [1, 2, 3],
    seedsDone: [1, 2, 3],
    variants: [
      {
        arm: 1,
        name: 'wide',
        changes: { 'rules.spacing': 18 },
        diff: [{ field: 'rules.spacing', text: 'Dot spacing: 14 → 18', a: 14, b: 18 }],
        figures: [fig('gaveUp', 'lower', [1, 2, 3], [4, 5, 6], true, 'higher')],
        stages: [
          {
            stage: 'stretch 1',
            first: 1,
            last: 5,
            base: box,
            variant: null,
            spread: fig('poolSpread', null, [1, 1, 1], [2, 2, 2], false, 'higher'),
            median: fig('stageMedian', null, [1, 1, 1], [1, 1, 1], false, 'same'),
          },
        ],
      },
      {
        arm: 2,
        name: 'tight',
        changes: { 'rules.spacing': 10 },
        diff: [{ field: 'rules.spacing', text: 'Dot spacing: 14 → 10', a: 14, b: 10 }],
        figures: [fig('gaveUp', 'lower', [1, 2, 3], [0, 1, 2], true, 'lower')],
        stages: [
          {
            stage: 'stretch 1',
            first: 1,
            last: 5,
            base: box,
            variant: box,
            spread: fig('poolSpread', null, [1, 1, 1], [1, 1, 1], false, 'same'),
            median: fig('stageMedian', null, [1, 1, 1], [1, 1, 1], false, 'same'),
          },
        ],
      },
    ],
    decidedBy: 'A sign test decides.',
    changeMeans: CHANGE_MEANS,
  };

  it("puts the base first, each variant beside it, with the API's decision and the way it points", () => {
    const v = resultsView(results, (k) =>
      k === 'gaveUp' ? { explain: 'share that gave up', integer: false } : undefined,
    );
    expect(v.arms.map((a) => [a.name, a.isBase, a.changes])).toEqual([
      ['base', true, []],
      ['wide', false, ['Dot spacing: 14 → 18']],
      ['tight', false, ['Dot spacing: 14 → 10']],
    ]);
    const f = v.figures[0]!;
    expect(f.explain).toBe('share that gave up');
    expect(f.cells.map((c) => c.median)).toEqual([2, 5, 1]);
    expect(f.cells.map((c) => c.real)).toEqual([null, true, true]);
    expect(f.cells.map((c) => c.verdict)).toEqual([null, 'worse', 'better']);
    expect(f.cells.map((c) => c.delta)).toEqual([null, 3, -1]);
    expect(v.stages[0]!.boxes).toEqual([box, null, box]);
    expect(v.stages[0]!.spread.cells[1]!.verdict).toBeNull();
    expect([v.seedsDone, v.seeds, v.difficulty, v.realRule]).toEqual([
      3,
      3,
      'Difficulty (bits)',
      'A sign test decides.',
    ]);
    expect(suggestWinner(v)).toBe('tight');
    const why = realExplanation(f, f.cells[1]!, 'wide', v.realRule);
    expect(why).toContain('a real difference');
    expect(why).toContain('Higher on 3 of 3 seeds');
    expect(why).toContain('A sign test decides.');
  });

  it("a figure the game has no metric for shows the API's explanation; a wall-clock figure is never real, and its hover says why", () => {
    const wall: FigureResult = {
      ...fig('buildsPerSecond', 'higher', [10, 20, 30], [40, 50, 60], false, 'higher'),
      unit: 'builds/s',
      untested: 'not tested: a wall-clock rate varies with the machine’s load',
    };
    const r: ExperimentResults = {
      ...results,
      variants: results.variants.map((v) => ({ ...v, figures: [...v.figures, wall] })),
    };
    const v = resultsView(r, () => undefined);
    expect(v.figures.map((f) => f.explain)).toEqual([
      'what gaveUp measures',
      'what buildsPerSecond measures',
    ]);
    const f = v.figures[1]!;
    expect(f.untested).toBe('not tested: a wall-clock rate varies with the machine’s load');
    const why = realExplanation(f, f.cells[1]!, 'wide', v.realRule);
    expect(why).toBe(
      'wide: buildspersecond is shown, never tested. Change against the base: +30/s, the median of the per-seed changes. Not tested: a wall-clock rate varies with the machine’s load.',
    );
    expect(why).not.toContain('real difference');
  });
});
