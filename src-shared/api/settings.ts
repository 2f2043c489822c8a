/** Settings diffs: what differs between two runs, presets, defaults or experiment arms. */
import { z } from 'zod';
import type { SettingsDiff } from '../experiments/types';
import { gameIdSchema } from '../games/index';
import { method } from './method';
import { experimentIdSchema, presetIdSchema, runIdSchema, wholeNumber } from './values';

const settingsRefSchema = z.union(
  [
    z.object({ runId: runIdSchema }).strict(),
    z.object({ presetId: presetIdSchema }).strict(),
    z.object({ game: gameIdSchema }).strict(),
    z
      .object({
        experimentId: experimentIdSchema,
        arm: wholeNumber('an arm (0 = the base, 1.. the variants)'),
      })
      .strict(),
  ],
  { error: "must name a run, a preset, a game's defaults or an experiment's arm" },
);

export const settingsMethods = {
  'settings.diff': method<SettingsDiff>()(
    z.object({ a: settingsRefSchema, b: settingsRefSchema }).strict(),
    "What differs between two settings (runs, presets, a game's defaults, an experiment's arms), one plain-word line each.",
  ),
} as const;
