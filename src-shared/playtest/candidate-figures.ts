/**
 * Each candidate's players' figures: the one definition of testers, clear rates, time to clear
 * and the observed difficulty (docs/playtests.md). The Players report reads them per level of an
 * order, Pools per candidate, and the blended order (src-shared/ordering/observed-blend.ts) ranks
 * candidates by their observed figure, so all three agree on what "players found it hard" means.
 * Pure: the same attempts give the same figures. Figures are per tester, so one tester's ten
 * tries weigh as much as another's one.
 */
import { isClear } from './outcome';
import type { CandidatePlayers } from './report';
import { median, medianIntervalRanks } from './stats';
import type { PlaytestOutcome } from './types';

/** What the analysis reads of a stored attempt. */
export interface AttemptFigures {
  id: string;
  tester: string;
  candidateId: number;
  startedAt: string;
  outcome: PlaytestOutcome;
  ms: number;
  wasted: number;
}

/** A tester who never cleared counts as at least this slow (seconds): ten minutes is "did not get it". */
export const NOT_CLEARED_SECONDS = 600;

/** One tester on one candidate. */
interface TesterOnLevel {
  cleared: boolean;
  /** Their first attempt cleared in the fewest moves. */
  firstFewest: boolean;
  /** Seconds up to and including the first clear (every try before it counted), or null. */
  clearSeconds: number | null;
  /** Wasted moves of the clearing attempt, or null. */
  clearWasted: number | null;
  attempts: number;
}

export interface CandidateFigures extends CandidatePlayers {
  observedLow: number | null;
  observedHigh: number | null;
  medianWasted: number | null;
}

function byTester(attempts: readonly AttemptFigures[]): TesterOnLevel[] {
  const groups = new Map<string, AttemptFigures[]>();
  for (const a of attempts) {
    const g = groups.get(a.tester);
    if (g) g.push(a);
    else groups.set(a.tester, [a]);
  }
  const out: TesterOnLevel[] = [];
  for (const list of groups.values()) {
    list.sort((a, b) =>
      a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : a.id < b.id ? -1 : 1,
    );
    let ms = 0;
    let t: TesterOnLevel | null = null;
    for (const a of list) {
      ms += a.ms;
      if (isClear(a.outcome)) {
        t = {
          cleared: true,
          firstFewest: false,
          clearSeconds: ms / 1000,
          clearWasted: a.wasted,
          attempts: list.length,
        };
        break;
      }
    }
    t ??= {
      cleared: false,
      firstFewest: false,
      clearSeconds: null,
      clearWasted: null,
      attempts: list.length,
    };
    t.firstFewest = list[0]!.outcome === 'cleared-fewest';
    out.push(t);
  }
  return out;
}

/** Seconds back from log2, to the millisecond (so figures do not carry floating-point dust). */
const fromLog = (l: number): number => Math.round(2 ** l * 1000) / 1000;

function candidateFigures(attempts: readonly AttemptFigures[]): CandidateFigures {
  const testers = byTester(attempts);
  const n = testers.length;
  const clears = testers.filter((t) => t.cleared);
  const seconds = clears.map((t) => t.clearSeconds!);
  // Never cleared: slower than every clear on this level, and at least NOT_CLEARED_SECONDS.
  const ceiling = Math.log2(Math.max(NOT_CLEARED_SECONDS, ...seconds));
  const logs = testers.map((t) => (t.cleared ? Math.log2(t.clearSeconds!) : ceiling)).sort((a, b) => a - b);
  const [lo, hi] = medianIntervalRanks(n);
  return {
    testers: n,
    attempts: attempts.length,
    clearRate: clears.length / n,
    fewestRate: testers.filter((t) => t.firstFewest).length / n,
    medianClearMs: clears.length ? median(seconds) * 1000 : null,
    medianWasted: clears.length ? median(clears.map((t) => t.clearWasted!)) : null,
    observed: fromLog(median(logs)),
    observedLow: fromLog(logs[lo - 1]!),
    observedHigh: fromLog(logs[hi - 1]!),
  };
}

/** The figures of every candidate with an attempt, by candidate id, each candidate's attempts read once. */
export function figuresByCandidate(attempts: readonly AttemptFigures[]): Map<number, CandidateFigures> {
  const perCandidate = new Map<number, AttemptFigures[]>();
  for (const a of attempts) {
    const g = perCandidate.get(a.candidateId);
    if (g) g.push(a);
    else perCandidate.set(a.candidateId, [a]);
  }
  const figures = new Map<number, CandidateFigures>();
  for (const [id, list] of perCandidate) figures.set(id, candidateFigures(list));
  return figures;
}
