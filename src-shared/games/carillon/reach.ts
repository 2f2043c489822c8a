/**
 * The reach graph of a field: an arrow A→B when dist(A,B) − radius(B) ≤ reach(A). A `Field`
 * precomputes distances, arrows (lists and bit sets) and closures once.
 */
import type { Digraph } from '../../graph/isomorphism';
import { wordsFor } from './bitset';
import { computeClosures } from './closure';
import type { Dot } from './model';
import type { CarillonRules } from './rules';

export interface Field {
  n: number;
  /** Words per bit set. */
  W: number;
  dots: readonly Dot[];
  radius: Float64Array;
  reach: Float64Array;
  /** dist[a*n+b] centre distance. */
  dist: Float64Array;
  /** out[a]: dots a reaches (ascending); inn[b]: dots that reach b. */
  out: number[][];
  inn: number[][];
  /** Arrow bit sets: out-set of a in words [a*W, (a+1)*W). */
  outMask: Uint32Array;
  /** Closures: closure of a in words [a*W, (a+1)*W). */
  closure: Uint32Array;
  arrows: number;
  ringSpeed: number;
}

function reaches(dist: number, radiusB: number, reachA: number): boolean {
  return dist - radiusB <= reachA;
}

export function buildField(dots: readonly Dot[], rules: CarillonRules): Field {
  const n = dots.length;
  const W = wordsFor(n);
  const radius = new Float64Array(n),
    reach = new Float64Array(n),
    dist = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const s = rules.sizes[dots[i]!.size];
    radius[i] = s.radius;
    reach[i] = s.reach;
  }
  const out: number[][] = [],
    inn: number[][] = [];
  for (let i = 0; i < n; i++) {
    out.push([]);
    inn.push([]);
  }
  const outMask = new Uint32Array(n * W);
  let arrows = 0;
  for (let a = 0; a < n; a++) {
    const A = dots[a]!;
    for (let b = 0; b < n; b++) {
      if (a === b) continue;
      const B = dots[b]!;
      const dx = A.x - B.x,
        dy = A.y - B.y;
      const d = Math.sqrt(dx * dx + dy * dy);
      dist[a * n + b] = d;
      if (reaches(d, radius[b]!, reach[a]!)) {
        out[a]!.push(b);
        inn[b]!.push(a);
        outMask[a * W + (b >>> 5)] = (outMask[a * W + (b >>> 5)]! | (1 << (b & 31))) >>> 0;
        arrows++;
      }
    }
  }
  return {
    n,
    W,
    dots,
    radius,
    reach,
    dist,
    out,
    inn,
    outMask,
    closure: computeClosures(n, out),
    arrows,
    ringSpeed: rules.ringSpeed,
  };
}

/** The reach graph as a plain digraph (unlabelled: colour and size are not part of "same chains"). */
export function reachGraph(field: Field): Digraph {
  return { n: field.n, out: field.out };
}
