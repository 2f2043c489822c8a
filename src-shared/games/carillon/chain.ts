/**
 * One tap, in time: a tapped dot pops at t = 0; a live dot B pops when the first ring that
 * reaches it arrives, t(B) = min over popped A with A→B of t(A) + (dist(A,B) − radius(B)) / speed.
 * Dijkstra over an event queue (n ≤ a few dozen: a linear scan is the queue). Ties break by
 * lower dot index; a dot reached by two rings at the same instant keeps the ring of the dot
 * that popped first.
 */
import { fullSet, has } from './bitset';
import type { Field } from './reach';

export interface PopEvent {
  dot: number;
  /** Seconds after the tap. */
  t: number;
  /** The dot whose ring popped it; -1 for the tapped dot. */
  from: number;
}

/**
 * Pop order (with times) of tapping `tapped` in the position `live` (default: full field).
 * Returns [] when the tapped dot is not live. Only live dots pop and only live rings travel.
 */
export function chainPops(field: Field, tapped: number, live?: Uint32Array): PopEvent[] {
  const n = field.n;
  const alive = live ?? fullSet(n);
  if (tapped < 0 || tapped >= n || !has(alive, tapped)) return [];
  const time = new Float64Array(n).fill(Infinity);
  const from = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  time[tapped] = 0;
  const events: PopEvent[] = [];
  for (;;) {
    let v = -1,
      best = Infinity;
    for (let i = 0; i < n; i++)
      if (!done[i] && time[i]! < best) {
        best = time[i]!;
        v = i;
      }
    if (v < 0) break;
    done[v] = 1;
    events.push({ dot: v, t: best, from: from[v]! });
    for (const w of field.out[v]!) {
      if (done[w] || !has(alive, w)) continue;
      const t = best + (field.dist[v * n + w]! - field.radius[w]!) / field.ringSpeed;
      if (t < time[w]!) {
        time[w] = t;
        from[w] = v;
      }
    }
  }
  return events;
}

export interface ReplayResult {
  /** True when every dot popped. */
  cleared: boolean;
  /** Taps played before stopping. */
  taps: number;
  /** Pop events of each tap. */
  chains: PopEvent[][];
  /** Why the replay is not a clean solution (a tap on a popped or unknown dot), if so. */
  error?: string;
  /** Live set after the replay. */
  live: Uint32Array;
}

/** Play a list of taps through the timed chain rules from the full field (or `live`). */
export function replaySolution(field: Field, solution: readonly number[], live?: Uint32Array): ReplayResult {
  const alive = (live ?? fullSet(field.n)).slice();
  const chains: PopEvent[][] = [];
  let error: string | undefined;
  for (const v of solution) {
    if (!Number.isInteger(v) || v < 0 || v >= field.n) {
      error = `tap ${chains.length + 1} names dot ${v}, which does not exist`;
      break;
    }
    if (!has(alive, v)) {
      error = `tap ${chains.length + 1} is on dot ${v}, which has already popped`;
      break;
    }
    const ev = chainPops(field, v, alive);
    for (const e of ev) alive[e.dot >>> 5] = (alive[e.dot >>> 5]! & ~(1 << (e.dot & 31))) >>> 0;
    chains.push(ev);
  }
  let cleared = true;
  for (const w of alive) if (w !== 0) cleared = false;
  const r: ReplayResult = { cleared, taps: chains.length, chains, live: alive };
  if (error !== undefined) r.error = error;
  return r;
}
