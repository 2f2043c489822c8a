/**
 * The near-duplicate pass of a run: each slot's proven candidates are compared, on the worker
 * pool, with each other and with the next slots the game asks for (several slots per task);
 * the pairs found replace the run's stored pairs (in a fixed order, so the result never
 * depends on worker timing or on how the slots were split into tasks).
 */
import type { AnyGame } from '../../src-shared/game';
import type { Db } from '../store/db';
import { provenCandidateTexts } from '../store/candidates';
import { replacePairs, type NewPair } from '../store/duplicates';
import type { WorkerPool } from '../jobs/pool';
import type { RunProgressTracker } from '../jobs/progress';
import type { ScheduledRun } from '../jobs/scheduler';

/** Candidates of focus slots one near-duplicate task covers (about). */
const CHUNK_CANDIDATES = 96;

export interface NearDuplicateContext {
  db: Db;
  pool: WorkerPool;
  progress: RunProgressTracker;
  /** Slots on each side a candidate is compared with (default: the game's own, else 2). */
  dedupWindow?: number;
}

export async function nearDuplicatePass(ctx: NearDuplicateContext, game: AnyGame, run: { id: number; plan: unknown; rules: unknown }, job: ScheduledRun): Promise<void> {
  const { db, pool } = ctx;
  const { id: runId, plan, rules } = run;
  const signal = job.signal;
  const ahead = (slot: number): number => ctx.dedupWindow ?? game.dedupSlotsAhead?.(plan, slot) ?? 2;
  // Levels as their stored text: parsed in the workers, never on the main thread.
  const cands = provenCandidateTexts(db, runId);
  const bySlot = new Map<number, typeof cands>();
  for (const c of cands) {
    const list = bySlot.get(c.slot);
    if (list) list.push(c);
    else bySlot.set(c.slot, [c]);
  }
  const slotList = [...bySlot.keys()].sort((a, b) => a - b);
  // Focus slots in chunks of about CHUNK_CANDIDATES candidates: each task compares its focus
  // slots' candidates with each other and with the next slots the game asks for, so a level
  // crosses to a worker (and is prepared there) about once rather than once per slot reaching it.
  const chunks: number[][] = [];
  let chunk: number[] = [], size = 0;
  for (const slot of slotList) {
    chunk.push(slot);
    size += bySlot.get(slot)!.length;
    if (size >= CHUNK_CANDIDATES) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length) chunks.push(chunk);
  const found: NewPair[] = [];
  let done = 0;
  await job.throughSlots(chunks, async (focus) => {
    const reach: Record<number, number> = {};
    for (const slot of focus) reach[slot] = slot + ahead(slot);
    const last = Math.max(...focus.map((s) => reach[s]!));
    const group = slotList.filter((s) => s >= focus[0]! && s <= last).flatMap((s) => bySlot.get(s)!);
    const pairs = await pool.run({ kind: 'dedup', game: game.id, rules, levelsJson: group.map((c) => c.levelJson), slots: group.map((c) => c.slot), reach }, signal);
    for (const p of pairs) found.push({ a: group[p.a]!.id, b: group[p.b]!.id, rule: p.rule, transform: p.transform, share: p.share });
    done += focus.length;
    ctx.progress.emit(runId, 'running', 'near-duplicates', done, slotList.length, 0, null, []);
  });
  if (signal.aborted) return;
  found.sort((x, y) => x.a - y.a || x.b - y.b);
  replacePairs(db, runId, found);
}
