/**
 * Runs as jobs: a run is split into (slot, index) jobs whose random streams depend only on
 * the run seed, the slot and the index; jobs go to the worker pool and finished candidates
 * are written in batched transactions. Cancel stops promptly, resume carries on from what
 * is stored, and a crash leaves the run marked interrupted on the next open. When the pools
 * are full the ordering pass and the near-duplicate pass run, then the run is done. Progress
 * names its phase and carries a weighted overall figure that never goes down; when the run
 * ends, its report (run-report.ts) is stored with it.
 * Each queued or running run is held by this engine's lease (store/leases.ts), renewed on a
 * heartbeat; the same heartbeat marks runs of dead owners interrupted, and stops a run whose
 * row was deleted or whose lease was taken over under it (its waiters then reject).
 */
import { performance } from 'node:perf_hooks';
import { ApiError, type RunPhaseProgress, type RunProgress, type RunStatus, type RunSummary } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/game';
import { gameById } from '../../src-shared/games/index';
import { overallProgress, progressMeter, RUN_PHASES, type PhaseWeights } from '../../src-shared/progress';
import type { Db } from '../store/db';
import { insertCandidates, provenCandidates, storedJobKeys, type NewCandidate } from '../store/candidates';
import { replacePairs, type NewPair } from '../store/duplicates';
import { getRun, setRunReport, setRunStatus } from '../store/runs';
import { claimLease, LEASE_TIMING, leaseAge, leaseOf, markInterrupted, newOwnerId, releaseLease, renewLeases, type LeaseTiming } from '../store/leases';
import type { RunReport } from '../../src-shared/run-report';
import { buildRunReport } from './run-report';
import { orderInWorkers, orderStoredPools } from './finish';
import { allJobs, batches, type JobRef } from './jobs';
import { createPoolSlots } from './slots';
import { planStages } from './plan-stages';
import type { WorkerPool } from './pool';
import type { GeneratedJob } from './tasks';
import { JOB_MS_METRIC } from './metrics';

export interface RunEngineOptions {
  db: Db;
  pool: WorkerPool;
  onProgress: (p: RunProgress) => void;
  onChanged: (runId: number, status: RunStatus) => void;
  /** Jobs per worker task (small keeps progress smooth and cancels prompt). */
  batchSize?: number;
  /** Slots on each side a candidate is compared with in the near-duplicate pass. */
  dedupWindow?: number;
  /** Lease heartbeat and staleness (tests shorten them and move the clock). */
  lease?: Partial<LeaseTiming>;
}

/** The run's row was deleted, or another process took its lease, while this engine ran it. */
export class RunLostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunLostError';
  }
}

export interface RunEngine {
  /** Queue a stored run; it starts when the pool is free. */
  enqueue(runId: number): void;
  cancel(runId: number): void;
  isActive(runId: number): boolean;
  /** Resolves when the run reaches done, failed or cancelled. */
  waitFor(runId: number): Promise<RunSummary>;
  /** Runs marked interrupted when the database was opened (after a crash). */
  readonly interruptedOnOpen: number[];
  /** This engine's lease owner id, and its lease clock. */
  readonly owner: string;
  readonly timing: LeaseTiming;
  /** Mark runs whose owner has died interrupted now (the heartbeat also does); returns their ids. */
  sweep(): number[];
  /** Why a run may not be touched: a sentence when another live process holds its lease, else null. */
  heldElsewhere(runId: number): string | null;
  readonly workers: number;
  /** Figures for summaries: proven and failed jobs, build tries, generation time, duplicate pairs. */
  runStats(runId: number): { proven: number; failed: number; tries: number; genSeconds: number; pairs: number };
  close(): Promise<void>;
}

const terminal: RunStatus[] = ['done', 'failed', 'cancelled', 'interrupted', 'imported'];

