/** Shared helpers for ordering curves: straight-line targets and step statistics. */

/** Value at position i (0-based) of n on a straight line from `from` to `to`. */
export function linearTarget(from: number, to: number, i: number, n: number): number {
  if (n <= 1) return from;
  return from + ((to - from) * i) / (n - 1);
}

export interface StepStats {
  /** Largest rise between neighbours (negative when the curve only falls). */
  largestStep: number;
  /** 1-based level index where the largest step lands (the later level). */
  largestStepAt: number;
  /** Smallest step (negative means a level is easier than the one before). */
  smallestStep: number;
  /** Longest run of equal consecutive values. */
  longestEqualRun: number;
  /** Population standard deviation of the steps. */
  stepSpread: number;
}

export function stepStats(values: readonly number[], eps = 1e-9): StepStats {
  let largestStep = -Infinity,
    largestStepAt = 0,
    smallestStep = Infinity;
  let run = 1,
    longestEqualRun = values.length > 0 ? 1 : 0;
  const steps: number[] = [];
  for (let i = 1; i < values.length; i++) {
    const s = (values[i] as number) - (values[i - 1] as number);
    steps.push(s);
    if (s > largestStep) {
      largestStep = s;
      largestStepAt = i + 1;
    }
    if (s < smallestStep) smallestStep = s;
    run = Math.abs(s) <= eps ? run + 1 : 1;
    if (run > longestEqualRun) longestEqualRun = run;
  }
  const mean = steps.reduce((a, b) => a + b, 0) / Math.max(1, steps.length);
  const spread = Math.sqrt(steps.reduce((a, s) => a + (s - mean) ** 2, 0) / Math.max(1, steps.length));
  return {
    largestStep: steps.length ? largestStep : 0,
    largestStepAt,
    smallestStep: steps.length ? smallestStep : 0,
    longestEqualRun,
    stepSpread: spread,
  };
}
