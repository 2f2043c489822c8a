import type { MetricInfo } from '../../../src-shared/game';
import { studio } from '../lib/studio.svelte';

/** The metrics a page lists: developer timings (build time) only with the debug overlay on (Alt+D). */
export function shownMetrics(metrics: readonly MetricInfo[] | undefined): MetricInfo[] {
  return (metrics ?? []).filter((m) => !m.developer || studio.debugOverlay);
}

/** A metric value as the pool shows it: integers plain, others to two decimals. */
export function formatMetric(m: MetricInfo, v: number | undefined): string {
  if (v === undefined || v === null || !Number.isFinite(v)) return '—';
  return m.integer ? String(Math.round(v)) : v.toFixed(2);
}
