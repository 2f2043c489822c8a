/**
 * The figures an experiment's results are made of: quartiles and whiskers of a distribution
 * (box plots), median and range over seeds, and the paired per-seed decision of whether a
 * variant's difference from the base is real (docs/experiments.md says how). Pure.
 */

export interface BoxStats {
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  /** Tukey's whiskers: the furthest values within 1.5 × IQR of the box. */
  whiskerLow: number;
  whiskerHigh: number;
}

/** The q-quantile (0..1) of sorted values, linear between neighbours (R's type 7). */
function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos),
    hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function median(values: readonly number[]): number {
  return quantileSorted(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** Box-plot figures of a sample; null for an empty one. */
export function boxStats(values: readonly number[]): BoxStats | null {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const q1 = quantileSorted(s, 0.25),
    q3 = quantileSorted(s, 0.75);
  const fence = 1.5 * (q3 - q1);
  const whiskerLow = s.find((v) => v >= q1 - fence) ?? s[0]!;
  const whiskerHigh = [...s].reverse().find((v) => v <= q3 + fence) ?? s[s.length - 1]!;
  return {
    n: s.length,
    min: s[0]!,
    q1,
    median: quantileSorted(s, 0.5),
    q3,
    max: s[s.length - 1]!,
    whiskerLow,
    whiskerHigh,
  };
}

export interface MedianRange {
  median: number;
  min: number;
  max: number;
}

/** Median and range of per-seed figures (NaN ones, e.g. a level the set lacks, left out); null when none is known. */
export function medianRange(values: readonly number[]): MedianRange | null {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  return { median: quantileSorted(s, 0.5), min: s[0]!, max: s[s.length - 1]! };
}

/**
 * A variant's change from its base as the results show it: the median (and range) of the
 * per-seed changes, variant minus base on the same seed. It is not the gap between the two
 * medians shown beside it, which come from different seeds and can even point the other way
 * (base 1, 2, 3, 4, 100, 101, 102 and variant 2, 3, 4, 5, 0, 0, 0: every change but three is +1,
 * so the median change is +1, while the medians fall from 4 to 2). The paired change is the one
 * the sign test judges, so it is the one shown.
 */
export interface SeedChange extends MedianRange {
  /** Seeds with the figure on both sides (the changes the median is taken over). */
  seeds: number;
  /** The gap between the two medians (variant's median minus base's), for reference. */
  mediansGap: number | null;
  /** True when the median change and the medians' gap point opposite ways (each beyond 1e-9). */
  opposite: boolean;
}

/** What the change column holds, in a sentence (the CLI's footnote, the JSON, the screen's legend). */
export const CHANGE_MEANS =
  'Change: the median of the per-seed changes (the variant’s figure minus the base’s on the same seed), over the seeds where both have the figure; not the gap between the two medians shown beside it, which come from different seeds and can even point the other way.';

/** The per-seed changes of paired figures (`base[i]`, `variant[i]` the same seed's), summed up; null when no seed has both. */
export function seedChange(base: readonly number[], variant: readonly number[]): SeedChange | null {
  const changes: number[] = [];
  for (let i = 0; i < Math.min(base.length, variant.length); i++) {
    const a = base[i]!,
      b = variant[i]!;
    if (Number.isFinite(a) && Number.isFinite(b)) changes.push(b - a);
  }
  const r = medianRange(changes);
  if (!r) return null;
  const mb = medianRange(base),
    mv = medianRange(variant);
  const mediansGap = mb && mv ? mv.median - mb.median : null;
  const sign = (v: number): number => (Math.abs(v) <= 1e-9 ? 0 : Math.sign(v));
  return {
    ...r,
    seeds: changes.length,
    mediansGap,
    opposite: mediansGap !== null && sign(r.median) * sign(mediansGap) < 0,
  };
}

/** The significance level of the paired sign test (two-sided). */
export const SIGN_TEST_LEVEL = 0.05;

export interface PairedDecision {
  /** True when the variant differs from the base in the same direction on enough seeds (sign test at SIGN_TEST_LEVEL). */
  real: boolean;
  /** Which way the variant moved the figure on most seeds ('same' when as many up as down). */
  direction: 'higher' | 'lower' | 'same';
  /** Seeds where the variant's figure is above, below, equal to the base's (seeds missing either side are left out). */
  higher: number;
  lower: number;
  ties: number;
  /** Two-sided exact sign-test p-value over the seeds that differ (1 when none do). */
  p: number;
  /** The decision in words: "higher on 8 of 8 seeds (sign test p = 0.008 ≤ 0.05)". */
  why: string;
}

/** P(X ≤ k) for X ~ Binomial(n, 1/2). */
function binomialCdfHalf(k: number, n: number): number {
  let sum = 0,
    c = 1;
  for (let i = 0; i <= k; i++) {
    sum += c;
    c = (c * (n - i)) / (i + 1);
  }
  return sum / 2 ** n;
}

/** Exact two-sided sign test: the chance of a split at least this lopsided if up and down were equally likely. */
export function signTestP(higher: number, lower: number): number {
  const n = higher + lower;
  if (n === 0) return 1;
  return Math.min(1, 2 * binomialCdfHalf(Math.min(higher, lower), n));
}

/**
 * The fewest seeds with which the sign test at `level` can call a change real at all: every
 * seed moving the same way, 2 · 2^-n ≤ level (6 at 0.05; with 5 the best p is 0.0625). Fewer
 * seeds never decide, whatever the figures.
 */
export function minSeedsToDecide(level: number = SIGN_TEST_LEVEL): number {
  let n = 1;
  while (signTestP(n, 0) > level) n++;
  return n;
}

const fmtP = (p: number): string => (p < 0.001 ? '< 0.001' : `= ${p.toFixed(3)}`);

/**
 * The paired comparison of a variant with its base, seed by seed: `base[i]` and `variant[i]`
 * are the same seed's figure. Differences within `tolerance` count as ties (a figure measured
 * in whole reads ties on equal reads; bits are compared to 1e-9).
 */
export function pairedDecision(
  base: readonly number[],
  variant: readonly number[],
  tolerance = 1e-9,
): PairedDecision {
  let higher = 0,
    lower = 0,
    ties = 0;
  for (let i = 0; i < Math.min(base.length, variant.length); i++) {
    const a = base[i]!,
      b = variant[i]!;
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    if (Math.abs(b - a) <= tolerance) ties++;
    else if (b > a) higher++;
    else lower++;
  }
  const p = signTestP(higher, lower);
  const real = higher + lower > 0 && p <= SIGN_TEST_LEVEL;
  const direction = higher > lower ? 'higher' : lower > higher ? 'lower' : 'same';
  const seeds = higher + lower + ties;
  const why =
    seeds === 0
      ? 'no seed has this figure on both sides'
      : higher + lower === 0
        ? `the same on all ${seeds} seed${seeds === 1 ? '' : 's'}`
        : `${direction === 'same' ? `higher on ${higher}, lower on ${lower}` : `${direction} on ${Math.max(higher, lower)}`} of ${seeds} seed${seeds === 1 ? '' : 's'}${direction !== 'same' && Math.min(higher, lower) > 0 ? ` (${Math.min(higher, lower)} the other way)` : ''}${ties ? `, ${ties} equal` : ''} (sign test p ${fmtP(p)} ${real ? '≤' : '>'} ${SIGN_TEST_LEVEL})`;
  return { real, direction, higher, lower, ties, p, why };
}
