/**
 * The near-duplicate pass of a run: each slot's proven candidates are compared, on the worker
 * pool, with each other and with the next slots the game asks for (several slots per task);
 * the pairs found replace the run's stored pairs (in a fixed order, so the result never
 * depends on worker timing or on how the slots were split into tasks). A run's pass is cut
 * into windows before generation (passWindows), each run as soon as its slots are stored
 * (run-graph.ts); a top-up's is cut from what is stored (passTasks).
 *
 * A task's levels are parsed and prepared (for Carillon: field, chain starts, reach graph,
 * positions under each turn) in its worker, once per task. A task's focus slots reach a few
 * slots past its end, which the next task holds too, so those levels are prepared twice: tasks
 * are as large as keep every worker busy (TASKS_PER_WORKER per worker), not smaller. With tasks
 * of ~96 candidates a Carillon set sent 2,522 levels for its 1,916 (2 slots again per 6); now
 * 2,012. What generation worked out for a level (its field, its chain starts) stays in the
 * generating worker: carrying it here would cost the main thread more than preparing it again
 * (docs/experiments.md "Speed").
 */
import type { AnyGame } from '../../src-shared/games/index';
import type { Db } from '../store/db';
import { provenCandidateTexts } from '../store/candidates';
import { replacePairs, storedPairs, type NewPair } from '../store/duplicates';
import type { WorkerPool } from '../jobs/pool';
import type { DedupTask, WorkerResult } from '../jobs/tasks';
import type { RunProgressTracker } from '../jobs/progress';
import type { ScheduledRun } from '../jobs/scheduler';

/** Fewest candidates of focus slots one task covers (a small run still splits into a few). */
const CHUNK_MIN_CANDIDATES = 96;
/** Tasks per worker a run's pass is split into: enough to even out tasks of unequal cost. */
const TASKS_PER_WORKER = 2;

export interface NearDuplicateContext {
  db: Db;
  pool: WorkerPool;
  progress: RunProgressTracker;
  /** Slots on each side a candidate is compared with (default: the game's own, else 2). */
  dedupWindow?: number;
}

/** Candidates of focus slots per task for a run of `candidates` on `workers` workers. */
export function chunkTarget(candidates: number, workers: number): number {
  return Math.max(CHUNK_MIN_CANDIDATES, Math.ceil(candidates / (TASKS_PER_WORKER * Math.max(1, workers))));
}

