/** The report a run stores when it ends: what came out, what went wrong, how long it took. */
import { levelsText } from './ordering/level-ranges';

export interface RunReport {
  /** The status the run ended with. */
  status: 'done' | 'failed' | 'cancelled' | 'interrupted';
  finishedAt: string;
  /** The shipped (automatic) order's difficulty: its range and the curve's largest step. */
  difficulty: {
    metric: string;
    label: string;
    min: number;
    max: number;
    /** The largest rise from one level to the next (levels are 1-based). */
    largestStep: { from: number; to: number; step: number } | null;
  } | null;
  /** Candidate jobs that gave up, with their reasons (most common first). */
  gaveUp: { count: number; of: number; reasons: { reason: string; count: number }[] };
  /**
   * Near-duplicate pairs found among the candidates; of those, the pairs where one candidate
   * ships and the other was skipped, and pairs where both ship (should be none).
   */
  nearDuplicates: {
    found: number;
    skipped: number;
    /** Pairs both of whose candidates ship, the ones the designer marked fine left out. */
    bothShip: number;
    /** Duplicate triage as it stands now (the API adds it when it serves the report): pairs marked fine, settled by a rejection, still open. */
    triage?: { fine: number; rejected: number; open: number };
  };
  /** Levels the automatic order could not fill. */
  shortLevels: number[];
  warnings: string[];
  /**
   * How long each phase took (ms), adding up every attempt: the time spent before a cancel, a
   * close or a crash counts too (a crash loses at most the last half second); null: the phase
   * never ran.
   */
  phases: { name: 'generate' | 'order' | 'near-duplicates'; ms: number | null }[];
  /** How many times the run was resumed before it ended (absent in reports stored before it was counted). */
  resumes?: number;
}

/** "resumed once", "resumed 3 times" (null: never resumed). */
export function resumedText(r: Pick<RunReport, 'resumes'>): string | null {
  const n = r.resumes ?? 0;
  if (n <= 0) return null;
  return `resumed ${n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`}; the phase times add up every attempt`;
}

/** The report as label/value lines (the CLI's summary and plain-text views). */
export function reportLines(r: RunReport, format: (n: number) => string = (n) => String(Math.round(n * 100) / 100)): { label: string; value: string }[] {
  const lines: { label: string; value: string }[] = [];
  if (r.difficulty) {
    const d = r.difficulty;
    lines.push({ label: 'difficulty', value: `${format(d.min)} – ${format(d.max)} ${d.label}` });
    if (d.largestStep) lines.push({ label: 'largest step', value: `${format(d.largestStep.step)} (level ${d.largestStep.from} → ${d.largestStep.to})` });
  }
  lines.push({
    label: 'gave up',
    value: r.gaveUp.count === 0 ? `none of ${r.gaveUp.of} candidates` : `${r.gaveUp.count} of ${r.gaveUp.of} candidates${r.gaveUp.reasons.length ? ` (${r.gaveUp.reasons.slice(0, 2).map((x) => `${x.count}× ${x.reason}`).join('; ')})` : ''}`,
  });
  const t = r.nearDuplicates.triage;
  const triaged = t && (t.fine || t.rejected) ? `; triage: ${t.fine} marked fine, ${t.rejected} settled by a rejection, ${t.open} open` : '';
  lines.push({ label: 'near-duplicates', value: `${r.nearDuplicates.found} pairs found, ${r.nearDuplicates.skipped} skipped by the order${r.nearDuplicates.bothShip ? `, ${r.nearDuplicates.bothShip} both ship` : ''}${triaged}` });
  lines.push({ label: 'short levels', value: r.shortLevels.length === 0 ? 'none' : levelsText(r.shortLevels) });
  for (const w of r.warnings) lines.push({ label: 'warning', value: w });
  const resumed = resumedText(r);
  if (resumed) lines.push({ label: 'resumed', value: resumed });
  const timed = r.phases.filter((p) => p.ms !== null);
  if (timed.length) lines.push({ label: 'phases', value: timed.map((p) => `${p.name} ${((p.ms ?? 0) / 1000).toFixed(2)} s`).join(' · ') });
  return lines;
}
