/**
 * The one seeded PRNG of the studio: sfc32 (Chris Doty-Humphrey's Small Fast Counting
 * generator, from PractRand), seeded through splitmix32 hashing.
 *
 * Every random stream is derived from a list of integer keys only — for a candidate,
 * (run seed, level slot, candidate index) — so results never depend on worker count,
 * job order or the clock.
 */

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). n must be a positive integer ≤ 2^32. */
  int(n: number): number;
  /** Uniform integer in [lo, hi] inclusive. */
  range(lo: number, hi: number): number;
  /** Uniform float in [lo, hi). */
  float(lo: number, hi: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** Fisher–Yates shuffle into a new array. */
  shuffled<T>(items: readonly T[]): T[];
  /** Raw 32-bit unsigned output. */
  u32(): number;
}

/** splitmix32 finaliser: a good 32-bit avalanche hash. */
function mix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** Hash a list of integer keys (any safe integers, negatives allowed) into four 32-bit words. */
export function seedWords(keys: readonly number[]): [number, number, number, number] {
  let h = 0x6a09e667;
  for (const k of keys) {
    if (!Number.isSafeInteger(k)) throw new Error(`PRNG key must be a safe integer, got ${k}`);
    const lo = k >>> 0;
    const hi = Math.floor(k / 4294967296) >>> 0;
    h = mix32(h ^ lo);
    h = mix32(h ^ hi ^ 0x5bd1e995);
  }
  const a = mix32(h ^ 0x243f6a88);
  const b = mix32(a ^ 0x85a308d3);
  const c = mix32(b ^ 0x13198a2e);
  const d = mix32(c ^ 0x03707344);
  return [a, b, c, d];
}

/** A stream derived from integer keys, e.g. `streamFor(seed, slot, index)`. */
export function streamFor(...keys: number[]): Rng {
  const [s0, s1, s2, s3] = seedWords(keys);
  return sfc32(s0, s1, s2, s3);
}

function sfc32(a0: number, b0: number, c0: number, d0: number): Rng {
  let a = a0 | 0,
    b = b0 | 0,
    c = c0 | 0,
    d = d0 | 0;
  const u32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up so nearby seeds decorrelate.
  for (let i = 0; i < 12; i++) u32();
  const next = (): number => u32() / 4294967296;
  const int = (n: number): number => {
    if (!(n > 0) || n > 4294967296 || !Number.isInteger(n)) throw new Error(`rng.int: bad bound ${n}`);
    // Rejection sampling keeps the distribution exactly uniform.
    const limit = 4294967296 - (4294967296 % n);
    let x = u32();
    while (x >= limit) x = u32();
    return x % n;
  };
  const rng: Rng = {
    u32,
    next,
    int,
    range: (lo, hi) => lo + int(hi - lo + 1),
    float: (lo, hi) => lo + (hi - lo) * next(),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('rng.pick: empty array');
      return items[int(items.length)] as (typeof items)[number];
    },
    shuffled: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        const t = out[i] as (typeof out)[number];
        out[i] = out[j] as (typeof out)[number];
        out[j] = t;
      }
      return out;
    },
  };
  return rng;
}
