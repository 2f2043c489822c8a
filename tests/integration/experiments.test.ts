/**
 * Experiments end to end on a real service: bad input refused before anything is stored, the
 * size guard, an experiment of 2 variants × 3 seeds on a small plan whose runs are byte-identical
 * to the same runs started alone, cancel and resume ending with the same results, a quick
 * (slots) experiment, adopt, presets and settings diffs.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ExperimentCreated,
  ExperimentDetail,
  ExperimentProgress,
  ExperimentResults,
  ExperimentSummary,
  ExportResult,
  Preset,
  RunSummary,
  SettingsDiff,
  CandidatePage,
} from '../../src-shared/api';
import type { Service } from '../../src-main/service';
import { testService } from '../helpers/service';
import { tempDir } from '../helpers/temp';
import { openStudio } from '../../src-main/studio';
import { join } from 'node:path';

let ctx: ReturnType<typeof testService>;
let service: Service;

async function call<T>(s: Service, method: string, args: unknown): Promise<T> {
  const env = await s.dispatch(method, args);
  if (!env.ok) throw new Error(`${method}: ${env.error.message}`);
  return env.value as T;
}
const ok = <T>(method: string, args: unknown): Promise<T> => call<T>(service, method, args);
async function refused(method: string, args: unknown): Promise<{ code: string; message: string; fields?: { field: string; message: string }[] }> {
  const env = await service.dispatch(method, args);
  if (env.ok) throw new Error(`${method} was not refused`);
  return env.error;
}

function counts(dbPath: string): Record<string, number> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const out: Record<string, number> = {};
    for (const t of ['runs', 'candidates', 'experiments', 'experiment_runs', 'presets']) out[t] = (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
    return out;
  } finally {
    db.close();
  }
}

/** Wait until an experiment is no longer queued or running. */
async function settled(s: Service, experimentId: number): Promise<ExperimentDetail> {
  for (;;) {
    const e = await call<ExperimentDetail>(s, 'experiments.get', { experimentId });
    if (e.status !== 'queued' && e.status !== 'running') return e;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exportText = async (s: Service, runId: number): Promise<string> => (await call<ExportResult>(s, 'packs.export', { runId, kind: 'automatic' })).text;

const base = { game: 'carillon', levels: 4 };
const variants = [{ name: 'wide', changes: { 'rules.spacing': 22 } }, { changes: { 'rules.orderMethod': 'greedy', 'plan.1.maxDots': 7 } }];
const seeds = [3, 11, 42];

beforeAll(() => {
  ctx = testService(2);
  service = ctx.service;
});
afterAll(async () => {
  await ctx.dispose();
});

describe('bad input is refused before anything runs, naming the field', () => {
  it('an unknown rule, a value out of bounds, a plan row past the plan', async () => {
    const before = counts(ctx.dbPath);
    const e1 = await refused('experiments.create', { base, variants: [{ changes: { 'rules.spacng': 18 } }], seeds });
    expect(e1.code).toBe('bad-argument');
    expect(e1.fields).toEqual([{ field: 'variants.0.changes.rules.spacng', message: 'is not a rule of Carillon; did you mean spacing?' }]);
    expect(e1.message).toContain('rules.spacng: is not a rule of Carillon; did you mean spacing?');
    const e2 = await refused('experiments.create', { base, variants: [{ changes: { 'rules.spacing': 18 } }, { changes: { 'rules.spacing': -1 } }], seeds });
    expect(e2.fields).toEqual([{ field: 'variants.1.changes.rules.spacing', message: 'must be at least 0' }]);
    // The base holds 4 levels: 2 stretches.
    const e3 = await refused('experiments.create', { base, variants: [{ changes: { 'plan.3.taps': 4 } }], seeds });
    expect(e3.fields).toEqual([{ field: 'variants.0.changes.plan.3.taps', message: 'is not in the plan: the plan has 2 stretches, numbered 0-1' }]);
    const e4 = await refused('experiments.create', { base, variants: [{ changes: {} }], seeds: [1, 1] });
    expect(e4.fields?.map((f) => f.field)).toEqual(['seeds']);
    const e5 = await refused('experiments.create', { base, variants: [{ changes: { 'rules.spacing': 18 } }], seeds, scope: { kind: 'slots', slots: [0, 9], candidates: 4 } });
    expect(e5.fields).toEqual([{ field: 'scope.slots.1', message: "slot 9 is past the base's plan, which has level slots 0-3" }]);
    const e6 = await refused('experiments.create', { base: { runId: 999 }, variants: [{ changes: { 'rules.spacing': 18 } }], seeds });
    expect(e6.code).toBe('not-found');
    const e7 = await refused('experiments.create', { base, variants: [{ changes: {} }], seeds });
    expect(e7.fields).toEqual([{ field: 'variants.0.changes', message: 'a variant needs at least one change (e.g. rules.spacing: 18)' }]);
    expect(counts(ctx.dbPath)).toEqual(before);
  });

  it('an experiment past the size threshold waits for confirmation with its estimated time', async () => {
    const before = counts(ctx.dbPath);
    const big = { base: { game: 'carillon' }, variants: [{ changes: { 'rules.poolSize': 800 } }], seeds: [1, 2, 3] };
    const held = await ok<ExperimentCreated>('experiments.create', big);
    expect(held.experimentId).toBeNull();
    if (held.experimentId !== null) throw new Error('unreachable');
    // 3 seeds × (120 × 16 + 120 × 800) candidates.
    expect(held.confirm.candidates).toBe(3 * (120 * 16 + 120 * 800));
    expect(held.confirm.threshold).toBe(200_000);
    expect(held.confirm.estimatedSeconds).toBeGreaterThan(0);
    expect(held.confirm.message).toMatch(/^this experiment makes 293,760 candidates \(2 arms × 3 seeds\), more than 200,000; it would take about \d+ min at the measured rate/);
    expect(counts(ctx.dbPath)).toEqual(before);
  });
});

describe('an experiment of 2 variants × 3 seeds on a small plan', () => {
  let created: ExperimentCreated;
  let detail: ExperimentDetail;
  const overall: number[] = [];

  beforeAll(async () => {
    service.on('experiment.progress', (p: ExperimentProgress) => overall.push(p.overall));
    created = await ok<ExperimentCreated>('experiments.create', { name: 'spacing and order', base, variants, seeds });
    detail = await settled(service, created.experimentId!);
  });

  it('stores the experiment with one run per arm and seed, and ends done', () => {
    expect(created).toMatchObject({ runs: 9, candidates: 9 * 4 * 16 });
    expect(detail.status).toBe('done');
    expect(detail.runs.map((r) => [r.arm, r.seed, r.status])).toEqual([0, 1, 2].flatMap((arm) => seeds.map((s) => [arm, s, 'done'])));
    expect(detail.arms.map((a) => a.name)).toEqual(['base', 'wide', 'orderMethod greedy, plan.1.maxDots 7']);
    expect(detail.arms[1]!.diff.map((d) => d.text)).toEqual(['Dot spacing: 14 → 22']);
    expect(detail.arms[2]!.diff.map((d) => d.text)).toEqual(['Ordering method: path → greedy', 'Stretch 2 (level 4), dots at end: 8 → 7']);
    expect(detail.progress).toMatchObject({ overall: 1, runsDone: 9, runsTotal: 9 });
    expect(overall.length).toBeGreaterThan(3);
    for (let i = 1; i < overall.length; i++) expect(overall[i]!).toBeGreaterThanOrEqual(overall[i - 1]!);
  });

  it('its runs are byte-identical to the same runs started alone', async () => {
    const alone = testService(2);
    try {
      for (const cell of detail.runs) {
        const arm = detail.arms[cell.arm]!;
        const run = await call<RunSummary>(alone.service, 'runs.create', { game: 'carillon', seed: cell.seed, plan: arm.plan, rules: arm.rules });
        expect((await alone.service.engine.waitFor(run.id)).status).toBe('done');
        expect(await exportText(service, cell.runId)).toBe(await exportText(alone.service, run.id));
        const mine = await call<CandidatePage>(service, 'candidates.list', { runId: cell.runId, limit: 2000 });
        const theirs = await call<CandidatePage>(alone.service, 'candidates.list', { runId: run.id, limit: 2000 });
        expect(mine.items.map((c) => [c.slot, c.index, JSON.stringify(c.level)])).toEqual(theirs.items.map((c) => [c.slot, c.index, JSON.stringify(c.level)]));
      }
    } finally {
      await alone.dispose();
    }
  });

  it('results: each variant against the base, figures as median and range, real only by the paired test', async () => {
    const r = await ok<ExperimentResults>('experiments.results', { experimentId: created.experimentId });
    expect(r.seedsDone).toEqual(seeds);
    expect(r.difficulty.metric).toBe('bits');
    expect(r.variants.map((v) => v.name)).toEqual(['wide', 'orderMethod greedy, plan.1.maxDots 7']);
    for (const v of r.variants) {
      expect(v.figures.map((f) => f.key)).toEqual(['gaveUp', 'buildsPerCandidate', 'buildsPerSecond', 'duplicateRate', 'largestStep', 'level30', 'hardest', 'closestShare', 'shortLevels']);
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
    // The hardest level per seed is the base's stored order's hardest.
    const hardest = r.variants[0]!.figures.find((f) => f.key === 'hardest')!;
    const firstRun = detail.runs.find((c) => c.arm === 0 && c.seed === seeds[0])!;
    const pack = JSON.parse(await exportText(service, firstRun.runId)) as { levels: { bits: number }[] };
    expect(hardest.perSeed[0]!.base).toBeCloseTo(Math.max(...pack.levels.map((l) => l.bits)), 6);
  });

  it('cancelled and resumed, a second experiment ends with the same runs and results', async () => {
    const seen = new Map<number, number[]>();
    const off = service.on('experiment.progress', (p) => seen.set(p.experimentId, [...(seen.get(p.experimentId) ?? []), p.overall]));
    const again = await ok<ExperimentCreated>('experiments.create', { name: 'again', base, variants, seeds });
    // Cancel once some candidates are stored.
    for (;;) {
      const e = await ok<ExperimentDetail>('experiments.get', { experimentId: again.experimentId });
      if (e.progress.candidatesDone > 100) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const cancelled = await ok<ExperimentSummary>('experiments.cancel', { experimentId: again.experimentId });
    const mid = await settled(service, again.experimentId!);
    expect(mid.status).toBe('cancelled');
    expect(cancelled.runsDone).toBeLessThan(9);
    expect(mid.progress.overall).toBeLessThan(1);
    const resumed = await ok<ExperimentSummary>('experiments.resume', { experimentId: again.experimentId });
    expect(['queued', 'running']).toContain(resumed.status);
    const end = await settled(service, again.experimentId!);
    off();
    expect(end.status).toBe('done');
    const figures = seen.get(again.experimentId!)!;
    expect(figures.length).toBeGreaterThan(3);
    for (let i = 1; i < figures.length; i++) expect(figures[i]!).toBeGreaterThanOrEqual(figures[i - 1]!);
    for (const cell of end.runs) {
      const twin = detail.runs.find((c) => c.arm === cell.arm && c.seed === cell.seed)!;
      expect(await exportText(service, cell.runId)).toBe(await exportText(service, twin.runId));
    }
    const a = await ok<ExperimentResults>('experiments.results', { experimentId: created.experimentId });
    const b = await ok<ExperimentResults>('experiments.results', { experimentId: again.experimentId });
    // Everything but the build speed (a time) is the same.
    const strip = (r: ExperimentResults) => r.variants.map((v) => ({ ...v, figures: v.figures.filter((f) => f.key !== 'buildsPerSecond') }));
    expect(strip(b)).toEqual(strip(a));
  });

  it('adopt starts a new whole-plan run, or saves a preset, with the variant\'s settings', async () => {
    const adopted = await ok<{ run: RunSummary }>('experiments.adopt', { experimentId: created.experimentId, variant: 1, as: 'run' });
    expect(adopted.run.seed).toBe(3);
    const run = await ok<{ rules: { spacing: number }; plan: unknown }>('runs.get', { runId: adopted.run.id });
    expect(run.rules.spacing).toBe(22);
    expect(run.plan).toEqual(detail.arms[1]!.plan);
    await service.engine.waitFor(adopted.run.id);
    const saved = await ok<{ preset: Preset }>('experiments.adopt', { experimentId: created.experimentId, variant: 2, as: 'preset', name: 'greedy' });
    expect(saved.preset).toMatchObject({ game: 'carillon', name: 'greedy', rules: { orderMethod: 'greedy' } });
    const taken = await refused('experiments.adopt', { experimentId: created.experimentId, variant: 2, as: 'preset', name: 'greedy' });
    expect(taken.code).toBe('conflict');
    const noName = await refused('experiments.adopt', { experimentId: created.experimentId, variant: 1, as: 'preset' });
    expect(noName.fields).toEqual([{ field: 'name', message: 'a preset needs a name' }]);
    const past = await refused('experiments.adopt', { experimentId: created.experimentId, variant: 3, as: 'run' });
    expect(past.fields).toEqual([{ field: 'variant', message: 'must be 0-2' }]);
    const diff = await ok<SettingsDiff>('settings.diff', { a: { runId: detail.runs[0]!.runId }, b: { presetId: saved.preset.id } });
    expect(diff.lines.map((l) => l.text)).toEqual(['Ordering method: path → greedy', 'Stretch 2 (level 4), dots at end: 8 → 7']);
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
      const made = await call<ExperimentCreated>(first, 'experiments.create', { base, variants: [variants[0]], seeds: [3, 11] });
      for (;;) {
        const e = await call<ExperimentDetail>(first, 'experiments.get', { experimentId: made.experimentId });
        if (e.progress.candidatesDone > 20) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await first.close();
      const second = openStudio({ dbPath, workers: 2, transport: 'server' });
      try {
        const after = await call<ExperimentDetail>(second, 'experiments.get', { experimentId: made.experimentId });
        expect(after.status).toBe('interrupted');
        expect((await call<ExperimentSummary[]>(second, 'experiments.list', {}))[0]!.status).toBe('interrupted');
        await call(second, 'experiments.resume', { experimentId: made.experimentId });
        const end = await settled(second, made.experimentId!);
        expect(end.status).toBe('done');
        // Each run is the same bytes as the same arm and seed of an experiment that ran straight through.
        const straight = await ok<ExperimentCreated>('experiments.create', { base, variants: [variants[0]], seeds: [3, 11] });
        const twin = await settled(service, straight.experimentId!);
        for (const cell of end.runs) {
          const other = twin.runs.find((c) => c.arm === cell.arm && c.seed === cell.seed)!;
          expect(await exportText(second, cell.runId)).toBe(await exportText(service, other.runId));
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
    const made = await ok<ExperimentCreated>('experiments.create', { base: { game: 'apsis', levels: 20 }, variants: [{ changes: { 'rules.aimDepth': false } }], seeds: [5, 6], scope: { kind: 'slots', slots: [2, 17], candidates: 5 } });
    expect(made).toMatchObject({ runs: 4, candidates: 4 * 2 * 5 });
    const done = await settled(service, made.experimentId!);
    expect(done.status).toBe('done');
    const cell = done.runs.find((c) => c.arm === 0 && c.seed === 5)!;
    const page = await ok<CandidatePage>('candidates.list', { runId: cell.runId, limit: 100 });
    expect(page.items.map((c) => `${c.slot}:${c.index}`).sort()).toEqual(['17:0', '17:1', '17:2', '17:3', '17:4', '2:0', '2:1', '2:2', '2:3', '2:4']);
    const order = await refused('packs.export', { runId: cell.runId, kind: 'automatic' });
    expect(order.code).toBe('conflict');
    const r = await ok<ExperimentResults>('experiments.results', { experimentId: made.experimentId });
    expect(r.variants[0]!.figures.map((f) => f.key)).toEqual(['gaveUp', 'buildsPerCandidate', 'buildsPerSecond', 'duplicateRate']);
    expect(r.variants[0]!.stages.map((s) => s.stage)).toEqual(['levels 1–15', 'levels 16–20']);
    expect(r.variants[0]!.stages[0]!.base!.n).toBe(10);
    // The same candidates as a whole run of the same seed makes for those slots.
    const whole = await ok<RunSummary>('runs.create', { game: 'apsis', seed: 5, levels: 20 });
    await service.engine.waitFor(whole.id);
    const full = await ok<CandidatePage>('candidates.list', { runId: whole.id, limit: 2000 });
    for (const c of page.items) expect(JSON.stringify(full.items.find((f) => f.slot === c.slot && f.index === c.index)!.level)).toBe(JSON.stringify(c.level));
    const gone = await ok<{ deleted: number; runs: number }>('experiments.delete', { experimentId: made.experimentId });
    expect(gone).toEqual({ deleted: 1, runs: 4 });
    expect((await refused('runs.get', { runId: cell.runId })).code).toBe('not-found');
  });
});

describe('presets and settings diffs', () => {
  it('save, list, refuse a taken name or a bad rule, delete', async () => {
    const p = await ok<Preset>('presets.save', { game: 'apsis', name: 'spec builder', rules: { aimDepth: false } });
    expect(p.rules).toMatchObject({ aimDepth: false, sunRadius: 40 });
    expect((await refused('presets.save', { game: 'apsis', name: 'spec builder', rules: {} })).code).toBe('conflict');
    const bad = await refused('presets.save', { game: 'apsis', name: 'x', rules: { sunRadus: 3 } });
    expect(bad.message).toMatch(/^presets\.save: bad argument — rules\.sunRadus: is not a rule of Apsis; did you mean sunRadius\?/);
    expect((await ok<Preset[]>('presets.list', { game: 'apsis' })).map((x) => x.name)).toEqual(['spec builder']);
    const diff = await ok<SettingsDiff>('settings.diff', { a: { game: 'apsis' }, b: { presetId: p.id } });
    expect(diff).toMatchObject({ a: "Apsis's defaults", b: 'preset "spec builder"', same: false });
    expect(diff.lines.map((l) => l.text)).toEqual(['Aim at a depth: on → off']);
    const cross = await ok<SettingsDiff>('settings.diff', { a: { game: 'carillon' }, b: { presetId: p.id } });
    expect(cross.lines.map((l) => l.text)).toEqual(['Game: Carillon → Apsis (the settings of two games are not compared further)']);
    expect(await ok('presets.delete', { presetId: p.id })).toEqual({ deleted: 1 });
    expect((await refused('presets.delete', { presetId: p.id })).code).toBe('not-found');
  });
});
