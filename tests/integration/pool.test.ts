import { describe, expect, it } from 'vitest';
import { createPool, TaskBudgetError } from '../../src-main/jobs/pool';
import { checksum } from '../../src-main/jobs/worker';

describe('worker pool', () => {
  it('runs seeded shared code in worker threads with the same result as in-process', async () => {
    const pool = createPool({ workers: 2 });
    try {
      expect(pool.size).toBe(2);
      const seeds = [1, 2, 3, 4, 5, 6];
      const results = await Promise.all(
        seeds.map((seed) => pool.run({ kind: 'checksum', seed, count: 20_000 })),
      );
      expect(results).toEqual(seeds.map((s) => checksum(s, 20_000)));
      expect(new Set(results).size).toBe(seeds.length);
    } finally {
      await pool.close();
    }
  });

  it('cancels tasks in flight at once, keeps its workers, and never raises a stray reply as an error', async () => {
    // Tasks that finish within the cancel's grace keep their workers; the grace is generous
    // here so a loaded machine cannot stretch a few-ms task past it (the deadline has its own test).
    const pool = createPool({ workers: 2, cancelGraceMs: 10_000 });
    const stray: unknown[] = [];
    const onUncaught = (e: unknown): void => void stray.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      await Promise.all([1, 2].map((seed) => pool.run({ kind: 'checksum', seed, count: 10 })));
      const threads = pool.threadIds().sort();
      expect(threads).toHaveLength(2);
      // Several rounds of aborting while workers are busy: the replies of dropped tasks still
      // arrive, and must neither crash the process nor disturb later tasks.
      for (let round = 0; round < 20; round++) {
        const ctl = new AbortController();
        const inFlight = Array.from({ length: 8 }, (_, k) =>
          pool.run({ kind: 'checksum', seed: k + 1, count: 50_000 + 5_000 * (round % 7) }, ctl.signal),
        );
        // Abort just as the first replies come back, which is when a reply can be caught in flight.
        await Promise.race([
          inFlight[0]!.catch(() => undefined),
          new Promise((r) => setTimeout(r, round % 3)),
        ]);
        ctl.abort();
        const settled = await Promise.allSettled(inFlight);
        expect(settled.filter((s) => s.status === 'rejected').length).toBeGreaterThan(0);
      }
      const before = new AbortController();
      before.abort();
      await expect(pool.run({ kind: 'checksum', seed: 1, count: 10 }, before.signal)).rejects.toThrow();
      const after = await Promise.all(
        [7, 8].map((seed) => pool.run({ kind: 'checksum', seed, count: 20_000 })),
      );
      expect(after).toEqual([checksum(7, 20_000), checksum(8, 20_000)]);
      await new Promise((r) => setTimeout(r, 200));
      expect(stray).toEqual([]);
      // Cancelling let the busy workers finish instead of terminating them mid-reply.
      expect(pool.threadIds().sort()).toEqual(threads);
    } finally {
      process.off('uncaughtException', onUncaught);
      await pool.close();
    }
  });

  it('reports a worker error to the caller instead of hanging', async () => {
    const pool = createPool({ workers: 1 });
    try {
      await expect(pool.run({ kind: 'nope' } as never)).rejects.toThrow(/unknown worker task/);
    } finally {
      await pool.close();
    }
  });

  it('terminates a worker still running past the deadline after a cancel, and serves the next task', async () => {
    const pool = createPool({ workers: 1, cancelGraceMs: 100 });
    const stray: unknown[] = [];
    const onUncaught = (e: unknown): void => void stray.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      await pool.run({ kind: 'checksum', seed: 1, count: 10 });
      const [stuckThread] = pool.threadIds();
      const ctl = new AbortController();
      // Billions of draws: minutes of work, far past any deadline.
      const endless = pool.run({ kind: 'checksum', seed: 2, count: 5e9 }, ctl.signal);
      const next = pool.run({ kind: 'checksum', seed: 3, count: 1000 });
      await new Promise((r) => setTimeout(r, 200));
      expect(pool.stopped).toBe(0);
      ctl.abort();
      await expect(endless).rejects.toThrow();
      // The next task was queued behind the stuck one: it runs once the stuck worker is gone.
      expect(await next).toBe(checksum(3, 1000));
      expect(pool.stopped).toBe(1);
      expect(pool.threadIds()).toHaveLength(1);
      expect(pool.threadIds()).not.toContain(stuckThread);
      await new Promise((r) => setTimeout(r, 100));
      expect(stray).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await pool.close();
    }
  });

  it('stops a task past its time budget with a sentence, and keeps serving', async () => {
    const pool = createPool({ workers: 1 });
    try {
      const over = pool.run({ kind: 'checksum', seed: 2, count: 5e9 }, undefined, 150);
      await expect(over).rejects.toBeInstanceOf(TaskBudgetError);
      await expect(over).rejects.toThrow(/ran past its time budget of 0 s and was stopped/);
      expect(pool.stopped).toBe(1);
      expect(await pool.run({ kind: 'checksum', seed: 4, count: 100 })).toBe(checksum(4, 100));
    } finally {
      await pool.close();
    }
  });
});

describe('closing the pool', () => {
  it('rejects tasks still waiting for a worker, and refuses new ones', async () => {
    const pool = createPool({ workers: 1 });
    await pool.run({ kind: 'checksum', seed: 1, count: 10 });
    const running = pool.run({ kind: 'checksum', seed: 2, count: 5e9 });
    const waiting = pool.run({ kind: 'checksum', seed: 3, count: 10 });
    const closing = pool.close();
    await expect(waiting).rejects.toThrow(/the worker pool is closed/);
    await expect(running).rejects.toThrow();
    await closing;
    await expect(pool.run({ kind: 'checksum', seed: 4, count: 10 })).rejects.toThrow(
      /the worker pool is closed/,
    );
    expect(pool.threadIds()).toEqual([]);
  });
});
