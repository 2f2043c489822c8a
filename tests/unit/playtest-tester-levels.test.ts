/** Per-tester levels of a playtest export (src-shared/playtest/tester-levels.ts): seed + name → subset/order. */
import { describe, expect, it } from 'vitest';
import { testerLevels } from '../../src-shared/playtest/tester-levels';

const every = { subset: null, shuffle: false, seed: null };

describe('the levels a tester plays', () => {
  it('without options every tester plays every level in the pack’s order', () => {
    expect(testerLevels(5, every, 'Ada')).toEqual([1, 2, 3, 4, 5]);
    expect(testerLevels(5, { subset: 9, shuffle: false, seed: 3 }, 'Ada')).toEqual([1, 2, 3, 4, 5]);
  });

  it('a subset is that many distinct levels, kept in the pack’s order, the same for the same seed and name', () => {
    const t = { subset: 4, shuffle: false, seed: 42 };
    const ada = testerLevels(20, t, 'Ada');
    expect(ada).toHaveLength(4);
    expect(new Set(ada).size).toBe(4);
    expect(ada).toEqual([...ada].sort((a, b) => a - b));
    expect(ada.every((l) => l >= 1 && l <= 20)).toBe(true);
    expect(testerLevels(20, t, 'Ada')).toEqual(ada);
    expect(testerLevels(20, t, '  Ada ')).toEqual(ada);
    // Different names and different seeds draw differently (over a few names, not all alike).
    const names = ['Bo', 'Cy', 'Di', 'Ed', 'Flo'].map((n) => testerLevels(20, t, n).join());
    expect(new Set([ada.join(), ...names]).size).toBeGreaterThan(1);
    const seeds = [1, 2, 3, 4, 5].map((seed) => testerLevels(20, { ...t, seed }, 'Ada').join());
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('a shuffle plays every level once in a drawn order; with a subset, the drawn ones in drawn order', () => {
    const s = testerLevels(12, { subset: null, shuffle: true, seed: 7 }, 'Ada');
    expect([...s].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const orders = ['Ada', 'Bo', 'Cy', 'Di'].map((n) =>
      testerLevels(12, { subset: null, shuffle: true, seed: 7 }, n),
    );
    expect(orders.some((o) => o.some((l, i) => l !== i + 1))).toBe(true);
    const both = testerLevels(12, { subset: 5, shuffle: true, seed: 7 }, 'Ada');
    expect(both).toEqual(s.slice(0, 5));
  });
});
