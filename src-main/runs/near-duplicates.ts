/**
 * The near-duplicate pass of a run: each slot's proven candidates are compared, on the worker
 * pool, with each other and with the next slots the game asks for; the pairs found replace
 * the run's stored pairs (in a fixed order, so the result never depends on worker timing).
 */
import type { AnyGame } from '../../src-shared/game';
import type { Db } from '../store/db';
import { provenCandidates } from '../store/candidates';
import { replacePairs, type NewPair } from '../store/duplicates';
import type { WorkerPool } from '../jobs/pool';
import type { RunProgressTracker } from '../jobs/progress';
import type { ScheduledRun } from '../jobs/scheduler';

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
  const cands = provenCandidates(db, runId);
  const bySlot = new Map<number, typeof cands>();
  for (const c of cands) {
    const list = bySlot.get(c.slot);
    if (list) list.push(c);
    else bySlot.set(c.slot, [c]);
  }
  const slotList = [...bySlot.keys()].sort((a, b) => a - b);
  const found: NewPair[] = [];
  let done = 0;
  await job.throughSlots(slotList, async (slot) => {
    // Compare this slot's candidates with each other and with the next slots the game asks for.
    const group = [slot, ...Array.from({ length: ahead(slot) }, (_, k) => slot + k + 1)].flatMap((s) => bySlot.get(s) ?? []);
    const focus = group.map((c, i) => (c.slot === slot ? i : -1)).filter((i) => i >= 0);
    const pairs = await pool.run({ kind: 'dedup', game: game.id, rules, levels: group.map((c) => c.level), focus }, signal);
    for (const p of pairs) found.push({ a: group[p.a]!.id, b: group[p.b]!.id, rule: p.rule, transform: p.transform, share: p.share });
    done++;
    ctx.progress.emit(runId, 'running', 'near-duplicates', done, slotList.length, 0, null, []);
  });
  if (signal.aborted) return;
  found.sort((x, y) => x.a - y.a || x.b - y.b);
  replacePairs(db, runId, found);
}
