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

const BOOTSTRAP_RESAMPLES = 1000;

/**
 * Average ranks of a resample given as counts of each original point: `order` lists the
 * points by value, so one walk gives every rank (equal values, and repeats of one point,
 * share the mean of the ranks they fill). The same ranks as ranks() of the expanded resample.
 */
function ranksByCount(
  order: Int32Array,
  values: readonly number[],
  counts: Int32Array,
  out: Float64Array,
): void {
  const n = order.length;
  let filled = 0;
  for (let i = 0; i < n;) {
    let j = i;
    let c = counts[order[i]!]!;
    while (j + 1 < n && values[order[j + 1]!] === values[order[i]!]) c += counts[order[++j]!]!;
    const r = filled + (c + 1) / 2;
    for (let k = i; k <= j; k++) out[order[k]!] = r;
    filled += c;
    i = j + 1;
  }
}

const sortedOrder = (v: readonly number[]): Int32Array =>
  Int32Array.from(v.map((_, i) => i).sort((a, b) => v[a]! - v[b]!));

/**
 * Percentile bootstrap 95 % interval of Spearman's rho: resample the pairs with replacement
 * `resamples` times from streamFor(seed, n); resamples where a side does not vary are left
 * out. Each resample is kept as counts per point, so its ranks take one walk, not a sort.
 */
export function spearmanInterval(
  x: readonly number[],
  y: readonly number[],
  seed: number,
  resamples = BOOTSTRAP_RESAMPLES,
): { low: number; high: number } {
  const rng = streamFor(seed, x.length);
  const n = x.length;
  const ox = sortedOrder(x);
  const oy = sortedOrder(y);
  const counts = new Int32Array(n);
  const rx = new Float64Array(n);
  const ry = new Float64Array(n);
  const rhos: number[] = [];
  for (let b = 0; b < resamples; b++) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[rng.int(n)]!++;
    ranksByCount(ox, x, counts, rx);
    ranksByCount(oy, y, counts, ry);
    // Pearson of the ranks, each point weighted by how often it was drawn (the mean rank is (n + 1) / 2).
    const m = (n + 1) / 2;
    let sxy = 0,
      sxx = 0,
      syy = 0;
    for (let k = 0; k < n; k++) {
      const c = counts[k]!;
      if (c === 0) continue;
      const dx = rx[k]! - m,
        dy = ry[k]! - m;
      sxy += c * dx * dy;
      sxx += c * dx * dx;
      syy += c * dy * dy;
    }
    if (sxx > 0 && syy > 0) rhos.push(sxy / Math.sqrt(sxx * syy));
  }
  if (rhos.length === 0) return { low: NaN, high: NaN };
  rhos.sort((a, b) => a - b);
  const at = (q: number): number =>
    rhos[Math.min(rhos.length - 1, Math.max(0, Math.round(q * (rhos.length - 1))))]!;
  return { low: at(0.025), high: at(0.975) };
}
