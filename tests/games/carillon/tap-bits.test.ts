/**
 * The per-tap bits (difficultySteps, docs/carillon.md "Difficulty in bits"): the bits of tap t
 * are −log2 P(tap t wins | taps 1..t−1 won), in tap order, and add up to the level's bits. Checked
 * against a brute force of the spec's recursion cut at t taps (the chance of winning the first t
 * taps), so bits listed in the wrong order, or shifted by one tap, fail. The explanation's steps
 * show the same bits under "tap 1", "tap 2", ….
 */
import { describe, expect, it } from 'vitest';
import {
  buildField,
  difficultyBits,
  difficultySteps,
  explainCarillon,
  solveSearch,
  sourceComponents,
  type Field,
} from '../../../src-shared/games/carillon/index';
import { dot, randomFields, rules } from './fixtures';

const mask = (f: Field, live: boolean[]): Uint32Array => {
  const m = new Uint32Array(f.W);
  live.forEach((x, i) => {
    if (x) m[i >>> 5] = (m[i >>> 5]! | (1 << (i & 31))) >>> 0;
  });
  return m;
};

/** The guesser's chance of winning its first `t` taps from the live set (spec's recursion, cut at t). */
function firstTapsChance(f: Field, live: boolean[], t: number): number {
  const alive = live.map((x, i) => (x ? i : -1)).filter((i) => i >= 0);
  if (t === 0 || alive.length === 0) return 1;
  const need = solveSearch(f, { live: mask(f, live) }).fewest;
  const w = (v: number) => 1 + f.out[v]!.filter((u) => live[u]).length;
  const total = alive.reduce((a, v) => a + w(v), 0);
  let p = 0;
  for (const v of alive) {
    const next = live.slice();
    for (let u = 0; u < f.n; u++) if ((f.closure[v * f.W + (u >>> 5)]! >>> (u & 31)) & 1) next[u] = false;
    if (solveSearch(f, { live: mask(f, next) }).fewest !== need - 1) continue;
    p += (w(v) / total) * firstTapsChance(f, next, t - 1);
  }
  return p;
}

function bruteTapBits(f: Field): number[] {
  const full = Array.from({ length: f.n }, () => true);
  const k = sourceComponents(f).length;
  const out: number[] = [];
  for (let t = 1; t <= k; t++) {
    const b = -Math.log2(firstTapsChance(f, full, t) / firstTapsChance(f, full, t - 1));
    out.push(b <= 0 ? 0 : b);
  }
  return out;
}

describe('per-tap bits', () => {
  it('a hand-made two-tap field: the first tap carries the bits, the lone dot tapped second costs none', () => {
    // The spec's 1.585-bit field (a big dot at (100,480) and two normals) and, far away, a lone
    // normal: whichever is tapped first, the last tap always wins.
    const f = buildField(
      [dot(100, 480, 'big'), dot(280, 480, 'normal'), dot(400, 480, 'normal'), dot(500, 100, 'normal')],
      rules,
    );
    expect(sourceComponents(f)).toHaveLength(2);
    const s = difficultySteps(f);
    const want = bruteTapBits(f);
    expect(want[0]).toBeGreaterThan(0.1);
    expect(s.tapBits).toHaveLength(2);
    expect(s.tapBits[0]).toBeCloseTo(want[0]!, 10);
    expect(s.tapBits[1]).toBeCloseTo(want[1]!, 10);
    expect(s.tapBits[0]! + s.tapBits[1]!).toBeCloseTo(difficultyBits(f), 10);
  });

  it("the first tap's weights: 1 + the live dots each dot's preview lights up, in total and over the winning dots", () => {
    let checked = 0;
    for (const f of randomFields(120, 9, 6)) {
      const src = sourceComponents(f);
      if (src.length > 6) continue;
      const s = difficultySteps(f);
      const weight = Array.from({ length: f.n }, (_, v) => 1 + f.out[v]!.length);
      const winning = src.flat();
      expect(s.firstWeight).toEqual(weight);
      expect(s.firstTotal).toBe(weight.reduce((a, b) => a + b, 0));
      expect(s.firstWinning).toBe(winning.reduce((a, v) => a + weight[v]!, 0));
      expect(s.winning).toBe(winning.length);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('match the brute force tap by tap on random fields with two to four taps, and sum to the bits', () => {
    let checked = 0,
      unequal = 0;
    for (const f of randomFields(300, 9, 5)) {
      const k = sourceComponents(f).length;
      if (k < 2 || k > 4) continue;
      const got = difficultySteps(f).tapBits;
      const want = bruteTapBits(f);
      expect(got).toHaveLength(k);
      got.forEach((b, i) => expect(b).toBeCloseTo(want[i]!, 9));
      expect(got.reduce((a, b) => a + b, 0)).toBeCloseTo(difficultyBits(f), 9);
      if (Math.abs(want[0]! - want[want.length - 1]!) > 1e-6) unequal++;
      checked++;
    }
    // Enough fields, and enough whose first and last taps differ, that the order is tested.
    expect(checked).toBeGreaterThan(20);
    expect(unequal).toBeGreaterThan(10);
  });

  it('the explanation lists the same bits as its steps, labelled tap 1, tap 2, … in order', () => {
    const dots = [
      dot(100, 480, 'big'),
      dot(280, 480, 'normal'),
      dot(400, 480, 'normal'),
      dot(500, 100, 'normal'),
    ];
    const f = buildField(dots, rules);
    const e = explainCarillon({ taps: 2, tutorial: false, bits: 0, dots, solution: [] }, rules);
    const want = difficultySteps(f).tapBits;
    expect(e.steps).toEqual(want.map((value, t) => ({ label: `tap ${t + 1}`, value })));
  });
});
