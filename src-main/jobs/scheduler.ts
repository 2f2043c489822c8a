/**
 * The run scheduler: the queue of runs, which of them run now, the worker pool's room shared
 * between them, and the leases that say this process holds them. It knows nothing of what a
 * run does: each run it starts is handed to `execute` (the run pipeline, runs/pipeline.ts)
 * with a ScheduledRun, its cancel signal and its share of the pool.
 *
 * One run generates at a time unless the pool has room: a run "demands" the pool until it has
 * handed out its last generation batch; then the next queued run starts and takes the room
 * the first leaves (its last batches, its finishing passes), the first always served first
 * (see slots.ts).
 *
 * Each queued or running run is held by this scheduler's lease (store/leases.ts), renewed on
 * a heartbeat; the same heartbeat marks runs of dead owners interrupted, and stops a run
 * whose row was deleted or whose lease was taken over under it (its waiters then reject).
 */
import { ApiError, type RunStatus, type RunSummary } from '../../src-shared/api';
import type { Db } from '../store/db';
import { getRun, setRunStatus } from '../store/runs';
import {
  claimLease,
  LEASE_TIMING,
  leaseAge,
  leaseOf,
  markInterrupted,
  newOwnerId,
  reclaimLease,
  releaseLease,
  renewLeases,
  type LeaseTiming,
} from '../store/leases';
import { createPoolSlots } from './slots';
import type { WorkerPool } from './pool';

/** The run's row was deleted, or another process took its lease, while this engine ran it. */
export class RunLostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunLostError';
  }
}

/** What a started run gets from the scheduler. */
export interface ScheduledRun {
  readonly runId: number;
  /** Aborts on cancel, on close, and when the run is lost (its reason is then a RunLostError). */
  readonly signal: AbortSignal;
  /** True once the scheduler is closing: a stop is then an interruption, not a cancel. */
  readonly closing: boolean;
  /** The run has handed out all its generation work: the pool's spare room may start the next one. */
  doneDemanding(): void;
  /**
   * fn over items, each holding one of the pool's slots while it runs; the first failure
   * stops handing out more and is thrown once the ones in flight have settled.
   */
  throughSlots<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<void>;
  /** Why the scheduler no longer holds the run (deleted, or taken over), or null while it does. */
  loss(): RunLostError | null;
  /** The run is gone from under the scheduler: its waiters learn why. */
  lost(error: RunLostError): void;
  /** Stop the run's work (its signal aborts with `reason`). */
  abort(reason: unknown): void;
  /** Tell listeners (and, for a final status, the waiters) the run's status changed. */
  changed(status: RunStatus): void;
}

export interface SchedulerOptions {
  db: Db;
  pool: WorkerPool;
  onChanged: (runId: number, status: RunStatus) => void;
  /** Run one started run to its end; resolves with the status it ended with (null: lost, nothing to tell). */
  execute: (run: ScheduledRun) => Promise<RunStatus | null>;
  /** Lease heartbeat and staleness (tests shorten them and move the clock). */
  lease?: Partial<LeaseTiming>;
}

export interface Scheduler {
  /** Queue a stored run; it starts when the pool is free. */
  enqueue(runId: number): void;
  /**
   * Stop a queued or running run; resolves once it has stopped and its status is stored (a
   * running run finishes the batches in flight first), so a reply read afterwards is true.
   * A run that is neither is refused in a sentence naming its status.
   */
  cancel(runId: number): Promise<void>;
  isActive(runId: number): boolean;
  /** Resolves when the run reaches done, failed or cancelled. */
  waitFor(runId: number): Promise<RunSummary>;
  /** Runs marked interrupted when the database was opened (after a crash). */
  readonly interruptedOnOpen: number[];
  /** This scheduler's lease owner id, and its lease clock. */
  readonly owner: string;
  readonly timing: LeaseTiming;
  /** Mark runs whose owner has died interrupted now (the heartbeat also does); returns their ids. */
  sweep(): number[];
  /** Why a run may not be touched: a sentence when another live process holds its lease, else null. */
  heldElsewhere(runId: number): string | null;
  close(): Promise<void>;
}

const terminal: RunStatus[] = ['done', 'failed', 'cancelled', 'interrupted', 'imported'];

interface ActiveRun {
  abort: AbortController;
  demanding: boolean;
  priority: number;
  /** Settles when the pipeline has ended the run (its status stored) and the scheduler forgot it. */
  ended: Promise<void>;
}

