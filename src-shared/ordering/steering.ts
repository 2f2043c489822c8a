/**
 * Steering an ordering: pins (this candidate ships as level N), locks (these levels keep
 * their candidate), exclusions (this candidate never ships), and the recompute around them.
 * Generic over every Game, so each game's own search stays what it is:
 *
 *  1. Excluded candidates and every fixed (pinned or locked) candidate leave the pools.
 *  2. The game's own `order` runs on what is left (with no constraints this is today's
 *     search, untouched, and its result is returned as is).
 *  3. The fixed candidates go to their levels; the free levels are filled with the game's
 *     order of the rest, keeping that order and dropping as many of its levels as there are
 *     fixed ones. Which to drop is chosen exactly (dynamic programming) for the fewest short
 *     levels, then the fewest breaks (curve rules, and near-duplicate neighbours when the
 *     caller names them), then the least largest step. Given the plan's stages, a candidate
 *     only moves within the stage of its pool's level (dropping entries shifts the rest along:
 *     an Apsis candidate carried into the next stage has the wrong orbit count).
 *
 * Constraints that make the rules impossible whatever fills the rest (a pinned level harder
 * than one pinned after it, a rise between two fixed levels no steps can climb, a forced run of
 * equal levels) are conflicts: the caller reports them and stores nothing.
 */
import type { OrderingResult, PoolCandidate } from '../game';
import { curveBreaks, EPS, type CurveBreak, type CurveRule, type CurveRules } from './curve-rules';

/** Constraints in the pools' candidate ids. */
export interface SteeringInput {
  pins: { level: number; id: string }[];
  locks: { level: number; id: string }[];
  excluded: string[];
}

export interface SteeringConflict {
  /** The levels that conflict (1-based), and the rule they make impossible. */
  levels: number[];
  rule: CurveRule | 'range' | 'twice' | 'excluded' | 'unknown' | 'clash';
  message: string;
}

export const noSteering = (s: SteeringInput): boolean =>
  s.pins.length === 0 && s.locks.length === 0 && s.excluded.length === 0;

/** Level -> fixed candidate id (pins and locks together); conflicts for ids used twice etc. */
export function fixedLevels(
  s: SteeringInput,
  levelCount: number,
  known: ReadonlySet<string>,
): { fixed: Map<number, string>; conflicts: SteeringConflict[] } {
  const fixed = new Map<number, string>();
  const conflicts: SteeringConflict[] = [];
  const excluded = new Set(s.excluded);
  const where = new Map<string, number>();
  for (const { level, id } of [...s.pins, ...s.locks]) {
    if (!Number.isInteger(level) || level < 1 || level > levelCount) {
      conflicts.push({
        levels: [level],
        rule: 'range',
        message: `level ${level} is not a level of this run (1–${levelCount})`,
      });
      continue;
    }
    if (!known.has(id)) {
      conflicts.push({
        levels: [level],
        rule: 'unknown',
        message: `the candidate pinned to level ${level} is not one the ordering may ship (not proven, or not approved)`,
      });
      continue;
    }
    if (excluded.has(id))
      conflicts.push({
        levels: [level],
        rule: 'excluded',
        message: `level ${level} is pinned to a candidate that is also excluded`,
      });
    const prev = fixed.get(level);
    if (prev !== undefined && prev !== id) {
      conflicts.push({
        levels: [level],
        rule: 'clash',
        message: `level ${level} is pinned or locked to two different candidates`,
      });
      continue;
    }
    const other = where.get(id);
    if (other !== undefined && other !== level) {
      conflicts.push({
        levels: [other, level].sort((a, b) => a - b),
        rule: 'twice',
        message: `one candidate is pinned to both level ${Math.min(other, level)} and level ${Math.max(other, level)}`,
      });
      continue;
    }
    fixed.set(level, id);
    where.set(id, level);
  }
  return { fixed, conflicts };
}

/**
 * Conflicts the fixed levels alone make unavoidable (difficulty may never fall, so every
 * level between two fixed ones lies between their difficulties).
 */
