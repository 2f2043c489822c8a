/**
 * The Plots page's "Players" section from a Players report (src-shared/playtest/report.ts): the
 * per-level table in words, the scatter's points (the model against the observed figure with its
 * uncertainty), ρ in a sentence, and the inversions and stuck levels as the section lists them.
 * Pure: PlayersSection.svelte draws these and players-figure.ts plots them.
 */
import type { LevelPlayers, PlayersReport } from '../../../src-shared/playtest/report';
import { OUTCOMES, type OutcomeCounts } from '../../../src-shared/playtest/attempt-counts';

export interface PlayersRow {
  level: number;
  candidateId: number | null;
  candidate: string;
  testers: number;
  attempts: number;
  clear: string;
  fewest: string;
  time: string;
  wasted: string;
  observed: string;
  stuck: boolean;
}

export interface ScatterPoint {
  level: number;
  candidate: string;
  model: number;
  observed: number;
  low: number;
  high: number;
  stuck: boolean;
}

const pct = (x: number | null): string => (x === null ? '—' : `${Math.round(x * 100)} %`);
const num = (x: number | null, digits = 2): string =>
  x === null ? '—' : String(Math.round(x * 10 ** digits) / 10 ** digits);

/** "41 s", "2 min 5 s", or "—". */
export function secondsText(ms: number | null): string {
  if (ms === null) return '—';
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** The observed figure with its uncertainty: "3.71 (3.4–4.02)". */
export function observedText(l: Pick<LevelPlayers, 'observed' | 'observedLow' | 'observedHigh'>): string {
  if (l.observed === null) return '—';
  const range =
    l.observedLow !== null && l.observedHigh !== null
      ? ` (${num(l.observedLow)}–${num(l.observedHigh)})`
      : '';
  return `${num(l.observed)}${range}`;
}

export function playersRows(report: PlayersReport): PlayersRow[] {
  return report.levels.map((l) => ({
    level: l.level,
    candidateId: l.candidateId,
    candidate: l.candidate ?? '—',
    testers: l.testers,
    attempts: l.attempts,
    clear: pct(l.clearRate),
    fewest: pct(l.fewestRate),
    time: secondsText(l.medianClearMs),
    wasted: num(l.medianWasted, 1),
    observed: observedText(l),
    stuck: l.stuck,
  }));
}

/** Levels with both figures, for the scatter (the uncertainty defaults to the point itself). */
export function scatterPoints(report: PlayersReport): ScatterPoint[] {
  return report.levels.flatMap((l) =>
    l.model === null || l.observed === null
      ? []
      : [
          {
            level: l.level,
            candidate: l.candidate ?? `level ${l.level}`,
            model: l.model,
            observed: l.observed,
            low: l.observedLow ?? l.observed,
            high: l.observedHigh ?? l.observed,
            stuck: l.stuck,
          },
        ],
  );
}

/** ρ in words, or why there is none. */
export function rhoLine(report: PlayersReport): string {
  const r = report.rho;
  if (!r) return 'Too few levels with both figures for Spearman’s ρ (it needs at least three).';
  return `Spearman’s ρ = ${num(r.value)} (95 % bootstrap interval ${num(r.low)} to ${num(r.high)}) over ${r.levels} levels, seed ${r.seed}.`;
}

/** How many levels were played at all, and by how many testers at most. */
export function playedLine(report: PlayersReport): string {
  const played = report.levels.filter((l) => l.attempts > 0);
  if (played.length === 0) return 'No one has played this order yet.';
  const attempts = played.reduce((n, l) => n + l.attempts, 0);
  const testers = Math.max(...played.map((l) => l.testers));
  return `${played.length} of ${report.levels.length} levels played · ${attempts} attempt${attempts === 1 ? '' : 's'} · up to ${testers} tester${testers === 1 ? '' : 's'} a level`;
}

/** The two levels an inversion opens side by side: the earlier (played harder) on the left. */
export function inversionPair(
  report: PlayersReport,
  i: number,
): { left: LevelPlayers; right: LevelPlayers } | null {
  const inv = report.inversions[i];
  if (!inv) return null;
  const at = (level: number) => report.levels.find((l) => l.level === level);
  const left = at(inv.harder),
    right = at(inv.easier);
  return left && right ? { left, right } : null;
}

const OUTCOME_WORDS = {
  'cleared-fewest': 'cleared in the fewest',
  'cleared-more': 'cleared with more',
  failed: 'failed',
  'gave-up': 'gave up',
  skipped: 'skipped',
} as const;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
/** Every outcome's count in the run's total (zeros too, so the line always reads the same way); a tester's, only theirs. */
const counts = (c: OutcomeCounts, zeros: boolean): string =>
  OUTCOMES.filter((o) => zeros || c[o] > 0)
    .map((o) => `${c[o]} ${OUTCOME_WORDS[o]}`)
    .join(', ');

/** What came back: the testers and attempts per outcome of the whole run, then each tester's. */
export function countLines(report: PlayersReport): { total: string; testers: string[] } {
  const t = report.counts;
  if (t.attempts === 0) return { total: 'No results have come back yet.', testers: [] };
  return {
    total: `${plural(t.testers, 'tester')} · ${plural(t.attempts, 'attempt')}: ${counts(t.byOutcome, true)}`,
    testers: t.byTester.map(
      (b) => `${b.tester}: ${plural(b.attempts, 'attempt')}: ${counts(b.byOutcome, false)}`,
    ),
  };
}
