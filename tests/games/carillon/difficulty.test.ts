import { describe, expect, it } from 'vitest';
import {
  buildField,
  difficultyBits,
  guesserChance,
  solveSearch,
  sourceComponents,
  type Field,
} from '../../../src-shared/games/carillon/index';
import { dot, randomFields, rules } from './fixtures';

/** Brute force of the spec's recursion over live sets, with winning taps from the search. */
function bruteChance(f: Field, live: boolean[]): number {
  const alive = live.map((x, i) => (x ? i : -1)).filter((i) => i >= 0);
  if (alive.length === 0) return 1;
  const mask = (ls: boolean[]) => {
    const m = new Uint32Array(f.W);
    ls.forEach((x, i) => {
      if (x) m[i >>> 5] = (m[i >>> 5]! | (1 << (i & 31))) >>> 0;
    });
    return m;
  };
  const need = solveSearch(f, { live: mask(live) }).fewest;
  const w = (v: number) => 1 + f.out[v]!.filter((u) => live[u]).length;
  const total = alive.reduce((a, v) => a + w(v), 0);
  let p = 0;
  for (const v of alive) {
    const next = live.slice();
    for (let u = 0; u < f.n; u++) if ((f.closure[v * f.W + (u >>> 5)]! >>> (u & 31)) & 1) next[u] = false;
    if (solveSearch(f, { live: mask(next) }).fewest !== need - 1) continue;
    p += (w(v) / total) * bruteChance(f, next);
  }
  return p;
}

describe('difficulty in bits', () => {
  it('measures the spec field at log2 3 = 1.585 bits', () => {
    const f = buildField([dot(100, 480, 'big'), dot(280, 480, 'normal'), dot(400, 480, 'normal')], rules);
    expect(difficultyBits(f)).toBeCloseTo(Math.log2(3), 10);
    expect(difficultyBits(f)).toBeCloseTo(1.585, 3);
  });
  it('is 0 bits when every tap wins', () => {
    // Three normals close together reach each other: one component, every tap wins.
    const f = buildField([dot(100, 100, 'normal'), dot(180, 100, 'normal'), dot(140, 170, 'normal')], rules);
    expect(sourceComponents(f)).toEqual([[0, 1, 2]]);
    expect(difficultyBits(f)).toBe(0);
    // Two separate such groups: two taps, any tap wins either way.
    const g = buildField(
      [dot(100, 100, 'normal'), dot(180, 100, 'normal'), dot(100, 800, 'normal'), dot(180, 800, 'normal')],
      rules,
    );
    expect(difficultyBits(g)).toBe(0);
  });
  it('equals log2((n+E)/(W+Ew)) on random one-tap fields', () => {
    let checked = 0;
    for (const f of randomFields(400, 12, 3)) {
      const src = sourceComponents(f);
      if (src.length !== 1) continue;
      const win = src[0]!;
      const Ew = win.reduce((a, v) => a + f.out[v]!.length, 0);
      expect(difficultyBits(f)).toBeCloseTo(Math.max(0, Math.log2((f.n + f.arrows) / (win.length + Ew))), 10);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });
  it('matches a brute-force evaluation of the recursion over live sets on multi-tap fields', () => {
    let checked = 0;
    for (const f of randomFields(120, 8, 5)) {
      if (sourceComponents(f).length < 2) continue;
      expect(guesserChance(f)).toBeCloseTo(bruteChance(f, new Array(f.n).fill(true)), 12);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });
});
