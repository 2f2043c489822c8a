/** Small display helpers shared by the Runs, Pools and Export screens. */
import { StudioError } from '../lib/errors';
import { timeLeftText } from '../../../src-shared/progress';

export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

/** The time left, in the words the CLI's bar uses too (src-shared/progress.ts). */
export const formatEta = timeLeftText;

export function formatWhen(iso: string): string {
  const d = new Date(iso);
  const today = new Date();
  const sameDay = d.toDateString() === today.toDateString();
  return sameDay ? d.toLocaleTimeString() : d.toLocaleString();
}

export function percent(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((done / total) * 1000) / 10) : 0;
}

/** The API's per-field problems of a failed call (empty when the error names no field). */
export function fieldErrors(e: unknown): { field: string; message: string; label?: string }[] {
  return e instanceof StudioError ? (e.body.fields ?? []) : [];
}

export function isActive(status: string): boolean {
  return status === 'queued' || status === 'running';
}
