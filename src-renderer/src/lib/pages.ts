/**
 * The studio's ONE list of pages. Each entry makes the page: its id (the `PageId` type), its
 * place and title in the navigation, its Go-to command and key in the action table (and so in
 * the palette's "Go to" group), the group its own actions are listed under, and the component
 * App.svelte shows for it. Adding a page is one entry here plus its component
 * (docs/architecture-renderer.md, "Adding a page").
 *
 * The component is named, not imported: pages import the action table, which reads this list,
 * so importing the pages here would make an import cycle. lib/page-views.ts finds the
 * component in src-renderer/src/pages/ by that name (tests/unit/page-registry.test.ts checks every file is there).
 */
export interface PageEntry {
  id: string;
  /** The navigation's label and the page's heading. */
  title: string;
  /** One line under the heading, and the navigation button's tooltip. */
  hint: string;
  /** The Go-to shortcut (the navigation shows it). */
  key: string;
  /** The palette group the page's own actions are listed under. */
  group: string;
  /** The page's component: src-renderer/src/pages/<component>.svelte. */
  component: string;
}

export const pages = [
  {
    id: 'runs',
    title: 'Runs',
    hint: 'Generation runs and the games',
    key: 'Alt+1',
    group: 'Runs',
    component: 'RunsPage',
  },
  {
    id: 'pools',
    title: 'Pools',
    hint: 'Candidate pools, one per level',
    key: 'Alt+2',
    group: 'Pools',
    component: 'PoolsPage',
  },
  {
    id: 'inspector',
    title: 'Inspector',
    hint: 'One level, large and playable',
    key: 'Alt+3',
    group: 'Inspector',
    component: 'InspectorPage',
  },
  {
    id: 'plots',
    title: 'Plots',
    hint: 'Difficulty per level and histograms',
    key: 'Alt+4',
    group: 'Plots',
    component: 'PlotsPage',
  },
  {
    id: 'duplicates',
    title: 'Duplicates',
    hint: 'Near-duplicate pairs side by side',
    key: 'Alt+5',
    group: 'Duplicates',
    component: 'DuplicatesPage',
  },
  {
    id: 'ordering',
    title: 'Ordering',
    hint: 'Automatic and hand-approved curves',
    key: 'Alt+6',
    group: 'Ordering',
    component: 'OrderingPage',
  },
  {
    id: 'compare',
    title: 'Compare',
    hint: 'Two runs, or two orders of one, on one axis',
    key: 'Alt+7',
    group: 'Compare',
    component: 'ComparePage',
  },
  {
    id: 'export',
    title: 'Export',
    hint: 'Write level packs',
    key: 'Alt+8',
    group: 'Export',
    component: 'ExportPage',
  },
  {
    id: 'experiments',
    title: 'Experiments',
    hint: 'Rule and plan variants over many seeds, side by side',
    key: 'Alt+9',
    group: 'Experiments',
    component: 'ExperimentsPage',
  },
  {
    id: 'playtest',
    title: 'Playtest',
    hint: 'Play an order blind, as a tester, and record each attempt',
    key: 'Alt+0',
    group: 'Playtest',
    component: 'PlaytestSessionPage',
  },
] as const satisfies readonly PageEntry[];

export type Page = (typeof pages)[number];
export type PageId = Page['id'];
/** The action groups that are not a page's own. */
export const studioGroups = ['Go to', 'View', 'Studio'] as const;
/** Every group an action may be listed under in the palette. */
export type ActionGroup = (typeof studioGroups)[number] | Page['group'];

/** A page's entry by id. */
export function pageOf(id: PageId): Page {
  return pages.find((p) => p.id === id)!;
}
