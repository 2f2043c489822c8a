/**
 * An experiment's results: each variant against the base over the seeds both have finished.
 * Per run it reads the candidates (difficulty, builds, build time, gave up), the
 * near-duplicate pairs (within a pool; both shipping) and, for whole-plan runs, the shipped order (largest step, level 30, hardest, closest
 * pair, short levels; kept with the run once computed, as the closest pair compares every
 * shipped pair). Each figure is a median with its range over the seeds per side, the change
 * (the median of the per-seed changes, not the gap between the two medians), and is `real`
 * only when the paired per-seed sign test says so (src-shared/experiments/stats.ts,
 * docs/experiments.md).
 */
import { stepStats } from '../../src-shared/ordering/curve';
import { gameById, type AnyGame } from '../../src-shared/games/index';
import { settingsDiff } from '../../src-shared/experiments/diff';
import {
  boxStats,
  CHANGE_MEANS,
  median,
  medianRange,
  pairedDecision,
  seedChange,
  SIGN_TEST_LEVEL,
} from '../../src-shared/experiments/stats';
import type {
  ExperimentResults,
  FigureResult,
  StageDistribution,
  VariantResult,
} from '../../src-shared/experiments/types';
import type { Db } from '../store/db';
import {
  experimentRuns,
  runCandidateStats,
  runFigures,
  setRunFigures,
  shippedLevels,
  type StoredExperiment,
} from '../store/experiments';
import { planStages } from '../runs/plan-stages';

export interface FigureDef {
  key: string;
  label: string;
  unit: string;
  better: 'lower' | 'higher' | null;
  /** What the figure measures, in a sentence (the screen's hover, the CLI's JSON). */
  explain: string;
  /** Why the figure is shown but never called real (a wall-clock time); absent: it is tested. */
  untested?: string;
}

const runFigureDefs: FigureDef[] = [
  {
    key: 'gaveUp',
    label: 'candidates that gave up',
    unit: '%',
    better: 'lower',
    explain: 'Share of candidate jobs that ended with no level (every build try failed a rule).',
  },
  {
    key: 'buildsPerCandidate',
    label: 'builds per candidate',
    unit: 'builds',
    better: 'lower',
    explain:
      'Build tries per candidate job: how often the generator starts a level again before one proves. A count, the same on any machine under any load: the speed figure experiments test.',
  },
  {
    key: 'buildsPerSecond',
    label: 'builds per second, wall clock',
    unit: 'builds/s',
    better: 'higher',
    explain:
      "Build tries per second of the jobs' wall time in the workers. It stretches with whatever else the machine runs (ten times over on a busy machine), so it is shown for reference and never called real; builds per candidate is the speed figure that is tested.",
    untested:
      'not tested: a wall-clock rate varies with the machine’s load (builds per candidate is the speed figure tested)',
  },
  {
    key: 'poolNearCopies',
    label: 'near copies within a pool',
    unit: '%',
    better: 'lower',
    explain:
      'Of all pairs of candidates made for the same level, the share that are near-duplicates: the chance that two candidates the generator made for one level are near copies of each other, i.e. how much it repeats itself. Lower means more varied pools to choose from.',
  },
];

const shippedFigureDefs = (unit: string): FigureDef[] => [
  {
    key: 'largestStep',
    label: 'largest step of the shipped curve',
    unit,
    better: 'lower',
    explain: 'The largest rise in difficulty between two neighbouring shipped levels.',
  },
  {
    key: 'level30',
    label: 'level 30',
    unit,
    better: null,
    explain: 'The difficulty of the 30th shipped level.',
  },
  {
    key: 'hardest',
    label: 'hardest level',
    unit,
    better: null,
    explain: 'The difficulty of the hardest shipped level.',
  },
  {
    key: 'closestShare',
    label: 'closest shipped pair (share)',
    unit: '',
    better: 'lower',
    explain:
      "How much the two most alike shipped levels share, by the game's own near-duplicate measure (1: the same picture).",
  },
  {
    key: 'shippedNearCopies',
    label: 'near-duplicate pairs shipped',
    unit: 'pairs',
    better: 'lower',
    explain:
      'Near-duplicate pairs (as the run’s near-duplicate pass found them) whose two levels both ship in the automatic order: near copies a player would meet in the set.',
  },
  {
    key: 'shortLevels',
    label: 'short levels',
    unit: 'levels',
    better: 'lower',
    explain: 'Levels the order could not fill.',
  },
];

