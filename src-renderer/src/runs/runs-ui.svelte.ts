/**
 * The Runs screen's entries for the studio's ONE action table (`lib/actions.ts` spreads
 * `runsActions` in). The page registers its handlers in `runsUi` while it is on screen.
 */
import type { Action } from '../lib/actions';
import { studio } from '../lib/studio.svelte';
import { typing } from './format';

class RunsUi {
  focusForm: (() => void) | null = null;
  importPack: (() => void) | null = null;
}
export const runsUi = new RunsUi();

export const runsActions: Action[] = [
  {
    id: 'runs.new',
    title: 'New run (focus the seed field)',
    group: 'Studio',
    shortcut: 'Alt+N',
    enabled: () => studio.page === 'runs' && runsUi.focusForm !== null,
    perform: () => runsUi.focusForm?.(),
  },
  {
    id: 'runs.import',
    title: 'Import a pack file as a read-only run…',
    group: 'Studio',
    shortcut: 'Alt+I',
    enabled: () => studio.page === 'runs' && runsUi.importPack !== null && !typing(),
    perform: () => runsUi.importPack?.(),
  },
  {
    id: 'runs.openPools',
    title: 'Open the selected run’s pools',
    group: 'Studio',
    enabled: () => studio.page === 'runs' && studio.selectedRunId !== null,
    perform: () => {
      studio.page = 'pools';
    },
  },
];
