/** The Export screen's entries for the studio's ONE action table (`lib/actions.ts` spreads them in). */
import { notOn, type Action } from '../lib/action-kit';
import { exportUi } from './export-view.svelte';

function pageReason(): string | null {
  return notOn('export') ?? (exportUi.page === null ? 'the Export page is loading' : null);
}

export const exportActions: Action[] = [
  {
    id: 'export.write',
    title: 'Export the pack with the chosen order and layout',
    group: 'Export',
    shortcut: 'Mod+E',
    whileTyping: true,
    unavailable: () => pageReason() ?? exportUi.page!.writeBlocked,
    perform: () => exportUi.page?.write(),
  },
  {
    id: 'export.computeApproved',
    title: 'Compute the approved ordering of the chosen run',
    group: 'Export',
    unavailable: () => pageReason() ?? exportUi.page!.computeBlocked,
    perform: () => exportUi.page?.computeApproved(),
  },
  {
    id: 'export.playtest',
    title: 'Export playtest… (the chosen order as a page testers open offline)',
    group: 'Export',
    // Its part of the page says why not, or null (ready): a `??` after it would read that null as "loading".
    unavailable: () =>
      pageReason() ?? (exportUi.playtest ? exportUi.playtest.blocked : 'the Export page is loading'),
    perform: () => exportUi.playtest?.write(),
  },
  {
    id: 'export.copyPath',
    title: 'Copy the path of the pack last written',
    group: 'Export',
    unavailable: () =>
      pageReason() ?? (exportUi.page!.lastPath === null ? 'nothing was written yet in this session' : null),
    perform: () => exportUi.page?.copyPath(),
  },
];
