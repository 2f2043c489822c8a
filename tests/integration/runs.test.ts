import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunProgress, RunSummary } from '../../src-shared/api';
import { checkPackFile } from '../../src-main/cli/packs';
import { writeExportTo } from '../../src-main/export-files';
import { apsisGame } from '../../src-shared/games/apsis/index';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ workers: 2 });

/** Row counts of every table: "nothing changed" means these stay equal. */
function counts(): Record<string, number> {
  const db = new Database(studio.dbPath, { readonly: true });
  try {
    const out: Record<string, number> = {};
    for (const t of [
      'runs',
      'candidates',
      'candidate_metrics',
      'orderings',
      'ordering_levels',
      'duplicate_pairs',
      'history',
    ]) {
      out[t] = (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
    }
    return out;
  } finally {
    db.close();
  }
}

const runs: Record<string, RunSummary> = {};
const progress: RunProgress[] = [];

beforeAll(async () => {
  studio.service.on('run.progress', (p) => progress.push(p));
  runs.carillon = await studio.api.call('runs.create', { game: 'carillon', seed: 7, levels: 12 });
  runs.apsis = await studio.api.call('runs.create', { game: 'apsis', seed: 7, levels: 16 });
  // Queued one after the other on the same pool.
  expect(runs.apsis.status).toBe('queued');
  for (const r of Object.values(runs))
    expect((await studio.service.engine.waitFor(r.id)).status).toBe('done');
});

describe('runs through the API', () => {
  it('streams progress events with done/total, per-stage counts, rate and time left', () => {
    for (const r of Object.values(runs)) {
      const mine = progress.filter((p) => p.runId === r.id && p.stage === 'generate');
      expect(mine.length).toBeGreaterThan(1);
      const last = mine[mine.length - 1]!;
      expect(last.done).toBe(last.total);
      expect(last.total).toBe(r.candidatesTotal);
      expect(last.stages.reduce((a, s) => a + s.total, 0)).toBe(last.total);
      expect(last.stages.every((s) => s.done === s.total)).toBe(true);
      expect(mine.some((p) => p.rate > 0 && p.etaSeconds !== null)).toBe(true);
      const dones = mine.map((p) => p.done);
      expect([...dones].sort((a, b) => a - b)).toEqual(dones);
      expect(progress.some((p) => p.runId === r.id && p.stage === 'done' && p.status === 'done')).toBe(true);
    }
  });

  it('stores every candidate with its level and every metric, indexed for sorting', async () => {
    const page = await studio.api.call('candidates.list', { runId: runs.carillon!.id, limit: 2000 });
    expect(page.total).toBe(12 * 16);
    const proven = page.items.filter((c) => c.level !== null);
    expect(proven.length).toBeGreaterThan(12 * 14);
    for (const key of ['bits', 'taps', 'dots', 'arrows'])
      expect(proven.every((c) => typeof c.metrics[key] === 'number')).toBe(true);
    const sorted = await studio.api.call('candidates.list', {
      runId: runs.carillon!.id,
      sort: { key: 'bits', dir: 'desc' },
      limit: 50,
    });
    const bits = sorted.items.map((c) => c.metrics.bits!);
    expect(bits).toEqual([...bits].sort((a, b) => b - a));
    const filtered = await studio.api.call('candidates.list', {
      runId: runs.carillon!.id,
      filters: [{ metric: 'taps', min: 2, max: 2 }],
      limit: 2000,
    });
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.items.every((c) => c.metrics.taps === 2)).toBe(true);
    const shipped = await studio.api.call('candidates.list', {
      runId: runs.carillon!.id,
      shipped: 'automatic',
      limit: 2000,
    });
    expect(shipped.total).toBe(12);
    expect(shipped.items.map((c) => c.shippedAs.automatic).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });

  it('exports the automatic pack of each game, and the pack verifies', async () => {
    for (const r of Object.values(runs)) {
      const out = await studio.api.call('packs.export', { runId: r.id, kind: 'automatic' });
      expect(out).toMatchObject({
        layout: 'file',
        fileName: `${r.game}-seed7-run${r.id}.json`,
        files: [],
        bytes: Buffer.byteLength(out.text),
      });
      const written = writeExportTo(out, join(studio.dir, `${r.game}-auto.json`), studio.dbPath);
      expect(readFileSync(written.path, 'utf8')).toBe(out.text);
      const check = checkPackFile(written.path);
      expect(check.problems).toEqual([]);
      expect(check.game.packLevels(check.pack)).toHaveLength(r.levels);
    }
  });

  it('approves a subset by hand, computes the approved ordering, exports it, and it verifies', async () => {
    for (const r of Object.values(runs)) {
      const all = await studio.api.call('candidates.list', { runId: r.id, limit: 2000, withLevels: false });
      // Approve the even-numbered candidates of every slot: half of each pool.
      const approve = all.items.filter((c) => c.failure === null && c.index % 2 === 0).map((c) => c.id);
      const change = await studio.api.call('candidates.setVerdict', {
        candidateIds: approve,
        verdict: 'approved',
      });
      expect(change.changed).toBe(approve.length);
      const view = await studio.api.call('orderings.computeApproved', { runId: r.id });
      expect(view.kind).toBe('approved');
      expect(view.levels).toHaveLength(r.levels);
      expect(
        view.levels.filter((l) => l.candidateId !== null).every((l) => approve.includes(l.candidateId!)),
      ).toBe(true);
      if (view.shortLevels.length === 0) {
        const out = await studio.api.call('packs.export', { runId: r.id, kind: 'approved' });
        expect(out.fileName).toBe(`${r.game}-seed7-run${r.id}-approved.json`);
        expect(
          checkPackFile(writeExportTo(out, join(studio.dir, `${r.game}-approved.json`), studio.dbPath).path)
            .problems,
        ).toEqual([]);
      } else {
        // Short levels are named with a reason, and the export says which levels are missing.
        expect(view.problems.length).toBeGreaterThan(0);
        const env = await studio.service.dispatch('packs.export', { runId: r.id, kind: 'approved' });
        expect(env).toMatchObject({ ok: false, error: { code: 'conflict' } });
      }
      // The curve data: level → difficulty, target, step.
      const auto = await studio.api.call('orderings.get', { runId: r.id, kind: 'automatic' });
      expect(auto.levels.every((l) => l.difficulty !== null)).toBe(true);
      expect(auto.levels.slice(1).every((l) => l.step !== null)).toBe(true);
    }
  });

  it('orders in a worker thread: the main thread stays free while the approved ordering is computed', async () => {
    const r = runs.apsis!;
    const seen: string[] = [];
    // A timer due at once: it can only fire before the ordering's answer if the search does not
    // hold the main thread (run there, it would finish inside the call and answer first).
    setTimeout(() => seen.push('timer'), 0);
    const env = await studio.service.dispatch('orderings.computeApproved', { runId: r.id });
    seen.push('ordering');
    expect(env.ok).toBe(true);
    expect(seen).toEqual(['timer', 'ordering']);
  });

  it('runs one at a time unless the pool has room: the next run starts in the first one’s tail, and the bytes do not change', async () => {
    const events: string[] = [];
    const off = studio.service.on('run.changed', (e) => events.push(`${e.runId}:${e.status}`));
    try {
      const a = await studio.api.call('runs.create', { game: 'carillon', seed: 21, levels: 24 });
      const b = await studio.api.call('runs.create', { game: 'carillon', seed: 22, levels: 6 });
      expect(b.status).toBe('queued');
      expect((await studio.service.engine.waitFor(a.id)).status).toBe('done');
      expect((await studio.service.engine.waitFor(b.id)).status).toBe('done');
      const at = (s: string) => events.indexOf(s);
      expect(at(`${a.id}:running`)).toBeGreaterThanOrEqual(0);
      expect(at(`${b.id}:running`)).toBeGreaterThan(at(`${a.id}:running`));
      // B used the room A left at its end, before A had finished.
      expect(at(`${b.id}:running`)).toBeLessThan(at(`${a.id}:done`));
      // The same run made alone writes the same pack.
      const alone = await studio.api.call('runs.create', { game: 'carillon', seed: 22, levels: 6 });
      expect((await studio.service.engine.waitFor(alone.id)).status).toBe('done');
      const text = async (id: number) =>
        (await studio.api.call('packs.export', { runId: id, kind: 'automatic' })).text;
      expect(await text(alone.id)).toBe(await text(b.id));
    } finally {
      off();
    }
  });

  it('reports short levels when approved candidates cannot fill the plan', async () => {
    const r = runs.carillon!;
    const all = await studio.api.call('candidates.list', {
      runId: r.id,
      verdict: 'approved',
      limit: 2000,
      withLevels: false,
    });
    // Clear every approval of slot 5: level 6 can no longer be filled from its own pool.
    const slot5 = all.items.filter((c) => c.slot >= 5).map((c) => c.id);
    await studio.api.call('candidates.setVerdict', { candidateIds: slot5, verdict: 'none' });
    const view = await studio.api.call('orderings.computeApproved', { runId: r.id });
    expect(view.shortLevels.length).toBeGreaterThan(0);
    expect(view.problems.map((p) => p.level)).toEqual(expect.arrayContaining([view.shortLevels[0]]));
    await studio.api.call('history.undo', { runId: r.id });
  });

  it('undoes a bulk verdict change, restoring the previous verdicts', async () => {
    const r = runs.apsis!;
    const before = await studio.api.call('candidates.list', { runId: r.id, limit: 2000, withLevels: false });
    const ids = before.items.slice(0, 40).map((c) => c.id);
    const prev = new Map(before.items.map((c) => [c.id, c.verdict]));
    await studio.api.call('candidates.setVerdict', { candidateIds: ids, verdict: 'rejected' });
    const mid = await studio.api.call('candidates.list', {
      runId: r.id,
      verdict: 'rejected',
      limit: 2000,
      withLevels: false,
    });
    expect(mid.items.map((c) => c.id)).toEqual(expect.arrayContaining(ids));
    const undo = await studio.api.call('history.undo', { runId: r.id });
    expect(undo.changed).toBe(ids.filter((id) => prev.get(id) !== 'rejected').length);
    const after = await studio.api.call('candidates.list', { runId: r.id, limit: 2000, withLevels: false });
    expect(new Map(after.items.map((c) => [c.id, c.verdict]))).toEqual(prev);
  });

  it('keeps notes and tags, and filters by tag', async () => {
    const page = await studio.api.call('candidates.list', {
      runId: runs.carillon!.id,
      limit: 3,
      withLevels: false,
    });
    const [a, b] = page.items;
    await studio.api.call('candidates.setNote', { candidateId: a!.id, note: 'nice seam' });
    await studio.api.call('candidates.setTags', {
      candidateIds: [a!.id, b!.id],
      tags: ['showcase'],
      mode: 'add',
    });
    const tagged = await studio.api.call('candidates.list', {
      runId: runs.carillon!.id,
      tag: 'showcase',
      withLevels: false,
    });
    expect(tagged.items.map((c) => c.id).sort()).toEqual([a!.id, b!.id].sort());
    expect(tagged.items.find((c) => c.id === a!.id)!.note).toBe('nice seam');
  });

  it('stores every near-duplicate pair among candidates of one Apsis stage (or within two slots)', async () => {
    const pairs = await studio.api.call('duplicates.list', { runId: runs.apsis!.id, limit: 100_000 });
    expect(pairs.length).toBeGreaterThan(0);
    for (const p of pairs) {
      expect(p.share).toBeGreaterThanOrEqual(0);
      expect(['copy', 'near-copy', 'redrawn']).toContain(p.rule);
    }
    // The run has 16 levels: stage 1 is levels 1-15 (slots 0-14), so slot 0 meets slot 14.
    const stageOf = (slot: number): number => (slot < 15 ? 0 : 1);
    const inScope = (a: number, b: number): boolean => Math.abs(a - b) <= 2 || stageOf(a) === stageOf(b);
    expect(pairs.some((p) => Math.abs(p.a.slot - p.b.slot) > 2)).toBe(true);
    // Ground truth: every pair in scope, compared in-process.
    const all = await studio.api.call('candidates.list', {
      runId: runs.apsis!.id,
      limit: 2000,
      withLevels: true,
    });
    const cands = all.items.filter((c) => c.level !== null);
    const truth = apsisGame
      .duplicatePairs(
        cands.map((c) => c.level as never),
        apsisGame.defaultRules,
        (i, j) => inScope(cands[i]!.slot, cands[j]!.slot),
      )
      .map((p) => [cands[p.a]!.id, cands[p.b]!.id].sort((x, y) => x - y).join('-'))
      .sort();
    expect(pairs.map((p) => [p.a.id, p.b.id].sort((x, y) => x - y).join('-')).sort()).toEqual(truth);
  });

  it('writes one file per level plus an index, atomically', async () => {
    const built = await studio.api.call('packs.export', {
      runId: runs.carillon!.id,
      kind: 'automatic',
      layout: 'per-level',
    });
    expect(built.fileName).toBe(`carillon-seed7-run${runs.carillon!.id}`);
    expect(built.files.map((f) => f.name)).toEqual([
      'index.json',
      ...Array.from({ length: 12 }, (_, i) => `level-${String(i + 1).padStart(3, '0')}.json`),
    ]);
    const out = writeExportTo(built, join(studio.dir, 'per-level'), studio.dbPath);
    const names = readdirSync(out.path).sort();
    expect(readdirSync(studio.dir).some((n) => n.startsWith('.'))).toBe(false);
    expect(names).toContain('index.json');
    expect(names.filter((n) => n.startsWith('level-'))).toHaveLength(12);
    expect(names.some((n) => n.endsWith('.tmp'))).toBe(false);
    const index = JSON.parse(readFileSync(join(out.path, 'index.json'), 'utf8')) as {
      format: string;
      levelFiles: string[];
    };
    expect(index.format).toBe('carillon-pack');
    const level1 = JSON.parse(readFileSync(join(out.path, index.levelFiles[0]!), 'utf8')) as {
      level: number;
    };
    expect(level1.level).toBe(1);
  });

  it('imports a pack as a read-only run that re-exports byte for byte, and compares runs', async () => {
    const src = join(studio.dir, 'carillon-auto.json');
    const imported = await studio.api.call('packs.import', {
      text: readFileSync(src, 'utf8'),
      name: 'carillon-auto.json',
    });
    expect(imported.run.status).toBe('imported');
    expect(imported.run.name).toBe('carillon-auto.json');
    expect(imported.levels).toBe(12);
    const again = await studio.api.call('packs.export', { runId: imported.run.id, kind: 'automatic' });
    expect(again.text).toBe(readFileSync(src, 'utf8'));
    const page = await studio.api.call('candidates.list', { runId: imported.run.id, withLevels: false });
    const env = await studio.service.dispatch('candidates.setVerdict', {
      candidateIds: [page.items[0]!.id],
      verdict: 'approved',
    });
    expect(env).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringContaining('read-only') },
    });

    const other = await studio.api.call('runs.create', { game: 'carillon', seed: 8, levels: 12 });
    await studio.service.engine.waitFor(other.id);
    const cmp = await studio.api.call('runs.compare', { a: runs.carillon!.id, b: other.id });
    expect(cmp.pairs).toHaveLength(12);
    expect(cmp.a.levels).toHaveLength(12);
    expect(cmp.b.levels).toHaveLength(12);
    expect(cmp.summary.find((s) => s.label === 'Seed')).toEqual({ label: 'Seed', a: '7', b: '8' });
    const mixed = await studio.service.dispatch('runs.compare', { a: runs.carillon!.id, b: runs.apsis!.id });
    expect(mixed).toMatchObject({ ok: false, error: { code: 'bad-argument', fields: [{ field: 'b' }] } });
  });

  it('cancels promptly keeping finished candidates, and resumes to the same pack as an uninterrupted run', async () => {
    const full = await studio.api.call('runs.create', { game: 'apsis', seed: 21, levels: 60 });
    await studio.service.engine.waitFor(full.id);
    const reference = await studio.api.call('packs.export', { runId: full.id, kind: 'automatic' });

    const run = await studio.api.call('runs.create', { game: 'apsis', seed: 21, levels: 60 });
    await new Promise<void>((resolve) => {
      const off = studio.service.on('run.progress', (p) => {
        if (p.runId === run.id && p.stage === 'generate' && p.done >= 40) {
          off();
          resolve();
        }
      });
    });
    await studio.api.call('runs.cancel', { runId: run.id });
    const cancelled = await studio.service.engine.waitFor(run.id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.candidatesDone).toBeGreaterThanOrEqual(40);
    expect(cancelled.candidatesDone).toBeLessThan(cancelled.candidatesTotal);
    await studio.api.call('runs.resume', { runId: run.id });
    expect((await studio.service.engine.waitFor(run.id)).status).toBe('done');
    const resumed = await studio.api.call('packs.export', { runId: run.id, kind: 'automatic' });
    expect(resumed.text).toBe(reference.text);
  });
});

