/**
 * The curve rules every game's order obeys, in one generic shape: difficulty never falls,
 * an optional largest step, an optional longest run of equal levels. Each Game states its
 * own limits (Game.curveRules); the steered ordering and the curve's break marks read them.
 */

export interface CurveRules {
  /** Largest allowed rise between neighbouring levels, or null for no limit. */
  maxStep: number | null;
  /** Longest allowed run of levels with equal difficulty, or null for no limit. */
  maxEqualRun: number | null;
}

export type CurveRule = 'fell' | 'step' | 'equal-run';

/** One rule broken between two levels (1-based, from < to), and by how much. */
export interface CurveBreak {
  rule: CurveRule;
  from: number;
  to: number;
  by: number;
  message: string;
}

export const EPS = 1e-9;

const fmt = (x: number): string => String(Math.round(x * 1000) / 1000);

/** Every break of a curve (null = an unfilled level: neighbours across it are not compared). */
export function curveBreaks(values: readonly (number | null)[], rules: CurveRules): CurveBreak[] {
  const out: CurveBreak[] = [];
  let run = 1;
  for (let i = 1; i < values.length; i++) {
    const a = values[i - 1],
      b = values[i];
    if (a === null || a === undefined || b === null || b === undefined) {
      run = 1;
      continue;
    }
    const from = i,
      to = i + 1;
    if (b < a - EPS)
      out.push({
        rule: 'fell',
        from,
        to,
        by: a - b,
        message: `difficulty fell from ${fmt(a)} to ${fmt(b)} between levels ${from} and ${to} (by ${fmt(a - b)})`,
      });
    if (rules.maxStep !== null && b - a > rules.maxStep + EPS) {
      out.push({
        rule: 'step',
        from,
        to,
        by: b - a - rules.maxStep,
        message: `a step of ${fmt(b - a)} between levels ${from} and ${to}, more than the allowed ${fmt(rules.maxStep)} (by ${fmt(b - a - rules.maxStep)})`,
      });
    }
    run = Math.abs(b - a) <= EPS ? run + 1 : 1;
    if (rules.maxEqualRun !== null && run === rules.maxEqualRun + 1) {
      // One mark per run, when it first goes over; `by` grows if the run goes on.
      let end = i + 1;
      while (end < values.length && values[end] !== null && Math.abs((values[end] as number) - b) <= EPS)
        end++;
      const len = end - (i - rules.maxEqualRun);
      out.push({
        rule: 'equal-run',
        from: end - len + 1,
        to: end,
        by: len - rules.maxEqualRun,
        message: `${len} equal levels in a row (${end - len + 1}–${end}), more than the allowed ${rules.maxEqualRun} (by ${len - rules.maxEqualRun})`,
      });
    }
  }
  return out;
}
