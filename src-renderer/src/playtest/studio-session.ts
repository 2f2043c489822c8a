/**
 * The studio's one playtest session (the Playtest page's state), wired to the studio's client and
 * the games' blind boards. Kept in a module, so a session survives a visit to another page.
 */
import type { OrderingKind } from '../../../src-shared/api';
import { ORDER_KINDS } from '../../../src-shared/ordering/ships-now';
import { gameView } from '../games/index';
import { errorText } from '../lib/errors';
import { studio } from '../lib/studio.svelte';
import { PlaytestSession, type Orders } from './playtest-view.svelte';

export const playtestSession = new PlaytestSession({
  client: {
    async orders(runId) {
      const entries = await Promise.all(
        ORDER_KINDS.map(async (kind: OrderingKind) => {
          try {
            return [kind, await studio.client.call('orderings.get', { runId, kind })] as const;
          } catch {
            // An order the run never computed reads as not there (the page says so).
            return [kind, null] as const;
          }
        }),
      );
      return Object.fromEntries(entries) as Orders;
    },
    run: (runId) => studio.client.call('runs.get', { runId }),
    level: async (candidateId) => (await studio.client.call('candidates.get', { candidateId })).level,
    record: (args) => studio.client.call('playtests.record', args),
  },
  blind(game) {
    const view = gameView(game);
    if (!view.game.playtest) return `${view.game.title} has no playtest rules`;
    return view.blind;
  },
  explain: errorText,
});
