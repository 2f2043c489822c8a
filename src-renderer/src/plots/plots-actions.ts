/** The Plots page's entries for the studio's ONE action table (`lib/actions.ts` spreads them in). */
import { notOn, type Action } from '../lib/action-kit';
import { studio } from '../lib/studio.svelte';
import { plotsView } from './plots-view.svelte';

export const plotsActions: Action[] = [
  {
    id: 'plots.reload',
    title: 'Reload the run’s points and curve',
    group: 'Plots',
    unavailable: () => notOn('plots') ?? (studio.selectedRunId === null ? 'no run is selected' : null),
    perform: () => plotsView.reload(),
  },
];
