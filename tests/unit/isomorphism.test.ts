import fc from 'fast-check';
import { fcRuns } from '../helpers/fast-check';
import { describe, expect, it } from 'vitest';
import {
  findIsomorphism,
  graphInvariant,
  isomorphic,
  type Digraph,
} from '../../src-shared/graph/isomorphism';

function permute(g: Digraph, perm: number[]): Digraph {
  const out: number[][] = Array.from({ length: g.n }, () => []);
  for (let v = 0; v < g.n; v++) for (const w of g.out[v] ?? []) out[perm[v]!]!.push(perm[w]!);
  const labels = g.labels ? new Array<string | number>(g.n) : undefined;
  if (labels && g.labels) for (let v = 0; v < g.n; v++) labels[perm[v]!] = g.labels[v]!;
  return labels ? { n: g.n, out, labels } : { n: g.n, out };
}

function allPerms(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const p of allPerms(n - 1))
    for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  return out;
}

function bruteIsomorphic(a: Digraph, b: Digraph): boolean {
  if (a.n !== b.n) return false;
  const bEdges = new Set<string>();
  let bCount = 0;
  for (let v = 0; v < b.n; v++)
    for (const w of b.out[v] ?? []) {
      bEdges.add(`${v}>${w}`);
      bCount++;
    }
  let aCount = 0;
  for (let v = 0; v < a.n; v++) aCount += (a.out[v] ?? []).length;
  if (aCount !== bCount) return false;
  return allPerms(a.n).some((p) => {
    for (let v = 0; v < a.n; v++) {
      if (a.labels && b.labels && a.labels[v] !== b.labels[p[v]!]) return false;
      for (const w of a.out[v] ?? []) if (!bEdges.has(`${p[v]}>${p[w]}`)) return false;
    }
    return true;
  });
}

const graphArb = (maxN: number, labelled: boolean) =>
  fc.integer({ min: 0, max: maxN }).chain((n) =>
    fc
      .record({
        n: fc.constant(n),
        out: fc.array(
          fc.uniqueArray(
            fc.integer({ min: 0, max: Math.max(0, n - 1) }).filter((w) => n > 0 && w < n),
            { maxLength: n },
          ),
          { minLength: n, maxLength: n },
        ),
        labels: labelled
          ? fc.array(fc.integer({ min: 0, max: 2 }), { minLength: n, maxLength: n })
          : fc.constant(undefined),
      })
      .map((g) => (g.labels ? { n: g.n, out: g.out, labels: g.labels } : { n: g.n, out: g.out }) as Digraph),
  );

describe('graph isomorphism', () => {
  it('finds a valid mapping for any relabelled copy (up to 40 vertices)', () => {
    fc.assert(
      fc.property(graphArb(40, true), fc.integer(), (g, seed) => {
        const perm = Array.from({ length: g.n }, (_, i) => i);
        let s = seed >>> 0;
        for (let i = perm.length - 1; i > 0; i--) {
          s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
          const j = s % (i + 1);
          [perm[i], perm[j]] = [perm[j]!, perm[i]!];
        }
        const h = permute(g, perm);
        const map = findIsomorphism(g, h);
        expect(map).not.toBeNull();
        for (let v = 0; v < g.n; v++) {
          for (const w of g.out[v] ?? []) expect(h.out[map![v]!]).toContain(map![w]);
          expect(h.labels?.[map![v]!]).toBe(g.labels?.[v]);
        }
        expect(graphInvariant(g)).toBe(graphInvariant(h));
      }),
      fcRuns(200),
    );
  });

  it('agrees with brute force on small graphs, labelled and not', () => {
    fc.assert(
      fc.property(graphArb(6, false), graphArb(6, false), (a, b) => {
        const b2 = { ...b, n: a.n, out: b.out.slice(0, a.n).map((o) => o.filter((w) => w < a.n)) };
        while (b2.out.length < a.n) b2.out.push([]);
        expect(isomorphic(a, b2)).toBe(bruteIsomorphic(a, b2));
      }),
      fcRuns(400),
    );
    fc.assert(
      fc.property(graphArb(5, true), (a) => {
        // Same shape, one label changed: isomorphic only if brute force says so.
        if (a.n === 0 || !a.labels) return;
        const labels = [...a.labels];
        labels[0] = (Number(labels[0]) + 1) % 3;
        const b: Digraph = { n: a.n, out: a.out, labels };
        expect(isomorphic(a, b)).toBe(bruteIsomorphic(a, b));
      }),
      fcRuns(300),
    );
  });

  it('tells apart regular graphs that colour refinement alone cannot', () => {
    // Two 2-regular undirected graphs on 6 vertices: one 6-cycle vs two triangles.
    const undirected = (edges: [number, number][], n: number): Digraph => {
      const out: number[][] = Array.from({ length: n }, () => []);
      for (const [a, b] of edges) {
        out[a]!.push(b);
        out[b]!.push(a);
      }
      return { n, out };
    };
    const hexagon = undirected(
      [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 5],
        [5, 0],
      ],
      6,
    );
    const triangles = undirected(
      [
        [0, 1],
        [1, 2],
        [2, 0],
        [3, 4],
        [4, 5],
        [5, 3],
      ],
      6,
    );
    expect(graphInvariant(hexagon)).toBe(graphInvariant(triangles));
    expect(isomorphic(hexagon, triangles)).toBe(false);
    expect(isomorphic(hexagon, permute(hexagon, [3, 0, 4, 1, 5, 2]))).toBe(true);
  });
});
