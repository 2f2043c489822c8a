/** The report a run stores when it ends: what came out, what went wrong, how long it took. */
import { levelsText } from './ordering/level-ranges';
import { outcomeText, type TopUpOutcome } from './top-up';

export interface RunReport {
  /** The status the run ended with. */
  status: 'done' | 'failed' | 'cancelled' | 'interrupted';
  finishedAt: string;
  /** The shipped (automatic) order's difficulty: its range and the curve's largest step. */
  difficulty: {
    metric: string;
    label: string;
    /** The metric's unit (MetricInfo.unit); reports stored before it was kept have none and print bare figures. */
    unit?: string;
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
  /** The last top-up, when the report was written after one: what was asked and what it changed. */
  topUp?: { id: number; asked: string; outcome: TopUpOutcome };
}

/** "resumed once", "resumed 3 times" (null: never resumed). */
function resumedText(r: Pick<RunReport, 'resumes'>): string | null {
  const n = r.resumes ?? 0;
  if (n <= 0) return null;
  return `resumed ${n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`}; the phase times add up every attempt`;
}

/** What one line of the report is about (the Runs panel's test ids are `report-<key>`). */
type ReportLineKey =
  | 'difficulty'
  | 'step'
  | 'gave-up'
  | 'duplicates'
  | 'triage'
  | 'short'
  | 'warning'
  | 'resumed'
  | 'phases'
  | 'top-up';

export interface ReportLine {
  key: ReportLineKey;
  label: string;
  value: string;
  /** More than the line holds, for a hover (every reason candidates gave up). */
  detail?: string;
}

/** A figure as the report writes it: whole numbers as they are, others to two decimals (as the pack summaries do). */
export const reportFigure = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** "1 read", "2 reads", "0.5 bits": a unit after a figure, singular for exactly one; the bare figure with no unit. */
export const withUnit = (n: number, unit: string | undefined): string =>
  unit ? `${reportFigure(n)} ${n === 1 ? unit.replace(/s$/, '') : unit}` : reportFigure(n);

/** A phase's time: "0.16 s", or "not run". */
const phaseTime = (ms: number | null): string => (ms === null ? 'not run' : `${(ms / 1000).toFixed(2)} s`);

/**
 * The report in words, line by line: the one wording the Runs page's report panel and the
 * CLI's summary both print, so a designer reads the same sentence in either. Phases are
 * named as the progress names them (generate, order, near-duplicates).
 */
export function reportLines(r: RunReport): ReportLine[] {
  const lines: ReportLine[] = [];
  if (r.difficulty) {
    const d = r.difficulty;
    const unit = d.unit;
    lines.push({
      key: 'difficulty',
      label: 'Difficulty',
      value: `${reportFigure(d.min)} – ${withUnit(d.max, unit)}`,
    });
    if (d.largestStep)
      lines.push({
        key: 'step',
        label: 'Largest step',
        value: `${withUnit(d.largestStep.step, unit)}, level ${d.largestStep.from} → ${d.largestStep.to}`,
      });
  }
  const g = r.gaveUp;
  const top = g.reasons[0];
  lines.push({
    key: 'gave-up',
    label: 'Gave up',
    value:
      g.count === 0
        ? `none of ${g.of} candidates`
        : `${g.count} of ${g.of} candidates${top ? `, most often: ${top.reason}` : ''}`,
    ...(g.reasons.length ? { detail: g.reasons.map((x) => `${x.count}× ${x.reason}`).join('\n') } : {}),
  });
  const n = r.nearDuplicates;
  lines.push({
    key: 'duplicates',
    label: 'Near-duplicates',
    value: `${n.found} pair${n.found === 1 ? '' : 's'} found, ${n.skipped} skipped by the order${n.bothShip ? `, ${n.bothShip} both ship` : ''}`,
  });
  const t = n.triage;
  if (t && (t.fine || t.rejected))
    lines.push({
      key: 'triage',
      label: 'Triage',
      value: `${t.fine} marked fine, ${t.rejected} settled by a rejection, ${t.open} open`,
    });
  lines.push({
    key: 'short',
    label: 'Short levels',
    value: r.shortLevels.length === 0 ? 'none' : levelsText(r.shortLevels),
  });
  for (const w of r.warnings) lines.push({ key: 'warning', label: 'Warning', value: w });
  if (r.topUp)
    lines.push({
      key: 'top-up',
      label: 'Top-up',
      value: `${r.topUp.asked}: ${outcomeText(r.topUp.outcome)}`,
    });
  const resumed = resumedText(r);
  if (resumed) lines.push({ key: 'resumed', label: 'Resumed', value: resumed });
  if (r.phases.length)
    lines.push({
      key: 'phases',
      label: 'Phases',
      value: r.phases.map((p) => `${p.name} ${phaseTime(p.ms)}`).join(' · '),
    });
  return lines;
}
