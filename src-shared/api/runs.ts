/** Runs: create, list, cancel, resume, delete and compare them; their progress as events carry it. */
import { z } from 'zod';
import type { RunPhase } from '../progress';
import type { RunReport } from '../run-report';
import type { ReproduceReport } from '../reproduce-report';
import { gameIdSchema } from '../games/index';
import { numberTypeMessage } from '../schema/designer-errors';
import { seedSchema } from '../schema/seed';
import { labelSchema } from '../schema/label-text';
import { method } from './method';
import type { OrderingLevel } from './orderings';
import { levelSchema, orderingKindSchema, runIdSchema, runStatusSchema, type OrderingKind } from './values';
import type { TopUpSummary } from '../top-up';

export type RunStatus = z.infer<typeof runStatusSchema>;

export interface RunSummary {
  id: number;
  game: z.infer<typeof gameIdSchema>;
  seed: number;
  name: string;
  status: RunStatus;
  levels: number;
  candidatesDone: number;
  candidatesTotal: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  error: string | null;
  /** The experiment the run is an arm × seed of (null: a run of its own). */
  experimentId: number | null;
  /** The same, named: the experiment, and the arm (0 = the base) and its variant's name ('base' for arm 0). */
  experiment: RunExperiment | null;
  /**
   * Why the run's stored rules or plan cannot be read (a newer studio's data, or data its
   * game's schema refuses), naming the run and the field; the run is then read-only. Null: readable.
   */
  dataProblem: string | null;
  /** What made the run: the studio's version and the game's generator version (null: made before runs recorded it, or imported). */
  made: { studio: string; generator: { dataVersion: number; hash: string } } | null;
  /** "made by an older Carillon generator …" when the run's generator is not today's, else null. */
  generatorNote: string | null;
}

/** Where an experiment's run sits in its experiment (pickers label it "spacing 18 · seed 3"). */
interface RunExperiment {
  id: number;
  name: string;
  arm: number;
  variant: string;
}

export interface RunDetail extends RunSummary {
  plan: unknown;
  rules: unknown;
}

/** One working phase of a run as progress shows it. */
export interface RunPhaseProgress {
  name: Exclude<RunPhase, 'done'>;
  state: 'waiting' | 'running' | 'done';
  /** How long the phase took in this process (ms), once done. */
  ms: number | null;
}

export interface RunProgress {
  runId: number;
  status: RunStatus;
  /** The phase (generate → order → near-duplicates → done), or the status the run ended with. */
  stage: string;
  /** Work of the current phase (candidates, then 0/1 for the ordering, then pools compared). */
  done: number;
  total: number;
  /** The whole run, 0..1, phases weighted (PHASE_WEIGHTS); it never goes down. */
  overall: number;
  phases: RunPhaseProgress[];
  /** Candidates per second over the recent window. */
  rate: number;
  /** Estimated seconds left, or null before a rate is known. */
  etaSeconds: number | null;
  stages: { name: string; done: number; total: number }[];
}

export interface CompareView {
  game: z.infer<typeof gameIdSchema>;
  difficulty: string;
  /** Each side: its run, the order compared (two orders of one run compare too) and its levels. */
  a: { run: RunSummary; kind: OrderingKind; levels: OrderingLevel[] };
  b: { run: RunSummary; kind: OrderingKind; levels: OrderingLevel[] };
  /** Per level: both candidates side by side (null where a side has no level). */
  pairs: { level: number; a: number | null; b: number | null; difference: number | null }[];
  summary: { label: string; a: string; b: string }[];
}

/**
 * A run being made again to see whether it reproduces (runs.reproduce), or the last such check
 * of it: its progress while it works, then its verdict. Progress only moves forward.
 */
export interface ReproduceJob {
  runId: number;
  state: 'running' | 'done' | 'failed';
  /** 0..1 over making the run again (most of it) and comparing; never goes down. */
  overall: number;
  /** What it is doing, in words ("making the run again: generate", "comparing"). */
  stage: string;
  startedAt: string;
  finishedAt: string | null;
  /** Once done: what was found (equal, or the first differing levels and candidates). */
  report: ReproduceReport | null;
  /** Once failed: why, in a sentence. */
  error: string | null;
}

