/**
 * The new-run form's view model (src-renderer/src/runs/new-run-view.svelte.ts), without a page:
 * the game's defaults shown and edits counted against them, what Start sends (only the parts
 * edited, the name trimmed) and refuses to send (unread inputs, a bad seed, JSON that does not
 * parse), the size guard's question and the confirmed resend, the API's problems placed, the
 * started run picked unless another was picked meanwhile, the seed replaced unless retyped,
 * the JSON toggle, and filling the form from a cloned run or a preset.
 */
import { describe, expect, it } from 'vitest';
import type { GameInfo, RunSummary, StudioClient } from '../../src-shared/api';
import { StudioError } from '../../src-renderer/src/lib/errors';
import { NewRunView } from '../../src-renderer/src/runs/new-run-view.svelte';

const dots = {
  id: 'dots',
  title: 'Dots',
  levelCount: 10,
  defaultPlan: [{ n: 3 }, { n: 5 }],
  defaultRules: { gap: 2, size: { w: 4, h: 4 } },
  fields: { plan: {}, rules: {} },
} as unknown as GameInfo;
const lines = {
  ...dots,
  id: 'lines',
  defaultPlan: [{ k: 1 }],
  defaultRules: { width: 9 },
} as unknown as GameInfo;

const refused = (fields: { field: string; message: string }[]) =>
  new StudioError({ code: 'bad-argument', message: 'runs.create: bad argument', fields } as never);

function setup(
  reply: (args: Record<string, unknown>) => unknown = () => ({ id: 12, levels: 10, candidatesTotal: 400 }),
) {
  const sent: Record<string, unknown>[] = [];
  const reports: string[] = [];
  const created: number[] = [];
  let seeds = 100;
  const state = { selected: 3 as number | null, runs: [] as RunSummary[], loaded: 0, dropOnLoad: false };
  const client = {
    call: async () => [],
    submit: async (_m: string, args: Record<string, unknown>) => {
      sent.push(args);
      return reply(args);
    },
  } as unknown as Pick<StudioClient, 'call' | 'submit'>;
  const vm = new NewRunView({
    client,
    gameInfo: (id) => [dots, lines].find((g) => g.id === id),
    stageWord: (id) => (id === 'dots' ? 'stretch' : undefined),
    runs: () => state.runs,
    selectedRunId: () => state.selected,
    selectRun: (id) => (state.selected = id),
    loadRuns: async () => {
      state.loaded++;
      // A list read before the run existed drops the pick.
      if (state.dropOnLoad) state.selected = null;
    },
    report: (title) => reports.push(title),
    randomSeed: () => seeds++,
    oncreated: (id) => created.push(id),
  });
  vm.gameId = 'dots';
  vm.showDefaults();
  return { vm, sent, reports, created, state };
}

describe('the game’s defaults and the edits against them', () => {
  it('shows the chosen game’s plan and rules, counts edits leaf by leaf, and resets them', () => {
    const { vm } = setup();
    expect(vm.seedText).toBe('100');
    expect(vm.plan).toEqual(dots.defaultPlan);
    expect(vm.plan).not.toBe(dots.defaultPlan);
    expect(vm.noun).toBe('stretch');
    expect([vm.planEdited, vm.rulesEdited, vm.rulesEditedCount]).toEqual([false, false, 0]);
    vm.edited('rules', { gap: 3, size: { w: 5, h: 4 } }, 'gap');
    expect([vm.rulesEdited, vm.rulesEditedCount]).toEqual([true, 2]);
    const epoch = vm.epoch;
    vm.resetDefaults('rules');
    expect([vm.rulesEdited, vm.epoch]).toEqual([false, epoch + 1]);
  });

  it('a new game shows its defaults and drops the old messages; the same game again keeps the edits', () => {
    const { vm } = setup();
    vm.edited('plan', [{ n: 9 }], '0.n');
    vm.errors = { seed: ['bad'] };
    vm.showDefaults();
    expect(vm.planEdited).toBe(true);
    vm.gameId = 'lines';
    vm.showDefaults();
    expect(vm.plan).toEqual([{ k: 1 }]);
    expect(vm.errors).toEqual({});
    expect(vm.noun).toBe('row');
  });

  it('an edit drops the problems named at its path only; editing a field drops its message', () => {
    const { vm } = setup();
    vm.problems = {
      plan: [],
      rules: [
        { path: 'gap', message: 'too big' },
        { path: 'size.w', message: 'too wide' },
      ],
    };
    vm.edited('rules', { gap: 1, size: { w: 4, h: 4 } }, 'gap');
    expect(vm.problems.rules.map((p) => p.message)).toEqual(['too wide']);
    vm.errors = { seed: ['x'], name: ['y'] };
    vm.dropError('seed');
    expect(vm.errors).toEqual({ name: ['y'] });
  });
});

