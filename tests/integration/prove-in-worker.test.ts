/**
 * candidates.prove and candidates.saveEdited prove on a worker with a time budget (issue 21,
 * "The main thread stays free"). The red team's level: 18 isolated dots in an 18-tap slot of
 * Carillon, whose proof searches for seconds (3.2 s on their machine). While it proves, the
 * service keeps answering other calls and a timer on the main thread keeps firing; past the
 * budget the level is named as too large to prove and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEAVY_TAPS,
  insertEighteenTapRun as insertEighteenTap,
  loneDotsLevel,
} from '../../src-main/bench/heavy-fixtures';
import { openDatabase } from '../../src-main/store/db';
import { refusal } from '../helpers/refusal';
import { openTestStudio, type TestStudio } from '../helpers/studio';

const TAPS = HEAVY_TAPS;
const isolated = loneDotsLevel;

/** The 18-tap run, stored beside the service (generating it would take long). */
function insertEighteenTapRun(dbPath: string): number {
  const db = openDatabase(dbPath);
  try {
    return insertEighteenTap(db);
  } finally {
    db.close();
  }
}

/**
 * While `work` is pending: the longest gap between ticks of a 10 ms timer on this thread, and
 * the slowest of the `runs.get` calls made one after another meanwhile.
 */
async function whileRunning<T>(
  studio: TestStudio,
  runId: number,
  work: () => Promise<T>,
): Promise<{ settled: PromiseSettledResult<T>; longestGapMs: number; slowestCallMs: number; calls: number }> {
  let last = performance.now();
  let longestGapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
  }, 10);
  let done = false;
  let slowestCallMs = 0;
  let calls = 0;
  const pending = (async () => work())().then(
    (value) => ({ status: 'fulfilled', value }) as const,
    (reason: unknown) => ({ status: 'rejected', reason }) as const,
  );
  void pending.finally(() => (done = true));
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      await studio.api.call('runs.get', { runId });
      slowestCallMs = Math.max(slowestCallMs, performance.now() - t0);
      calls++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const settled = await pending;
  await probe;
  clearInterval(timer);
  return { settled, longestGapMs, slowestCallMs, calls };
}

const warm = (studio: TestStudio, runId: number): Promise<unknown> =>
  studio.api.call('candidates.prove', { runId, slot: 0, level: { dots: isolated.dots.slice(0, 2) } });

describe('a heavy prove runs on a worker', () => {
  let studio: TestStudio;
  let runId: number;
  beforeAll(() => {
    studio = openTestStudio({ prefix: 'studio-prove-worker-' });
    runId = insertEighteenTapRun(studio.dbPath);
  });
  afterAll(() => studio.close());

  it('answers the proof while the service answers other calls and the main thread stays free', async () => {
    // Warm the workers (they load the game's code once).
    await studio.api.call('candidates.prove', { runId, slot: 0, level: { dots: isolated.dots.slice(0, 3) } });
    const r = await whileRunning(studio, runId, () =>
      studio.api.call('candidates.prove', { runId, slot: 0, level: isolated }),
    );
    expect(r.settled.status).toBe('fulfilled');
    const proof = (r.settled as PromiseFulfilledResult<{ ok: boolean; metrics?: Record<string, number> }>)
      .value;
    expect(proof.metrics?.taps).toBe(TAPS);
    // The proof takes seconds; on the main thread no timer fires and no call answers meanwhile.
    // The bounds are generous (a shared machine); the bench measures the real figures.
    expect(r.calls).toBeGreaterThanOrEqual(5);
    expect(r.slowestCallMs).toBeLessThan(1000);
    expect(r.longestGapMs).toBeLessThan(1000);
  }, 120_000);
});

describe('past the time budget', () => {
  let studio: TestStudio;
  let runId: number;
  beforeAll(() => {
    // Well under the heavy level's proof (over 1 s even on a quiet machine), so it is always past it.
    studio = openTestStudio({ prefix: 'studio-prove-budget-', proveBudgetMs: 400 });
    runId = insertEighteenTapRun(studio.dbPath);
  });
  afterAll(() => studio.close());

  it('names the level as too large to prove, stores nothing, and six at once leave the main thread free', async () => {
    // Warm both workers: a cold worker loads the game's code inside the short budget.
    for (let i = 0; i < 5; i++) await Promise.allSettled([warm(studio, runId), warm(studio, runId)]);
    const historyBefore = await studio.api.call('history.list', { runId });
    const r = await whileRunning(studio, runId, () =>
      Promise.allSettled([
        ...Array.from({ length: 5 }, () =>
          studio.api.call('candidates.prove', { runId, slot: 0, level: isolated }),
        ),
        studio.api.call('candidates.saveEdited', { runId, slot: 0, level: isolated }),
      ]),
    );
    expect(r.settled.status).toBe('fulfilled');
    const all = (r.settled as PromiseFulfilledResult<PromiseSettledResult<unknown>[]>).value;
    for (const one of all) {
      expect(one.status).toBe('rejected');
      const e = await refusal(Promise.reject((one as PromiseRejectedResult).reason));
      expect(e.code).toBe('bad-argument');
      expect(e.message).toBe(
        'the level is too large to prove in level 1: its proof took longer than 0.4 s, the most a proof may take (a level with fewer dots proves faster); nothing was stored',
      );
    }
    expect(r.slowestCallMs).toBeLessThan(1000);
    expect(r.longestGapMs).toBeLessThan(1000);
    // Nothing was stored: no candidate, no history entry.
    expect((await studio.api.call('candidates.list', { runId, slot: 0 })).total).toBe(0);
    expect(await studio.api.call('history.list', { runId })).toEqual(historyBefore);
    // The pool still proves a small level once its replaced workers have loaded (a cold worker
    // from source can take longer than this short budget to load the game's code).
    let answered = 0;
    for (let i = 0; i < 8 && answered === 0; i++)
      answered = (await Promise.allSettled([warm(studio, runId)])).filter(
        (o) => o.status === 'fulfilled',
      ).length;
    expect(answered).toBe(1);
  }, 120_000);
});
