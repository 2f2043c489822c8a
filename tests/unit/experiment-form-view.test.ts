/**
 * The new-experiment form's view model (src-renderer/src/experiments/experiment-form-view.svelte.ts),
 * without a page: where a new form starts (the selected finished run, else a game's defaults;
 * the form as it was left), what each control computes (the change options, the base's levels,
 * the size line, the seed warning), the local checks before anything is sent, the arguments
 * sent, the API's problems placed next to their fields, the size guard's question, and the
 * picks a new base game drops. The warning's count comes from the sign test itself.
 */
import { describe, expect, it } from 'vitest';
import type { GameInfo, RunDetail, RunSummary, StudioClient } from '../../src-shared/api';
import { minSeedsToDecide, pairedDecision, signTestP } from '../../src-shared/experiments/stats';
import { StudioError } from '../../src-renderer/src/lib/errors';
import { ExperimentFormView } from '../../src-renderer/src/experiments/experiment-form-view.svelte';

const dots = {
  id: 'dots',
  title: 'Dots',
  levelCount: 30,
  defaultRules: { gap: 2, wide: true, size: { w: 4 } },
  defaultPlan: [{ n: 3 }, { n: 5 }],
  fields: { rules: { gap: { label: 'Gap', explain: 'space between dots' } }, plan: {} },
} as unknown as GameInfo;
const lines = {
  ...dots,
  id: 'lines',
  levelCount: 12,
  defaultRules: { width: 1 },
  fields: { rules: {}, plan: {} },
} as unknown as GameInfo;
const words = { stage: 'stretch', stages: () => [] };

const run = (id: number, over: Partial<RunSummary> = {}): RunSummary =>
  ({
    id,
    status: 'done',
    experimentId: null,
    game: 'dots',
    seed: 1,
    name: '',
    levels: 20,
    ...over,
  }) as RunSummary;

interface Setup {
  runs?: RunSummary[];
  selected?: RunSummary | null;
  reply?: (args: Record<string, unknown>) => unknown;
}
function setup(o: Setup = {}) {
  const sent: Record<string, unknown>[] = [];
  const opened: number[] = [];
  const reports: string[] = [];
  const client = {
    call: async (_m: string, args: { runId: number }) =>
      ({
        ...run(args.runId),
        rules: { gap: 7, wide: false, size: { w: 4 } },
        plan: [{ n: 1 }],
      }) as unknown as RunDetail,
    submit: async (_m: string, args: Record<string, unknown>) => {
      sent.push(args);
      return (o.reply ?? (() => ({ experimentId: 41 })))(args);
    },
  } as unknown as Pick<StudioClient, 'call' | 'submit'>;
  const vm = new ExperimentFormView({
    client,
    runs: () => o.runs ?? [],
    selectedRun: () => o.selected ?? null,
    firstGame: () => 'dots',
    gameInfo: (id) => [dots, lines].find((g) => g.id === id),
    gameWords: () => words,
    report: (t) => reports.push(t),
    created: async (id) => void opened.push(id),
  });
  return { vm, sent, opened, reports };
}

/** A form on the game's defaults (no run to start from), the form left by an earlier test forgotten. */
function fresh(o: Setup = {}) {
  const s = setup(o);
  s.vm.baseKind = 'game';
  s.vm.gameId = 'dots';
  s.vm.baseLevelsText = '';
  s.vm.name = '';
  s.vm.variants = [{ name: '', changes: [{ path: '', text: '' }] }];
  s.vm.seedsText = '1-8';
  s.vm.scopeKind = 'slots';
  s.vm.levelsText = '1-3';
  s.vm.candidatesText = '12';
  return s;
}

describe('the sign test’s fewest seeds', () => {
  it('is the smallest count whose unanimous split reaches the level: 6 at 0.05', () => {
    expect(minSeedsToDecide(0.05)).toBe(6);
    expect(minSeedsToDecide()).toBe(6);
    expect(signTestP(5, 0)).toBeGreaterThan(0.05);
    expect(signTestP(6, 0)).toBeLessThanOrEqual(0.05);
    expect(minSeedsToDecide(0.01)).toBe(8);
    // What it claims holds for the decision itself: 5 seeds all higher are not real, 6 are.
    expect(pairedDecision([0, 0, 0, 0, 0], [1, 1, 1, 1, 1]).real).toBe(false);
    expect(pairedDecision([0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1]).real).toBe(true);
  });
});

describe('where a new form starts', () => {
  it('from the selected finished run of the designer’s own, else the first one, else a game', () => {
    const a = setup({ runs: [run(3), run(4)], selected: run(4) });
    expect([a.vm.baseKind, a.vm.baseRunId]).toEqual(['run', 4]);
    const b = setup({ runs: [run(2, { experimentId: 9 }), run(3)], selected: run(2, { experimentId: 9 }) });
    expect(b.vm.baseRunId).toBe(3);
    expect(b.vm.doneRuns.map((r) => r.id)).toEqual([3]);
  });

  it('as the designer left it, unless its base run is gone', () => {
    const { vm } = fresh();
    vm.name = 'wider';
    vm.seedsText = '1-12';
    vm.keep();
    expect(setup().vm.name).toBe('wider');
    expect(setup().vm.seedsText).toBe('1-12');
    vm.baseKind = 'run';
    vm.baseRunId = 8;
    vm.keep();
    const again = setup({ runs: [run(3)] });
    expect([again.vm.baseRunId, again.vm.name]).toEqual([3, '']);
  });
});