describe('starting the run', () => {
  it('sends only what was edited, the name trimmed, the levels as typed, and follows the run', async () => {
    const { vm, sent, created, state } = setup();
    vm.name = '  wide ';
    vm.levelsText = '6';
    vm.edited('rules', { gap: 3, size: { w: 4, h: 4 } }, 'gap');
    expect(await vm.start(false)).toBeNull();
    expect(sent).toEqual([
      { game: 'dots', seed: 100, name: 'wide', levels: 6, rules: { gap: 3, size: { w: 4, h: 4 } } },
    ]);
    expect(vm.created).toEqual({ runId: 12, text: '10 levels, 400 candidates' });
    expect(vm.createdLine).toBe('Run #12 queued: 10 levels, 400 candidates.');
    state.runs = [{ id: 12, status: 'running' } as RunSummary];
    expect(vm.createdLine).toBe('Run #12 running: 10 levels, 400 candidates.');
    expect(state.selected).toBe(12);
    expect(state.loaded).toBe(1);
    expect(created).toEqual([12]);
    // The next run gets a new seed, and a fresh default name (the form kept "wide" for every later run).
    expect(vm.seedText).toBe('101');
    expect(vm.name).toBe('');
    expect(vm.busy).toBe(false);
  });

  it('keeps a run the designer picked while the run was being started, and a seed typed meanwhile', async () => {
    const { vm, state } = setup((args) => {
      vm.seedText = '77';
      state.selected = 5;
      return { id: 12, levels: 10, candidatesTotal: 400, args };
    });
    await vm.start(false);
    expect(state.selected).toBe(5);
    expect(vm.seedText).toBe('77');
  });

  it('picks the new run again when the reloaded list dropped it', async () => {
    const { vm, state } = setup();
    state.dropOnLoad = true;
    await vm.start(false);
    expect(state.selected).toBe(12);
  });

  it('sends nothing while an input holds text it cannot read, or the seed is not one', async () => {
    const { vm, sent } = setup();
    expect(await vm.start(false, 2)).toBe('unread');
    expect(vm.general).toBe('2 fields hold text it cannot take (named in red under it).');
    vm.seedText = '1e3';
    expect(await vm.start(false)).toBe('seed');
    expect(vm.errors['seed']).toHaveLength(1);
    expect(vm.general).toBeNull();
    expect(sent).toEqual([]);
  });

  it('names JSON that does not parse under its part and sends nothing', async () => {
    const { vm, sent } = setup();
    vm.toggleJson('plan');
    expect(vm.planJson).toBe(true);
    vm.planText = '[{';
    expect(vm.planEdited).toBe(true);
    await vm.start(false);
    expect(sent).toEqual([]);
    expect(vm.problems.plan[0]!.message).toMatch(/^not valid JSON: /);
  });

  it('asks the size guard’s question, then sends again with confirm', async () => {
    const { vm, sent } = setup((args) => {
      if (!args['confirm'])
        throw refused([
          {
            field: 'confirm',
            message: 'this run makes 40 000 candidates (about 6 minutes). Confirm to run it anyway.',
          },
        ]);
      return { id: 13, levels: 10, candidatesTotal: 40000 };
    });
    await vm.start(false);
    expect(vm.asking).not.toBeNull();
    expect(vm.question).toBe('This run makes 40 000 candidates (about 6 minutes). Start it anyway?');
    expect(vm.created).toBeNull();
    vm.asking = null;
    await vm.start(true);
    expect(sent.map((a) => a['confirm'])).toEqual([undefined, true]);
    expect(vm.created?.runId).toBe(13);
  });

  it('places the API’s problems under their inputs and opens the rules when one is inside them', async () => {
    const { vm, reports } = setup(() => {
      throw refused([
        { field: 'name', message: 'is too long' },
        { field: 'rules.gap', message: 'must be at most 9' },
        { field: 'extra', message: 'is not known' },
      ]);
    });
    await vm.start(false);
    expect(vm.errors).toEqual({ name: ['is too long'], general: ['extra: is not known'] });
    expect(vm.problems.rules).toEqual([{ path: 'gap', message: 'must be at most 9' }]);
    expect(vm.rulesOpen).toBe(true);
    expect(vm.general).toBe('extra: is not known');
    expect(reports).toEqual([]);
  });

  it('a failure that names no field is a sentence on the form and a report', async () => {
    const { vm, reports } = setup(() => {
      throw new Error('socket closed');
    });
    await vm.start(false);
    expect(vm.general).toMatch(/socket closed/);
    expect(reports).toEqual(['Could not start the run']);
    expect(vm.busy).toBe(false);
  });
});