export const DECIDED_BY = `A difference is real when the variant moves the figure the same way on enough seeds: an exact two-sided sign test over the seeds where both runs are done and the figures differ (a seed where they are equal counts for neither side), at p ≤ ${SIGN_TEST_LEVEL}: with 6 to 8 such seeds every one must move the same way, with 9 or 10 all but one; fewer than 6 never decide.`;

/**
 * The shipped figures of a whole-plan run that is done, stored with it the first time. The
 * closest pair compares every shipped pair (about a second for a whole Carillon set), so the
 * runner works it out on the worker pool as each run ends and passes it in; without it, it is
 * worked out here.
 */
export function shippedFigures(
  db: Db,
  game: AnyGame,
  runId: number,
  rules: unknown,
  closest?: { share: number } | null,
): Record<string, number | null> {
  const kept = runFigures(db, runId);
  if (kept) return kept;
  const shipped = shippedLevels(db, runId);
  const values = shipped.flatMap((l) => (l.difficulty === null ? [] : [l.difficulty]));
  const levels = shipped.flatMap((l) => (l.level === null ? [] : [l.level]));
  const close =
    closest !== undefined ? closest : levels.length > 1 ? (game.closestPair?.(levels, rules) ?? null) : null;
  const figures = {
    largestStep: values.length > 1 ? stepStats(values).largestStep : null,
    level30: shipped[29]?.difficulty ?? null,
    hardest: values.length ? Math.max(...values) : null,
    closestShare: close?.share ?? null,
    shortLevels: shipped.filter((l) => l.level === null).length,
  };
  setRunFigures(db, runId, figures);
  return figures;
}

/** The levels a run ships (for the closest pair on a worker). */
export function shippedLevelList(db: Db, runId: number): unknown[] {
  return shippedLevels(db, runId).flatMap((l) => (l.level === null ? [] : [l.level]));
}

interface RunData {
  figures: Record<string, number | null>;
  /** Difficulties of proven candidates by slot. */
  bySlot: Map<number, number[]>;
}

function runData(db: Db, game: AnyGame, runId: number, rules: unknown, wholePlan: boolean): RunData {
  const s = runCandidateStats(db, runId);
  const total = s.candidates.length;
  const proven = s.candidates.filter((c) => !c.failed);
  const tries = s.candidates.reduce((a, c) => a + c.tries, 0);
  const ms = s.candidates.reduce((a, c) => a + c.ms, 0);
  // Pairs of candidates of one slot, all of which the near-duplicate pass compares.
  const perSlot = new Map<number, number>();
  for (const c of proven) perSlot.set(c.slot, (perSlot.get(c.slot) ?? 0) + 1);
  const poolPairs = [...perSlot.values()].reduce((a, n) => a + (n * (n - 1)) / 2, 0);
  const bySlot = new Map<number, number[]>();
  for (const c of proven) {
    if (c.difficulty === null) continue;
    const list = bySlot.get(c.slot);
    if (list) list.push(c.difficulty);
    else bySlot.set(c.slot, [c.difficulty]);
  }
  const figures: Record<string, number | null> = {
    gaveUp: total ? (100 * (total - proven.length)) / total : null,
    buildsPerCandidate: total ? tries / total : null,
    buildsPerSecond: ms > 0 ? tries / (ms / 1000) : null,
    poolNearCopies: poolPairs > 0 ? (100 * s.samePoolPairs) / poolPairs : null,
    ...(wholePlan ? { ...shippedFigures(db, game, runId, rules), shippedNearCopies: s.shippedPairs } : {}),
  };
  return { figures, bySlot };
}

/**
 * One figure of a variant against the base over the seeds both have done (`base[i]` and
 * `variant[i]` are seed `seeds[i]`'s): each side's median and range, the change (the median of
 * the per-seed changes, which the decision judges) and the paired decision.
 */