/** Slots (ascending, with their candidate counts) cut into runs of at least `target` candidates each, the last one short. */
export function focusChunks(slots: readonly { slot: number; count: number }[], target: number): number[][] {
  const chunks: number[][] = [];
  let chunk: number[] = [],
    size = 0;
  for (const { slot, count } of slots) {
    chunk.push(slot);
    size += count;
    if (size >= target) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

/** Ascending slots cut where one is not the last plus one. */
function slotStretches(slots: readonly number[]): number[][] {
  const out: number[][] = [];
  for (const s of slots) {
    const last = out[out.length - 1];
    if (last && s === last[last.length - 1]! + 1) last.push(s);
    else out.push([s]);
  }
  return out;
}

/** One task of a run's pass: the worker task, and the candidate id of each level it sends. */
export interface PassTask {
  focus: number[];
  task: DedupTask;
  ids: number[];
}

/** The tasks of a run's pass, in slot order (the pass runs them; the bench re-runs them on one thread). */
export function passTasks(
  db: Db,
  game: AnyGame,
  run: { id: number; plan: unknown; rules: unknown },
  workers: number,
  dedupWindow?: number,
  focusSlots?: ReadonlySet<number>,
): PassTask[] {
  const ahead = (slot: number): number => dedupWindow ?? game.dedupSlotsAhead?.(run.plan, slot) ?? 2;
  // Levels as their stored text: parsed in the workers, never on the main thread.
  const cands = provenCandidateTexts(db, run.id);
  const bySlot = new Map<number, typeof cands>();
  for (const c of cands) {
    const list = bySlot.get(c.slot);
    if (list) list.push(c);
    else bySlot.set(c.slot, [c]);
  }
  const slotList = [...bySlot.keys()].sort((a, b) => a - b);
  const target = chunkTarget(cands.length, workers);
  const counted = (slots: number[]) => slots.map((slot) => ({ slot, count: bySlot.get(slot)!.length }));
  // Some focus slots only (a top-up's): each stretch of consecutive ones is cut on its own, so
  // no task's group spans the slots between two stretches.
  const chunks = focusSlots
    ? slotStretches(slotList.filter((s) => focusSlots.has(s))).flatMap((run) =>
        focusChunks(counted(run), target),
      )
    : focusChunks(counted(slotList), target);
  return chunks.map((focus) => {
    const last = Math.max(...focus.map((s) => s + ahead(s)));
    const group = slotList.filter((s) => s >= focus[0]! && s <= last).flatMap((s) => bySlot.get(s)!);
    return passTask(game, run, focus, ahead, group);
  });
}

/** The worker task comparing `focus` slots' candidates with their windows, over `group` (slot order). */
function passTask(
  game: AnyGame,
  run: { rules: unknown },
  focus: number[],
  ahead: (slot: number) => number,
  group: readonly { id: number; slot: number; levelJson: string }[],
): PassTask {
  const reach: Record<number, number> = {};
  for (const slot of focus) reach[slot] = slot + ahead(slot);
  return {
    focus,
    ids: group.map((c) => c.id),
    task: {
      kind: 'dedup',
      game: game.id,
      rules: run.rules,
      levelsJson: group.map((c) => c.levelJson),
      slots: group.map((c) => c.slot),
      reach,
    },
  };
}

/**
 * One window of a run's pass planned before its pools are made: its focus slots, and the
 * slots (`from`..`to`) whose candidates it compares them with, all stored before it can run.
 */
export interface PassWindow {
  focus: number[];
  from: number;
  to: number;
}

/**
 * A run's pass cut into windows from its plan's pool sizes (not from what generation proved),
 * so each can start the moment its slots are stored. The pairs are the same however the slots
 * are cut (each focus slot's pairs are found in its own window), so the cut only sets how soon
 * work can start and how many levels are sent twice. TASKS_PER_WORKER windows per worker as in
 * a pass after generation, plus as many again at the end, cut finer: the last windows become
 * ready only when generation ends, and small ones there leave both workers less to wait for.
 */
export function passWindows(
  game: AnyGame,
  run: { plan: unknown },
  sizes: readonly number[],
  workers: number,
  dedupWindow?: number,
): PassWindow[] {
  const ahead = (slot: number): number => dedupWindow ?? game.dedupSlotsAhead?.(run.plan, slot) ?? 2;
  const slots = sizes.flatMap((count, slot) => (count > 0 ? [{ slot, count }] : []));
  const total = slots.reduce((n, s) => n + s.count, 0);
  const target = chunkTarget(total, workers);
  // The last share of the slots (one target's worth per worker) is cut in quarters.
  let tailFrom = slots.length;
  for (let n = 0; tailFrom > 0 && n < target * Math.max(1, workers);) n += slots[--tailFrom]!.count;
  const chunks = [
    ...focusChunks(slots.slice(0, tailFrom), target),
    ...focusChunks(slots.slice(tailFrom), Math.max(1, Math.ceil(target / 4))),
  ];
  const lastSlot = sizes.length - 1;
  return chunks.map((focus) => ({
    focus,
    from: focus[0]!,
    to: Math.min(lastSlot, Math.max(...focus.map((s) => s + ahead(s)))),
  }));
}

/** A window's worker task from the candidates stored now (null: its slots proved none). */
export function windowTask(
  db: Db,
  game: AnyGame,
  run: { id: number; plan: unknown; rules: unknown },
  window: PassWindow,
  dedupWindow?: number,
): PassTask | null {
  const ahead = (slot: number): number => dedupWindow ?? game.dedupSlotsAhead?.(run.plan, slot) ?? 2;
  const group = provenCandidateTexts(db, run.id, false, { from: window.from, to: window.to });
  const proven = new Set(group.map((c) => c.slot));
  const focus = window.focus.filter((s) => proven.has(s));
  return focus.length > 0 ? passTask(game, run, focus, ahead, group) : null;
}

/** A window's pairs as stored pairs (the task's level numbers made candidate ids). */
export function windowPairs(t: PassTask, pairs: WorkerResult<DedupTask>): NewPair[] {
  return pairs.map((p) => ({
    a: t.ids[p.a]!,
    b: t.ids[p.b]!,
    rule: p.rule,
    transform: p.transform,
    share: p.share,
  }));
}

/** The pass's pairs stored in their fixed order (so they never depend on worker timing). */
export function storePassPairs(db: Db, runId: number, found: NewPair[]): void {
  found.sort((x, y) => x.a - y.a || x.b - y.b);
  replacePairs(db, runId, found);
}

/**
 * A top-up's part of the pass: the pairs of its new candidates (`added`) with every candidate
 * of their window, exactly the pairs a whole pass over the grown pools finds with them (the
 * focus slots are every slot whose reach takes in a topped-up one, and the topped-up ones),
 * added to the run's stored pairs (the rest are unchanged: a pair depends on its two levels only).
 */
export async function topUpPairPass(
  ctx: NearDuplicateContext,
  game: AnyGame,
  run: { id: number; plan: unknown; rules: unknown },
  job: ScheduledRun,
  toppedSlots: readonly number[],
  added: ReadonlySet<number>,
): Promise<void> {
  const { db, pool } = ctx;
  const signal = job.signal;
  const ahead = (slot: number): number => ctx.dedupWindow ?? game.dedupSlotsAhead?.(run.plan, slot) ?? 2;
  const topped = new Set(toppedSlots);
  const focus = new Set<number>(topped);
  const lowest = Math.min(...toppedSlots);
  const highest = Math.max(...toppedSlots);
  // A slot before a topped-up one reaches it when its window does (windows are a few slots).
  for (let s = Math.max(0, lowest - 64); s < highest; s++)
    for (let t = s + 1; t <= s + ahead(s); t++) if (topped.has(t)) focus.add(s);
  const tasks = passTasks(db, game, run, pool.size, ctx.dedupWindow, focus);
  const found: NewPair[] = [];
  let done = 0;
  await job.throughSlots(tasks, async ({ task, ids }) => {
    const pairs = await pool.run(task, signal);
    for (const p of pairs) {
      const a = ids[p.a]!,
        b = ids[p.b]!;
      if (added.has(a) || added.has(b))
        found.push({ a, b, rule: p.rule, transform: p.transform, share: p.share });
    }
    ctx.progress.emit(run.id, 'running', 'near-duplicates', ++done, tasks.length, 0, null, []);
  });
  if (signal.aborted) return;
  const all = [...storedPairs(db, run.id).filter((p) => !added.has(p.a) && !added.has(p.b)), ...found];
  all.sort((x, y) => x.a - y.a || x.b - y.b);
  replacePairs(db, run.id, all);
}