export const runMethods = {
  'runs.list': method<RunSummary[]>()(
    z
      .object({
        game: gameIdSchema.optional(),
        status: runStatusSchema.optional(),
      })
      .strict(),
    'Runs, newest first, optionally filtered by game or status.',
  ),
  'runs.get': method<RunDetail>()(
    z.object({ runId: runIdSchema }).strict(),
    'One run with its plan and rules.',
  ),
  'runs.create': method<RunSummary>()(
    z
      .object({
        game: gameIdSchema,
        seed: seedSchema,
        name: labelSchema(120).optional(),
        plan: z.unknown().optional(),
        rules: z.unknown().optional(),
        levels: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .int('must be a whole number')
          .positive('must be at least 1')
          .optional(),
        /** Start a run past the size threshold anyway (it was refused once with its estimated time). */
        confirm: z.boolean({ error: 'must be true or false' }).default(false),
      })
      .strict(),
    'Validate and store a new run, then queue it on the worker pool; one past the size threshold (the one experiments use) is refused with its estimated time (a conflict naming the field confirm) until asked again with confirm: true.',
  ),
  'runs.report': method<RunReport | null>()(
    z.object({ runId: runIdSchema }).strict(),
    'The report a run stored when it ended (difficulty range, largest step, gave-up jobs, near-duplicates, short levels, warnings, phase times); null before it ends.',
  ),
  'runs.cancel': method<RunSummary>()(
    z.object({ runId: runIdSchema }).strict(),
    'Stop a queued or running run; finished candidates stay.',
  ),
  'runs.resume': method<RunSummary>()(
    z.object({ runId: runIdSchema }).strict(),
    'Carry on a cancelled, interrupted or failed run from what is stored.',
  ),
  'runs.delete': method<{ deleted: number }>()(
    z.object({ runId: runIdSchema }).strict(),
    'Delete a run that is not running, with its candidates.',
  ),
  'runs.topUp': method<{ run: RunSummary; topUp: TopUpSummary }>()(
    z
      .object({
        runId: runIdSchema,
        levels: z.array(levelSchema).min(1, 'must name at least one level').max(10000),
        candidates: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .int('must be a whole number')
          .positive('must be at least 1'),
        untilNear: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .nonnegative('must be 0 or more')
          .optional(),
        /** Make a top-up past the size threshold anyway (it was refused once with its estimated time). */
        confirm: z.boolean({ error: 'must be true or false' }).default(false),
      })
      .strict(),
    "Make more candidates for chosen levels of a finished run: each level's indices continue its pool's sequence (the jobs a bigger pool would have had), then the automatic order is recomputed and the new candidates' near-duplicates found; with untilNear, a level stops at its first new candidate (in index order) within that much of its target. Progress, cancel and resume are the run's; the top-up is one entry of the run's history.",
  ),
  'runs.dropTopUp': method<{ run: RunSummary; topUp: TopUpSummary; removed: number }>()(
    z.object({ runId: runIdSchema }).strict(),
    "Drop the run's top-up a cancel, a close or a failure left part-way, instead of resuming it: its candidates go and the run's order, report and total are as before it; refused while the run is generating, or while any of its candidates has been worked on (approved, noted, tagged, pinned, edited from, or shipped by another order).",
  ),
  'runs.topUps': method<TopUpSummary[]>()(
    z.object({ runId: runIdSchema }).strict(),
    "A run's top-ups, oldest first, with their arguments, status and outcome.",
  ),
  'runs.reproduce': method<ReproduceJob>()(
    z.object({ runId: runIdSchema }).strict(),
    "Make a finished run again from its stored seed, plan and rules in a scratch database, on the studio's workers, and compare it with what is stored, candidate by candidate and the automatic pack byte for byte. Answers at once with the job (one already under way for the run is answered as it is); its progress and verdict come as run.reproduce events and from runs.reproduction.",
  ),
  'runs.reproduction': method<ReproduceJob | null>()(
    z.object({ runId: runIdSchema }).strict(),
    "The run's reproduce check under way, or its last one since the studio started (null: none).",
  ),
  'runs.compare': method<CompareView>()(
    z
      .object({
        a: runIdSchema,
        b: runIdSchema,
        kind: orderingKindSchema.default('automatic'),
        kindB: orderingKindSchema.optional(),
      })
      .strict(),
    "Two runs of one game, or two orders of one run: curves on one level axis and per-level pairs. `kind` is A's order, and B's unless `kindB` names another (e.g. a run's automatic order against its steered one: a = b, kind 'automatic', kindB 'steered').",
  ),
} as const;
