/**
 * The phases of a run as a graph (phase-graph.ts), stated once:
 *
 *   generate                    → pool L, for every level slot L, as its last job is stored
 *   near-duplicates window W    needs pool L for every L in W's slots (its focus and what they reach)
 *   order                       needs every pool (a run with a scope, an experiment's quick run, is not ordered)
 *   pairs                       needs every near-duplicates window: stores the pass's pairs
 *
 * So the near-duplicate pass starts during generation, as soon as a window's slots are stored,
 * and the ordering search starts the moment the last pool is stored, beside the windows still
 * to do (it is one search, so one worker; the other keeps on with the pass). Every task goes
 * through the run's share of the pool (ScheduledRun.throughSlots), first run first, so when
 * this run has handed out its last generation batch the next queued run's generation fills
 * the room it leaves (jobs/scheduler.ts). Progress: each phase runs from its first task to its
 * last (RunProgressTracker, overlapping), so two phases can show as running at once.
 */
import { performance } from 'node:perf_hooks';
import type { AnyGame } from '../../src-shared/games/index';
import { scopedPoolSizes } from '../../src-shared/experiments/scope';
import type { Db } from '../store/db';
import { getRunScope } from '../store/runs';
import type { NewPair } from '../store/duplicates';
import type { WorkerPool } from '../jobs/pool';
import type { RunProgressTracker } from '../jobs/progress';
import type { ScheduledRun } from '../jobs/scheduler';
import { orderInWorkers, orderStoredPools } from './finish';
import { generatePools, type GenerateRun } from './generate-pools';
import { passWindows, storePassPairs, windowPairs, windowTask } from './near-duplicates';
import { runPhaseGraph, type PhaseNode } from './phase-graph';

export interface RunGraphContext {
  db: Db;
  pool: WorkerPool;
  /** The pipeline's tracker (it stores phase times as events pass). */
  progress: RunProgressTracker;
  batchSize: number;
  dedupWindow?: number;
  onStored: (ms: number) => void;
  /** Told the wall time of the generate phase when it ends. */
  onGenerated: (ms: number) => void;
}

const poolId = (slot: number): string => `pool ${slot}`;

/** Run a started run's phases to their end (the caller ends the run: done, cancelled, failed). */
export async function runRunGraph(
  ctx: RunGraphContext,
  game: AnyGame,
  run: GenerateRun & Parameters<typeof orderStoredPools>[2],
  job: ScheduledRun,
): Promise<void> {
  const { db, pool, progress } = ctx;
  const { signal } = job;
  const runId = run.id;
  const sizes = scopedPoolSizes(game.poolSizes(run.plan, run.rules), getRunScope(db, runId));
  const ordered = !getRunScope(db, runId);
  const windows = passWindows(game, run, sizes, pool.size, ctx.dedupWindow);
  const pools = sizes.map((_, slot) => poolId(slot));
  const slotsTotal = windows.reduce((n, w) => n + w.focus.length, 0);
  const found: NewPair[] = [];
  let slotsDone = 0;
  const stopIfAborted = (): void => {
    if (signal.aborted) throw signal.reason;
  };
  const passCount = (): void =>
    progress.emit(runId, 'running', 'near-duplicates', slotsDone, slotsTotal, 0, null, []);

  const nodes: PhaseNode[] = [
    {
      id: 'generate',
      needs: [],
      run: async (complete) => {
        const g0 = performance.now();
        await generatePools(
          {
            db,
            pool,
            progress,
            batchSize: ctx.batchSize,
            onStored: ctx.onStored,
            onSlotsComplete: (slots) => {
              for (const s of slots) complete(poolId(s));
            },
          },
          game,
          run,
          job,
        );
        ctx.onGenerated(performance.now() - g0);
        stopIfAborted();
        progress.endPhase(runId, 'generate');
      },
    },
    ...pools.map((id) => ({ id, needs: [] })),
    ...windows.map((w, i) => ({
      id: `near-duplicates ${i}`,
      needs: pools.slice(w.from, w.to + 1),
      run: async () => {
        stopIfAborted();
        passCount();
        const t = windowTask(db, game, run, w, ctx.dedupWindow);
        if (t)
          await job.throughSlots([t], async (task) => {
            found.push(...windowPairs(task, await pool.run(task.task, signal)));
          });
        stopIfAborted();
        slotsDone += w.focus.length;
        passCount();
      },
    })),
    ...(ordered
      ? [
          {
            id: 'order',
            needs: pools,
            run: async () => {
              stopIfAborted();
              progress.emit(runId, 'running', 'order', 0, 1, 0, null, []);
              await orderStoredPools(db, game, run, 'automatic', orderInWorkers(pool, signal));
              stopIfAborted();
              progress.emit(runId, 'running', 'order', 1, 1, 0, null, []);
              progress.endPhase(runId, 'order');
            },
          },
        ]
      : []),
    {
      id: 'pairs',
      needs: windows.map((_, i) => `near-duplicates ${i}`),
      run: async () => {
        stopIfAborted();
        // A pass with no window (no slots) still names its phase once.
        if (windows.length === 0) passCount();
        storePassPairs(db, runId, found);
        progress.endPhase(runId, 'near-duplicates');
      },
    },
  ];
  await runPhaseGraph(nodes);
}
