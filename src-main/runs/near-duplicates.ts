/**
 * The near-duplicate pass of a run: each slot's proven candidates are compared, on the worker
 * pool, with each other and with the next slots the game asks for (several slots per task);
 * the pairs found replace the run's stored pairs (in a fixed order, so the result never
 * depends on worker timing or on how the slots were split into tasks).
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
import type { DedupTask } from '../jobs/tasks';
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
    const reach: Record<number, number> = {};
    for (const slot of focus) reach[slot] = slot + ahead(slot);
    const last = Math.max(...focus.map((s) => reach[s]!));
    const group = slotList.filter((s) => s >= focus[0]! && s <= last).flatMap((s) => bySlot.get(s)!);
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
  });
}

export async function nearDuplicatePass(
  ctx: NearDuplicateContext,
  game: AnyGame,
  run: { id: number; plan: unknown; rules: unknown },
  job: ScheduledRun,
): Promise<void> {
  const { db, pool } = ctx;
  const signal = job.signal;
  const tasks = passTasks(db, game, run, pool.size, ctx.dedupWindow);
  const slotsTotal = tasks.reduce((n, t) => n + t.focus.length, 0);
  const found: NewPair[] = [];
  let done = 0;
  // The pass's own count from its start (the pipeline's first event only names the phase).
  ctx.progress.emit(run.id, 'running', 'near-duplicates', 0, slotsTotal, 0, null, []);
  await job.throughSlots(tasks, async ({ focus, task, ids }) => {
    const pairs = await pool.run(task, signal);
    for (const p of pairs)
      found.push({ a: ids[p.a]!, b: ids[p.b]!, rule: p.rule, transform: p.transform, share: p.share });
    done += focus.length;
    ctx.progress.emit(run.id, 'running', 'near-duplicates', done, slotsTotal, 0, null, []);
  });
  if (signal.aborted) return;
  found.sort((x, y) => x.a - y.a || x.b - y.b);
  replacePairs(db, run.id, found);
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