describe('JSON, filling and presets', () => {
  it('goes back to the table only with JSON that fits it, naming the row in the game’s word', () => {
    const { vm } = setup();
    vm.toggleJson('plan');
    vm.planText = '{"n": 1}';
    vm.toggleJson('plan');
    expect(vm.planJson).toBe(true);
    expect(vm.problems.plan[0]!.message).toBe(
      'the table needs a list of objects, one per stretch: fix the JSON or press Reset',
    );
    vm.planText = '[{"n": 8}]';
    vm.toggleJson('plan');
    expect([vm.planJson, vm.plan, vm.problems.plan]).toEqual([false, [{ n: 8 }], []]);
    vm.toggleJson('rules');
    vm.rulesText = '{"gap": 5}';
    vm.toggleJson('rules');
    // Keys the JSON leaves out keep their defaults.
    expect(vm.rules).toEqual({ gap: 5, size: { w: 4, h: 4 } });
  });

  it('fills from a cloned run: its game, plan and rules over the defaults, and says where they came from', () => {
    const { vm } = setup();
    vm.levelsText = '4';
    vm.fill({ game: 'lines', plan: [{ k: 2 }], rules: {}, from: 'run #4', name: 'again' });
    expect([vm.gameId, vm.plan, vm.rules, vm.name, vm.levelsText]).toEqual([
      'lines',
      [{ k: 2 }],
      { width: 9 },
      'again',
      '',
    ]);
    expect(vm.filledFrom).toBe('run #4');
    expect(vm.unnamedChoice).toBe('As filled in (run #4)');
    // The game's defaults shown again: the note goes.
    vm.showDefaults();
    vm.resetDefaults('plan');
    vm.dropFilledAtDefaults();
    expect(vm.filledFrom).toBeNull();
    expect(vm.unnamedChoice).toBe('The game’s defaults, as edited below');
    vm.fill({ game: 'nope', plan: [], rules: {}, from: 'run #9' });
    expect(vm.gameId).toBe('lines');
  });

  it('a preset picked fills the form; the empty choice goes back to the defaults', () => {
    const { vm } = setup();
    vm.presets.list = [{ id: 4, name: 'Wide', game: 'dots', plan: [{ n: 7 }], rules: { gap: 4 } }] as never;
    vm.choosePreset('4');
    expect([vm.presets.chosen, vm.filledFrom, vm.plan]).toEqual(['4', 'preset “Wide”', [{ n: 7 }]]);
    vm.followPreset();
    expect(vm.presets.chosen).toBe('4');
    vm.choosePreset('');
    expect([vm.filledFrom, vm.planEdited, vm.rulesEdited]).toEqual([null, false, false]);
    vm.followPreset();
    expect(vm.presets.chosen).toBe('');
  });
});
