import { describe, expect, it } from 'vitest';
import { seedWords, streamFor } from '../../src-shared/random/prng';

const draw = (keys: number[], n: number): number[] => {
  const r = streamFor(...keys);
  return Array.from({ length: n }, () => r.u32());
};

describe('seeded PRNG', () => {
  it('gives the same stream for the same keys, every time', () => {
    expect(draw([7, 3, 11], 50)).toEqual(draw([7, 3, 11], 50));
  });

  it('gives different streams for different (seed, slot, index)', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 4; seed++)
      for (let slot = 0; slot < 10; slot++)
        for (let index = 0; index < 10; index++) seen.add(draw([seed, slot, index], 4).join(','));
    expect(seen.size).toBe(400);
    // Key order matters: (1,2) is not (2,1).
    expect(draw([1, 2], 4)).not.toEqual(draw([2, 1], 4));
  });

  it('accepts negative and large safe integers as keys, and refuses non-integers', () => {
    expect(seedWords([-1])).not.toEqual(seedWords([1]));
    expect(seedWords([2 ** 40])).not.toEqual(seedWords([0]));
    expect(() => streamFor(1.5)).toThrow(/safe integer/);
  });

  it('int(n) is in range and close to uniform (chi-square)', () => {
    const r = streamFor(42);
    const n = 10,
      draws = 100_000;
    const counts = new Array<number>(n).fill(0);
    for (let i = 0; i < draws; i++) {
      const x = r.int(n);
      expect(x >= 0 && x < n && Number.isInteger(x)).toBe(true);
      counts[x]!++;
    }
    const expected = draws / n;
    const chi2 = counts.reduce((a, c) => a + (c - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: p = 0.001 critical value is 27.9.
    expect(chi2).toBeLessThan(27.9);
  });

  it('next() is in [0,1) and range/shuffle behave', () => {
    const r = streamFor(9);
    for (let i = 0; i < 1000; i++) {
      const x = r.next();
      expect(x >= 0 && x < 1).toBe(true);
      const y = r.range(-3, 3);
      expect(y >= -3 && y <= 3).toBe(true);
    }
    const items = Array.from({ length: 20 }, (_, i) => i);
    const s = r.shuffled(items);
    expect([...s].sort((a, b) => a - b)).toEqual(items);
    expect(s).not.toEqual(items);
    expect(() => r.int(0)).toThrow();
    expect(() => r.pick([])).toThrow();
  });
});
