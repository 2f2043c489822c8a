/**
 * Experiments end to end on a real service: bad input refused before anything is stored, the
 * size guard, an experiment of 2 variants × 3 seeds on a small plan whose runs are byte-identical
 * to the same runs started alone, cancel and resume ending with the same results, a quick
 * (slots) experiment, adopt, presets and settings diffs.
 */
import Database from 'better-sqlite3';
import { describe, expect, it, beforeAll } from 'vitest';
import type {
  ApiArgs,
  ExperimentDetail,
  ExperimentProgress,
  ExperimentResults,
  ExperimentStarted,
  StudioClient,
} from '../../src-shared/api';
import { localClient } from '../../src-main/local-client';
import { refusal } from '../helpers/refusal';
import { openTestStudio, useTestStudio } from '../helpers/studio';
import { tempDir } from '../helpers/temp';
import { openStudio } from '../../src-main/studio';
import { join } from 'node:path';
import { gameById } from '../../src-shared/games/index';
import { experimentTable } from '../../src-main/cli/experiment-table';

const studio = useTestStudio({ prefix: 'studio-experiments-' });

function counts(dbPath: string): Record<string, number> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const out: Record<string, number> = {};
    for (const t of ['runs', 'candidates', 'experiments', 'experiment_runs', 'presets'])
      out[t] = (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
    return out;
  } finally {
    db.close();
  }
}

