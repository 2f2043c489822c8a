/**
 * The top-up's entries for the studio's ONE action table (issue 23): open the top-up panel for
 * the levels selected on the Ordering page (or the focused one), or for the focused candidate's
 * pool in Pools; start it. Spread into `lib/actions.ts`.
 */
import { notOn, type Action } from '../lib/action-kit';
import { rangesText } from '../../../src-shared/ordering/level-ranges';
import { studio } from '../lib/studio.svelte';
import { orderingScreen } from '../ordering/ordering-view.svelte';
import { pool } from '../pools/pool-view.svelte';
import { topUpDialog } from './topup-view.svelte';

/** Why the selected run cannot be topped up now, or null. */
function runReason(): string | null {
  const run = studio.selectedRun;
  if (!run) return 'no run is open';
  if (run.status === 'imported') return 'an imported pack is read-only';
  // A run stopped part-way may hold a top-up left part-way: the panel offers to resume or drop it.
  if (run.status === 'queued' || run.status === 'running') return 'the run is still generating';
  return null;
}

export const topUpActions: Action[] = [
  {
    id: 'topup.ordering',
    get title() {
      const levels = orderingScreen.targets();
      return `Top up level${levels.length === 1 ? '' : 's'} ${rangesText(levels)}… (more candidates)`;
    },
    group: 'Ordering',
    unavailable: () => notOn('ordering') ?? runReason(),
    perform: () => {
      if (studio.selectedRunId !== null) topUpDialog.show(studio.selectedRunId, orderingScreen.targets());
    },
  },
  {
    id: 'topup.pool',
    get title() {
      const slot = pool.focused?.slot;
      return slot === undefined
        ? 'Top up this pool… (more candidates)'
        : `Top up pool L${slot + 1}… (more candidates)`;
    },
    group: 'Pools',
    unavailable: () => notOn('pools') ?? runReason() ?? (pool.focused ? null : 'no candidate is focused'),
    perform: () => {
      const slot = pool.focused?.slot;
      if (studio.selectedRunId !== null && slot !== undefined)
        topUpDialog.show(studio.selectedRunId, [slot + 1]);
    },
  },
  {
    id: 'topup.start',
    title: 'Start the top-up',
    group: 'Studio',
    unavailable: () =>
      !topUpDialog.open ? 'the top-up panel is not open' : topUpDialog.busy ? 'a top-up is running' : null,
    perform: () => void topUpDialog.start(),
  },
];
