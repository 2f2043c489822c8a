/** The benchmark cases. Each returns one or more rows of figures. */
import { performance } from 'node:perf_hooks';
import { findIsomorphism, type Digraph } from '../../src-shared/graph/isomorphism';
import { streamFor } from '../../src-shared/random/prng';
import { createPool } from '../jobs/pool';

export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  budget?: string;
}

export interface BenchCase {
  name: string;
  run(): Promise<BenchRow[]>;
}

/** Median of repeated timings, in ms. */
export function timeMedian(fn: () => void, repeats = 5): number {
  const t: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)] as number;
}

function randomGraph(n: number, p: number, seed: number): Digraph {
  const r = streamFor(seed);
  const out: number[][] = Array.from({ length: n }, (_, v) =>
    Array.from({ length: n }, (_, w) => w).filter((w) => w !== v && r.chance(p)),
  );
  return { n, out };
}

export const benchCases: BenchCase[] = [
  {
    name: 'prng',
    run: async () => {
      const ms = timeMedian(() => {
        const r = streamFor(1, 2, 3);
        let s = 0;
        for (let i = 0; i < 1_000_000; i++) s += r.next();
        if (s < 0) throw new Error('impossible');
      });
      return [{ name: 'prng draws', value: 1_000_000 / (ms / 1000) / 1e6, unit: 'M/s' }];
    },
  },
  {
    name: 'isomorphism',
    run: async () => {
      const a = randomGraph(40, 0.1, 1);
      const perm = streamFor(2).shuffled(Array.from({ length: 40 }, (_, i) => i));
      const out: number[][] = Array.from({ length: 40 }, () => []);
      a.out.forEach((o, v) => o.forEach((w) => out[perm[v] as number]!.push(perm[w] as number)));
      const b: Digraph = { n: 40, out };
      const ms = timeMedian(() => {
        for (let i = 0; i < 100; i++)
          if (!findIsomorphism(a, b)) throw new Error('isomorphism bench: copy not found');
      });
      return [{ name: 'isomorphism 40 vertices', value: ms / 100, unit: 'ms/pair' }];
    },
  },
  {
    name: 'pool',
    run: async () => {
      const pool = createPool();
      try {
        const t0 = performance.now();
        await Promise.all(
          Array.from({ length: 8 }, (_, i) => pool.run({ kind: 'checksum', seed: i, count: 2_000_000 })),
        );
        const ms = performance.now() - t0;
        return [{ name: `pool checksum 8×2M (${pool.size} workers)`, value: ms, unit: 'ms' }];
      } finally {
        await pool.close();
      }
    },
  },
];