export function ruleConflicts(fixed: ReadonlyMap<number, number>, rules: CurveRules): SteeringConflict[] {
  const levels = [...fixed.keys()].sort((a, b) => a - b);
  const out: SteeringConflict[] = [];
  const f = (x: number): string => String(Math.round(x * 1000) / 1000);
  for (let k = 1; k < levels.length; k++) {
    const a = levels[k - 1]!,
      b = levels[k]!;
    const da = fixed.get(a)!,
      db = fixed.get(b)!;
    if (db < da - EPS)
      out.push({
        levels: [a, b],
        rule: 'fell',
        message: `level ${a} (difficulty ${f(da)}) is harder than level ${b} (${f(db)}) fixed after it: difficulty would fall by ${f(da - db)}`,
      });
    else if (rules.maxStep !== null && db - da > rules.maxStep * (b - a) + EPS) {
      out.push({
        levels: [a, b],
        rule: 'step',
        message: `levels ${a} (${f(da)}) and ${b} (${f(db)}) are ${b - a} step${b - a === 1 ? '' : 's'} apart: rising ${f(db - da)} needs a step over the allowed ${f(rules.maxStep)}`,
      });
    } else if (rules.maxEqualRun !== null && Math.abs(db - da) <= EPS && b - a + 1 > rules.maxEqualRun) {
      out.push({
        levels: [a, b],
        rule: 'equal-run',
        message: `levels ${a} and ${b} are fixed at the same difficulty ${f(da)}, so the ${b - a + 1} levels from ${a} to ${b} would be equal (at most ${rules.maxEqualRun} in a row)`,
      });
    }
  }
  return out;
}

/** The pools with excluded and fixed candidates taken out (the game orders the rest). */
export function restrictPools<L>(
  pools: readonly PoolCandidate<L>[][],
  s: SteeringInput,
  fixed: ReadonlyMap<number, string>,
): PoolCandidate<L>[][] {
  const out = new Set<string>([...s.excluded, ...fixed.values()]);
  return pools.map((p) => p.filter((c) => !out.has(c.id)));
}

/** True when two candidates must not be neighbours (a near-duplicate pair the run found). */
export type Separate = (a: string, b: string) => boolean;

/** What a sequence costs: short levels first, then levels breaking a rule; and its largest step. */
export function sequenceCost(
  diffs: readonly (number | null)[],
  rules: CurveRules,
  ids?: readonly (string | null)[],
  separate?: Separate,
): { shorts: number; breaks: number; largestStep: number } {
  let shorts = 0,
    breaks = 0,
    largestStep = -Infinity,
    run = 1;
  for (let i = 0; i < diffs.length; i++) {
    const b = diffs[i];
    if (b === null || b === undefined) {
      shorts++;
      run = 1;
      continue;
    }
    const a = i > 0 ? diffs[i - 1] : null;
    if (a === null || a === undefined) {
      run = 1;
      continue;
    }
    breaks += stepBreaks(a, b, run, rules).breaks;
    if (separate && ids && separate(ids[i - 1]!, ids[i]!)) breaks++;
    run = Math.abs(b - a) <= EPS ? run + 1 : 1;
    largestStep = Math.max(largestStep, b - a);
  }
  return { shorts, breaks, largestStep };
}

function stepBreaks(a: number, b: number, run: number, rules: CurveRules): { breaks: number } {
  let n = 0;
  if (b < a - EPS) n++;
  if (rules.maxStep !== null && b - a > rules.maxStep + EPS) n++;
  if (rules.maxEqualRun !== null && Math.abs(b - a) <= EPS && run + 1 > rules.maxEqualRun) n++;
  return { breaks: n };
}

/** May candidate `id` ship as (1-based) `level`? (A candidate stays in its stage: Apsis orbits, Carillon stretches.) */
export type MayShip = (level: number, id: string) => boolean;

/**
 * Fill the free levels from `rest` (the game's order without the fixed candidates), in its
 * order, skipping exactly as many entries as there are fixed levels; the choice is exact for
 * (fewest shorts, fewest breaks, least largest step). `rest` has one entry per level. With
 * `mayShip`, a free level only takes an entry that may ship there (else it stays short):
 * skipping entries shifts the rest along, and must not carry a candidate out of its stage.
 */
