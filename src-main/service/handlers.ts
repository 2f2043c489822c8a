/** The one table of API handlers, assembled from one module per domain. */
import type { ApiHandlers } from '../../src-shared/api';
import { appHandlers } from './app';
import { candidateHandlers } from './candidates';
import type { HandlerContext } from './context';
import { duplicateHandlers } from './duplicates';
import { experimentHandlers } from './experiments';
import { historyHandlers } from './history';
import { orderingHandlers } from './orderings';
import { packHandlers } from './packs';
import { playtestHandlers } from './playtests';
import { presetHandlers } from './presets';
import { runHandlers } from './runs';
import { settingsHandlers } from './settings';

export function apiHandlers(ctx: HandlerContext): ApiHandlers {
  return {
    ...appHandlers(ctx),
    ...runHandlers(ctx),
    ...candidateHandlers(ctx),
    ...historyHandlers(ctx),
    ...orderingHandlers(ctx),
    ...duplicateHandlers(ctx),
    ...packHandlers(ctx),
    ...playtestHandlers(ctx),
    ...experimentHandlers(ctx),
    ...presetHandlers(ctx),
    ...settingsHandlers(ctx),
  } satisfies ApiHandlers;
}
