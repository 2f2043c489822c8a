import { describe, expect, it } from 'vitest';
import { games } from '../../src-shared/games/index';
import { createPool } from '../../src-main/jobs/pool';

describe('the test build registers the test-only games', () => {
  it('in this process', () => {
    expect(games.map((g) => g.id)).toContain('tally');
  });
  it('in the worker threads', async () => {
    const pool = createPool({ workers: 1 });
    try {
      const out = (await pool.run({
        kind: 'generate',
        game: 'tally' as never,
        seed: 1,
        rules: { width: 12, poolSize: 2 },
        plan: [{ levels: 1, dots: 3 }],
        jobs: [{ slot: 0, index: 0 }],
      } as never)) as { levelJson: string | null }[];
      expect(out[0]!.levelJson).not.toBeNull();
    } finally {
      await pool.close();
    }
  });
});
