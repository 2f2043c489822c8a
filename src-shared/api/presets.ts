/** Presets: named rule and plan sets of a game. */
import { z } from 'zod';
import type { Preset } from '../experiments/types';
import { gameIdSchema } from '../games/index';
import { labelSchema } from '../schema/label-text';
import { method } from './method';
import { presetIdSchema } from './values';

const presetNameSchema = labelSchema(80, { min: 1 });

export const presetMethods = {
  'presets.save': method<Preset>()(
    z
      .object({
        game: gameIdSchema,
        name: presetNameSchema,
        /** Left out: the game\'s defaults. Rules may be given in part (the rest keep the defaults). */
        plan: z.unknown().optional(),
        rules: z.unknown().optional(),
        /** Replace a preset of the same name (refused otherwise). */
        replace: z.boolean().default(false),
      })
      .strict(),
    'Check and store a named rule and plan set of a game.',
  ),
  'presets.list': method<Preset[]>()(
    z.object({ game: gameIdSchema.optional() }).strict(),
    'Presets by game and name.',
  ),
  'presets.delete': method<{ deleted: number }>()(
    z.object({ presetId: presetIdSchema }).strict(),
    'Delete a preset.',
  ),
} as const;
