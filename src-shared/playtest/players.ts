/**
 * The Players analysis (docs/playtests.md): what testers did on each level of an order,
 * against the game's difficulty model. Pure: the same attempts, order and seed give the same
 * report. Figures are per tester, so one tester's ten tries weigh as much as another's one.
 */
import { figuresByCandidate, NOT_CLEARED_SECONDS, type AttemptFigures } from './candidate-figures';
import type { CandidatePlayers, Inversion, LevelPlayers, PlayersReport } from './report';
import { spearman, spearmanInterval } from './stats';
import { countAttempts } from './attempt-counts';

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

const seconds = (s: number): string => (s >= 100 ? `${Math.round(s)} s` : `${Number(s.toPrecision(2))} s`);
const percent = (r: number): string => `${Math.round(r * 100)} %`;

export function playersReport(input: PlayersInput): PlayersReport {
  const seed = input.seed ?? PLAYERS_SEED;
  const figures = figuresByCandidate(input.attempts);

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
    counts: countAttempts(input.attempts),
    byCandidate,
  };
}
