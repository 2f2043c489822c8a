/**
 * The theorem: fewest taps = number of source components (strongly connected components with
 * no arrow coming in from a live dot outside). Tarjan's algorithm on the live field.
 */
import { fullSet, has } from './bitset';
import type { Field } from './reach';

export interface Components {
  /** comp[v] = component id of live dot v, -1 for dots that are gone. */
  comp: Int32Array;
  /** Members of each component (ascending). */
  comps: number[][];
}

/** Strongly connected components of the live field (Tarjan). */
export function stronglyConnected(field: Field, live?: Uint32Array): Components {
  const n = field.n;
  const alive = live ?? fullSet(n);
  const index = new Int32Array(n).fill(-1),
    low = new Int32Array(n),
    onStack = new Uint8Array(n);
  const comp = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  const comps: number[][] = [];
  let counter = 0;
  const visit = (v: number): void => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = 1;
    for (const w of field.out[v]!) {
      if (!has(alive, w)) continue;
      if (index[w] === -1) {
        visit(w);
        if (low[w]! < low[v]!) low[v] = low[w]!;
      } else if (onStack[w] && index[w]! < low[v]!) low[v] = index[w]!;
    }
    if (low[v] === index[v]) {
      const members: number[] = [];
      for (;;) {
        const w = stack.pop()!;
        onStack[w] = 0;
        comp[w] = comps.length;
        members.push(w);
        if (w === v) break;
      }
      comps.push(members.sort((a, b) => a - b));
    }
  };
  for (let v = 0; v < n; v++) if (has(alive, v) && index[v] === -1) visit(v);
  return { comp, comps };
}

/** The source components of the live field: no arrow comes in from a live dot outside. */
export function sourceComponents(field: Field, live?: Uint32Array): number[][] {
  const alive = live ?? fullSet(field.n);
  const { comp, comps } = stronglyConnected(field, alive);
  const entered = new Uint8Array(comps.length);
  for (let v = 0; v < field.n; v++) {
    if (!has(alive, v)) continue;
    for (const w of field.out[v]!) if (has(alive, w) && comp[w] !== comp[v]) entered[comp[w]!] = 1;
  }
  return comps.filter((_, c) => !entered[c]).sort((a, b) => a[0]! - b[0]!);
}

/** Fewest taps by the theorem. */
export function fewestByTheorem(field: Field, live?: Uint32Array): number {
  return sourceComponents(field, live).length;
}

/** The winning taps of a position: live dots in a source component of the live field (ascending). */
export function winningTaps(field: Field, live?: Uint32Array): number[] {
  return sourceComponents(field, live)
    .flat()
    .sort((a, b) => a - b);
}
