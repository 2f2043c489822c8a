/**
 * Top-ups (issue 23): a run plus its top-ups gives the same pack, byte for byte, as a fresh run
 * of the same seed, plan and rules with the same top-ups in the same order, on 1 and 2 workers;
 * a top-up's jobs are exactly a bigger pool's; a targeted top-up keeps the same candidates
 * however its jobs finish; undo and redo put back the rows exactly; undo is refused while a new
 * candidate carries the designer's work; bad input is refused naming the field, storing nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiArgs, StudioClient } from '../../src-shared/api';
import type { GameId } from '../../src-shared/games/index';
import { openTestStudio, type TestStudio } from '../helpers/studio';
import { refusal } from '../helpers/refusal';
import { readRows, rowSnapshot } from '../helpers/rows';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { createPool, type WorkerPool } from '../../src-main/jobs/pool';
import type { WorkerTask } from '../../src-main/jobs/tasks';
import { openDatabase } from '../../src-main/store/db';
import { studioService, type Service } from '../../src-main/service';
import { localClient } from '../../src-main/local-client';

const studios: TestStudio[] = [];
afterAll(async () => {
  for (const s of studios) await s.close();
});

function studio(workers: number): TestStudio {
  const s = openTestStudio({ workers, prefix: 'studio-topup-' });
  studios.push(s);
  return s;
}

/** Top up and wait for the run to be done again. */
async function topUp(s: TestStudio, args: ApiArgs<'runs.topUp'>): Promise<void> {
  await s.api.call('runs.topUp', args);
  const done = await s.service.engine.waitFor(args.runId);
  expect(done.status, done.error ?? '').toBe('done');
}

const packOf = async (api: StudioClient, runId: number): Promise<string> =>
  (await api.call('packs.export', { runId, kind: 'automatic' })).text;

/** The generated candidates of a run as (slot, index, level, generator metrics): what a job made. */
function made(s: Pick<TestStudio, 'dbPath'>, runId: number): string[] {
  return readRows<{ slot: number; idx: number; level: string | null; difficulty: number | null }>(
    s.dbPath,
    'SELECT slot, idx, level, difficulty FROM candidates WHERE run_id = ? AND hand_edited = 0 ORDER BY slot, idx',
    runId,
  ).map((r) => `${r.slot}:${r.idx}:${r.difficulty}:${r.level}`);
}

const cases: { game: GameId; seed: number; levels: number; first: number[]; second: number[] }[] = [
  { game: 'carillon', seed: 7, levels: 8, first: [3, 4], second: [4, 8] },
  { game: 'apsis', seed: 5, levels: 10, first: [2, 3], second: [3, 9] },
];

describe.each(cases)('top-ups of a $game run', ({ game, seed, levels, first, second }) => {
  let one: TestStudio, two: TestStudio;
  let a: number, b: number;

  it('give the same pack on 1 and 2 workers as a fresh run topped up the same way', async () => {
    one = studio(1);
    two = studio(2);
    a = (await one.finishedRun({ game, seed, levels })).id;
    const before = await packOf(one.api, a);
    await topUp(one, { runId: a, levels: first, candidates: 5 });
    await topUp(one, { runId: a, levels: second, candidates: 3, untilNear: 0.5 });
    b = (await two.finishedRun({ game, seed, levels })).id;
    await topUp(two, { runId: b, levels: first, candidates: 5 });
    await topUp(two, { runId: b, levels: second, candidates: 3, untilNear: 0.5 });
    const pa = await packOf(one.api, a);
    expect(await packOf(two.api, b)).toBe(pa);
    expect(made(two, b)).toEqual(made(one, a));
    const recorded = (JSON.parse(pa) as { studio: { topUps: unknown[] } }).studio.topUps;
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({ levels: expect.any(String), candidates: 5 });
    expect(recorded[1]).toMatchObject({ candidates: 3, untilNear: 0.5 });
    // Without top-ups the pack has no such record.
    expect(JSON.parse(before)).not.toHaveProperty('studio.topUps');
    // A pack with the record imports as any pack does (verify reads it as an extra field).
    const imported = await one.api.call('packs.import', { text: pa });
    expect(imported.levels).toBe(levels);
  });

  it('makes the very candidates a bigger pool has: the new indices follow the pool', async () => {
    const pool = readRows<{ n: number }>(
      one.dbPath,
      'SELECT COUNT(*) AS n FROM candidates WHERE run_id = ? AND slot = ?',
      a,
      0,
    )[0]!.n;
    const rows = made(one, a).filter((r) => r.startsWith(`${first[0]! - 1}:`));
    expect(rows.map((r) => Number(r.split(':')[1]))).toEqual(Array.from({ length: pool + 5 }, (_, i) => i));
    const tops = await one.api.call('runs.topUps', { runId: a });
    expect(tops.map((t) => t.status)).toEqual(['done', 'done']);
    const report = await one.api.call('runs.report', { runId: a });
    expect(report?.topUp?.id).toBe(tops[1]!.id);
  });
});

