import type { MetricInfo } from '../../../src-shared/game';

/** A metric value as the pool shows it: integers plain, others to two decimals. */
export function formatMetric(m: MetricInfo, v: number | undefined): string {
  if (v === undefined || v === null || !Number.isFinite(v)) return '—';
  return m.integer ? String(Math.round(v)) : v.toFixed(2);
}