export function fitAroundFixed(
  rest: readonly (string | null)[],
  fixed: ReadonlyMap<number, string>,
  difficulty: (id: string) => number,
  rules: CurveRules,
  separate?: Separate,
  mayShip?: MayShip,
  pastLevel?: MayShip,
): (string | null)[] {
  const n = rest.length;
  const F = fixed.size;
  const fixedAt: (string | null | undefined)[] = Array.from({ length: n }, (_, i) => fixed.get(i + 1));
  if (F === 0) return [...rest];
  const dOf = (id: string | null | undefined): number | null =>
    id === null || id === undefined ? null : difficulty(id);
  const restD = rest.map(dOf);
  const cap = rules.maxEqualRun === null ? 1 : rules.maxEqualRun + 1;
  // Steps any sequence could take: the threshold search for the least largest step runs over these.
  const values = [
    ...new Set([...restD.filter((d): d is number => d !== null), ...[...fixed.values()].map(difficulty)]),
  ];
  const steps = new Set<number>();
  for (const x of values) for (const y of values) steps.add(y - x);
  const thresholds = [...steps].sort((a, b) => a - b);

  const BIG = 1e6;
  const SHORT = -2;
  // Free levels from p to the end, for every p (the search asks this in every state).
  const freeFrom = new Int32Array(n + 1);
  for (let q = n - 1; q >= 0; q--) freeFrom[q] = freeFrom[q + 1]! + (fixedAt[q] === undefined ? 1 : 0);
  const INF = Number.POSITIVE_INFINITY;
  // solve(T): least cost (shorts*BIG + breaks) with no step above T, and the choice per state.
  const solve = (T: number): { cost: number; pick: (p: number, j: number, run: number) => number } => {
    // memo key: p, j (rest entries consumed), run (equal-run length ending at p-1, capped).
    const memo = new Map<number, number>();
    const choice = new Map<number, number>();
    const key = (p: number, j: number, run: number): number => (p * (n + 1) + j) * (cap + 1) + run;
    const prevId = (p: number, j: number): string | null =>
      p === 0 ? null : fixedAt[p - 1] !== undefined ? (fixedAt[p - 1] as string) : (rest[j - 1] ?? null);
    const go = (p: number, j: number, run: number): number => {
      if (p === n) return 0;
      const k0 = key(p, j, run);
      const hit = memo.get(k0);
      if (hit !== undefined) return hit;
      // run 0: the level before stayed short (nothing to compare with).
      const aId = run === 0 ? null : prevId(p, j);
      const a = dOf(aId);
      const costOf = (bId: string | null): { c: number; run: number } | null => {
        const b = dOf(bId);
        if (b === null) return { c: BIG, run: 1 };
        if (a === null) return { c: 0, run: 1 };
        if (b - a > T + EPS) return null;
        const nr = Math.abs(b - a) <= EPS ? Math.min(run + 1, cap) : 1;
        return {
          c: stepBreaks(a, b, run, rules).breaks + (separate && separate(aId!, bId!) ? 1 : 0),
          run: nr,
        };
      };
      let best = INF,
        bestK = -1;
      const f = fixedAt[p];
      if (f !== undefined) {
        const s = costOf(f);
        if (s) best = s.c + go(p + 1, j, s.run);
      } else {
        // Free level p: take rest[k]; entries j..k-1 are dropped. Free levels left after p
        // must still find entries, so k is at most n - (free levels from p to the end).
        const freeLeft = freeFrom[p]!;
        // With mayShip a later level may stay short instead, so any entry left may be taken.
        const kMax = mayShip ? n - 1 : n - freeLeft;
        for (let k = j; k <= kMax; k++) {
          const id = rest[k] ?? null;
          // `pastLevel`: this entry, and so every later one, belongs to a later stage (a rest in stage order).
          if (pastLevel && id !== null && pastLevel(p + 1, id)) break;
          if (mayShip && id !== null && !mayShip(p + 1, id)) continue;
          const s = costOf(id);
          if (!s) continue;
          const c = s.c + go(p + 1, k + 1, s.run);
          if (c < best) {
            best = c;
            bestK = k;
          }
        }
        // Or the level stays short, taking nothing (only chosen when nothing that may ship there fits).
        if (mayShip) {
          const c = BIG + go(p + 1, j, 0);
          if (c < best) {
            best = c;
            bestK = SHORT;
          }
        }
      }
      memo.set(k0, best);
      choice.set(k0, bestK);
      return best;
    };
    const cost = go(0, 0, 1);
    return { cost, pick: (p, j, run) => choice.get(key(p, j, run)) ?? -1 };
  };

  const free = solve(INF);
  // Least threshold keeping the best cost (cost is monotone in T: binary search).
  let lo = 0,
    hi = thresholds.length - 1,
    bestT = INF;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (solve(thresholds[mid]!).cost <= free.cost) {
      bestT = thresholds[mid]!;
      hi = mid - 1;
    } else lo = mid + 1;
  }
  const final = solve(bestT);
  const out: (string | null)[] = [];
  let j = 0,
    run = 1;
  for (let p = 0; p < n; p++) {
    const a = p === 0 || run === 0 ? null : dOf(out[p - 1]);
    let id: string | null;
    if (fixedAt[p] !== undefined) id = fixedAt[p] as string;
    else {
      const k = final.pick(p, j, run);
      // Mirror the search's states exactly: a level left short takes nothing and sets run 0.
      if (k === SHORT) {
        out.push(null);
        run = 0;
        continue;
      }
      id = rest[k] ?? null;
      j = k + 1;
    }
    const b = dOf(id);
    run = a === null || b === null ? 1 : Math.abs(b - a) <= EPS ? Math.min(run + 1, cap) : 1;
    out.push(id);
  }
  return out;
}

