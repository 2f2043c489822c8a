/**
 * "Approved first": approved candidates where a level has one, the game's search elsewhere,
 * under every rule of the game. It is steering (steering.ts) with the approvals as extra fixed
 * levels, below the designer's own pins and locks:
 *
 *  1. For each level whose pool holds approved candidates, at most one of them is chosen, so
 *     that the chosen ones and the designer's fixed levels can hold the curve rules together
 *     (the same test `ruleConflicts` makes): most approved levels first, then nearest the
 *     level's target (dynamic programming over the levels, exact).
 *  2. steerOrdering fills the rest with the game's own search around them (no second fill).
 *  3. The game's own checker (`check`: verify on the pack, in the studio) judges the whole
 *     order. An approval it blames (a problem at its level, at the level after it, or a pair
 *     it is part of) is set aside, with the reason, and 1–3 run again; another approved
 *     candidate of that pool may take its place. A problem no approval is near blames the
 *     nearest approval on each side (the fill moved the levels between them).
 *
 * With nothing approved this is exactly steerOrdering (so the steered order is unchanged).
 */
import type { OrderingResult, PoolCandidate } from '../game';
import type { CurveRules } from './curve-rules';
import {
  fixedLevels,
  ruleConflicts,
  steerOrdering,
  type Separate,
  type SteeredResult,
  type SteeringConflict,
  type SteeringInput,
} from './steering';

/** An approval that could not ship at its level, and why. */
interface ApprovalLeftOut {
  id: string;
  level: number;
  reason: string;
}

/** A problem of the game's checker on a whole order: its level, and the pair of levels of a near copy. */
export interface CheckedProblem {
  level: number | null;
  message: string;
  pair?: [number, number];
}

export interface ApprovedFirstResult extends SteeredResult {
  /** Levels holding one of their pool's approved candidates. */
  approvedAt: number[];
  /** Approved candidates set aside (the rules or a level fixed by the designer did not let them ship there). */
  leftOut: ApprovalLeftOut[];
}

interface Option {
  level: number;
  id: string;
  d: number;
  off: number;
  mandatory: boolean;
}

/**
 * At most one approved candidate per level, consistent (pairwise, in level order) with each
 * other and with the designer's fixed levels: the most levels, then the least distance to the
 * targets. `approved` lists each candidate with the level of its pool.
 */
