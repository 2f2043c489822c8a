/**
 * Progress reporting shared by runs, the CLI bar and the renderer: done/total, a rate
 * over a sliding window, and the time left. The clock is passed in, so this stays pure.
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