export interface SteeredResult {
  levels: (string | null)[];
  targets: (number | null)[];
  breaks: CurveBreak[];
  largestStep: number | null;
}

/**
 * The whole steered ordering. `order` is the game's own search (on a worker in the studio).
 * Returns conflicts (and no order) when the constraints make the rules impossible.
 */
export async function steerOrdering<L>(args: {
  pools: PoolCandidate<L>[][];
  levelCount: number;
  steering: SteeringInput;
  rules: CurveRules;
  difficulty: (c: PoolCandidate<L>) => number;
  order: (pools: PoolCandidate<L>[][]) => Promise<OrderingResult> | OrderingResult;
  /** Pairs that must not be neighbours (counted as a break by the fill). */
  separate?: Separate;
  /**
   * The plan's stages (Game.stages): when given, the fill keeps every candidate it moves in the
   * stage of its pool's level (the game's own order does; skipping entries shifts them along).
   */
  stages?: readonly { first: number; last: number }[];
}): Promise<{ conflicts: SteeringConflict[]; result: SteeredResult | null }> {
  const byId = new Map<string, PoolCandidate<L>>();
  for (const p of args.pools) for (const c of p) byId.set(c.id, c);
  const { fixed, conflicts } = fixedLevels(args.steering, args.levelCount, new Set(byId.keys()));
  const d = (id: string): number => args.difficulty(byId.get(id)!);
  if (conflicts.length === 0)
    conflicts.push(...ruleConflicts(new Map([...fixed].map(([l, id]) => [l, d(id)])), args.rules));
  if (conflicts.length > 0) return { conflicts, result: null };
  const base = await args.order(restrictPools(args.pools, args.steering, fixed));
  const rest = Array.from({ length: args.levelCount }, (_, i) => base.levels[i] ?? null);
  let mayShip: MayShip | undefined, pastLevel: MayShip | undefined;
  if (args.stages && args.stages.length > 0) {
    const stageAt = new Int32Array(args.levelCount + 2).fill(-1);
    args.stages.forEach((s, i) => {
      for (let l = Math.max(1, s.first); l <= Math.min(args.levelCount, s.last); l++) stageAt[l] = i;
    });
    const homeStage = (id: string): number => {
      const home = (byId.get(id)?.slot ?? -1) + 1;
      return home < 1 || home > args.levelCount ? -1 : stageAt[home]!;
    };
    mayShip = (level, id) => {
      const h = homeStage(id);
      return h === -1 || h === stageAt[level];
    };
    // The game's order keeps its stages in order; then the fill stops looking at the first entry of a later stage.
    const homes = rest.flatMap((id) => (id === null ? [] : [homeStage(id)]));
    if (homes.every((h, i) => h !== -1 && (i === 0 || h >= homes[i - 1]!)))
      pastLevel = (level, id) => homeStage(id) > stageAt[level]!;
  }
  const levels = fitAroundFixed(rest, fixed, d, args.rules, args.separate, mayShip, pastLevel);
  const diffs = levels.map((id) => (id === null ? null : d(id)));
  const { largestStep } = sequenceCost(diffs, args.rules);
  return {
    conflicts: [],
    result: {
      levels,
      targets: Array.from({ length: args.levelCount }, (_, i) => base.targets[i] ?? null),
      breaks: curveBreaks(diffs, args.rules),
      largestStep: Number.isFinite(largestStep) ? largestStep : null,
    },
  };
}