/**
 * A studio whose worker pool holds each generation batch back for a while picked by `delay`
 * (from the order batches were handed out), so batches finish in another order than they started.
 */
function delayedStudio(delay: (n: number) => number): {
  service: Service;
  api: StudioClient;
  dbPath: string;
} {
  const t = tempDir('studio-topup-order-');
  const dbPath = join(t.dir, 'studio.db');
  const real = createPool({ workers: 2 });
  let handed = 0;
  const pool: WorkerPool = {
    get size() {
      return real.size;
    },
    get stopped() {
      return real.stopped;
    },
    threadIds: () => real.threadIds(),
    close: () => real.close(),
    run: (async (task: WorkerTask, signal?: AbortSignal, budget?: number) => {
      const out = await real.run(task, signal, budget);
      if (task.kind === 'generate') await new Promise((r) => setTimeout(r, delay(handed++)));
      return out;
    }) as WorkerPool['run'],
  };
  const service = studioService({
    db: openDatabase(dbPath),
    dbPath,
    pool,
    transport: 'server',
    version: '0.0.0',
  });
  cleanups.push(async () => {
    await service.close();
    t.cleanup();
  });
  return { service, api: localClient(service), dbPath };
}
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('a targeted top-up', () => {
  it('keeps the same candidates however its jobs finish (later batches first, shuffled, in order)', async () => {
    const orders: ((n: number) => number)[] = [
      () => 0,
      (n) => Math.max(0, 120 - n * 15), // the first batches finish last
      (n) => ((n * 7919) % 5) * 20, // shuffled
    ];
    const results: string[][] = [];
    for (const delay of orders) {
      const s = delayedStudio(delay);
      const run = await s.api.call('runs.create', { game: 'carillon', seed: 12, levels: 8 });
      expect((await s.service.engine.waitFor(run.id)).status).toBe('done');
      await s.api.call('runs.topUp', { runId: run.id, levels: [2, 3, 4, 7], candidates: 24, untilNear: 0.6 });
      expect((await s.service.engine.waitFor(run.id)).status).toBe('done');
      results.push(made(s, run.id));
      const [t] = await s.api.call('runs.topUps', { runId: run.id });
      // Some level stopped early, or the test would not test the stop.
      expect(t!.outcome!.made.some((m) => m.stoppedEarly)).toBe(true);
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
  });
});

describe('undo and redo of a top-up', () => {
  const tables = [
    'SELECT * FROM candidates WHERE run_id = ? ORDER BY id',
    'SELECT m.* FROM candidate_metrics m WHERE m.run_id = ? ORDER BY candidate_id, key',
    'SELECT level, candidate_id, target FROM ordering_levels WHERE run_id = ? ORDER BY kind, level',
    'SELECT a_id, b_id, rule, transform, share FROM duplicate_pairs WHERE run_id = ? ORDER BY a_id, b_id',
    'SELECT candidates_total, report, status FROM runs WHERE id = ?',
  ];

  it('puts back the rows as they were, row by row, and redo makes the same candidates again', async () => {
    const s = studio(2);
    const runId = (await s.finishedRun({ game: 'carillon', seed: 4, levels: 6 })).id;
    const beforeRows = rowSnapshot(s.dbPath, tables, runId);
    const beforePack = await packOf(s.api, runId);
    await topUp(s, { runId, levels: [2, 3], candidates: 6 });
    const afterRows = rowSnapshot(s.dbPath, tables, runId);
    const afterPack = await packOf(s.api, runId);
    expect(afterRows).not.toBe(beforeRows);
    const h = await s.api.call('history.list', { runId, limit: 10 });
    expect(h.entries[0]).toMatchObject({ kind: 'topup' });
    expect(h.entries[0]!.label).toMatch(/^Topped up 12 candidates in L2–L3/);

    await s.api.call('history.undo', { runId });
    expect(rowSnapshot(s.dbPath, tables, runId)).toBe(beforeRows);
    expect(await packOf(s.api, runId)).toBe(beforePack);
    expect((await s.api.call('runs.topUps', { runId }))[0]!.status).toBe('undone');

    await s.api.call('history.redo', { runId });
    expect(rowSnapshot(s.dbPath, tables, runId)).toBe(afterRows);
    expect(await packOf(s.api, runId)).toBe(afterPack);
  });

  it('is refused while a new candidate is approved, naming it, and nothing changes', async () => {
    const s = studio(2);
    const runId = (await s.finishedRun({ game: 'carillon', seed: 21, levels: 6 })).id;
    const pool = readRows<{ n: number }>(
      s.dbPath,
      'SELECT COUNT(*) AS n FROM candidates WHERE run_id = ? AND slot = 2',
      runId,
    )[0]!.n;
    // The top-up is cancelled once it has stored candidates; one of them is approved (a change
    // older than the top-up's own entry, which is recorded when it ends); then it is finished.
    let cancelled: Promise<void> | null = null;
    const off = s.service.on('run.progress', (p) => {
      if (p.runId === runId && p.stage === 'generate' && p.done > 0 && !cancelled)
        cancelled = s.service.engine.cancel(runId);
    });
    await s.api.call('runs.topUp', { runId, levels: [3], candidates: 300 });
    const ended = await s.service.engine.waitFor(runId);
    off();
    expect(ended.status).toBe('cancelled');
    const newOne = readRows<{ id: number; idx: number }>(
      s.dbPath,
      'SELECT id, idx FROM candidates WHERE run_id = ? AND slot = 2 AND idx >= ? ORDER BY idx LIMIT 1',
      runId,
      pool,
    )[0]!;
    await s.api.call('candidates.setVerdict', { candidateIds: [newOne.id], verdict: 'approved' });
    await s.api.call('runs.resume', { runId });
    expect((await s.service.engine.waitFor(runId)).status).toBe('done');
    const snap = rowSnapshot(s.dbPath, tables, runId);
    const e = await refusal(s.api.call('history.undo', { runId }));
    expect(e.code).toBe('conflict');
    expect(e.message).toContain(`L3 · c${newOne.idx + 1} (approved)`);
    expect(rowSnapshot(s.dbPath, tables, runId)).toBe(snap);
  });
});

describe('bad input to runs.topUp', () => {
  let s: TestStudio;
  let runId: number;
  const stored = (): string =>
    rowSnapshot(s.dbPath, [
      'SELECT * FROM run_topups',
      'SELECT COUNT(*) AS n FROM candidates',
      'SELECT status, candidates_total FROM runs ORDER BY id',
    ]);

  it('is refused naming the field, with nothing stored', async () => {
    s = studio(2);
    runId = (await s.finishedRun({ game: 'carillon', seed: 2, levels: 5 })).id;
    const before = stored();
    const outside = await refusal(s.api.call('runs.topUp', { runId, levels: [4, 6, 7], candidates: 3 }));
    expect(outside.fields).toEqual([
      {
        field: 'levels',
        message: 'levels 6–7 are outside the plan of run 1 (levels 1–5)'.replace('run 1', `run ${runId}`),
      },
    ]);
    const zero = await refusal(s.api.call('runs.topUp', { runId, levels: [2], candidates: 0 }));
    expect(zero.fields?.[0]).toMatchObject({ field: 'candidates', message: 'must be at least 1' });
    const past = await refusal(s.api.call('runs.topUp', { runId, levels: [1, 2], candidates: 60_000 }));
    expect(past.fields?.[0]?.field).toBe('candidates');
    const guard = await refusal(
      s.api.call('runs.topUp', { runId, levels: [1, 2, 3, 4, 5], candidates: 10_000 }),
    );
    expect(guard.fields?.[0]?.field).toBe('confirm');
    expect(guard.message).toMatch(
      /this top-up makes 50,000 candidates \(5 levels × 10000\), at least 50,000/,
    );
    const none = await refusal(s.api.call('runs.topUp', { runId, levels: [], candidates: 3 }));
    expect(none.fields?.[0]?.field).toBe('levels');
    expect(stored()).toBe(before);
  });

  it('is refused for a run still generating and for an imported pack', async () => {
    const running = await s.api.call('runs.create', { game: 'carillon', seed: 3, levels: 5 });
    const busy = await refusal(s.api.call('runs.topUp', { runId: running.id, levels: [2], candidates: 3 }));
    expect(busy.code).toBe('conflict');
    expect(busy.fields?.[0]?.field).toBe('runId');
    expect(busy.message).toMatch(/still generating/);
    await s.service.engine.waitFor(running.id);
    const text = (await s.api.call('packs.export', { runId, kind: 'automatic' })).text;
    const imported = await s.api.call('packs.import', { text });
    const before = stored();
    const ro = await refusal(
      s.api.call('runs.topUp', { runId: imported.run.id, levels: [2], candidates: 3 }),
    );
    expect(ro.code).toBe('conflict');
    expect(ro.fields?.[0]?.field).toBe('runId');
    expect(ro.message).toMatch(/imported pack and read-only/);
    expect(stored()).toBe(before);
  });
});