describe('what the controls compute', () => {
  it('the change options come from the base’s settings, with the game’s labels', async () => {
    const { vm } = fresh();
    expect(vm.options.map((o) => o.path)).toEqual([
      'rules.gap',
      'rules.wide',
      'rules.size.w',
      'plan.0.n',
      'plan.1.n',
    ]);
    expect(vm.byPath.get('rules.gap')?.label).toBe('Gap');
    expect(vm.groups).toEqual(['Rules', 'Stretch 1', 'Stretch 2']);
    // A run base: its own settings, once read.
    vm.baseKind = 'run';
    vm.baseRunId = 5;
    expect(vm.options).toEqual([]);
    vm.loadBase();
    await Promise.resolve();
    expect(vm.byPath.get('rules.gap')?.base).toBe(7);
    expect(vm.baseLevels).toBe(20);
  });

  it('a run changed before its settings arrive does not take the old run’s', async () => {
    const { vm } = fresh();
    vm.baseKind = 'run';
    vm.baseRunId = 5;
    const cancel = vm.loadBase();
    cancel();
    await Promise.resolve();
    expect(vm.baseRun).toBeNull();
  });

  it('the base’s levels: the game’s count, or fewer as typed', () => {
    const { vm } = fresh();
    expect(vm.baseLevels).toBe(30);
    vm.baseLevelsText = '10';
    expect(vm.baseLevels).toBe(10);
    vm.baseLevelsText = '99';
    expect(vm.baseLevels).toBe(30);
  });

  it('the size line counts arms × seeds', () => {
    const { vm } = fresh();
    expect(vm.sizeLine).toBe('2 arms (the base and 1 variant) × 8 seeds = 16 runs of the chosen levels');
    vm.addVariant();
    vm.scopeKind = 'plan';
    vm.seedsText = '4';
    expect(vm.sizeLine).toBe('3 arms (the base and 2 variants) × 1 seed = 3 runs of the whole plan');
    vm.seedsText = 'x';
    expect(vm.sizeLine).toBe('');
  });

  it('warns while there are too few seeds for the sign test ever to call a change real', () => {
    const { vm } = fresh();
    vm.seedsText = '1-4';
    expect(vm.seedWarning).toBe(
      'With 4 seeds the sign test can never call a change real: at p ≤ 0.05 it needs at least 6 seeds that move the same way. Use 6 or more seeds.',
    );
    vm.seedsText = '7';
    expect(vm.seedWarning).toMatch(/^With 1 seed the sign test/);
    vm.seedsText = '1-5';
    expect(vm.seedWarning).not.toBeNull();
    vm.seedsText = '1-6';
    expect(vm.seedWarning).toBeNull();
    vm.seedsText = 'nonsense';
    expect(vm.seedWarning).toBeNull();
  });

  it('picking a field fills in the base’s value; variants and changes are added and removed', () => {
    const { vm } = fresh();
    vm.errors = { 'v0.c0': ['x'] };
    vm.pick(0, 0, 'rules.gap');
    expect(vm.variants[0]!.changes[0]).toEqual({ path: 'rules.gap', text: '2' });
    expect(vm.errors).toEqual({});
    vm.addChange(0);
    vm.removeChange(0, 0);
    expect(vm.variants[0]!.changes).toEqual([{ path: '', text: '' }]);
    vm.addVariant();
    vm.addVariant();
    vm.addVariant();
    expect(vm.variants).toHaveLength(3);
    vm.errors = { general: ['y'] };
    vm.removeVariant(1);
    expect([vm.variants.length, vm.errors]).toEqual([2, {}]);
  });

  it('a new base game drops the picks it has no field for', () => {
    const { vm } = fresh();
    vm.followGame();
    vm.pick(0, 0, 'rules.gap');
    vm.addChange(0);
    vm.pick(0, 1, 'plan.0.n');
    vm.gameId = 'lines';
    vm.followGame();
    expect(vm.variants[0]!.changes).toEqual([
      { path: '', text: '' },
      { path: 'plan.0.n', text: '3' },
    ]);
  });
});

