/**
 * Steering a run's order: apply the designer's change to its pins, locks and exclusions,
 * recompute on a worker (the game's own search, then the fill around fixed levels, see
 * src-shared/ordering/steering.ts: the API's thread never runs either), and store the steering and the steered order as one
 * history entry. Impossible constraints throw SteeringImpossibleError and change nothing.
 * Duplicate triage holds here: rejected candidates never ship (a pin or lock on one is a
 * conflict), pairs marked fine may both ship and may be neighbours, and a pair not marked fine
 * that fixed levels make both ship is named among the order's problems.
 */
import type { CurveBreakView, Steering, SteerResult } from '../../src-shared/api';
import type { PoolCandidate } from '../../src-shared/game';
import type { AnyGame } from '../../src-shared/games/index';
import type { RowChange } from '../../src-shared/history';
import type { SteeringConflict, SteeringInput } from '../../src-shared/ordering/steering';
import { candidateName } from '../../src-shared/vocabulary';
import { levelsText } from '../../src-shared/ordering/level-ranges';
import type { Db } from '../store/db';
import { provenCandidates } from '../store/candidates';
import { historyState, recordChange } from '../store/history';
import { loadOrdering, saveOrdering, type StoredOrdering } from '../store/orderings';
import { anyApproved, emptySteering, loadSteering, saveSteering } from '../store/steering';
import { slotIndexes } from '../store/candidate-lookup';
import { pairIds } from '../store/duplicates';
import { allPools, finePoolPairs, type RunSpec } from './finish';
import type { WorkerPool } from '../jobs/pool';
import type { SteerTask, SteerTaskResult } from '../jobs/tasks';
import { finePairTest } from '../../src-shared/ordering/fine-pairs';
import { orderingView } from './ordering-view';
import { changeRun } from '../store/run-changes';

export interface SteerChange {
  approved?: boolean;
  approvedFirst?: boolean;
  pin: { level: number; candidateId: number }[];
  unpin: number[];
  lock: number[];
  unlock: number[];
  exclude: number[];
  include: number[];
  clear: boolean;
}

export class SteeringImpossibleError extends Error {
  constructor(readonly conflicts: SteeringConflict[]) {
    super(`these constraints cannot hold: ${conflicts.map((c) => c.message).join('; ')}`);
    this.name = 'SteeringImpossibleError';
  }
}

/** The steering after `change`; locks take the candidate the level holds now. */
function nextSteering(
  db: Db,
  runId: number,
  current: Steering,
  change: SteerChange,
  anyApproved: boolean,
): { next: Steering; conflicts: SteeringConflict[] } {
  const approved = change.approved ?? current.approved;
  // Approved first is the base once anything is approved, unless the designer chose otherwise
  // (never with approved-only steering). Steering that never had the field keeps its shape.
  const chosen = change.approvedFirst ?? current.approvedFirst;
  const approvedFirst = !approved && (chosen ?? anyApproved);
  const base = { approved, ...(approvedFirst || chosen !== undefined ? { approvedFirst } : {}) };
  const next: Steering = change.clear
    ? { ...emptySteering(), ...base }
    : { ...base, pins: [...current.pins], locks: [...current.locks], excluded: [...current.excluded] };
  const conflicts: SteeringConflict[] = [];
  const drop = (levels: number[]) => {
    next.pins = next.pins.filter((p) => !levels.includes(p.level));
    next.locks = next.locks.filter((p) => !levels.includes(p.level));
  };
  next.pins = next.pins.filter((p) => !change.unpin.includes(p.level));
  next.locks = next.locks.filter((p) => !change.unlock.includes(p.level));
  next.excluded = next.excluded.filter((id) => !change.include.includes(id));
  for (const p of change.pin) {
    // A candidate pinned anew moves: its old pin or lock goes.
    drop([p.level]);
    next.pins = next.pins.filter((q) => q.candidateId !== p.candidateId);
    next.locks = next.locks.filter((q) => q.candidateId !== p.candidateId);
    next.pins.push({ ...p });
  }
  if (change.lock.length > 0) {
    // What the designer sees: the steered order when it is over the same candidates, else the base order.
    const steered = loadOrdering(db, runId, 'steered');
    const base =
      steered && current.approved === approved && (current.approvedFirst ?? false) === approvedFirst
        ? steered
        : loadOrdering(db, runId, approved ? 'approved' : approvedFirst ? 'approved-first' : 'automatic');
    for (const level of change.lock) {
      if (next.pins.some((p) => p.level === level)) continue;
      const at = base?.levels.find((l) => l.level === level)?.candidateId ?? null;
      if (at === null) {
        conflicts.push({
          levels: [level],
          rule: 'range',
          message: `level ${level} has no candidate to lock${base ? '' : ' (no order computed yet)'}`,
        });
        continue;
      }
      next.locks = next.locks.filter((q) => q.level !== level);
      next.locks.push({ level, candidateId: at });
    }
  }
  for (const id of change.exclude) if (!next.excluded.includes(id)) next.excluded.push(id);
  next.pins.sort((a, b) => a.level - b.level);
  next.locks.sort((a, b) => a.level - b.level);
  return { next, conflicts };
}