describe('bad input is refused, naming the field, and changes nothing', () => {
  const bad: [string, unknown, RegExp][] = [
    ['unknown game', { game: 'tetris', seed: 1 }, /game/],
    [
      'negative seed',
      { game: 'carillon', seed: -1 },
      /seed: must be a whole number from 0 to 2,147,483,647, not negative/,
    ],
    ['fractional seed', { game: 'apsis', seed: 1.5 }, /seed: must be a whole number/],
    [
      'seed past the domain',
      { game: 'apsis', seed: 2 ** 31 },
      /seed: must be a whole number from 0 to 2,147,483,647$/,
    ],
    [
      'overlapping stretches',
      {
        game: 'carillon',
        seed: 1,
        plan: [
          { from: 1, to: 5, taps: 1, minDots: 3, maxDots: 5, tutorial: true },
          { from: 4, to: 9, taps: 2, minDots: 5, maxDots: 8, tutorial: false },
        ],
      },
      /plan/,
    ],
    [
      'empty stretch',
      {
        game: 'carillon',
        seed: 1,
        plan: [{ from: 5, to: 4, taps: 1, minDots: 3, maxDots: 5, tutorial: true }],
      },
      /plan/,
    ],
    ['empty plan', { game: 'apsis', seed: 1, plan: [] }, /plan/],
    ['rules out of bounds', { game: 'carillon', seed: 1, rules: { ringSpeed: -480 } }, /rules\.ringSpeed/],
    ['absurd pool size', { game: 'carillon', seed: 1, rules: { poolSize: 5000 } }, /rules: .*candidates/],
    [
      'rules that do not fit the plan',
      { game: 'carillon', seed: 1, rules: { maxSources: 3 } },
      /plan\.4\.taps: stretch 5 asks for 4 taps, more than rules\.maxSources \(3\)/,
    ],
    ['too many levels', { game: 'apsis', seed: 1, levels: 151 }, /levels: must be at most 150/],
    ['unknown field', { game: 'apsis', seed: 1, colour: 'red' }, /unknown field/],
  ];
  it.each(bad)('%s', async (_name, args, pattern) => {
    const before = counts();
    const env = await studio.service.dispatch('runs.create', args);
    expect(env.ok).toBe(false);
    if (!env.ok) {
      expect(env.error.code).toBe('bad-argument');
      expect(env.error.message).toMatch(pattern);
      expect(env.error.fields?.length).toBeGreaterThan(0);
    }
    expect(counts()).toEqual(before);
  });

  it('a malformed or failing pack import lists the problems and stores nothing', async () => {
    const before = counts();
    const good = JSON.parse(readFileSync(join(studio.dir, 'carillon-auto.json'), 'utf8')) as {
      levels: { bits: number; dots: { size: string }[] }[];
    };
    const malformed = structuredClone(good);
    malformed.levels[2]!.dots[0]!.size = 'huge';
    let env = await studio.service.dispatch('packs.import', { text: JSON.stringify(malformed) });
    expect(env).toMatchObject({
      ok: false,
      error: { code: 'bad-argument', message: expect.stringContaining('level 3: dots[0].size') },
    });
    const failing = structuredClone(good);
    failing.levels[4]!.bits += 1;
    env = await studio.service.dispatch('packs.import', { text: JSON.stringify(failing) });
    expect(env).toMatchObject({
      ok: false,
      error: {
        code: 'bad-argument',
        message: expect.stringMatching(/^the pack fails verification\n {2}level 5: bits: /),
      },
    });
    // A seed outside the one seed domain (negative, fractional, past 2^31 - 1, text) is named.
    for (const seed of [-5, 2.5, 2 ** 31, '7']) {
      env = await studio.service.dispatch('packs.import', { text: JSON.stringify({ ...good, seed }) });
      expect(env, `seed ${String(seed)}`).toMatchObject({
        ok: false,
        error: {
          code: 'bad-argument',
          message: expect.stringMatching(
            /^the pack does not match the carillon-pack format\n {2}seed: must be a /,
          ),
          fields: [{ field: 'seed' }],
        },
      });
    }
    env = await studio.service.dispatch('packs.import', { text: '{not json' });
    expect(env).toMatchObject({
      ok: false,
      error: {
        code: 'bad-argument',
        message: 'the pack is not valid JSON: the first error is on line 1, column 2',
      },
    });
    // The API takes no path: a path is an unknown field, and nothing is read.
    env = await studio.service.dispatch('packs.import', { path: join(studio.dir, 'carillon-auto.json') });
    expect(env).toMatchObject({
      ok: false,
      error: { code: 'bad-argument', message: expect.stringContaining('path: unknown field') },
    });
    env = await studio.service.dispatch('packs.import', {});
    expect(env).toMatchObject({ ok: false, error: { fields: [{ field: 'text' }] } });
    expect(counts()).toEqual(before);
  });

  it('refuses curation of unknown candidates, empty lists and bad verdicts without changes', async () => {
    const before = counts();
    for (const args of [
      { candidateIds: [999999], verdict: 'approved' },
      { candidateIds: [], verdict: 'approved' },
      { candidateIds: [1], verdict: 'maybe' },
    ]) {
      const env = await studio.service.dispatch('candidates.setVerdict', args);
      expect(env.ok).toBe(false);
    }
    expect(await studio.service.dispatch('runs.resume', { runId: runs.carillon!.id })).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    expect(await studio.service.dispatch('runs.delete', { runId: 424242 })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(counts()).toEqual(before);
    expect(existsSync(studio.dbPath)).toBe(true);
  });
});
