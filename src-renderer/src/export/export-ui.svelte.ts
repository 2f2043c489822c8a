/** The Export screen's entry for the studio's ONE action table (`lib/actions.ts` spreads it in). */
import type { Action } from '../lib/actions';
import { studio } from '../lib/studio.svelte';

class ExportUi {
  run: (() => void) | null = $state(null);
}
export const exportUi = new ExportUi();

export const exportActions: Action[] = [
  {
    id: 'export.write',
    title: 'Export the pack with the chosen order and layout',
    group: 'Studio',
    shortcut: 'Mod+E',
    enabled: () => studio.page === 'export' && exportUi.run !== null,
    perform: () => exportUi.run?.(),
  },
];