export function createScheduler(opts: SchedulerOptions): Scheduler {
  const { db, pool } = opts;
  const timing: LeaseTiming = { ...LEASE_TIMING, ...opts.lease };
  const owner = newOwnerId();
  const interruptedOnOpen = markInterrupted(db, timing);
  const queue: number[] = [];
  const active = new Map<number, ActiveRun>();
  let nextPriority = 0;
  // Two batches per worker in flight keeps every worker busy while results are stored.
  const slots = createPoolSlots(pool.size * 2);
  let closing = false;
  const waiters = new Map<number, { resolve: (r: RunSummary) => void; reject: (e: Error) => void }[]>();

  const changed = (runId: number, status: RunStatus): void => {
    opts.onChanged(runId, status);
    if (terminal.includes(status) && status !== 'interrupted') {
      const run = getRun(db, runId);
      for (const w of waiters.get(runId) ?? []) if (run) w.resolve(run);
      waiters.delete(runId);
    }
  };

  /** The run is gone from under this scheduler: its waiters learn why. */
  const lost = (runId: number, error: RunLostError): void => {
    for (const w of waiters.get(runId) ?? []) w.reject(error);
    waiters.delete(runId);
  };
  /**
   * Why this scheduler no longer holds a run it is working on, or null while it does. A run
   * another process marked interrupted while this one stalled (its heartbeat late), and that
   * nobody claimed since, is taken back here: every write of a run checks this first.
   */
  const lossOf = (runId: number): RunLostError | null => {
    const lease = leaseOf(db, runId);
    if (!lease)
      return new RunLostError(
        `run ${runId} was deleted from the database while it was being generated; nothing was written`,
      );
    if (lease.owner === null && (active.has(runId) || queue.includes(runId))) {
      const status = active.has(runId) ? 'running' : 'queued';
      if (reclaimLease(db, runId, owner, timing, status)) {
        opts.onChanged(runId, status);
        return null;
      }
    }
    if (lease.owner !== owner)
      return new RunLostError(
        `run ${runId} was taken over by another studio or CLI process (this one stopped renewing its lease); stopped here`,
      );
    return null;
  };
  const heldElsewhere = (runId: number): string | null => {
    const lease = leaseOf(db, runId);
    if (!lease || lease.owner === null || lease.owner === owner || lease.heartbeat === null) return null;
    if (timing.now() - lease.heartbeat >= timing.staleMs) return null;
    return `run ${runId} is being generated by another studio or CLI process (it renewed its lease ${leaseAge(lease, timing)} s ago); stop it there, or wait: a run whose process has died is marked interrupted within ${Math.round(timing.staleMs / 1000)} s`;
  };
  const sweep = (): number[] => {
    const ids = markInterrupted(db, timing, owner);
    for (const id of ids) opts.onChanged(id, 'interrupted');
    return ids;
  };
  /** The heartbeat: renew our leases, stop runs we lost, and mark dead owners' runs interrupted. */
  const beat = (): void => {
    if (closing) return;
    try {
      const held = renewLeases(db, owner, timing);
      // A run not renewed was deleted, taken over, or swept while this process stalled (then
      // lossOf takes it back).
      for (const [runId, entry] of active) {
        if (held.has(runId) || entry.abort.signal.aborted) continue;
        const loss = lossOf(runId);
        if (loss) entry.abort.abort(loss);
      }
      for (const runId of [...queue]) {
        if (held.has(runId)) continue;
        const loss = lossOf(runId);
        if (!loss) continue;
        queue.splice(queue.indexOf(runId), 1);
        lost(runId, loss);
      }
      sweep();
    } catch (e) {
      // A busy database (another writer past busy_timeout) skips one beat; the next one retries.
      console.warn(`run leases: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const heartbeat = setInterval(beat, timing.heartbeatMs);
  heartbeat.unref();

  const pump = (): void => {
    if (closing) return;
    if ([...active.values()].some((a) => a.demanding)) return;
    const next = queue.shift();
    if (next === undefined) return;
    let ended!: () => void;
    const entry: ActiveRun = {
      abort: new AbortController(),
      demanding: true,
      priority: nextPriority++,
      ended: new Promise<void>((r) => (ended = r)),
    };
    active.set(next, entry);
    void opts.execute(scheduled(next, entry)).then((status) => {
      // Forget the run before telling anyone, so a resume right after a cancel queues again.
      active.delete(next);
      if (status) releaseLease(db, next, owner);
      if (status) changed(next, status);
      ended();
      pump();
    });
  };

  const doneDemanding = (entry: ActiveRun): void => {
    if (!entry.demanding) return;
    entry.demanding = false;
    queueMicrotask(pump);
  };

  async function throughSlots<T>(
    items: readonly T[],
    entry: ActiveRun,
    fn: (item: T) => Promise<void>,
  ): Promise<void> {
    const signal = entry.abort.signal;
    const running: Promise<void>[] = [];
    let failed: { error: unknown } | null = null;
    try {
      for (const item of items) {
        if (signal.aborted || failed) break;
        const release = await slots.acquire(entry.priority, signal);
        running.push(
          fn(item)
            .catch((error: unknown) => {
              failed ??= { error };
            })
            .finally(release),
        );
      }
    } catch (e) {
      // Only a cancel interrupts waiting for a slot; the caller sees the aborted signal.
      if (!signal.aborted) throw e;
    }
    await Promise.all(running);
    if (failed) throw (failed as { error: unknown }).error;
  }

  function scheduled(runId: number, entry: ActiveRun): ScheduledRun {
    return {
      runId,
      signal: entry.abort.signal,
      get closing() {
        return closing;
      },
      doneDemanding: () => doneDemanding(entry),
      throughSlots: (items, fn) => throughSlots(items, entry, fn),
      loss: () => lossOf(runId),
      lost: (error) => lost(runId, error),
      abort: (reason) => entry.abort.abort(reason),
      changed: (status) => changed(runId, status),
    };
  }

  const isActive = (runId: number): boolean => active.has(runId) || queue.includes(runId);

  return {
    interruptedOnOpen,
    owner,
    timing,
    sweep,
    heldElsewhere,
    enqueue(runId) {
      if (active.has(runId) || queue.includes(runId)) return;
      const claim = claimLease(db, runId, owner, timing);
      if (!claim.ok) {
        if (claim.missing) throw new ApiError('not-found', `run ${runId} does not exist`);
        throw new ApiError(
          'conflict',
          heldElsewhere(runId) ?? `run ${runId} is held by another studio or CLI process`,
        );
      }
      queue.push(runId);
      setRunStatus(db, runId, 'queued', { error: null });
      changed(runId, 'queued');
      pump();
    },
    async cancel(runId) {
      const q = queue.indexOf(runId);
      if (q >= 0) {
        queue.splice(q, 1);
        setRunStatus(db, runId, 'cancelled');
        releaseLease(db, runId, owner);
        changed(runId, 'cancelled');
        return;
      }
      const running = active.get(runId);
      if (running) {
        // A second cancel while the first is still stopping waits for the same end.
        if (!running.abort.signal.aborted) running.abort.abort(new Error('cancelled'));
        return running.ended;
      }
      sweep();
      const run = getRun(db, runId);
      if (!run) throw new ApiError('not-found', `run ${runId} does not exist`);
      if (run.status === 'running' || run.status === 'queued') {
        throw new ApiError(
          'conflict',
          heldElsewhere(runId) ??
            `run ${runId} is being generated by another studio or CLI process; stop it there`,
        );
      }
      throw new ApiError(
        'conflict',
        `run ${runId} is ${run.status}; only a queued or running run can be cancelled`,
      );
    },
    isActive,
    waitFor(runId) {
      const run = getRun(db, runId);
      if (run && terminal.includes(run.status) && !isActive(runId)) return Promise.resolve(run);
      if (!run) return Promise.reject(new RunLostError(`run ${runId} does not exist`));
      return new Promise((resolve, reject) => {
        const list = waiters.get(runId) ?? [];
        list.push({ resolve, reject });
        waiters.set(runId, list);
      });
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      // Queued runs this scheduler never started are left for a resume, and their leases freed.
      for (const runId of queue.splice(0)) {
        if (lossOf(runId)) continue;
        setRunStatus(db, runId, 'interrupted', {
          error: 'the studio closed before this run started; resume it to carry on',
        });
        releaseLease(db, runId, owner);
      }
      if (active.size > 0) {
        for (const a of active.values()) a.abort.abort(new Error('closing'));
        await new Promise<void>((resolve) => {
          const t = setInterval(() => {
            if (active.size === 0) {
              clearInterval(t);
              resolve();
            }
          }, 10);
        });
      }
    },
  };
}
