/**
 * Command-palette actions and shortcuts of the analysis screens (Plots, Near-duplicates,
 * Ordering, Compare). Each is enabled only on its own page and never while typing.
 */
import type { Action } from '../lib/actions';
import { studio } from '../lib/studio.svelte';
import { dupView } from '../duplicates/dup-view.svelte';
import { orderingScreen } from '../ordering/ordering-view.svelte';
import { compareScreen } from '../compare/compare-view.svelte';
import { plotsView } from './plots-view.svelte';

function typing(): boolean {
  const el = document.activeElement;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || (el as HTMLElement).isContentEditable);
}

const on = (page: typeof studio.page) => (): boolean => studio.page === page && !typing();

export const analysisActions: Action[] = [
  { id: 'plots.reload', title: 'Plots: reload the run’s points and curve', group: 'View', enabled: () => studio.page === 'plots', perform: () => plotsView.reload() },
  { id: 'duplicates.next', title: 'Near-duplicates: next pair', group: 'View', shortcut: 'ArrowDown', enabled: on('duplicates'), perform: () => dupView.move(1) },
  { id: 'duplicates.prev', title: 'Near-duplicates: previous pair', group: 'View', shortcut: 'ArrowUp', enabled: on('duplicates'), perform: () => dupView.move(-1) },
  { id: 'duplicates.align', title: 'Near-duplicates: toggle lining B up with A', group: 'View', shortcut: 'T', enabled: on('duplicates'), perform: () => { dupView.align = !dupView.align; } },
  { id: 'duplicates.labels', title: 'Near-duplicates: toggle index labels', group: 'View', shortcut: 'L', enabled: on('duplicates'), perform: () => { dupView.labels = !dupView.labels; } },
  { id: 'ordering.compute', title: 'Ordering: compute the approved ordering', group: 'Studio', shortcut: 'Alt+Shift+O', enabled: () => studio.page === 'ordering' && orderingScreen.canCompute, perform: () => void orderingScreen.compute() },
  { id: 'ordering.export', title: 'Ordering: export the approved pack', group: 'Studio', shortcut: 'Alt+Shift+E', enabled: () => studio.page === 'ordering' && orderingScreen.canExport, perform: () => void orderingScreen.exportApproved() },
  { id: 'compare.next', title: 'Compare: next level', group: 'View', shortcut: ']', enabled: on('compare'), perform: () => compareScreen.step(1) },
  { id: 'compare.prev', title: 'Compare: previous level', group: 'View', shortcut: '[', enabled: on('compare'), perform: () => compareScreen.step(-1) },
  { id: 'compare.swap', title: 'Compare: swap runs A and B', group: 'View', shortcut: 'S', enabled: on('compare'), perform: () => compareScreen.swap() },
];
