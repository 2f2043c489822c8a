/**
 * The experiment contract's shapes (arguments' schemas live in api/experiments.ts): an experiment's
 * summary and detail, its one progress figure, what create and adopt answer, the results of
 * each variant against the base, presets and settings diffs. Plain data.
 */
import type { GameId } from '../games/index';
import type { RunStatus, RunSummary } from '../api/runs';
import type { DiffLine } from './diff';
import type { BoxStats, MedianRange, PairedDecision, SeedChange } from './stats';

export type { BoxStats, MedianRange } from './stats';

export type ExperimentScope = { kind: 'plan' } | { kind: 'slots'; slots: number[]; candidates: number };
export type ExperimentStatus = 'queued' | 'running' | 'cancelled' | 'interrupted' | 'failed' | 'done';

/** One arm of an experiment: arm 0 is the base (no changes), arms 1.. the variants. */
export interface ExperimentArm {
  arm: number;
  name: string;
  changes: Record<string, unknown>;
  plan: unknown;
  rules: unknown;
}

export interface ExperimentSummary {
  id: number;
  name: string;
  game: GameId;
  status: ExperimentStatus;
  /** The run the base's settings came from (null: the game's defaults, or that run was deleted). */
  baseRunId: number | null;
  variants: { name: string; changes: Record<string, unknown> }[];
  seeds: number[];
  scope: ExperimentScope;
  createdAt: string;
  finishedAt: string | null;
  runsDone: number;
  runsTotal: number;
}

/** One run of an experiment: an arm on a seed. */
export interface ExperimentRunCell {
  arm: number;
  seed: number;
  runId: number;
  status: RunStatus;
  candidatesDone: number;
  candidatesTotal: number;
}

/** The whole experiment's progress: one figure (0..1) that only moves forward, and its runs. */
export interface ExperimentProgress {
  experimentId: number;
  status: ExperimentStatus;
  overall: number;
  runsDone: number;
  runsTotal: number;
  candidatesDone: number;
  candidatesTotal: number;
  /** Candidates per second over the experiment's recent runs (0 until known). */
  rate: number;
  etaSeconds: number | null;
}

export interface ExperimentDetail extends ExperimentSummary {
  /** Arm 0 is the base; each variant's arm carries its changes laid over the base. */
  arms: (ExperimentArm & { diff: DiffLine[] })[];
  runs: ExperimentRunCell[];
  progress: ExperimentProgress;
}

/** An experiment stored and queued. */
export interface ExperimentStarted {
  experimentId: number;
  runs: number;
  candidates: number;
  estimatedSeconds: number | null;
}

/** An experiment past the size threshold, not stored: it waits for confirm: true. */
interface ExperimentHeld {
  experimentId: null;
  confirm: {
    candidates: number;
    threshold: number;
    /** From the measured rate of this game's finished runs in this database (or the studio's own figure). */
    estimatedSeconds: number;
    message: string;
  };
}

/** The reply of experiments.create: started, or held back until the designer confirms its size. */
export type ExperimentCreated = ExperimentStarted | ExperimentHeld;

/** The reply of experiments.adopt: the new run (as: 'run') or the saved preset (as: 'preset'), exactly one. */
export type ExperimentAdopted = { run: RunSummary; preset: null } | { run: null; preset: Preset };

/** One figure of a variant against the base, over the seeds both have finished. */
export interface FigureResult {
  key: string;
  label: string;
  unit: string;
  /** Which way is better, when one is (a cost or a quality); null when it is a matter of taste. */
  better: 'lower' | 'higher' | null;
  /** What the figure measures, in a sentence (hover text). */
  explain: string;
  /** Present when the figure is shown but never called real (a wall-clock time), saying why. */
  untested?: string;
  base: MedianRange | null;
  variant: MedianRange | null;
  /**
   * The variant's change: the median (and range) of the per-seed changes, variant minus base
   * on the same seed — what the decision judges; not `variant.median - base.median`, which it
   * can differ from even in sign (`opposite`). Null when no seed has the figure on both sides.
   */
  change: SeedChange | null;
  perSeed: { seed: number; base: number | null; variant: number | null }[];
  decision: PairedDecision;
}

/** A stage's (Carillon stretch, Apsis stage) difficulty distribution: all candidates of all seeds. */
export interface StageDistribution {
  stage: string;
  first: number;
  last: number;
  base: BoxStats | null;
  variant: BoxStats | null;
  /** Pool spread: hardest minus easiest candidate of a level's pool, median over the stage's pools, per seed. */
  spread: FigureResult;
  /** The stage's median difficulty, per seed, compared. */
  median: FigureResult;
}

export interface VariantResult {
  arm: number;
  name: string;
  changes: Record<string, unknown>;
  diff: DiffLine[];
  figures: FigureResult[];
  stages: StageDistribution[];
}

export interface ExperimentResults {
  experimentId: number;
  game: GameId;
  status: ExperimentStatus;
  scope: ExperimentScope;
  /** The ordering's difficulty metric (Carillon: bits; Apsis: reads) and its label. */
  difficulty: { metric: string; label: string };
  seeds: number[];
  /** Seeds whose base run is done (figures only count seeds where both sides are done). */
  seedsDone: number[];
  variants: VariantResult[];
  /** How `real` is decided, in one sentence. */
  decidedBy: string;
  /** What each figure's `change` is, in one sentence (src-shared/experiments/stats.ts CHANGE_MEANS). */
  changeMeans: string;
}

export interface Preset {
  id: number;
  game: GameId;
  name: string;
  plan: unknown;
  rules: unknown;
  createdAt: string;
  /** Why its stored rules or plan cannot be read (a newer studio's data, or data the game refuses); null: readable. */
  dataProblem: string | null;
}

/** One side of a settings diff. */
export type SettingsRef =
  { runId: number } | { presetId: number } | { game: GameId } | { experimentId: number; arm: number };

export interface SettingsDiff {
  game: GameId;
  a: string;
  b: string;
  same: boolean;
  lines: DiffLine[];
}
