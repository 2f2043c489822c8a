/**
 * What a run's progress says, in words (the shared ProgressBar draws it): the overall figure
 * and the current phase's count named apart ("overall 39 %" beside "generate 1,672 / 1,920 ·
 * 45/s · 40 s left"), and in the detailed view each phase with its own count under its name,
 * so the near-duplicate pass's pools never read as candidates. Pure: unit-tested.
 */
import type { RunProgress, RunSummary } from '../../../src-shared/api';
import { overallText, phaseCountText, rateText } from '../../../src-shared/progress';
import { formatDuration, formatEta, isActive, percent } from './format';

const n = (x: number): string => x.toLocaleString('en');

/** The bar's figure, 0..100 (one decimal): the live overall figure while working, else the stored share. */
export function runPercent(run: RunSummary, live: RunProgress | undefined): number {
  if (run.status === 'done' || run.status === 'imported') return 100;
  if (live) return Math.round(live.overall * 1000) / 10;
  return percent(run.candidatesDone, run.candidatesTotal);
}

/**
 * A live event of a working run. The run's last event carries the status it ended with, so a
 * finished run's does not count; the listed status may lag behind the events, so it is not asked.
 */
export function working(live: RunProgress | undefined): live is RunProgress {
  return live !== undefined && isActive(live.status);
}

/** The line beside the bar: `lead` names the figure the bar shows, `detail` the phase and its count. */
export function runProgressText(
  run: RunSummary,
  live: RunProgress | undefined,
  /** A table cell (200 px): a finished run's line without what the Plan column already says. */
  compact = false,
): { lead: string; detail: string } {
  const stored = `${n(run.candidatesDone)} / ${n(run.candidatesTotal)} candidates`;
  if (run.status === 'imported')
    return { lead: '100 %', detail: compact ? 'read from a pack' : `${run.levels} levels read from a pack` };
  if (compact && run.status === 'done' && run.candidatesDone === run.candidatesTotal && !working(live))
    return { lead: '100 %', detail: `${n(run.candidatesTotal)} candidates` };
  if (working(live)) {
    const lead = overallText(live.overall);
    if (live.stage === 'generate')
      return {
        lead,
        detail: `${phaseCountText('generate', live.done, live.total)} · ${rateText(live.rate)} · ${formatEta(live.etaSeconds)}`,
      };
    if (live.stage === 'near-duplicates')
      return { lead, detail: phaseCountText('near-duplicates', live.done, live.total) };
    return { lead, detail: `${live.stage}…` };
  }
  const lead = `${Math.floor(runPercent(run, undefined))} %`;
  if (run.status === 'queued') return { lead, detail: 'waiting for the worker pool' };
  // Running with no event here: another process runs it, or this page has not heard yet.
  if (run.status === 'running') return { lead, detail: `${stored} stored` };
  return { lead, detail: stored };
}

export interface PhaseRow {
  name: string;
  state: 'waiting' | 'running' | 'done';
  /** The phase's own count, under its name: candidates, pools, or where it stands. */
  count: string;
  title: string;
}

/** Each phase of a working run with its own count (generate: candidates; near-duplicates: pools). */
export function phaseRows(run: RunSummary, live: RunProgress): PhaseRow[] {
  return live.phases.map((p) => {
    const running = p.state === 'running' && live.stage === p.name;
    let count: string;
    if (p.state === 'waiting') count = 'waiting';
    else if (p.name === 'generate')
      count = running
        ? `${n(live.done)} / ${n(live.total)} candidates`
        : `${n(run.candidatesDone)} / ${n(run.candidatesTotal)} candidates`;
    else if (p.name === 'near-duplicates' && running)
      count = live.total > 0 ? `${n(live.done)} / ${n(live.total)} pools` : 'starting…';
    else count = p.state === 'done' ? 'done' : 'working…';
    return {
      name: p.name,
      state: p.state,
      count,
      title: p.ms !== null ? `${p.name}: took ${formatDuration(p.ms)}` : `${p.name}: ${p.state}`,
    };
  });
}

/** The run's candidates stored so far: the live count while it generates, the stored one otherwise (never a phase's other count). */
export function candidatesShown(run: RunSummary, live: RunProgress | undefined): number {
  return working(live) && live.stage === 'generate' ? live.done : run.candidatesDone;
}
