/**
 * Difficulty in bits. A guesser taps live dot v with probability ∝ 1 + out_L(v) (out_L(v):
 * live dots v reaches directly) and succeeds only if every tap is a winning tap:
 *   P(∅) = 1;  P(L) = Σ_{winning v} w(v)/Σ_{live u} w(u) · P(L − closure(v));  D = −log2 P(field).
 * Tapping a source pops exactly the sources it belongs to and leaves the other sources
 * sources (nothing new becomes a source: a component entered from outside closure(v) is still
 * entered; one entered only from inside closure(v) is itself inside it). So positions are
 * fixed by the set of tapped sources and P is memoised on that mask (≤ 2^k states).
 */
import { fullSet, popcount32 } from './bitset';
import type { Field } from './reach';
import { sourceComponents } from './solver-theorem';

/** Chance that the guesser clears the field in the fewest taps. */
export function guesserChance(field: Field, maxSources = 24): number {
  const { n, W, closure, outMask } = field;
  if (n === 0) return 1;
  const sources = sourceComponents(field);
  const k = sources.length;
  if (k > maxSources) throw new Error(`difficulty: ${k} source components is more than ${maxSources}`);
  const full = fullSet(n);
  // Closure of each source component (any member's closure).
  const srcClosure = sources.map((c) => closure.slice(c[0]! * W, c[0]! * W + W));
  const memo = new Float64Array(1 << k).fill(-1);
  const live = new Uint32Array(W);
  const P = (mask: number): number => {
    if (mask === (1 << k) - 1) return 1;
    const m = memo[mask]!;
    if (m >= 0) return m;
    for (let w = 0; w < W; w++) live[w] = full[w]!;
    for (let j = 0; j < k; j++) if (mask & (1 << j)) {
      const c = srcClosure[j]!;
      for (let w = 0; w < W; w++) live[w] = (live[w]! & ~c[w]!) >>> 0;
    }
    // weight of each live dot: 1 + |out(v) ∩ L|
    let total = 0;
    const weight = new Float64Array(n);
    for (let v = 0; v < n; v++) {
      if (((live[v >>> 5]! >>> (v & 31)) & 1) === 0) continue;
      let o = 0;
      for (let w = 0; w < W; w++) o += popcount32((outMask[v * W + w]! & live[w]!) >>> 0);
      weight[v] = 1 + o;
      total += 1 + o;
    }
    let p = 0;
    for (let j = 0; j < k; j++) {
      if (mask & (1 << j)) continue;
      let wj = 0;
      for (const v of sources[j]!) wj += weight[v]!;
      p += (wj / total) * P(mask | (1 << j));
    }
    memo[mask] = p;
    return p;
  };
  return P(0);
}

/** Difficulty D = −log2 P(full field), in bits (0 when every tap wins). */
export function difficultyBits(field: Field, maxSources = 24): number {
  const p = guesserChance(field, maxSources);
  const d = -Math.log2(p);
  return d <= 0 ? 0 : d;
}

/** Number of dots in source components (the winning first taps). */
export function winningCount(field: Field): number {
  return sourceComponents(field).reduce((a, c) => a + c.length, 0);
}
