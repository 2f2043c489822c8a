/**
 * Progress reporting shared by runs, the CLI bar and the renderer: done/total, a rate
 * over a sliding window, and the time left; a run's named phases and its weighted overall
 * figure. The clock is passed in, so this stays pure.
 */
interface ProgressSnapshot {
  done: number;
  total: number;
  /** Items per second over the recent window; 0 until the first item is measured. */
  rate: number;
  /**
   * Seconds left at the current rate; null only until a rate is measured (the text says
   * "estimating…" then, and never again once it has a figure).
   */
  etaSeconds: number | null;
  elapsedSeconds: number;
}

export interface ProgressMeter {
  /** Record that `done` items are finished at time `nowMs`. */
  update(done: number, nowMs: number): ProgressSnapshot;
  setTotal(total: number): void;
}

/**
 * A meter from `startMs`, when `startDone` items were already finished (a resumed run's
 * stored candidates: they count toward done, never toward the rate). The rate is taken over
 * the last `windowMs`; a stall longer than the window falls back to the average since the
 * start, so an estimate once made stays a figure instead of going back to "estimating…".
 */
export function progressMeter(total: number, startMs: number, windowMs = 5000, startDone = 0): ProgressMeter {
  const samples: { t: number; done: number }[] = [{ t: startMs, done: startDone }];
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
      let rate = dt > 0 ? Math.max(0, done - first.done) / dt : 0;
      const sinceStart = (nowMs - startMs) / 1000;
      if (rate === 0 && done > startDone && sinceStart > 0) rate = (done - startDone) / sinceStart;
      const left = Math.max(0, tot - done);
      return {
        done,
        total: tot,
        rate,
        etaSeconds: left === 0 ? 0 : rate > 0 ? left / rate : null,
        elapsedSeconds: sinceStart,
      };
    },
  };
}

/**
 * The time left in words, as the Runs page, the experiment view and the CLI's bar say it:
 * "estimating…" until a rate is measured, then "40 s left", "3 min 5 s left".
 */
export function timeLeftText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return 'estimating…';
  if (seconds <= 0) return 'finishing';
  if (seconds < 1) return 'under a second left';
  if (seconds < 60) return `${Math.ceil(seconds)} s left`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${Math.round(seconds - m * 60)} s left`;
}

/** A rate in words: "45/s", "2.5/s", or "—/s" before one is measured. */
export function rateText(rate: number): string {
  return rate > 0 ? `${rate.toFixed(rate < 10 ? 1 : 0)}/s` : '—/s';
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
export function overallProgress(
  phase: RunPhase,
  done: number,
  total: number,
  weights: PhaseWeights = PHASE_WEIGHTS,
): number {
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

/** "overall 39 %": the whole run's (or experiment's) figure, 0..1, in whole percent (100 only when whole). */
export function overallText(overall: number): string {
  const pct = Math.floor(Math.min(1, Math.max(0, overall)) * 100 + 1e-9);
  return `overall ${pct} %`;
}

/**
 * A phase named with its own count, as the Runs page and the CLI print it: "generate 1,672 /
 * 1,920" (candidates), "near-duplicates 76 / 1,350 pools", "order" (one step, no count); a
 * phase whose count is not known yet (total 0) is named alone.
 */
export function phaseCountText(phase: string, done: number, total: number): string {
  const n = (x: number): string => x.toLocaleString('en');
  // A phase whose count is not known yet (total 0) is named alone.
  if (total <= 0) return phase;
  if (phase === 'generate') return `generate ${n(done)} / ${n(total)}`;
  if (phase === 'near-duplicates') return `near-duplicates ${n(done)} / ${n(total)} pools`;
  return phase;
}

/** "overall 39 % · generate 1,672 / 1,920": the overall figure and the phase's count, each named. */
export function progressLabel(overall: number, phase: string, done: number, total: number): string {
  return `${overallText(overall)} · ${phaseCountText(phase, done, total)}`;
}
