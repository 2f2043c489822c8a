/**
 * The Players analysis (docs/playtests.md): what testers did on each level of an order,
 * against the game's difficulty model. Pure: the same attempts, order and seed give the same
 * report. Figures are per tester, so one tester's ten tries weigh as much as another's one.
 */
import { isClear } from './outcome';
import type { CandidatePlayers, Inversion, LevelPlayers, PlayersReport } from './report';
import { median, medianIntervalRanks, spearman, spearmanInterval } from './stats';
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

export interface PlayersInput {
  runId: number;
  order: string;
  /** The order's levels, level 1 first: the candidate there and its model difficulty. */
  levels: { candidateId: number | null; candidate: string | null; model: number | null }[];
  attempts: readonly AttemptFigures[];
  /** Seed of rho's bootstrap (default PLAYERS_SEED). */
  seed?: number;
}

const PLAYERS_SEED = 24;
/** A tester who never cleared counts as at least this slow (seconds): ten minutes is "did not get it". */
const NOT_CLEARED_SECONDS = 600;
/** Stuck: at least this many testers, and fewer than this share of them cleared it. */
const STUCK_MIN_TESTERS = 3;
const STUCK_CLEAR_RATE = 0.5;
/** Inversions need this many testers on each level, and list the clearest this many. */
const INVERSION_MIN_TESTERS = 3;
const MAX_INVERSIONS = 50;

const OBSERVED_NAME = 'median time to clear (s), never-cleared slowest';
const OBSERVED_EXPLAIN =
  'Per tester, the time from their first attempt to their first clear (every try counted); a tester who never cleared it ' +
  `counts as the slowest, at ${NOT_CLEARED_SECONDS} s or more. The figure is the median over testers on a log scale, ` +
  'with a distribution-free 95 % interval for the median. Time is what every game shares and what players feel; the ' +
  'median and the log keep one very slow tester from moving it.';

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

interface CandidateFigures extends CandidatePlayers {
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

const seconds = (s: number): string => (s >= 100 ? `${Math.round(s)} s` : `${Number(s.toPrecision(2))} s`);
const percent = (r: number): string => `${Math.round(r * 100)} %`;

export function playersReport(input: PlayersInput): PlayersReport {
  const seed = input.seed ?? PLAYERS_SEED;
  const perCandidate = new Map<number, AttemptFigures[]>();
  for (const a of input.attempts) {
    const g = perCandidate.get(a.candidateId);
    if (g) g.push(a);
    else perCandidate.set(a.candidateId, [a]);
  }
  const figures = new Map<number, CandidateFigures>();
  for (const [id, list] of perCandidate) figures.set(id, candidateFigures(list));

  const levels: LevelPlayers[] = input.levels.map((l, i) => {
    const f = l.candidateId === null ? undefined : figures.get(l.candidateId);
    const stuck = !!f && f.testers >= STUCK_MIN_TESTERS && f.clearRate < STUCK_CLEAR_RATE;
    return {
      level: i + 1,
      candidateId: l.candidateId,
      candidate: l.candidate,
      model: l.model,
      testers: f?.testers ?? 0,
      attempts: f?.attempts ?? 0,
      clearRate: f?.clearRate ?? null,
      fewestRate: f?.fewestRate ?? null,
      medianClearMs: f?.medianClearMs ?? null,
      medianWasted: f?.medianWasted ?? null,
      observed: f?.observed ?? null,
      observedLow: f?.observedLow ?? null,
      observedHigh: f?.observedHigh ?? null,
      stuck,
    };
  });

  const paired = levels.filter((l) => l.model !== null && l.observed !== null);
  let rho: PlayersReport['rho'] = null;
  if (paired.length >= 3) {
    const x = paired.map((l) => l.model!);
    const y = paired.map((l) => l.observed!);
    const value = spearman(x, y);
    if (!Number.isNaN(value)) {
      const { low, high } = spearmanInterval(x, y, seed);
      rho = { value, low, high, levels: paired.length, seed };
    }
  }

  // Inversions: a later level (the order says harder) whose interval lies wholly below an earlier one's.
  const played = levels.filter((l) => l.testers >= INVERSION_MIN_TESTERS && l.observed !== null);
  const found: (Inversion & { gap: number })[] = [];
  for (let a = 0; a < played.length; a++)
    for (let b = a + 1; b < played.length; b++) {
      const early = played[a]!;
      const late = played[b]!;
      if (late.observedHigh! >= early.observedLow!) continue;
      const testers = Math.min(early.testers, late.testers);
      found.push({
        easier: late.level,
        harder: early.level,
        testers,
        gap: Math.log2(early.observed! / late.observed!),
        sentence: `level ${late.level} played easier than level ${early.level}: median ${seconds(late.observed!)} against ${seconds(early.observed!)}, ${testers} testers`,
      });
    }
  found.sort((p, q) => q.gap - p.gap || p.harder - q.harder || p.easier - q.easier);
  const inversions = found.slice(0, MAX_INVERSIONS).map(({ gap: _gap, ...inv }) => inv);

  const stuck = levels
    .filter((l) => l.stuck)
    .map((l) => {
      const cleared = Math.round(l.clearRate! * l.testers);
      return {
        level: l.level,
        clearRate: l.clearRate!,
        sentence: `level ${l.level}: ${cleared} of ${l.testers} testers cleared it (${percent(l.clearRate!)})`,
      };
    });

  const byCandidate: Record<number, CandidatePlayers> = {};
  for (const [id, f] of [...figures].sort((p, q) => p[0] - q[0]))
    byCandidate[id] = {
      testers: f.testers,
      attempts: f.attempts,
      clearRate: f.clearRate,
      fewestRate: f.fewestRate,
      medianClearMs: f.medianClearMs,
      observed: f.observed,
    };

  return {
    runId: input.runId,
    order: input.order,
    levels,
    observedName: OBSERVED_NAME,
    observedExplain: OBSERVED_EXPLAIN,
    rho,
    inversions,
    stuck,
    byCandidate,
  };
}