export function createRunEngine(opts: RunEngineOptions): RunEngine {
  const { db, pool } = opts;
  const timing: LeaseTiming = { ...LEASE_TIMING, ...opts.lease };
  const owner = newOwnerId();
  const interruptedOnOpen = markInterrupted(db, timing);
  const queue: number[] = [];
  /**
   * Runs being generated. One runs at a time unless the pool has room: a run "demands" the
   * pool until it has handed out its last generation batch; then the next queued run starts
   * and takes the room the first leaves (its last batches, its ordering and near-duplicate
   * passes), the first always served first (see slots.ts).
   */
  interface ActiveRun {
    abort: AbortController;
    demanding: boolean;
    priority: number;
  }
  const active = new Map<number, ActiveRun>();
  let nextPriority = 0;
  // Two batches per worker in flight keeps every worker busy while results are stored.
  const slots = createPoolSlots(pool.size * 2);
  let closing = false;
  const waiters = new Map<number, { resolve: (r: RunSummary) => void; reject: (e: Error) => void }[]>();
  /** Wall time of the generation phase per run, in this process. */
  const genMs = new Map<number, number>();

  const changed = (runId: number, status: RunStatus): void => {
    opts.onChanged(runId, status);
    if (terminal.includes(status) && status !== 'interrupted') {
      const run = getRun(db, runId);
      for (const w of waiters.get(runId) ?? []) if (run) w.resolve(run);
      waiters.delete(runId);
    }
  };

  /** The run is gone from under this engine: its waiters learn why. */
  const lost = (runId: number, error: RunLostError): void => {
    for (const w of waiters.get(runId) ?? []) w.reject(error);
    waiters.delete(runId);
  };
  /** Why this engine no longer holds a run it is working on, or null while it does. */
  const lossOf = (runId: number): RunLostError | null => {
    const lease = leaseOf(db, runId);
    if (!lease) return new RunLostError(`run ${runId} was deleted from the database while it was being generated; nothing was written`);
    if (lease.owner !== owner) return new RunLostError(`run ${runId} was taken over by another studio or CLI process (this one stopped renewing its lease); stopped here`);
    return null;
  };
  const heldElsewhere = (runId: number): string | null => {
    const lease = leaseOf(db, runId);
    if (!lease || lease.owner === null || lease.owner === owner || lease.heartbeat === null) return null;
    if (timing.now() - lease.heartbeat >= timing.staleMs) return null;
    return `run ${runId} is being generated by another studio or CLI process (it renewed its lease ${leaseAge(lease, timing)} s ago); stop it there, or wait: a run whose process has died is marked interrupted within ${Math.round(timing.staleMs / 1000)} s`;
  };
  const sweep = (): number[] => {
    const ids = markInterrupted(db, timing);
    for (const id of ids) opts.onChanged(id, 'interrupted');
    return ids;
  };
  /** The heartbeat: renew our leases, stop runs we lost, and mark dead owners' runs interrupted. */
  const beat = (): void => {
    if (closing) return;
    try {
      const held = renewLeases(db, owner, timing);
      for (const [runId, entry] of active) {
        if (held.has(runId) || entry.abort.signal.aborted) continue;
        entry.abort.abort(lossOf(runId) ?? new RunLostError(`run ${runId} lost its lease`));
      }
      for (const runId of [...queue]) {
        if (held.has(runId)) continue;
        queue.splice(queue.indexOf(runId), 1);
        lost(runId, lossOf(runId) ?? new RunLostError(`run ${runId} lost its lease`));
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
    const entry: ActiveRun = { abort: new AbortController(), demanding: true, priority: nextPriority++ };
    active.set(next, entry);
    void execute(next, entry).then((status) => {
      // Forget the run before telling anyone, so a resume right after a cancel queues again.
      active.delete(next);
      if (status) releaseLease(db, next, owner);
      if (status) changed(next, status);
      pump();
    });
  };

  /** The run has handed out all its generation work: the pool's spare room may start the next one. */
  const doneDemanding = (entry: ActiveRun): void => {
    if (!entry.demanding) return;
    entry.demanding = false;
    queueMicrotask(pump);
  };

  /**
   * fn over items, each holding one of the pool's slots while it runs; the first failure
   * stops handing out more and is thrown once the ones in flight have settled.
   */
  async function throughSlots<T>(items: readonly T[], entry: ActiveRun, fn: (item: T) => Promise<void>): Promise<void> {
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

  /** Run one queued run to its end; returns the status it ended with. */
  async function execute(runId: number, entry: ActiveRun): Promise<RunStatus | null> {
    const signal = entry.abort.signal;
    const run = getRun(db, runId);
    if (!run) {
      doneDemanding(entry);
      return null;
    }
    const game = gameById(run.game);
    const t0 = performance.now();
    const gone = lossOf(runId);
    if (gone) {
      doneDemanding(entry);
      lost(runId, gone);
      return null;
    }
    startTrack(runId, game.phaseWeights);
    setRunStatus(db, runId, 'running', { startedAt: new Date().toISOString(), error: null });
    changed(runId, 'running');
    try {
      const g0 = performance.now();
      await generatePools(game, run.id, run.seed, run.plan, run.rules, entry);
      genMs.set(runId, (genMs.get(runId) ?? 0) + performance.now() - g0);
      if (signal.aborted) throw signal.reason;
      emit(runId, 'running', 'order', 0, 1, 0, null, []);
      await orderStoredPools(db, game, run, 'automatic', orderInWorkers(pool, signal));
      if (signal.aborted) throw signal.reason;
      emit(runId, 'running', 'near-duplicates', 0, 1, 0, null, []);
      await dedupPass(game, run.id, run.plan, run.rules, entry);
      if (signal.aborted) throw signal.reason;
      const gone = lossOf(runId);
      if (gone) throw gone;
      setRunStatus(db, runId, 'done', { finishedAt: new Date().toISOString(), durationMs: performance.now() - t0 });
      emit(runId, 'done', 'done', 1, 1, 0, 0, []);
      storeReport(game, runId, 'done', null);
      return 'done';
    } catch (e) {
      // Deleted or taken over under us: write nothing more, and tell the waiters why.
      const gone = signal.reason instanceof RunLostError ? signal.reason : lossOf(runId);
      if (gone) {
        if (!signal.aborted) entry.abort.abort(gone);
        lost(runId, gone);
        return null;
      }
      if (signal.aborted) {
        const status: RunStatus = closing ? 'interrupted' : 'cancelled';
        setRunStatus(db, runId, status, { durationMs: performance.now() - t0, error: closing ? 'the studio closed during this run; resume it to carry on' : null });
        emit(runId, status, status, 0, 1, 0, null, []);
        storeReport(game, runId, status, closing ? 'the studio closed during this run; resume it to carry on' : 'cancelled; resume it to carry on');
        return status;
      }
      const message = e instanceof Error ? e.message : String(e);
      setRunStatus(db, runId, 'failed', { durationMs: performance.now() - t0, error: message });
      emit(runId, 'failed', 'failed', 0, 1, 0, null, []);
      storeReport(game, runId, 'failed', message);
      return 'failed';
    }
  }

  /** The run's report, stored with it when it ends; a report that cannot be built never fails the run. */
  function storeReport(game: AnyGame, runId: number, status: RunReport['status'], error: string | null): void {
    try {
      setRunReport(db, runId, buildRunReport(db, game, runId, status, phaseTimes(runId), error));
    } catch (e) {
      console.error(`run ${runId}: could not store its report:`, e);
    }
  }

  /**
   * Progress per run: the phase each event belongs to, when each phase started and ended, and
   * the overall figure, which only moves forward (a resumed run starts from where it was).
   */
  interface Track {
    overall: number;
    weights: PhaseWeights | undefined;
    phases: RunPhaseProgress[];
    current: RunPhaseProgress['name'] | null;
    startedAt: number;
  }
  const tracks = new Map<number, Track>();
  const workingPhases = RUN_PHASES.filter((p): p is RunPhaseProgress['name'] => p !== 'done');

  function startTrack(runId: number, weights: PhaseWeights | undefined): Track {
    const t: Track = { overall: tracks.get(runId)?.overall ?? 0, weights, phases: workingPhases.map((name) => ({ name, state: 'waiting', ms: null })), current: null, startedAt: 0 };
    tracks.set(runId, t);
    return t;
  }

  /** Close the running phase (its time) and open `next` (null: the run ended). */
  function enterPhase(t: Track, next: RunPhaseProgress['name'] | null): void {
    if (t.current === next) return;
    const now = performance.now();
    const cur = t.phases.find((p) => p.name === t.current);
    if (cur) {
      cur.state = 'done';
      cur.ms = Math.round(now - t.startedAt);
    }
    t.current = next;
    t.startedAt = now;
    const nxt = t.phases.find((p) => p.name === next);
    if (nxt) nxt.state = 'running';
  }

  function emit(runId: number, status: RunStatus, stage: string, done: number, total: number, rate: number, eta: number | null, stages: RunProgress['stages']): void {
    const t = tracks.get(runId) ?? startTrack(runId, undefined);
    const phase = workingPhases.find((p) => p === stage);
    if (phase) {
      enterPhase(t, phase);
      t.overall = Math.max(t.overall, overallProgress(phase, done, total, t.weights));
    } else if (stage === 'done') {
      enterPhase(t, null);
      t.overall = 1;
    } else if (t.current !== null) {
      // Cancelled, failed or interrupted: the phase stops where it was; the figure stays.
      const cur = t.phases.find((p) => p.name === t.current)!;
      cur.state = 'waiting';
      t.current = null;
    }
    opts.onProgress({ runId, status, stage, done, total, rate, etaSeconds: eta, stages, overall: t.overall, phases: t.phases.map((p) => ({ ...p })) });
  }

  /** How long each phase took in this process (for the run report). */
  function phaseTimes(runId: number): { name: RunPhaseProgress['name']; ms: number | null }[] {
    return (tracks.get(runId)?.phases ?? []).map((p) => ({ name: p.name, ms: p.ms }));
  }

  async function generatePools(game: AnyGame, runId: number, seed: number, plan: unknown, rules: unknown, entry: ActiveRun): Promise<void> {
    const signal = entry.abort.signal;
    const sizes = game.poolSizes(plan, rules);
    const stages = planStages(game, plan);
    const stored = storedJobKeys(db, runId);
    const all = allJobs(sizes);
    const missing: JobRef[] = all.filter((j) => !stored.has(`${j.slot}:${j.index}`));
    const stageDone = stages.map((s) => all.filter((j) => j.slot >= s.from && j.slot <= s.to && stored.has(`${j.slot}:${j.index}`)).length);
    const stageTotal = stages.map((s) => sizes.slice(s.from, s.to + 1).reduce((a, b) => a + b, 0));
    const stageOf = (slot: number): number => Math.max(0, stages.findIndex((s) => slot >= s.from && slot <= s.to));
    let done = all.length - missing.length;
    const meter = progressMeter(all.length, Date.now());
    meter.update(done, Date.now());
    let lastEmit = 0;
    const report = (force: boolean): void => {
      const now = Date.now();
      if (!force && now - lastEmit < 150) return;
      lastEmit = now;
      const snap = meter.update(done, now);
      emit(runId, 'running', 'generate', done, all.length, snap.rate, snap.etaSeconds,
        stages.map((s, i) => ({ name: s.name, done: stageDone[i]!, total: stageTotal[i]! })));
    };
    report(true);
    const difficultyKey = game.difficulty;
    const work = batches(missing, opts.batchSize ?? 4);
    let handedOut = 0;
    if (work.length === 0) doneDemanding(entry);
    await throughSlots(work, entry, async (batch) => {
      if (++handedOut === work.length) doneDemanding(entry);
      const out = (await pool.run({ kind: 'generate', game: game.id, rules, plan, seed, jobs: batch }, signal)) as GeneratedJob[];
      const rows: NewCandidate[] = out.map((j) => ({
        slot: j.slot,
        index: j.index,
        level: j.candidate.level,
        // The job's wall time rides along as a metric, so slow-to-prove candidates can be sorted out.
        metrics: j.candidate.level === null ? {} : { ...j.candidate.metrics, [JOB_MS_METRIC.key]: Math.round(j.ms * 100) / 100 },
        difficulty: j.candidate.level === null ? null : (j.candidate.metrics[difficultyKey] ?? null),
        proof: { tries: j.candidate.tries, ms: Math.round(j.ms * 100) / 100, ...(j.candidate.failure ? { failure: j.candidate.failure } : {}) },
      }));
      // A cancel that lands while a batch is in flight still keeps the finished candidates.
      insertCandidates(db, runId, rows);
      for (const j of out) stageDone[stageOf(j.slot)]!++;
      done += out.length;
      report(false);
    });
    report(true);
  }

  async function dedupPass(game: AnyGame, runId: number, plan: unknown, rules: unknown, entry: ActiveRun): Promise<void> {
    const signal = entry.abort.signal;
    const ahead = (slot: number): number => opts.dedupWindow ?? game.dedupSlotsAhead?.(plan, slot) ?? 2;
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
    await throughSlots(slotList, entry, async (slot) => {
      // Compare this slot's candidates with each other and with the next slots the game asks for.
      const group = [slot, ...Array.from({ length: ahead(slot) }, (_, k) => slot + k + 1)].flatMap((s) => bySlot.get(s) ?? []);
      const focus = group.map((c, i) => (c.slot === slot ? i : -1)).filter((i) => i >= 0);
      const pairs = await pool.run({ kind: 'dedup', game: game.id, rules, levels: group.map((c) => c.level), focus }, signal);
      for (const p of pairs) found.push({ a: group[p.a]!.id, b: group[p.b]!.id, rule: p.rule, transform: p.transform, share: p.share });
      done++;
      emit(runId, 'running', 'near-duplicates', done, slotList.length, 0, null, []);
    });
    if (signal.aborted) return;
    found.sort((x, y) => x.a - y.a || x.b - y.b);
    replacePairs(db, runId, found);
  }

  return {
    interruptedOnOpen,
    owner,
    timing,
    sweep,
    heldElsewhere,
    workers: pool.size,
    runStats(runId) {
      const r = db
        .prepare(
          `SELECT SUM(level IS NOT NULL) AS proven, SUM(level IS NULL) AS failed,
                  SUM(COALESCE(json_extract(proof, '$.tries'), 0)) AS tries, SUM(COALESCE(json_extract(proof, '$.ms'), 0)) AS ms,
                  (SELECT COUNT(*) FROM duplicate_pairs p WHERE p.run_id = @runId) AS pairs
           FROM candidates WHERE run_id = @runId`,
        )
        .get({ runId }) as { proven: number | null; failed: number | null; tries: number | null; ms: number | null; pairs: number };
      const wall = genMs.get(runId);
      return {
        proven: r.proven ?? 0,
        failed: r.failed ?? 0,
        tries: r.tries ?? 0,
        genSeconds: (wall ?? (r.ms ?? 0) / pool.size) / 1000,
        pairs: r.pairs,
      };
    },
    enqueue(runId) {
      if (active.has(runId) || queue.includes(runId)) return;
      const claim = claimLease(db, runId, owner, timing);
      if (!claim.ok) {
        if (claim.missing) throw new ApiError('not-found', `run ${runId} does not exist`);
        throw new ApiError('conflict', heldElsewhere(runId) ?? `run ${runId} is held by another studio or CLI process`);
      }
      queue.push(runId);
      setRunStatus(db, runId, 'queued', { error: null });
      changed(runId, 'queued');
      pump();
    },
    cancel(runId) {
      const q = queue.indexOf(runId);
      if (q >= 0) {
        queue.splice(q, 1);
        setRunStatus(db, runId, 'cancelled');
        releaseLease(db, runId, owner);
        changed(runId, 'cancelled');
        return;
      }
      const running = active.get(runId);
      if (running) running.abort.abort(new Error('cancelled'));
      else {
        sweep();
        const run = getRun(db, runId);
        const elsewhere = run && (run.status === 'running' || run.status === 'queued');
        throw new ApiError('conflict', elsewhere ? (heldElsewhere(runId) ?? `run ${runId} is being generated by another studio or CLI process; stop it there`) : `run ${runId} is not queued or running`);
      }
    },
    isActive: (runId) => active.has(runId) || queue.includes(runId),
    waitFor(runId) {
      const run = getRun(db, runId);
      if (run && terminal.includes(run.status) && !this.isActive(runId)) return Promise.resolve(run);
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
      // Queued runs this engine never started are left for a resume, and their leases freed.
      for (const runId of queue.splice(0)) {
        if (lossOf(runId)) continue;
        setRunStatus(db, runId, 'interrupted', { error: 'the studio closed before this run started; resume it to carry on' });
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
