/**
 * Progress reporting shared by runs, the CLI bar and the renderer: done/total, a rate
 * over a sliding window, and the time left; a run's named phases and its weighted overall
 * figure. The clock is passed in, so this stays pure.
 */
export interface ProgressSnapshot {
  done: number;
  total: number;
  /** Items per second over the recent window (0 until two samples exist). */
  rate: number;
  /** Seconds left at the current rate, or null while unknown. */
  etaSeconds: number | null;
  elapsedSeconds: number;
}

export interface ProgressMeter {
  /** Record that `done` items are finished at time `nowMs`. */
  update(done: number, nowMs: number): ProgressSnapshot;
  setTotal(total: number): void;
}

export function progressMeter(total: number, startMs: number, windowMs = 5000): ProgressMeter {
  const samples: { t: number; done: number }[] = [{ t: startMs, done: 0 }];
  let tot = total;
  return {
    setTotal: (t) => {
      tot = t;
    },
    update: (done, nowMs) => {
      samples.push({ t: nowMs, done });
      while (samples.length > 2 && nowMs - (samples[1] as { t: number }).t > windowMs) samples.shift();
      const first = samples[0] as { t: number; done: number };
      const dt = (nowMs - first.t) / 1000;
      const rate = dt > 0 ? (done - first.done) / dt : 0;
      const left = Math.max(0, tot - done);
      return {
        done,
        total: tot,
        rate,
        etaSeconds: rate > 0 ? left / rate : left === 0 ? 0 : null,
        elapsedSeconds: (nowMs - startMs) / 1000,
      };
    },
  };
}

/** A run's phases, in the order they happen. */
export const RUN_PHASES = ['generate', 'order', 'near-duplicates', 'done'] as const;
export type RunPhase = (typeof RUN_PHASES)[number];

export type PhaseWeights = Record<Exclude<RunPhase, 'done'>, number>;

/**
 * Each working phase's share of a run's overall bar, when a game does not measure its own
 * (`Game.phaseWeights`, from the phase times its run reports store). The near-duplicate pass
 * is no small tail: on seed 7 it took about half of a run in both games.
 */
export const PHASE_WEIGHTS: PhaseWeights = {
  generate: 0.45,
  order: 0.1,
  'near-duplicates': 0.45,
};

/**
 * The overall figure (0..1) of a run in `phase` with `done` of `total` of that phase's work
 * finished: the weights of the phases before it plus its own share. 'done' is 1.
 */
export function overallProgress(phase: RunPhase, done: number, total: number, weights: PhaseWeights = PHASE_WEIGHTS): number {
  if (phase === 'done') return 1;
  const sum = weights.generate + weights.order + weights['near-duplicates'];
  let before = 0;
  for (const p of RUN_PHASES) {
    if (p === phase) break;
    before += weights[p as Exclude<RunPhase, 'done'>];
  }
  const share = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  return Math.min(1, (before + weights[phase] * share) / sum);
}
