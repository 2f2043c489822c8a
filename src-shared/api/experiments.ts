/** Experiments: variants of a base run over seeds, their progress, results, and adopting a variant. */
import { z } from 'zod';
import type {
  ExperimentAdopted,
  ExperimentCreated,
  ExperimentDetail,
  ExperimentResults,
  ExperimentSummary,
} from '../experiments/types';
import { gameIdSchema } from '../games/index';
import { numberTypeMessage } from '../schema/designer-errors';
import { seedSchema } from '../schema/seed';
import { labelSchema } from '../schema/label-text';
import { method } from './method';
import { experimentIdSchema, runIdSchema, wholeNumber } from './values';

/** Experiments hold at most this many variants next to the base. */
export const MAX_EXPERIMENT_VARIANTS = 3;
export const MAX_EXPERIMENT_SEEDS = 64;
export const experimentScopeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('plan') }).strict(),
    z
      .object({
        kind: z.literal('slots'),
        /** 0-based level slots (as candidates name them), each made `candidates` times. */
        slots: z
          .array(wholeNumber('a level slot (0 or more)'))
          .min(1, 'needs at least one level slot')
          .max(50, 'holds at most 50 level slots'),
        candidates: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(2000, 'must be at most 2000'),
      })
      .strict(),
  ],
  { error: 'must be the whole plan, or some levels with a number of candidates each' },
);

export const experimentMethods = {
  'experiments.create': method<ExperimentCreated>()(
    z
      .object({
        name: labelSchema(120).optional(),
        /** The base: a run's game, plan and rules, or a game's defaults (optionally its first `levels` levels). */
        base: z.union(
          [
            z.object({ runId: runIdSchema }).strict(),
            z
              .object({
                game: gameIdSchema,
                levels: z
                  .number({ error: (iss) => numberTypeMessage(iss.input) })
                  .int('must be a whole number')
                  .positive('must be at least 1')
                  .optional(),
              })
              .strict(),
          ],
          { error: 'must be a run (its settings) or a game (its defaults)' },
        ),
        variants: z
          .array(
            z
              .object({
                name: labelSchema(60).optional(),
                /** Paths to values: `rules.spacing`, `rules.sizes.small.radius`, `plan.3.taps` (plan rows 0-based). */
                changes: z.record(z.string(), z.unknown()),
              })
              .strict(),
          )
          .min(1, 'needs at least one variant')
          .max(MAX_EXPERIMENT_VARIANTS, `holds at most ${MAX_EXPERIMENT_VARIANTS} variants`),
        seeds: z
          .array(seedSchema)
          .min(1, 'needs at least one seed')
          .max(MAX_EXPERIMENT_SEEDS, `holds at most ${MAX_EXPERIMENT_SEEDS} seeds`)
          .refine((s) => new Set(s).size === s.length, 'names a seed twice'),
        scope: experimentScopeSchema.default({ kind: 'plan' }),
        /** Run an experiment past the size threshold anyway (it was refused once with its estimated time). */
        confirm: z.boolean().default(false),
      })
      .strict(),
    "Check every variant's changes against the game's rules and plan (naming a bad field), then store the experiment with one run per arm and seed and queue them on the worker pool; one past the size threshold answers its estimated time and waits for confirm: true.",
  ),
  'experiments.list': method<ExperimentSummary[]>()(
    z.object({ game: gameIdSchema.optional() }).strict(),
    'Experiments, newest first, with status and runs done.',
  ),
  'experiments.get': method<ExperimentDetail>()(
    z.object({ experimentId: experimentIdSchema }).strict(),
    'One experiment: its arms (base and variants with their settings and diff), its runs per arm and seed, and its progress.',
  ),
  'experiments.results': method<ExperimentResults>()(
    z.object({ experimentId: experimentIdSchema }).strict(),
    'Each variant against the base over the seeds both finished: figures as median and range with a `real` flag from a paired per-seed sign test, and difficulty distributions per stage.',
  ),
  'experiments.cancel': method<ExperimentSummary>()(
    z.object({ experimentId: experimentIdSchema }).strict(),
    "Stop an experiment's queued and running runs; finished runs and candidates stay.",
  ),
  'experiments.resume': method<ExperimentSummary>()(
    z.object({ experimentId: experimentIdSchema }).strict(),
    "Carry on an experiment's unfinished runs from what is stored.",
  ),
  'experiments.delete': method<{ deleted: number; runs: number }>()(
    z.object({ experimentId: experimentIdSchema }).strict(),
    'Delete an experiment that is not running, with its runs.',
  ),
  'experiments.adopt': method<ExperimentAdopted>()(
    z
      .object({
        experimentId: experimentIdSchema,
        /** The arm to adopt: 1.. the variants in order (0, the base, is allowed too). */
        variant: wholeNumber('a variant number (1 for the first)'),
        as: z.enum(['run', 'preset']),
        /** The run's or the preset's name (a preset needs one). */
        name: labelSchema(80).optional(),
        /** The new run's seed (default: the experiment's first seed). */
        seed: seedSchema.optional(),
      })
      .strict(),
    "Start a new run of the whole plan, or save a preset, with a variant's rules and plan.",
  ),
} as const;
