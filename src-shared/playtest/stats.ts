/**
 * The statistics the Players report uses, pure and deterministic: medians, the median's
 * distribution-free 95 % interval, Spearman's rho with average ranks for ties, and its
 * bootstrap interval drawn from the studio's seeded PRNG (same data and seed, same figures).
 */
import { streamFor } from '../random/prng';

/** Median of a non-empty list (mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * 1-based ranks (j, n + 1 - j) of the sorted values bounding a 95 % interval for the median:
 * the largest j with P(Binomial(n, 1/2) < j) <= 2.5 %. Below 6 values no j reaches 95 %, and
 * the whole range (j = 1) is the widest interval there is.
 */
export function medianIntervalRanks(n: number): [number, number] {
  let j = 1;
  let below = 0; // P(X <= j - 1), X ~ Bin(n, 1/2)
  let term = Math.pow(0.5, n); // P(X = 0)
  for (let k = 0; k < n; k++) {
    below += term;
    if (below > 0.025) break;
    j = k + 1;
    term = (term * (n - k)) / (k + 1);
  }
  return [Math.min(j, n), Math.max(n + 1 - j, 1)];
}

/** Average ranks (1-based; ties share the mean of their ranks). */
export function ranks(values: readonly number[]): number[] {
  const idx = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const out = new Array<number>(values.length);
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (j + 1 < idx.length && values[idx[j + 1]!] === values[idx[i]!]) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) out[idx[k]!] = r;
    i = j + 1;
  }
  return out;
}

/** Pearson correlation; NaN when either side does not vary. */
function pearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  let mx = 0,
    my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0,
    sxx = 0,
    syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx,
      dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? NaN : sxy / Math.sqrt(sxx * syy);
}

/** Spearman's rho: the Pearson correlation of the average ranks. */
export function spearman(x: readonly number[], y: readonly number[]): number {
  return pearson(ranks(x), ranks(y));
}

export const BOOTSTRAP_RESAMPLES = 1000;

/**
 * Percentile bootstrap 95 % interval of Spearman's rho: resample the pairs with replacement
 * `resamples` times from streamFor(seed); resamples where a side does not vary are left out.
 */
export function spearmanInterval(
  x: readonly number[],
  y: readonly number[],
  seed: number,
  resamples = BOOTSTRAP_RESAMPLES,
): { low: number; high: number } {
  const rng = streamFor(seed, x.length);
  const n = x.length;
  const rhos: number[] = [];
  const bx = new Array<number>(n);
  const by = new Array<number>(n);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) {
      const k = rng.int(n);
      bx[i] = x[k]!;
      by[i] = y[k]!;
    }
    const r = spearman(bx, by);
    if (!Number.isNaN(r)) rhos.push(r);
  }
  if (rhos.length === 0) return { low: NaN, high: NaN };
  rhos.sort((a, b) => a - b);
  const at = (q: number): number =>
    rhos[Math.min(rhos.length - 1, Math.max(0, Math.round(q * (rhos.length - 1))))]!;
  return { low: at(0.025), high: at(0.975) };
}
