import { describe, expect, it } from 'vitest';
import { createPool } from '../../src-main/engine/pool';
import { checksum } from '../../src-main/engine/worker';

describe('worker pool', () => {
  it('runs seeded shared code in worker threads with the same result as in-process', async () => {
    const pool = createPool({ workers: 2 });
    try {
      expect(pool.size).toBe(2);
      const seeds = [1, 2, 3, 4, 5, 6];
      const results = await Promise.all(seeds.map((seed) => pool.run({ kind: 'checksum', seed, count: 20_000 })));
      expect(results).toEqual(seeds.map((s) => checksum(s, 20_000)));
      expect(new Set(results).size).toBe(seeds.length);
    } finally {
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
});