/** Wait until an experiment is no longer queued or running. */
async function settled(client: StudioClient, experimentId: number): Promise<ExperimentDetail> {
  for (;;) {
    const e = await client.call('experiments.get', { experimentId });
    if (e.status !== 'queued' && e.status !== 'running') return e;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exportText = async (client: StudioClient, runId: number): Promise<string> =>
  (await client.call('packs.export', { runId, kind: 'automatic' })).text;

type CreateArgs = ApiArgs<'experiments.create'>;

/** Create an experiment that starts at once; one held back for confirmation fails the test with its message. */
async function started(client: StudioClient, args: CreateArgs): Promise<ExperimentStarted> {
  const made = await client.call('experiments.create', args);
  if (made.experimentId === null)
    throw new Error(`the experiment was held for confirmation: ${made.confirm.message}`);
  return made;
}

const base: CreateArgs['base'] = { game: 'carillon', levels: 4 };
const wide = { name: 'wide', changes: { 'rules.spacing': 22 } };
const variants: CreateArgs['variants'] = [
  wide,
  { changes: { 'rules.orderMethod': 'greedy', 'plan.1.maxDots': 7 } },
];
const seeds = [3, 11, 42];

describe('bad input is refused before anything runs, naming the field', () => {
  it('an unknown rule, a value out of bounds, a plan row past the plan', async () => {
    const before = counts(studio.dbPath);
    const e1 = await refusal(
      studio.api.call('experiments.create', { base, variants: [{ changes: { 'rules.spacng': 18 } }], seeds }),
    );
    expect(e1.code).toBe('bad-argument');
    expect(e1.fields).toEqual([
      {
        field: 'variants.0.changes.rules.spacng',
        label: 'variant 1’s “rules.spacng”',
        message: 'is not a rule of Carillon; did you mean spacing?',
      },
    ]);
    expect(e1.message).toContain('rules.spacng: is not a rule of Carillon; did you mean spacing?');
    const e2 = await refusal(
      studio.api.call('experiments.create', {
        base,
        variants: [{ changes: { 'rules.spacing': 18 } }, { changes: { 'rules.spacing': -1 } }],
        seeds,
      }),
    );
    expect(e2.fields).toEqual([
      {
        field: 'variants.1.changes.rules.spacing',
        label: 'variant 2’s dot spacing',
        message: 'must be at least 0',
      },
    ]);
    // The base holds 4 levels: 2 stretches.
    const e3 = await refusal(
      studio.api.call('experiments.create', { base, variants: [{ changes: { 'plan.3.taps': 4 } }], seeds }),
    );
    expect(e3.fields).toEqual([
      {
        field: 'variants.0.changes.plan.3.taps',
        label: 'variant 1’s “plan.3.taps”',
        message: 'is not in the plan: the plan has 2 stretches, numbered 0-1',
      },
    ]);
    const e4 = await refusal(
      studio.api.call('experiments.create', { base, variants: [{ changes: {} }], seeds: [1, 1] }),
    );
    expect(e4.fields?.map((f) => f.field)).toEqual(['seeds']);
    const e5 = await refusal(
      studio.api.call('experiments.create', {
        base,
        variants: [{ changes: { 'rules.spacing': 18 } }],
        seeds,
        scope: { kind: 'slots', slots: [0, 9], candidates: 4 },
      }),
    );
    expect(e5.fields).toEqual([
      { field: 'scope.slots.1', label: 'level 10', message: "is past the base's plan, which has levels 1-4" },
    ]);
    const e6 = await refusal(
      studio.api.call('experiments.create', {
        base: { runId: 999 },
        variants: [{ changes: { 'rules.spacing': 18 } }],
        seeds,
      }),
    );
    expect(e6.code).toBe('not-found');
    const e7 = await refusal(
      studio.api.call('experiments.create', { base, variants: [{ changes: {} }], seeds }),
    );
    expect(e7.fields).toEqual([
      {
        field: 'variants.0.changes',
        message: 'a variant needs at least one change (e.g. rules.spacing: 18)',
      },
    ]);
    expect(counts(studio.dbPath)).toEqual(before);
  });

  it('an experiment past the size threshold waits for confirmation with its estimated time', async () => {
    const before = counts(studio.dbPath);
    const big: CreateArgs = {
      base: { game: 'carillon' },
      variants: [{ changes: { 'rules.poolSize': 800 } }],
      seeds: [1, 2, 3],
    };
    const held = await studio.api.call('experiments.create', big);
    expect(held.experimentId).toBeNull();
    if (held.experimentId !== null) throw new Error('unreachable');
    // 3 seeds × (120 × 16 + 120 × 800) candidates.
    expect(held.confirm.candidates).toBe(3 * (120 * 16 + 120 * 800));
    expect(held.confirm.threshold).toBe(50_000);
    expect(held.confirm.estimatedSeconds).toBeGreaterThan(0);
    expect(held.confirm.message).toMatch(
      /^this experiment makes 293,760 candidates \(2 arms × 3 seeds\), at least 50,000; it would take about \d+ min at the measured rate/,
    );
    expect(counts(studio.dbPath)).toEqual(before);
  });
});

describe('an experiment of 2 variants × 3 seeds on a small plan', () => {
  let created: ExperimentStarted;
  let detail: ExperimentDetail;
  const overall: number[] = [];

  beforeAll(async () => {
    studio.api.on('experiment.progress', (p: ExperimentProgress) => overall.push(p.overall));
    created = await started(studio.api, { name: 'spacing and order', base, variants, seeds });
    detail = await settled(studio.api, created.experimentId);
  });

  it('stores the experiment with one run per arm and seed, and ends done', () => {
    expect(created).toMatchObject({ runs: 9, candidates: 9 * 4 * 16 });
    expect(detail.status).toBe('done');
    expect(detail.runs.map((r) => [r.arm, r.seed, r.status])).toEqual(
      [0, 1, 2].flatMap((arm) => seeds.map((s) => [arm, s, 'done'])),
    );
    expect(detail.arms.map((a) => a.name)).toEqual(['base', 'wide', 'orderMethod greedy, plan.1.maxDots 7']);
    expect(detail.arms[1]!.diff.map((d) => d.text)).toEqual(['Dot spacing: 14 → 22']);
    expect(detail.arms[2]!.diff.map((d) => d.text)).toEqual([
      'Ordering method: path → greedy',
      'Stretch 2 (level 4), dots at end: 8 → 7',
    ]);
    expect(detail.progress).toMatchObject({ overall: 1, runsDone: 9, runsTotal: 9 });
    expect(overall.length).toBeGreaterThan(3);
    for (let i = 1; i < overall.length; i++) expect(overall[i]!).toBeGreaterThanOrEqual(overall[i - 1]!);
  });

  it('its runs name their experiment, arm and variant in runs.list and runs.get (the pickers group them so)', async () => {
    const listed = (await studio.api.call('runs.list', {})).filter(
      (r) => r.experimentId === created.experimentId,
    );
    expect(listed).toHaveLength(9);
    for (const cell of detail.runs) {
      const r = listed.find((x) => x.id === cell.runId)!;
      expect(r.experiment).toEqual({
        id: created.experimentId,
        name: 'spacing and order',
        arm: cell.arm,
        variant: detail.arms[cell.arm]!.name,
      });
      expect(r.seed).toBe(cell.seed);
    }
    expect((await studio.api.call('runs.get', { runId: detail.runs[4]!.runId })).experiment).toMatchObject({
      arm: detail.runs[4]!.arm,
      variant: detail.arms[detail.runs[4]!.arm]!.name,
    });
    // A run of its own names none.
    const own = (await studio.api.call('runs.list', {})).filter((r) => r.experimentId === null);
    for (const r of own) expect(r.experiment).toBeNull();
  });

  it('its runs are byte-identical to the same runs started alone', async () => {
    const alone = openTestStudio({ prefix: 'studio-experiments-alone-' });
    try {
      for (const cell of detail.runs) {
        const arm = detail.arms[cell.arm]!;
        const run = await alone.api.call('runs.create', {
          game: 'carillon',
          seed: cell.seed,
          plan: arm.plan,
          rules: arm.rules,
        });
        expect((await alone.service.engine.waitFor(run.id)).status).toBe('done');
        expect(await exportText(studio.api, cell.runId)).toBe(await exportText(alone.api, run.id));
        const mine = await studio.api.call('candidates.list', { runId: cell.runId, limit: 2000 });
        const theirs = await alone.api.call('candidates.list', { runId: run.id, limit: 2000 });
        expect(mine.items.map((c) => [c.slot, c.index, JSON.stringify(c.level)])).toEqual(
          theirs.items.map((c) => [c.slot, c.index, JSON.stringify(c.level)]),
        );
      }
    } finally {
      await alone.close();
    }
  });

  it('results: each variant against the base, figures as median and range, real only by the paired test', async () => {
    const r = await studio.api.call('experiments.results', { experimentId: created.experimentId });
    expect(r.seedsDone).toEqual(seeds);
    expect(r.difficulty.metric).toBe('bits');
    expect(r.variants.map((v) => v.name)).toEqual(['wide', 'orderMethod greedy, plan.1.maxDots 7']);
    for (const v of r.variants) {
      expect(v.figures.map((f) => f.key)).toEqual([
        'gaveUp',
        'buildsPerCandidate',
        'buildsPerSecond',
        'poolNearCopies',
        'largestStep',
        'level30',
        'hardest',
        'closestShare',
        'shippedNearCopies',
        'shortLevels',
      ]);
      for (const f of v.figures) expect(f.explain.length, f.key).toBeGreaterThan(20);
      for (const f of v.figures) {
        expect(f.perSeed.map((p) => p.seed)).toEqual(seeds);
        // 3 seeds can never pass a sign test at 0.05.
        expect(f.decision.real).toBe(false);
        if (f.base) expect(f.base.min).toBeLessThanOrEqual(f.base.median);
      }
      // The plan has 4 levels: no level 30.
      expect(v.figures.find((f) => f.key === 'level30')!.base).toBeNull();
      expect(v.stages.map((s) => s.stage)).toEqual(['levels 1–3', 'level 4']);
      for (const s of v.stages) {
        expect(s.base!.n).toBe(3 * 16 * (s.last - s.first + 1));
        expect(s.base!.q1).toBeLessThanOrEqual(s.base!.median);
        expect(s.spread.perSeed).toHaveLength(3);
      }
    }
    // Near-duplicate pairs shipped: the stored pairs whose two candidates both ship in the automatic order.
    const shipped = r.variants[0]!.figures.find((f) => f.key === 'shippedNearCopies')!;
    for (const cell of detail.runs.filter((c) => c.arm === 0)) {
      const both = await studio.api.call('duplicates.list', {
        runId: cell.runId,
        order: 'automatic',
        ships: 'both',
        triage: 'all',
      });
      expect(shipped.perSeed.find((p) => p.seed === cell.seed)!.base).toBe(both.length);
    }
    // The hardest level per seed is the base's stored order's hardest.
    const hardest = r.variants[0]!.figures.find((f) => f.key === 'hardest')!;
    const firstRun = detail.runs.find((c) => c.arm === 0 && c.seed === seeds[0])!;
    const pack = JSON.parse(await exportText(studio.api, firstRun.runId)) as { levels: { bits: number }[] };
    expect(hardest.perSeed[0]!.base).toBeCloseTo(Math.max(...pack.levels.map((l) => l.bits)), 6);
  });

  it('cancelled and resumed, a second experiment ends with the same runs and results', async () => {
    const seen = new Map<number, number[]>();
    const off = studio.api.on('experiment.progress', (p) =>
      seen.set(p.experimentId, [...(seen.get(p.experimentId) ?? []), p.overall]),
    );
    const again = await started(studio.api, { name: 'again', base, variants, seeds });
    // Cancel once some candidates are stored.
    for (;;) {
      const e = await studio.api.call('experiments.get', { experimentId: again.experimentId });
      if (e.progress.candidatesDone > 100) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const cancelled = await studio.api.call('experiments.cancel', { experimentId: again.experimentId });
    const mid = await settled(studio.api, again.experimentId);
    expect(mid.status).toBe('cancelled');
    expect(cancelled.runsDone).toBeLessThan(9);
    expect(mid.progress.overall).toBeLessThan(1);
    const resumed = await studio.api.call('experiments.resume', { experimentId: again.experimentId });
    expect(['queued', 'running']).toContain(resumed.status);
    const end = await settled(studio.api, again.experimentId);
    off();
    expect(end.status).toBe('done');
    const figures = seen.get(again.experimentId)!;
    expect(figures.length).toBeGreaterThan(3);
    for (let i = 1; i < figures.length; i++) expect(figures[i]!).toBeGreaterThanOrEqual(figures[i - 1]!);
    for (const cell of end.runs) {
      const twin = detail.runs.find((c) => c.arm === cell.arm && c.seed === cell.seed)!;
      expect(await exportText(studio.api, cell.runId)).toBe(await exportText(studio.api, twin.runId));
    }
    const a = await studio.api.call('experiments.results', { experimentId: created.experimentId });
    const b = await studio.api.call('experiments.results', { experimentId: again.experimentId });
    // Everything but the build speed (a time) is the same.
    const strip = (r: ExperimentResults) =>
      r.variants.map((v) => ({ ...v, figures: v.figures.filter((f) => f.key !== 'buildsPerSecond') }));
    expect(strip(b)).toEqual(strip(a));
  });

  it("adopt starts a new whole-plan run, or saves a preset, with the variant's settings", async () => {
    const adopted = await studio.api.call('experiments.adopt', {
      experimentId: created.experimentId,
      variant: 1,
      as: 'run',
    });
    expect(adopted.preset).toBeNull();
    if (adopted.run === null) throw new Error('adopt as a run answered no run');
    expect(adopted.run.seed).toBe(3);
    const run = await studio.api.call('runs.get', { runId: adopted.run.id });
    expect(run.rules).toMatchObject({ spacing: 22 });
    expect(run.plan).toEqual(detail.arms[1]!.plan);
    await studio.service.engine.waitFor(adopted.run.id);
    const saved = await studio.api.call('experiments.adopt', {
      experimentId: created.experimentId,
      variant: 2,
      as: 'preset',
      name: 'greedy',
    });
    expect(saved.run).toBeNull();
    if (saved.preset === null) throw new Error('adopt as a preset answered no preset');
    expect(saved.preset).toMatchObject({
      game: 'carillon',
      name: 'greedy',
      rules: { orderMethod: 'greedy' },
    });
    const taken = await refusal(
      studio.api.call('experiments.adopt', {
        experimentId: created.experimentId,
        variant: 2,
        as: 'preset',
        name: 'greedy',
      }),
    );
    expect(taken.code).toBe('conflict');
    const noName = await refusal(
      studio.api.call('experiments.adopt', { experimentId: created.experimentId, variant: 1, as: 'preset' }),
    );
    expect(noName.fields).toEqual([{ field: 'name', message: 'a preset needs a name' }]);
    const past = await refusal(
      studio.api.call('experiments.adopt', { experimentId: created.experimentId, variant: 3, as: 'run' }),
    );
    expect(past.fields).toEqual([{ field: 'variant', message: 'must be 0-2' }]);
    const diff = await studio.api.call('settings.diff', {
      a: { runId: detail.runs[0]!.runId },
      b: { presetId: saved.preset.id },
    });
    expect(diff.lines.map((l) => l.text)).toEqual([
      'Ordering method: path → greedy',
      'Stretch 2 (level 4), dots at end: 8 → 7',
    ]);
    expect(diff.a).toMatch(/^run \d+/);
    expect(diff.b).toBe('preset "greedy"');
  });
});

describe('an experiment the studio closed under', () => {
  it('reads interrupted in the next studio, and resumes there to the same runs as one never stopped', async () => {
    const t = tempDir('studio-exp-close-');
    const dbPath = join(t.dir, 'studio.db');
    try {
      const first = openStudio({ dbPath, workers: 2, transport: 'server' });
      const firstApi = localClient(first);
      const made = await started(firstApi, { base, variants: [wide], seeds: [3, 11] });
      for (;;) {
        const e = await firstApi.call('experiments.get', { experimentId: made.experimentId });
        if (e.progress.candidatesDone > 20) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await first.close();
      const second = openStudio({ dbPath, workers: 2, transport: 'server' });
      const secondApi = localClient(second);
      try {
        const after = await secondApi.call('experiments.get', { experimentId: made.experimentId });
        expect(after.status).toBe('interrupted');
        expect((await secondApi.call('experiments.list', {}))[0]!.status).toBe('interrupted');
        await secondApi.call('experiments.resume', { experimentId: made.experimentId });
        const end = await settled(secondApi, made.experimentId);
        expect(end.status).toBe('done');
        // Each run is the same bytes as the same arm and seed of an experiment that ran straight through.
        const straight = await started(studio.api, { base, variants: [wide], seeds: [3, 11] });
        const twin = await settled(studio.api, straight.experimentId);
        for (const cell of end.runs) {
          const other = twin.runs.find((c) => c.arm === cell.arm && c.seed === cell.seed)!;
          expect(await exportText(secondApi, cell.runId)).toBe(await exportText(studio.api, other.runId));
        }
      } finally {
        await second.close();
      }
    } finally {
      t.cleanup();
    }
  });
});

describe('a quick experiment: a few level slots, N candidates each', () => {
  it('makes only those slots, the same candidates a whole run makes there, and is not ordered', async () => {
    const made = await started(studio.api, {
      base: { game: 'apsis', levels: 20 },
      variants: [{ changes: { 'rules.aimDepth': false } }],
      seeds: [5, 6],
      scope: { kind: 'slots', slots: [2, 17], candidates: 5 },
    });
    expect(made).toMatchObject({ runs: 4, candidates: 4 * 2 * 5 });
    const done = await settled(studio.api, made.experimentId);
    expect(done.status).toBe('done');
    const cell = done.runs.find((c) => c.arm === 0 && c.seed === 5)!;
    const page = await studio.api.call('candidates.list', { runId: cell.runId, limit: 100 });
    expect(page.items.map((c) => `${c.slot}:${c.index}`).sort()).toEqual([
      '17:0',
      '17:1',
      '17:2',
      '17:3',
      '17:4',
      '2:0',
      '2:1',
      '2:2',
      '2:3',
      '2:4',
    ]);
    const order = await refusal(studio.api.call('packs.export', { runId: cell.runId, kind: 'automatic' }));
    expect(order.code).toBe('conflict');
    const r = await studio.api.call('experiments.results', { experimentId: made.experimentId });
    expect(r.variants[0]!.figures.map((f) => f.key)).toEqual([
      'gaveUp',
      'buildsPerCandidate',
      'buildsPerSecond',
      'poolNearCopies',
    ]);
    expect(r.variants[0]!.stages.map((s) => s.stage)).toEqual(['levels 1–15', 'levels 16–20']);
    expect(r.variants[0]!.stages[0]!.base!.n).toBe(10);
    // The same candidates as a whole run of the same seed makes for those slots.
    const whole = await studio.api.call('runs.create', { game: 'apsis', seed: 5, levels: 20 });
    await studio.service.engine.waitFor(whole.id);
    const full = await studio.api.call('candidates.list', { runId: whole.id, limit: 2000 });
    for (const c of page.items)
      expect(JSON.stringify(full.items.find((f) => f.slot === c.slot && f.index === c.index)!.level)).toBe(
        JSON.stringify(c.level),
      );
    const gone = await studio.api.call('experiments.delete', { experimentId: made.experimentId });
    expect(gone).toEqual({ deleted: 1, runs: 4 });
    expect((await refusal(studio.api.call('runs.get', { runId: cell.runId }))).code).toBe('not-found');
  });
});

describe('figures that say something under load and on small levels', () => {
  it('near copies within a pool: the share of same-level candidate pairs that are near-duplicates, as the game judges them pair by pair', async () => {
    const made = await started(studio.api, {
      base: { game: 'apsis', levels: 6 },
      variants: [{ changes: { 'rules.aimDepth': false } }],
      seeds: [5, 6],
      scope: { kind: 'slots', slots: [0, 1, 4], candidates: 8 },
    });
    const done = await settled(studio.api, made.experimentId);
    expect(done.status).toBe('done');
    const r = await studio.api.call('experiments.results', { experimentId: made.experimentId });
    const fig = r.variants[0]!.figures.find((f) => f.key === 'poolNearCopies')!;
    expect(fig).toMatchObject({ label: 'near copies within a pool', unit: '%', better: 'lower' });
    const game = gameById('apsis');
    let some = 0;
    for (const cell of done.runs) {
      // Independently: every pair of candidates of one slot, judged by the game's own pair test.
      const page = await studio.api.call('candidates.list', { runId: cell.runId, limit: 100 });
      const bySlot = new Map<number, unknown[]>();
      for (const c of page.items)
        if (c.level !== null) bySlot.set(c.slot, [...(bySlot.get(c.slot) ?? []), c.level]);
      let pairs = 0,
        near = 0;
      for (const levels of bySlot.values())
        for (let i = 0; i < levels.length; i++)
          for (let j = i + 1; j < levels.length; j++) {
            pairs++;
            if (game.nearDuplicate(levels[i], levels[j], done.arms[cell.arm]!.rules)) near++;
          }
      some += near;
      const seed = fig.perSeed.find((p) => p.seed === cell.seed)!;
      expect(cell.arm === 0 ? seed.base : seed.variant).toBeCloseTo((100 * near) / pairs, 9);
    }
    // Small early Apsis levels do repeat: the figure is neither 0 nor 100 % here.
    expect(some).toBeGreaterThan(0);
    expect(fig.base!.max).toBeLessThan(100);
  });

  it('builds per second (wall clock) is shown with its per-seed counts but never called real; builds per candidate is the speed figure tested', async () => {
    const made = await started(studio.api, {
      base: { game: 'carillon', levels: 3 },
      variants: [{ changes: { 'rules.spacing': 22 } }],
      seeds: [1, 2, 3, 4, 5, 6],
      scope: { kind: 'slots', slots: [0], candidates: 3 },
    });
    const done = await settled(studio.api, made.experimentId);
    expect(done.status).toBe('done');
    const r = await studio.api.call('experiments.results', { experimentId: made.experimentId });
    const wall = r.variants[0]!.figures.find((f) => f.key === 'buildsPerSecond')!;
    const builds = r.variants[0]!.figures.find((f) => f.key === 'buildsPerCandidate')!;
    expect(builds.untested).toBeUndefined();
    expect(wall.untested).toMatch(/^not tested: a wall-clock rate varies with the machine’s load/);
    expect(wall.decision).toMatchObject({ real: false, why: wall.untested });
    // Its per-seed counts stay (the CLI prints them), whichever way the seeds went.
    expect(wall.decision.higher + wall.decision.lower + wall.decision.ties).toBe(6);
    const lines = experimentTable(r, 'x').join('\n');
    expect(lines).toMatch(
      /builds per second, wall clock \(builds\/s\).*not tested \(varies with load; \d↑ \d↓ \d=\)/,
    );
  });
});

describe('presets and settings diffs', () => {
  it('save, list, refuse a taken name or a bad rule, delete', async () => {
    const p = await studio.api.call('presets.save', {
      game: 'apsis',
      name: 'spec builder',
      rules: { aimDepth: false },
    });
    expect(p.rules).toMatchObject({ aimDepth: false, sunRadius: 40 });
    expect(
      (await refusal(studio.api.call('presets.save', { game: 'apsis', name: 'spec builder', rules: {} })))
        .code,
    ).toBe('conflict');
    const bad = await refusal(
      studio.api.call('presets.save', { game: 'apsis', name: 'x', rules: { sunRadus: 3 } }),
    );
    expect(bad.message).toMatch(
      /^presets\.save: bad argument — rules\.sunRadus: is not a rule of Apsis; did you mean sunRadius\?/,
    );
    expect((await studio.api.call('presets.list', { game: 'apsis' })).map((x) => x.name)).toEqual([
      'spec builder',
    ]);
    const diff = await studio.api.call('settings.diff', { a: { game: 'apsis' }, b: { presetId: p.id } });
    expect(diff).toMatchObject({ a: "Apsis's defaults", b: 'preset "spec builder"', same: false });
    expect(diff.lines.map((l) => l.text)).toEqual(['Aim at a depth: on → off']);
    const cross = await studio.api.call('settings.diff', { a: { game: 'carillon' }, b: { presetId: p.id } });
    expect(cross.lines.map((l) => l.text)).toEqual([
      'Game: Carillon → Apsis (the settings of two games are not compared further)',
    ]);
    expect(await studio.api.call('presets.delete', { presetId: p.id })).toEqual({ deleted: 1 });
    expect((await refusal(studio.api.call('presets.delete', { presetId: p.id }))).code).toBe('not-found');
  });
});
