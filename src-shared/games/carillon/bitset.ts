/**
 * Fixed-width bit sets over Uint32Array words (no BigInt). A set of n elements uses
 * W = ceil(n/32) words; many sets live side by side in one flat array at offsets i*W.
 */

export const wordsFor = (n: number): number => Math.max(1, (n + 31) >>> 5);

export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The set {0..n-1}. */
export function fullSet(n: number): Uint32Array {
  const W = wordsFor(n);
  const s = new Uint32Array(W);
  for (let i = 0; i < n; i++) s[i >>> 5] = (s[i >>> 5]! | (1 << (i & 31))) >>> 0;
  return s;
}

export function setOf(n: number, items: Iterable<number>): Uint32Array {
  const s = new Uint32Array(wordsFor(n));
  for (const i of items) s[i >>> 5] = (s[i >>> 5]! | (1 << (i & 31))) >>> 0;
  return s;
}

export const has = (s: Uint32Array, i: number, off = 0): boolean =>
  ((s[off + (i >>> 5)]! >>> (i & 31)) & 1) === 1;

export function count(s: Uint32Array, off = 0, W = s.length - off): number {
  let c = 0;
  for (let w = 0; w < W; w++) c += popcount32(s[off + w]!);
  return c;
}

export function isEmpty(s: Uint32Array, off = 0, W = s.length - off): boolean {
  for (let w = 0; w < W; w++) if (s[off + w] !== 0) return false;
  return true;
}

/** Members in ascending order. */
export function members(s: Uint32Array, off = 0, W = s.length - off): number[] {
  const out: number[] = [];
  for (let w = 0; w < W; w++) {
    let x = s[off + w]!;
    while (x !== 0) {
      const b = 31 - Math.clz32(x & -x);
      out.push(w * 32 + b);
      x = (x & (x - 1)) >>> 0;
    }
  }
  return out;
}

/** A Map key for a set: an exact number when it fits 53 bits, a string otherwise. */
export function setKey(s: Uint32Array, off = 0, W = s.length - off): number | string {
  if (W === 1) return s[off]!;
  if (W === 2 && s[off + 1]! < 0x200000) return s[off]! + s[off + 1]! * 4294967296;
  let k = '';
  for (let w = 0; w < W; w++) k += s[off + w]!.toString(36) + ',';
  return k;
}
