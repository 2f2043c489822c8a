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
    for (let j = 0; j < k; j++)
      if (mask & (1 << j)) {
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

/**
 * The guesser's chance split tap by tap: success is every tap winning, so
 * P(field) = Π over taps t of P(tap t wins | taps 1..t−1 won), and the bits of tap t are
 * −log2 of that factor: they add up to `difficultyBits` exactly. A forward pass over the same
 * positions (sets of tapped sources) and the same weights as `guesserChance`:
 * reach(mask ∪ {j}) += reach(mask) · w_j / Σ live w; S_t = Σ over masks of t sources of reach.
 * Also the first tap's weights (what the guesser taps first) for the breakdown.
 */
export interface DifficultySteps {
  /** Bits of each tap, in order (length = number of source components). */
  tapBits: number[];
  /** The guesser's weight of each dot in the full field (1 + dots its preview lights up). */
  firstWeight: number[];
  /** Σ of firstWeight over every dot, and over the winning dots. */
  firstTotal: number;
  firstWinning: number;
  /** Number of winning dots (in source components). */
  winning: number;
}

export function difficultySteps(field: Field, maxSources = 24): DifficultySteps {
  const { n, W, closure, outMask } = field;
  const sources = sourceComponents(field);
  const k = sources.length;
  if (k > maxSources) throw new Error(`difficulty: ${k} source components is more than ${maxSources}`);
  const full = fullSet(n);
  const srcClosure = sources.map((c) => closure.slice(c[0]! * W, c[0]! * W + W));
  const reach = new Float64Array(1 << k);
  reach[0] = 1;
  const S = new Float64Array(k + 1);
  const live = new Uint32Array(W);
  const weight = new Float64Array(n);
  const firstWeight: number[] = [];
  let firstTotal = 0,
    firstWinning = 0;
  // Masks in increasing order visit every subset before its supersets.
  for (let mask = 0; mask < 1 << k; mask++) {
    const r = reach[mask]!;
    const t = popcount32(mask);
    S[t] = S[t]! + r;
    if (mask === (1 << k) - 1 || r === 0) continue;
    for (let w = 0; w < W; w++) live[w] = full[w]!;
    for (let j = 0; j < k; j++)
      if (mask & (1 << j)) {
        const c = srcClosure[j]!;
        for (let w = 0; w < W; w++) live[w] = (live[w]! & ~c[w]!) >>> 0;
      }
    let total = 0;
    for (let v = 0; v < n; v++) {
      weight[v] = 0;
      if (((live[v >>> 5]! >>> (v & 31)) & 1) === 0) continue;
      let o = 0;
      for (let w = 0; w < W; w++) o += popcount32((outMask[v * W + w]! & live[w]!) >>> 0);
      weight[v] = 1 + o;
      total += 1 + o;
    }
    if (mask === 0) {
      for (let v = 0; v < n; v++) firstWeight.push(weight[v]!);
      firstTotal = total;
    }
    for (let j = 0; j < k; j++) {
      if (mask & (1 << j)) continue;
      let wj = 0;
      for (const v of sources[j]!) wj += weight[v]!;
      if (mask === 0) firstWinning += wj;
      reach[mask | (1 << j)] = reach[mask | (1 << j)]! + (r * wj) / total;
    }
  }
  const tapBits: number[] = [];
  for (let t = 1; t <= k; t++) {
    const b = -Math.log2(S[t]! / S[t - 1]!);
    tapBits.push(b <= 0 ? 0 : b);
  }
  return {
    tapBits,
    firstWeight,
    firstTotal,
    firstWinning,
    winning: sources.reduce((a, c) => a + c.length, 0),
  };
}