export function pickApproved(
  approved: readonly { id: string; level: number; difficulty: number }[],
  fixed: ReadonlyMap<number, number>,
  targets: readonly (number | null)[],
  rules: CurveRules,
): { level: number; id: string }[] {
  const opts: Option[] = [];
  for (const [level, d] of fixed) opts.push({ level, id: '', d, off: 0, mandatory: true });
  for (const a of approved) {
    if (fixed.has(a.level)) continue;
    const t = targets[a.level - 1];
    opts.push({
      level: a.level,
      id: a.id,
      d: a.difficulty,
      off: t === null || t === undefined ? 0 : Math.abs(a.difficulty - t),
      mandatory: false,
    });
  }
  opts.sort((x, y) => x.level - y.level || x.off - y.off || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const ok = (a: Option, b: Option): boolean =>
    (a.mandatory && b.mandatory) ||
    (a.level < b.level &&
      ruleConflicts(
        new Map([
          [a.level, a.d],
          [b.level, b.d],
        ]),
        rules,
      ).length === 0);
  // best[i]: the best chain ending at option i (count of approvals, total distance, predecessor).
  const n = opts.length;
  const count = new Array<number>(n).fill(-1);
  const off = new Array<number>(n).fill(0);
  const prev = new Array<number>(n).fill(-1);
  const better = (c: number, o: number, i: number): boolean =>
    c > count[i]! || (c === count[i]! && o < off[i]! - 1e-12);
  for (let i = 0; i < n; i++) {
    const me = opts[i]!;
    const gain = me.mandatory ? 0 : 1;
    // A chain may start here only if no mandatory level comes before.
    let mandatoryBefore = false;
    for (let j = i - 1; j >= 0; j--) {
      const o = opts[j]!;
      if (o.level === me.level) continue;
      if (count[j]! >= 0 && ok(o, me) && better(count[j]! + gain, off[j]! + me.off, i)) {
        count[i] = count[j]! + gain;
        off[i] = off[j]! + me.off;
        prev[i] = j;
      }
      // A chain never skips a mandatory level: nothing before it can precede this option.
      if (o.mandatory) {
        mandatoryBefore = true;
        break;
      }
    }
    if (!mandatoryBefore && better(gain, me.off, i)) {
      count[i] = gain;
      off[i] = me.off;
      prev[i] = -1;
    }
  }
  // The chain's end: after the last mandatory level.
  let lastMandatory = -1;
  for (let i = 0; i < n; i++) if (opts[i]!.mandatory) lastMandatory = i;
  let end = -1;
  for (let i = Math.max(0, lastMandatory); i < n; i++) {
    if (count[i]! < 0) continue;
    if (lastMandatory >= 0 && i !== lastMandatory && opts[i]!.level <= opts[lastMandatory]!.level) continue;
    if (end === -1 || count[i]! > count[end]! || (count[i] === count[end] && off[i]! < off[end]! - 1e-12))
      end = i;
  }
  const out: { level: number; id: string }[] = [];
  for (let i = end; i >= 0; i = prev[i]!)
    if (!opts[i]!.mandatory) out.push({ level: opts[i]!.level, id: opts[i]!.id });
  return out.reverse();
}

/** The levels an order's problem blames: its level and the one before (order rules compare neighbours), or its pair. */
function blamed(p: CheckedProblem): number[] {
  if (p.pair) return [...p.pair];
  return p.level === null ? [] : [p.level, p.level - 1];
}

export async function approvedFirstOrdering<L>(args: {
  pools: PoolCandidate<L>[][];
  levelCount: number;
  /** The designer's own steering (empty for the approved-first order itself). */
  steering: SteeringInput;
  /**
   * The approved candidates (pool ids) and the level each belongs at: where the automatic
   * order ships it, else its pool's level (a game that ships a stage's pools anywhere in it
   * keeps an approved level where it shipped).
   */
  approved: readonly { id: string; level: number }[];
  /** The level targets the choice among a pool's approvals aims at (the automatic order's line). */
  targets: readonly (number | null)[];
  rules: CurveRules;
  difficulty: (c: PoolCandidate<L>) => number;
  order: (pools: PoolCandidate<L>[][]) => Promise<OrderingResult> | OrderingResult;
  separate?: Separate;
  stages?: readonly { first: number; last: number }[];
  /** The game's own rules on a whole order (null entries: short levels); none: the curve rules only. */
  check?: (levels: readonly (string | null)[]) => CheckedProblem[];
}): Promise<{ conflicts: SteeringConflict[]; result: ApprovedFirstResult | null }> {
  const byId = new Map<string, PoolCandidate<L>>();
  for (const p of args.pools) for (const c of p) byId.set(c.id, c);
  const d = (id: string): number => args.difficulty(byId.get(id)!);
  const { fixed } = fixedLevels(args.steering, args.levelCount, new Set(byId.keys()));
  const designer = new Set<string>([...fixed.values(), ...args.steering.excluded]);
  const fixedD = new Map([...fixed].map(([l, id]) => [l, d(id)]));
  const options = args.approved.flatMap(({ id, level }) =>
    byId.has(id) && !designer.has(id) && level >= 1 && level <= args.levelCount
      ? [{ id, level, difficulty: d(id) }]
      : [],
  );
  // The game's search runs once, on the pools without any approved candidate (the fill around
  // each round's choice takes its order): every round would otherwise search again.
  const approvedIds = new Set(options.map((o) => o.id));
  let base: Promise<OrderingResult> | null = null;
  const order = (pools: PoolCandidate<L>[][]): Promise<OrderingResult> =>
    (base ??= Promise.resolve(args.order(pools.map((p) => p.filter((c) => !approvedIds.has(c.id))))));
  const leftOut: ApprovalLeftOut[] = [];
  const setAside = new Set<string>();
  for (;;) {
    const picks = pickApproved(
      options.filter((o) => !setAside.has(o.id)),
      fixedD,
      args.targets,
      args.rules,
    );
    const steering: SteeringInput = {
      ...args.steering,
      pins: [...args.steering.pins, ...picks],
    };
    const { conflicts, result } = await steerOrdering({ ...args, order, steering });
    if (!result) return { conflicts, result: null };
    const pickAt = new Map(picks.map((p) => [p.level, p.id]));
    // The curve rules first (the fill names its breaks), then the game's own checker.
    const curve: CheckedProblem[] = result.breaks.map((b) => ({ level: b.to, message: b.message }));
    const problems =
      curve.length > 0 ? curve : args.check && !result.levels.includes(null) ? args.check(result.levels) : [];
    const blame = new Map<string, string>();
    for (const p of problems) {
      const near = blamed(p).filter((l) => pickAt.has(l));
      // A problem no approval touches: the fill between the nearest approvals moved it.
      if (near.length === 0 && p.level !== null && pickAt.size > 0 && !p.pair) {
        const levels = [...pickAt.keys()];
        const before = levels.filter((l) => l < p.level!).sort((a, b) => b - a)[0];
        const after = levels.filter((l) => l > p.level!).sort((a, b) => a - b)[0];
        for (const l of [before, after]) if (l !== undefined) near.push(l);
      }
      for (const l of near) if (!blame.has(pickAt.get(l)!)) blame.set(pickAt.get(l)!, p.message);
    }
    if (blame.size === 0) {
      const picked = new Set(picks.map((p) => p.id));
      for (const o of options)
        if (!picked.has(o.id) && !setAside.has(o.id) && !result.levels.includes(o.id))
          leftOut.push({ id: o.id, level: o.level, reason: notChosen(o.level, fixed, picks) });
      leftOut.sort((a, b) => a.level - b.level || (a.id < b.id ? -1 : 1));
      return {
        conflicts: [],
        result: {
          ...result,
          approvedAt: picks.map((p) => p.level).filter((l) => result.levels[l - 1] === pickAt.get(l)),
          leftOut,
        },
      };
    }
    for (const [id, reason] of blame) {
      setAside.add(id);
      leftOut.push({ id, level: options.find((o) => o.id === id)!.level, reason });
    }
  }
}

function notChosen(
  level: number,
  fixed: ReadonlyMap<number, string>,
  picks: readonly { level: number; id: string }[],
): string {
  if (fixed.has(level)) return `level ${level} is pinned or locked by the steering`;
  if (picks.some((p) => p.level === level))
    return `another approved candidate of its pool ships at level ${level}`;
  return `it cannot hold the curve rules with the approved or fixed levels around it`;
}
