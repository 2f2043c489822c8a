/**
 * The solver by rounds (no search). Removing an arrow only clears space, so a free arrow
 * stays free: round 1 removes every arrow free at the start, round 2 every arrow free
 * then, and so on. An arrow's round is 1 + the largest round among its blockers.
 */
import type { ApsisLevel } from './model';
import type { ApsisRules } from './rules';
import type { ArrowGeo } from './geometry';
import { blocks, levelGeo } from './geometry';

/** blockers[a] = arrows whose body blocks a's path (ascending indices). */
export function blockersOf(geos: readonly ArrowGeo[], rules: ApsisRules): number[][] {
  const n = geos.length;
  const out: number[][] = [];
  for (let a = 0; a < n; a++) {
    const list: number[] = [];
    const ga = geos[a] as ArrowGeo;
    for (let b = 0; b < n; b++) if (b !== a && blocks(geos[b] as ArrowGeo, ga, rules)) list.push(b);
    out.push(list);
  }
  return out;
}

/** Blocking graph of a level: blockers[a] lists the arrows in a's way. */
export function blockingGraph(level: ApsisLevel, rules: ApsisRules): number[][] {
  return blockersOf(levelGeo(level.arrows, level.orbits, rules), rules);
}

export interface RoundsResult {
  /** round[i] = the round arrow i leaves in (1-based), 0 when it never leaves. */
  round: number[];
  /** rounds[k] = arrows leaving in round k+1 (ascending). */
  rounds: number[][];
  depth: number;
  free: number;
  reads: number;
  /** Every arrow leaves. */
  cleared: boolean;
  /** Arrows that never leave (empty when cleared). */
  stuck: number[];
  /** Launch order, round by round (ascending index within a round). */
  solution: number[];
}

/** Rounds from a blocking graph (blockers lists). */
export function roundsFromBlockers(blockers: readonly (readonly number[])[]): RoundsResult {
  const n = blockers.length;
  const round = new Array<number>(n).fill(0);
  const rounds: number[][] = [];
  let left = n;
  for (let r = 1; left > 0; r++) {
    const now: number[] = [];
    for (let a = 0; a < n; a++) {
      if (round[a] !== 0) continue;
      let free = true;
      for (const b of blockers[a] as number[]) {
        const rb = round[b] as number;
        if (rb === 0 || rb === r) {
          free = false;
          break;
        }
      }
      if (free) now.push(a);
    }
    if (now.length === 0) break;
    for (const a of now) round[a] = r;
    rounds.push(now);
    left -= now.length;
  }
  let reads = 0;
  for (const r of round) reads += r;
  const stuck: number[] = [];
  for (let a = 0; a < n; a++) if (round[a] === 0) stuck.push(a);
  return {
    round,
    rounds,
    depth: rounds.length,
    free: rounds[0]?.length ?? 0,
    reads,
    cleared: stuck.length === 0,
    stuck,
    solution: rounds.flat(),
  };
}

export function solveRounds(level: ApsisLevel, rules: ApsisRules): RoundsResult {
  return roundsFromBlockers(blockingGraph(level, rules));
}

/** The metrics of a level: arrows, orbits, depth, free, reads (reads 0 and depth 0 when broken). */
export function levelMetrics(level: ApsisLevel, rules: ApsisRules): Record<string, number> {
  const r = solveRounds(level, rules);
  return {
    arrows: level.arrows.length,
    orbits: level.orbits,
    depth: r.depth,
    free: r.free,
    reads: r.reads,
    cleared: r.cleared ? 1 : 0,
  };
}
