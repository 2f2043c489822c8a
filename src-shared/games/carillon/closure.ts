/**
 * Closures as bit sets, computed once per field: closure(v) = every dot reachable from v by
 * arrows (v included). After earlier taps, a tap pops closure(v) AND-NOT what is gone.
 */
import { wordsFor } from './bitset';

/** Flat array: closure of v in words [v*W, (v+1)*W). */
export function computeClosures(n: number, out: readonly (readonly number[])[]): Uint32Array {
  const W = wordsFor(n);
  const cl = new Uint32Array(n * W);
  const stack = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    const off = v * W;
    cl[off + (v >>> 5)] = (cl[off + (v >>> 5)]! | (1 << (v & 31))) >>> 0;
    let top = 0;
    stack[top++] = v;
    while (top > 0) {
      const u = stack[--top]!;
      for (const w of out[u]!) {
        const i = off + (w >>> 5),
          bit = 1 << (w & 31);
        if ((cl[i]! & bit) === 0) {
          cl[i] = (cl[i]! | bit) >>> 0;
          stack[top++] = w;
        }
      }
    }
  }
  return cl;
}

/** What tapping v pops in position `live`: closure(v) AND live, written into `into`. */
export function poppedBy(
  closures: Uint32Array,
  W: number,
  v: number,
  live: Uint32Array,
  into: Uint32Array = new Uint32Array(W),
): Uint32Array {
  const off = v * W;
  for (let w = 0; w < W; w++) into[w] = (closures[off + w]! & live[w]!) >>> 0;
  return into;
}

/** live AND-NOT closure(v): the position after tapping v. */
export function afterTap(closures: Uint32Array, W: number, v: number, live: Uint32Array): Uint32Array {
  const next = new Uint32Array(W);
  const off = v * W;
  for (let w = 0; w < W; w++) next[w] = (live[w]! & ~closures[off + w]!) >>> 0;
  return next;
}