function label(db: Db, change: SteerChange): string {
  const named = slotIndexes(db, [
    ...change.pin.map((p) => p.candidateId),
    ...change.exclude,
    ...change.include,
  ]);
  const name = (id: number): string => {
    const r = named.get(id);
    return r ? candidateName(r.slot, r.index) : `candidate ${id}`;
  };
  const parts: string[] = [];
  if (change.clear)
    parts.push(
      change.pin.length || change.lock.length || change.exclude.length
        ? 'Steered anew'
        : 'Cleared the steering',
    );
  for (const p of change.pin) parts.push(`Pinned ${name(p.candidateId)} to level ${p.level}`);
  if (change.unpin.length) parts.push(`Unpinned ${levelsText(change.unpin)}`);
  if (change.lock.length) parts.push(`Locked ${levelsText(change.lock)}`);
  if (change.unlock.length) parts.push(`Unlocked ${levelsText(change.unlock)}`);
  if (change.exclude.length) parts.push(`Excluded ${change.exclude.map(name).join(', ')}`);
  if (change.include.length) parts.push(`Allowed again ${change.include.map(name).join(', ')}`);
  if (parts.length === 0) parts.push('Recomputed the steered order');
  const text = parts.join('; ');
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** Runs a steered recompute (on a worker in the studio). */
export type SteerRunner = (task: Omit<SteerTask, 'kind'>) => Promise<SteerTaskResult>;

export function steerInWorkers(pool: WorkerPool): SteerRunner {
  return (task) => pool.run({ kind: 'steer', ...task });
}

/**
 * Steer a run: compute on the stored state, then store it only if no other change (from this
 * process or another studio or CLI on the same database) landed on the run while the worker
 * computed; else compute again on what is stored now (store/run-changes.ts), so two designers'
 * exclusions both hold instead of the later one overwriting the earlier.
 */
export async function steerRun(
  db: Db,
  game: AnyGame,
  run: RunSpec,
  change: SteerChange,
  steer: SteerRunner,
  now: string,
): Promise<SteerResult> {
  return changeRun(
    db,
    run.id,
    () => prepareSteer(db, game, run, change, steer, now),
    (prepared) => commitSteer(db, game, run, change, now, prepared),
  );
}

interface PreparedSteer {
  next: Steering;
  stored: StoredOrdering;
  breaks: CurveBreakView[];
  largestStep: SteerResult['largestStep'];
}

async function prepareSteer(
  db: Db,
  game: AnyGame,
  run: RunSpec,
  change: SteerChange,
  steer: SteerRunner,
  now: string,
): Promise<PreparedSteer> {
  const current = loadSteering(db, run.id) ?? emptySteering();
  const { next, conflicts: lockConflicts } = nextSteering(
    db,
    run.id,
    current,
    change,
    anyApproved(db, run.id),
  );
  if (lockConflicts.length > 0) throw new SteeringImpossibleError(lockConflicts);
  return { next, ...(await computeSteered(db, game, run, next, steer, now)) };
}

/**
 * A steered order of the run under `next` (pins, locks, exclusions, over every candidate, the
 * approved ones only, or approved first), computed on a worker; nothing is stored. The
 * approved-first order is this with no steering of the designer's (approved-first.ts).
 */
export async function computeSteered(
  db: Db,
  game: AnyGame,
  run: RunSpec,
  next: Steering,
  steer: SteerRunner,
  now: string,
): Promise<Omit<PreparedSteer, 'next'>> {
  const levelCount = game.levelCount(run.plan);
  const pools: PoolCandidate<unknown>[][] = game.poolSizes(run.plan, run.rules).map(() => []);
  const poolId = new Map<number, string>(),
    dbId = new Map<string, number>();
  const rejected = new Map<number, string>(),
    drafts = new Map<number, string>();
  const nameOf = new Map<number, string>();
  const approvedIds: string[] = [];
  for (const c of provenCandidates(db, run.id, next.approved)) {
    // A draft (a hand-edited level breaking a hard rule) never ships, pinned or not.
    if (c.draft) {
      drafts.set(c.id, candidateName(c.slot, c.index));
      continue;
    }
    // A rejected candidate never ships (duplicate triage rejects one side of a pair this way).
    if (c.verdict === 'rejected') {
      rejected.set(c.id, candidateName(c.slot, c.index));
      continue;
    }
    const id = `${c.slot}:${c.index}`; // the ids the pipeline uses, so the order never depends on database ids
    nameOf.set(c.id, candidateName(c.slot, c.index));
    if (c.verdict === 'approved') approvedIds.push(id);
    poolId.set(c.id, id);
    dbId.set(id, c.id);
    if (c.slot < pools.length)
      pools[c.slot]!.push({ id, slot: c.slot, index: c.index, level: c.level, metrics: c.metrics });
  }
  const fixed = [
    ...next.pins.map((p) => ({ ...p, how: 'pinned' })),
    ...next.locks.map((p) => ({ ...p, how: 'locked' })),
  ];
  const fixedRejected = fixed.filter((p) => rejected.has(p.candidateId));
  const fixedDrafts = fixed.filter((p) => drafts.has(p.candidateId));
  if (fixedRejected.length > 0 || fixedDrafts.length > 0) {
    throw new SteeringImpossibleError([
      ...fixedRejected.map((p) => ({
        levels: [p.level],
        rule: 'excluded' as const,
        message: `level ${p.level} is ${p.how} to ${rejected.get(p.candidateId)}, which is rejected (a rejected candidate never ships): clear its verdict or ${p.how === 'pinned' ? 'unpin' : 'unlock'} the level`,
      })),
      ...fixedDrafts.map((p) => ({
        levels: [p.level],
        rule: 'excluded' as const,
        message: `level ${p.level} is ${p.how} to ${drafts.get(p.candidateId)}, a draft that breaks a hard rule and never ships: fix it in the editor and save it again, or ${p.how === 'pinned' ? 'unpin' : 'unlock'} the level`,
      })),
    ]);
  }
  const toPool = (id: number): string => poolId.get(id) ?? `db:${id}`;
  const input: SteeringInput = {
    pins: next.pins.map((p) => ({ level: p.level, id: toPool(p.candidateId) })),
    locks: next.locks.map((p) => ({ level: p.level, id: toPool(p.candidateId) })),
    excluded: next.excluded.filter((id) => poolId.has(id)).map(toPool),
  };
  // The near-duplicate pairs the run's pass found: the fill keeps them from being neighbours,
  // except pairs the designer marked fine, which the game's search also lets both ship.
  const fine = finePoolPairs(db, run.id, poolId);
  const isFine = finePairTest(fine);
  const apart: [string, string][] = [];
  for (const r of pairIds(db, run.id)) {
    const a = poolId.get(r.a),
      b = poolId.get(r.b);
    if (a !== undefined && b !== undefined && !isFine(a, b)) apart.push([a, b]);
  }
  const { conflicts, result } = await steer({
    game: game.id,
    rules: run.rules,
    plan: run.plan,
    pools,
    ...(fine.length ? { fine } : {}),
    // Over approved candidates only, the target line is still drawn from every proven one.
    ...(next.approved ? { targetPools: allPools(db, game, run) } : {}),
    levelCount,
    steering: input,
    apart,
    ...(next.approvedFirst && !next.approved
      ? { approvedFirst: approvedFirstInput(db, run, approvedIds, poolId, levelCount) }
      : {}),
  });
  if (!result) throw new SteeringImpossibleError(conflicts);

  const breaks: CurveBreakView[] = result.breaks.map((b) => ({ ...b }));
  const shorts = result.levels.flatMap((id, i) => (id === null ? [i + 1] : []));
  // Near-duplicate pairs both shipping (fixed levels can force it) that the designer has not marked fine.
  const levelOf = new Map<string, number>();
  result.levels.forEach((id, i) => {
    if (id !== null) levelOf.set(id, i + 1);
  });
  const bothShip: { from: number; to: number }[] = [];
  for (const r of pairIds(db, run.id)) {
    const a = poolId.get(r.a),
      b = poolId.get(r.b);
    const la = a === undefined ? undefined : levelOf.get(a),
      lb = b === undefined ? undefined : levelOf.get(b);
    if (la !== undefined && lb !== undefined && !isFine(a!, b!))
      bothShip.push({ from: Math.min(la, lb), to: Math.max(la, lb) });
  }
  bothShip.sort((x, y) => x.to - y.to || x.from - y.from);
  const stored: StoredOrdering = {
    computedAt: now,
    problems: [
      ...breaks.map((b) => ({
        level: b.to,
        message: b.message,
        rule: b.rule,
        from: b.from,
        to: b.to,
        by: b.by,
      })),
      ...(shorts.length
        ? [
            {
              level: shorts[0]!,
              message: `${levelsText(shorts)} ${new Set(shorts).size === 1 ? 'has' : 'have'} no candidate left to ship`,
              rule: 'short',
            },
          ]
        : []),
      ...bothShip.map((d) => ({
        level: d.to,
        message: `levels ${d.from} and ${d.to} are near-duplicates and both ship: reject one or mark the pair fine (Duplicates)`,
        rule: 'near-duplicate',
        from: d.from,
        to: d.to,
      })),
      ...(result.leftOut ?? []).map((l) => {
        const c = dbId.get(l.id);
        const name = c === undefined ? l.id : (nameOf.get(c) ?? l.id);
        return {
          level: l.level,
          message: `${name} is approved but does not ship at level ${l.level}: ${l.reason}`,
          rule: 'approval-left-out',
        };
      }),
    ],
    levels: result.levels.map((id, i) => ({
      level: i + 1,
      candidateId: id === null ? null : (dbId.get(id) ?? null),
      target: result.targets[i] ?? null,
    })),
  };
  return { stored, breaks, largestStep: result.largestStep };
}

/** The worker's approved-first input: the approved candidates of the pools, the automatic order's line, the run's seed. */
function approvedFirstInput(
  db: Db,
  run: RunSpec,
  approved: string[],
  poolId: ReadonlyMap<number, string>,
  levelCount: number,
): NonNullable<SteerTask['approvedFirst']> {
  const auto = loadOrdering(db, run.id, 'automatic');
  const targets: (number | null)[] = Array.from({ length: levelCount }, () => null);
  // An approved candidate belongs where the automatic order ships it, else at its pool's level.
  const shipsAt = new Map<string, number>();
  for (const l of auto?.levels ?? []) {
    if (l.level <= levelCount) targets[l.level - 1] = l.target;
    const id = l.candidateId === null ? undefined : poolId.get(l.candidateId);
    if (id !== undefined) shipsAt.set(id, l.level);
  }
  return {
    approved: approved.map((id) => ({ id, level: shipsAt.get(id) ?? Number(id.split(':')[0]) + 1 })),
    targets,
    seed: run.seed,
  };
}

/** Store a prepared steer as one history entry (inside changeRun's transaction). */
function commitSteer(
  db: Db,
  game: AnyGame,
  run: RunSpec,
  change: SteerChange,
  now: string,
  { next, stored, breaks, largestStep }: PreparedSteer,
): SteerResult {
  const fixedLevels = [...next.pins, ...next.locks].map((p) => p.level);
  const { entry } = recordChange(
    db,
    run.id,
    now,
    {
      kind: 'steer',
      label: () => label(db, change),
      scope: fixedLevels.length ? `${levelsText(fixedLevels)} fixed` : 'the steered order',
    },
    () => {
      const changes: RowChange[] = [];
      const before = loadSteering(db, run.id);
      if (JSON.stringify(before) !== JSON.stringify(next)) {
        saveSteering(db, run.id, next);
        changes.push({ target: 'run', id: run.id, field: 'steering', before, after: next });
      }
      const old = loadOrdering(db, run.id, 'steered');
      saveOrdering(db, run.id, 'steered', stored);
      changes.push({ target: 'run', id: run.id, field: 'steered-order', before: old, after: stored });
      return changes;
    },
  );
  const state = historyState(db, run.id);
  return {
    steering: next,
    ordering: orderingView(db, game, run.id, 'steered'),
    breaks,
    largestStep,
    entry,
    undo: state.undo,
    redo: state.redo,
  };
}
