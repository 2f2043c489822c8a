/**
 * Tools the independent pack checkers share, written from the specs alone (no import from
 * src-shared or src-main, on purpose: a checker that reuses the code it checks repeats its
 * mistakes). Plane geometry, a one-to-one pairing (maximum bipartite matching), and an
 * isomorphism test for labelled directed graphs.
 */

export interface Pt {
  x: number;
  y: number;
}

export const dist = (a: Pt, b: Pt): number => Math.hypot(a.x - b.x, a.y - b.y);

function pointSegment(p: Pt, a: Pt, b: Pt): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

const cross = (o: Pt, a: Pt, b: Pt): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** Shortest distance between segments ab and cd (0 when they cross). */
export function segmentDistance(a: Pt, b: Pt, c: Pt, d: Pt): number {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return 0;
  return Math.min(pointSegment(a, c, d), pointSegment(b, c, d), pointSegment(c, a, b), pointSegment(d, a, b));
}

/** Distance from the origin to segment ab. */
export const originDistance = (a: Pt, b: Pt): number => pointSegment({ x: 0, y: 0 }, a, b);

/** Size of a maximum one-to-one pairing; `ok(i, j)` says whether left i may pair with right j. */
export function maxPairing(left: number, right: number, ok: (i: number, j: number) => boolean): number {
  const adj: number[][] = [];
  for (let i = 0; i < left; i++) {
    const row: number[] = [];
    for (let j = 0; j < right; j++) if (ok(i, j)) row.push(j);
    adj.push(row);
  }
  const matchR = new Array<number>(right).fill(-1);
  let size = 0;
  for (let i = 0; i < left; i++) {
    const seen = new Array<boolean>(right).fill(false);
    const augment = (u: number): boolean => {
      for (const v of adj[u]!) {
        if (seen[v]) continue;
        seen[v] = true;
        if (matchR[v] === -1 || augment(matchR[v]!)) {
          matchR[v] = u;
          return true;
        }
      }
      return false;
    };
    if (augment(i)) size++;
  }
  return size;
}

/** A directed graph: `out[v]` lists v's successors; `label[v]` must match under an isomorphism. */
export interface Digraph {
  out: number[][];
  label: string[];
}

/**
 * Whether two labelled digraphs are isomorphic: colour refinement on both at once (labels,
 * then the multisets of out- and in-neighbour colours), then a backtracking search that maps
 * vertices colour class by colour class, checking every edge both ways as it goes.
 */
export function isomorphic(a: Digraph, b: Digraph): boolean {
  const n = a.out.length;
  if (n !== b.out.length) return false;
  const edgesA = a.out.reduce((s, o) => s + o.length, 0);
  const edgesB = b.out.reduce((s, o) => s + o.length, 0);
  if (edgesA !== edgesB) return false;
  const inOf = (g: Digraph): number[][] => {
    const r: number[][] = g.out.map(() => []);
    g.out.forEach((o, v) => o.forEach((w) => r[w]!.push(v)));
    return r;
  };
  const inA = inOf(a);
  const inB = inOf(b);
  // Joint colour refinement.
  let colA = a.label.slice();
  let colB = b.label.slice();
  for (let round = 0; round < n + 1; round++) {
    const sig = (col: string[], out: number[][], inn: number[][], v: number): string =>
      `${col[v]}|${out[v]!.map((w) => col[w])
        .sort()
        .join(',')}|${inn[v]!.map((w) => col[w])
        .sort()
        .join(',')}`;
    const sa = colA.map((_, v) => sig(colA, a.out, inA, v));
    const sb = colB.map((_, v) => sig(colB, b.out, inB, v));
    const names = new Map<string, string>();
    for (const s of [...sa, ...sb].sort()) if (!names.has(s)) names.set(s, String(names.size));
    const nextA = sa.map((s) => names.get(s)!);
    const nextB = sb.map((s) => names.get(s)!);
    const classes = (c: string[]): number => new Set(c).size;
    const stable = classes(nextA) === classes(colA);
    colA = nextA;
    colB = nextB;
    if (stable) break;
  }
  const hist = (c: string[]): string => c.slice().sort().join(';');
  if (hist(colA) !== hist(colB)) return false;
  const adjA = a.out.map((o) => new Set(o));
  const adjB = b.out.map((o) => new Set(o));
  // Vertices of A in an order where each is next to already placed ones when possible.
  const order: number[] = [];
  const placed = new Array<boolean>(n).fill(false);
  const classSize = (v: number): number => colA.filter((c) => c === colA[v]).length;
  while (order.length < n) {
    let best = -1;
    let bestScore = -Infinity;
    for (let v = 0; v < n; v++) {
      if (placed[v]) continue;
      const links = order.filter((u) => adjA[u]!.has(v) || adjA[v]!.has(u)).length;
      const score = links * 1000 - classSize(v);
      if (score > bestScore) {
        bestScore = score;
        best = v;
      }
    }
    placed[best] = true;
    order.push(best);
  }
  const map = new Array<number>(n).fill(-1);
  const used = new Array<boolean>(n).fill(false);
  const go = (k: number): boolean => {
    if (k === n) return true;
    const v = order[k]!;
    for (let w = 0; w < n; w++) {
      if (used[w] || colB[w] !== colA[v]) continue;
      let fits = true;
      for (let i = 0; i < k && fits; i++) {
        const u = order[i]!;
        const x = map[u]!;
        if (adjA[u]!.has(v) !== adjB[x]!.has(w) || adjA[v]!.has(u) !== adjB[w]!.has(x)) fits = false;
      }
      if (fits && adjA[v]!.has(v) !== adjB[w]!.has(w)) fits = false;
      if (!fits) continue;
      map[v] = w;
      used[w] = true;
      if (go(k + 1)) return true;
      used[w] = false;
      map[v] = -1;
    }
    return false;
  };
  return go(0);
}

/** Strongly connected components (Tarjan); returns the component index of every vertex. */
export function components(out: number[][]): number[] {
  const n = out.length;
  const index = new Array<number>(n).fill(-1);
  const low = new Array<number>(n).fill(0);
  const onStack = new Array<boolean>(n).fill(false);
  const comp = new Array<number>(n).fill(-1);
  const stack: number[] = [];
  let counter = 0;
  let count = 0;
  const visit = (v: number): void => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = true;
    for (const w of out[v]!) {
      if (index[w] === -1) {
        visit(w);
        low[v] = Math.min(low[v]!, low[w]!);
      } else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
    }
    if (low[v] === index[v]) {
      for (;;) {
        const w = stack.pop()!;
        onStack[w] = false;
        comp[w] = count;
        if (w === v) break;
      }
      count++;
    }
  };
  for (let v = 0; v < n; v++) if (index[v] === -1) visit(v);
  return comp;
}

/** Fields of a pack object that must be there (the spec's "these must be there"). */
export function missingFields(
  obj: unknown,
  fields: Record<string, 'number' | 'string' | 'boolean' | 'array' | 'object' | 'integer'>,
): string[] {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) return ['(not an object)'];
  const o = obj as Record<string, unknown>;
  const bad: string[] = [];
  for (const [k, kind] of Object.entries(fields)) {
    const v = o[k];
    const ok =
      kind === 'array'
        ? Array.isArray(v)
        : kind === 'object'
          ? typeof v === 'object' && v !== null && !Array.isArray(v)
          : kind === 'integer'
            ? Number.isInteger(v)
            : kind === 'number'
              ? typeof v === 'number' && Number.isFinite(v)
              : typeof v === kind;
    if (!ok) bad.push(`${k} (${kind})`);
  }
  return bad;
}