export function compareFigure(
  def: FigureDef,
  seeds: number[],
  base: (number | null)[],
  variant: (number | null)[],
): FigureResult {
  const num = (v: number | null): number => (v === null ? Number.NaN : v);
  const decision = pairedDecision(base.map(num), variant.map(num));
  return {
    ...def,
    base: medianRange(base.map(num)),
    variant: medianRange(variant.map(num)),
    change: seedChange(base.map(num), variant.map(num)),
    perSeed: seeds.map((seed, i) => ({ seed, base: base[i] ?? null, variant: variant[i] ?? null })),
    // A wall-clock figure keeps its per-seed counts but is never called real.
    decision: def.untested ? { ...decision, real: false, why: def.untested } : decision,
  };
}

export function experimentResults(db: Db, e: StoredExperiment): ExperimentResults {
  const game = gameById(e.game);
  const cells = experimentRuns(db, e.id);
  const wholePlan = e.scope.kind === 'plan';
  const base = e.arms[0]!;
  const difficultyMetric = game.metrics.find((m) => m.key === game.difficulty);
  const difficultyLabel = difficultyMetric?.label ?? game.difficulty;
  const difficultyUnit = difficultyMetric?.unit ?? '';
  const defs = [...runFigureDefs, ...(wholePlan ? shippedFigureDefs(difficultyUnit) : [])];
  const stages = planStages(game, base.plan);

  const cache = new Map<number, RunData>();
  const dataOf = (arm: number, seed: number): RunData | null => {
    const cell = cells.find((c) => c.arm === arm && c.seed === seed);
    if (!cell || cell.status !== 'done') return null;
    if (!cache.has(cell.runId))
      cache.set(cell.runId, runData(db, game, cell.runId, e.arms[arm]!.rules, wholePlan));
    return cache.get(cell.runId)!;
  };
  const seedsDone = e.seeds.filter((s) => dataOf(0, s) !== null);

  const variants: VariantResult[] = e.arms.slice(1).map((arm) => {
    const seeds = seedsDone.filter((s) => dataOf(arm.arm, s) !== null);
    const b = seeds.map((s) => dataOf(0, s)!);
    const v = seeds.map((s) => dataOf(arm.arm, s)!);
    const figures = defs.map((def) =>
      compareFigure(
        def,
        seeds,
        b.map((d) => d.figures[def.key] ?? null),
        v.map((d) => d.figures[def.key] ?? null),
      ),
    );
    const stageResults: StageDistribution[] = [];
    for (const st of stages) {
      const slots = (d: RunData): number[][] =>
        [...d.bySlot.entries()].filter(([slot]) => slot >= st.from && slot <= st.to).map(([, list]) => list);
      const all = (ds: RunData[]): number[] => ds.flatMap((d) => slots(d).flat());
      if (all(b).length === 0 && all(v).length === 0) continue;
      const stageMedian = (d: RunData): number | null => {
        const values = slots(d).flat();
        return values.length ? median(values) : null;
      };
      const spread = (d: RunData): number | null => {
        const pools = slots(d).filter((l) => l.length > 1);
        return pools.length ? median(pools.map((l) => Math.max(...l) - Math.min(...l))) : null;
      };
      stageResults.push({
        stage: st.name,
        first: st.from + 1,
        last: st.to + 1,
        base: boxStats(all(b)),
        variant: boxStats(all(v)),
        spread: compareFigure(
          {
            key: 'poolSpread',
            label: `pool spread, ${st.name}`,
            unit: difficultyUnit,
            better: null,
            explain: `Hardest minus easiest candidate of a level's pool, the median over the ${st.name}'s pools.`,
          },
          seeds,
          b.map(spread),
          v.map(spread),
        ),
        median: compareFigure(
          {
            key: 'stageMedian',
            label: `median difficulty, ${st.name}`,
            unit: difficultyUnit,
            better: null,
            explain: `The median difficulty of every candidate of the ${st.name}.`,
          },
          seeds,
          b.map(stageMedian),
          v.map(stageMedian),
        ),
      });
    }
    return {
      arm: arm.arm,
      name: arm.name,
      changes: arm.changes,
      diff: settingsDiff(game, base, arm),
      figures,
      stages: stageResults,
    };
  });

  return {
    experimentId: e.id,
    game: e.game,
    status: e.status,
    scope: e.scope,
    difficulty: { metric: game.difficulty, label: difficultyLabel },
    seeds: e.seeds,
    seedsDone,
    variants,
    decidedBy: DECIDED_BY,
    changeMeans: CHANGE_MEANS,
  };
}