describe('checking and sending', () => {
  it('names what it cannot read before anything is sent', async () => {
    const { vm, sent } = fresh();
    vm.variants = [
      {
        name: '',
        changes: [
          { path: 'rules.gap', text: 'wide' },
          { path: '', text: '3' },
        ],
      },
      { name: '', changes: [{ path: '', text: '' }] },
    ];
    vm.seedsText = '1-100';
    vm.levelsText = '40';
    vm.candidatesText = '0';
    expect(await vm.create(false)).toBe(true);
    expect(sent).toEqual([]);
    expect(Object.keys(vm.errors).sort()).toEqual([
      'candidates',
      'levels',
      'seeds',
      'v0.c0',
      'v0.c1',
      'v1.c0',
    ]);
    expect(vm.err('v0.c1')).toEqual(['choose the field this change sets']);
    expect(vm.err('candidates')).toEqual(['must be a whole number of candidates, 1 or more']);
    expect(vm.err('nothing')).toEqual([]);
  });

  it('a field changed twice in one variant is named', () => {
    const { vm } = fresh();
    vm.variants = [
      {
        name: '',
        changes: [
          { path: 'rules.gap', text: '3' },
          { path: 'rules.gap', text: '4' },
        ],
      },
    ];
    expect(vm.collect().local['v0.c1']).toEqual(['Gap is changed twice in this variant']);
  });

  it('a run base with no run chosen is refused', () => {
    const { vm } = fresh();
    vm.baseKind = 'run';
    vm.baseRunId = null;
    expect(vm.collect().local['base']).toContain('choose the run whose settings are the base');
  });

  it('sends the base, the variants’ changes read by their kind, the seeds and the scope’s slots', async () => {
    const { vm, sent, opened } = fresh();
    vm.name = ' wider ';
    vm.baseLevelsText = '10';
    vm.variants = [{ name: ' big gap ', changes: [{ path: 'rules.gap', text: '4' }] }];
    vm.variants[0]!.changes.push({ path: 'rules.wide', text: 'false' });
    vm.seedsText = '1-6';
    vm.levelsText = '2, 5';
    expect(await vm.create(false)).toBe(false);
    expect(sent).toEqual([
      {
        base: { game: 'dots', levels: 10 },
        variants: [{ name: 'big gap', changes: { 'rules.gap': 4, 'rules.wide': false } }],
        seeds: [1, 2, 3, 4, 5, 6],
        scope: { kind: 'slots', slots: [1, 4], candidates: 12 },
        name: 'wider',
        confirm: false,
      },
    ]);
    expect(opened).toEqual([41]);
    expect(vm.name).toBe('');
  });

  it('asks the size guard’s question and sends again when confirmed', async () => {
    const { vm, sent, opened } = fresh({
      reply: (args) =>
        args['confirm']
          ? { experimentId: 42 }
          : {
              experimentId: null,
              confirm: { message: 'This is a large experiment.', estimatedSeconds: 300, candidates: 90000 },
            },
    });
    vm.pick(0, 0, 'rules.gap');
    vm.variants[0]!.changes[0]!.text = '3';
    vm.scopeKind = 'plan';
    await vm.create(false);
    expect(vm.asking).toEqual({ message: 'This is a large experiment.', seconds: 300, candidates: 90000 });
    expect(opened).toEqual([]);
    await vm.create(true);
    expect(sent.map((a) => a['confirm'])).toEqual([false, true]);
    expect(sent[1]!['scope']).toEqual({ kind: 'plan' });
    expect([vm.asking, opened]).toEqual([null, [42]]);
  });

  it('places the API’s problems next to their fields', async () => {
    const fields = [
      { field: 'variants.0.changes.rules.gap', message: 'must be at most 9' },
      { field: 'variants.0.changes.rules.size.w', message: 'is too wide' },
      { field: 'variants.0.name', message: 'is taken' },
      { field: 'variants', message: 'at most 3' },
      { field: 'base.runId', message: 'is gone' },
      { field: 'seeds.2', message: 'is out of range' },
      { field: 'scope.slots', message: 'is past the plan', label: 'Levels' },
      { field: 'scope.candidates', message: 'is too many' },
      { field: 'name', message: 'is too long' },
      { field: 'extra', message: 'is not known' },
    ];
    const { vm, reports } = fresh({
      reply: () => {
        throw new StudioError({ code: 'bad-argument', message: 'bad', fields } as never);
      },
    });
    vm.pick(0, 0, 'rules.gap');
    expect(await vm.create(false)).toBe(true);
    expect(vm.errors).toEqual({
      'v0.c0': ['Gap must be at most 9.'],
      v0: ['size › w: is too wide'],
      'v0.name': ['is taken'],
      variants: ['at most 3'],
      base: ['is gone'],
      seeds: ['is out of range'],
      levels: ['Levels is past the plan.'],
      candidates: ['is too many'],
      name: ['is too long'],
      general: ['extra: is not known'],
    });
    expect(reports).toEqual([]);
  });

  it('a failure naming no field is one sentence and a report', async () => {
    const { vm, reports } = fresh({
      reply: () => {
        throw new Error('socket closed');
      },
    });
    vm.pick(0, 0, 'rules.gap');
    expect(await vm.create(false)).toBe(false);
    expect(vm.err('general')[0]).toMatch(/socket closed/);
    expect(reports).toEqual(['Could not start the experiment']);
    expect(vm.busy).toBe(false);
  });
});
