/**
 * Isomorphism of small labelled directed graphs (up to a few hundred vertices), shared by
 * every game's "same puzzle, redrawn" near-duplicate rule.
 *
 * Method: colour refinement (1-dimensional Weisfeiler–Leman) run jointly on the disjoint
 * union of both graphs, then individualisation–refinement backtracking. Refinement alone
 * rejects almost every non-isomorphic pair; the backtracking makes the answer exact.
 */

export interface Digraph {
  /** Number of vertices, 0..n-1. */
  readonly n: number;
  /** out[v] lists the heads of v's arrows (no duplicates). */
  readonly out: readonly (readonly number[])[];
  /** Optional vertex labels; an isomorphism must preserve them. */
  readonly labels?: readonly (string | number)[];
}

interface Union {
  n: number;
  out: number[][];
  inn: number[][];
}

function unionOf(a: Digraph, b: Digraph): Union {
  const n = a.n + b.n;
  const out: number[][] = [];
  const inn: number[][] = Array.from({ length: n }, () => []);
  for (let v = 0; v < a.n; v++) out.push((a.out[v] ?? []).slice());
  for (let v = 0; v < b.n; v++) out.push((b.out[v] ?? []).map((w) => w + a.n));
  for (let v = 0; v < n; v++) for (const w of out[v] as number[]) (inn[w] as number[]).push(v);
  return { n, out, inn };
}

/** Refine colours to a stable partition; colour ids are canonical (sorted signatures). */
function refine(g: Union, colours: number[]): number[] {
  let current = colours;
  let classes = new Set(current).size;
  for (;;) {
    const sigs = new Array<string>(g.n);
    for (let v = 0; v < g.n; v++) {
      const o = (g.out[v] as number[]).map((w) => current[w] as number).sort((x, y) => x - y);
      const i = (g.inn[v] as number[]).map((w) => current[w] as number).sort((x, y) => x - y);
      sigs[v] = `${current[v]}|${o.join(',')}|${i.join(',')}`;
    }
    const sorted = [...new Set(sigs)].sort();
    const id = new Map(sorted.map((s, k) => [s, k]));
    const next = sigs.map((s) => id.get(s) as number);
    const nextClasses = sorted.length;
    if (nextClasses === classes) return next;
    current = next;
    classes = nextClasses;
  }
}

function initialColours(a: Digraph, b: Digraph, g: Union): number[] {
  const keys: string[] = [];
  const lab = (d: Digraph, v: number): string => (d.labels ? String(d.labels[v]) : '');
  for (let v = 0; v < g.n; v++) {
    const label = v < a.n ? lab(a, v) : lab(b, v - a.n);
    keys.push(`${label}#${(g.out[v] as number[]).length}#${(g.inn[v] as number[]).length}`);
  }
  const sorted = [...new Set(keys)].sort();
  const id = new Map(sorted.map((s, k) => [s, k]));
  return keys.map((k) => id.get(k) as number);
}

function histogramsMatch(colours: number[], na: number): boolean {
  const count = new Map<number, number>();
  for (let v = 0; v < colours.length; v++) {
    const c = colours[v] as number;
    count.set(c, (count.get(c) ?? 0) + (v < na ? 1 : -1));
  }
  for (const x of count.values()) if (x !== 0) return false;
  return true;
}

function edgeCount(d: Digraph): number {
  let e = 0;
  for (let v = 0; v < d.n; v++) e += (d.out[v] ?? []).length;
  return e;
}

/** A vertex mapping a→b that preserves arrows and labels, or null when none exists. */
export function findIsomorphism(a: Digraph, b: Digraph): number[] | null {
  if (a.n !== b.n || edgeCount(a) !== edgeCount(b)) return null;
  if (a.n === 0) return [];
  const g = unionOf(a, b);
  const start = refine(g, initialColours(a, b, g));
  if (!histogramsMatch(start, a.n)) return null;
  const bSets = b.out.map((o) => new Set(o));

  const search = (colours: number[]): number[] | null => {
    // Pick the smallest non-singleton colour class on a's side.
    const members = new Map<number, number[]>();
    for (let v = 0; v < a.n; v++) {
      const c = colours[v] as number;
      const list = members.get(c);
      if (list) list.push(v);
      else members.set(c, [v]);
    }
    let pick: number[] | null = null;
    for (const list of members.values())
      if (list.length > 1 && (!pick || list.length < pick.length)) pick = list;
    if (!pick) {
      // Discrete partition: the mapping is forced; check it.
      const where = new Map<number, number>();
      for (let w = 0; w < b.n; w++) where.set(colours[a.n + w] as number, w);
      const map = new Array<number>(a.n);
      for (let v = 0; v < a.n; v++) map[v] = where.get(colours[v] as number) as number;
      for (let v = 0; v < a.n; v++) {
        const set = bSets[map[v] as number] as Set<number>;
        for (const w of a.out[v] ?? []) if (!set.has(map[w] as number)) return null;
      }
      return map;
    }
    const v = pick[0] as number;
    const c = colours[v] as number;
    const fresh = colours.length + 1;
    for (let w = 0; w < b.n; w++) {
      if (colours[a.n + w] !== c) continue;
      const trial = colours.slice();
      trial[v] = fresh;
      trial[a.n + w] = fresh;
      const refined = refine(g, trial);
      if (!histogramsMatch(refined, a.n)) continue;
      const found = search(refined);
      if (found) return found;
    }
    return null;
  };
  return search(start);
}

export function isomorphic(a: Digraph, b: Digraph): boolean {
  return findIsomorphism(a, b) !== null;
}

/**
 * An isomorphism invariant (equal graphs give equal strings; different strings prove the
 * graphs differ). Cheap to compute once per level and compare across many pairs.
 */
export function graphInvariant(d: Digraph): string {
  const empty: Digraph = { n: 0, out: [] };
  const g = unionOf(d, empty);
  const colours = refine(g, initialColours(d, empty, g));
  // Colour ids are canonical only relative to this graph; describe classes by size and
  // by the sorted class counts of their neighbourhoods.
  const sizes = new Map<number, number>();
  for (const c of colours) sizes.set(c, (sizes.get(c) ?? 0) + 1);
  const parts = [...sizes.entries()].sort((x, y) => x[0] - y[0]).map(([c, s]) => `${c}:${s}`);
  return `${d.n}/${edgeCount(d)}/${parts.join(',')}`;
}
