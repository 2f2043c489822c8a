/**
 * The one table of studio actions: it feeds the navigation, the command palette and the
 * keyboard shortcuts, so every action is reachable all three ways.
 */
import { studio, type PageId } from './studio.svelte';
import { inspectorActions } from '../inspector/commands.svelte';
import { analysisActions } from '../plots/analysis-actions';
import { runsActions } from '../runs/runs-ui.svelte';
import { poolActions } from '../pools/pool-actions';
import { exportActions } from '../export/export-ui.svelte';

export interface Action {
  id: string;
  title: string;
  group: 'Go to' | 'View' | 'Studio' | 'Inspector';
  /** Shown in the palette and matched by the key handler, e.g. 'Alt+1', 'Mod+K'. */
  shortcut?: string;
  enabled?: () => boolean;
  perform: () => void;
}

export const pages: { id: PageId; title: string; hint: string }[] = [
  { id: 'runs', title: 'Runs', hint: 'Generation runs and the games' },
  { id: 'pools', title: 'Pools', hint: 'Candidate pools per level slot' },
  { id: 'inspector', title: 'Inspector', hint: 'One level, large and playable' },
  { id: 'plots', title: 'Plots', hint: 'Difficulty per level and histograms' },
  { id: 'duplicates', title: 'Duplicates', hint: 'Near-duplicate pairs side by side' },
  { id: 'ordering', title: 'Ordering', hint: 'Automatic and hand-approved curves' },
  { id: 'compare', title: 'Compare', hint: 'Two runs on one axis' },
  { id: 'export', title: 'Export', hint: 'Write level packs' },
];

export const actions: Action[] = [
  ...pages.map((p, i): Action => ({
    id: `go.${p.id}`,
    title: p.title,
    group: 'Go to',
    shortcut: `Alt+${i + 1}`,
    perform: () => {
      studio.page = p.id;
    },
  })),
  {
    id: 'view.theme',
    title: 'Toggle light / dark theme',
    group: 'View',
    shortcut: 'Alt+T',
    perform: () => studio.setTheme(studio.theme === 'dark' ? 'light' : 'dark'),
  },
  {
    id: 'studio.palette',
    title: 'Command palette',
    group: 'Studio',
    shortcut: 'Mod+K',
    perform: () => {
      studio.paletteOpen = true;
    },
  },
  {
    id: 'studio.reload',
    title: 'Reload runs and games',
    group: 'Studio',
    shortcut: 'Alt+R',
    perform: () => void studio.load(),
  },
  ...inspectorActions,
  ...analysisActions,
  ...runsActions,
  ...poolActions,
  ...exportActions,
];

/** Does a keyboard event match a shortcut string such as 'Alt+1' or 'Mod+K'? */
export function matches(shortcut: string, e: KeyboardEvent): boolean {
  const parts = shortcut.split('+');
  const key = (parts.pop() ?? '').toLowerCase();
  const want = new Set(parts.map((p) => p.toLowerCase()));
  const mod = e.ctrlKey || e.metaKey;
  if (want.has('mod') !== mod) return false;
  if (want.has('alt') !== e.altKey) return false;
  if (want.has('shift') !== e.shiftKey) return false;
  const pressed = e.code === 'Space' ? 'space' : e.code.startsWith('Digit') ? e.code.slice(5) : e.code.startsWith('Key') ? e.code.slice(3).toLowerCase() : e.key.toLowerCase();
  return pressed === key;
}

export function handleShortcut(e: KeyboardEvent): boolean {
  for (const a of actions) {
    if (a.shortcut && matches(a.shortcut, e) && (a.enabled?.() ?? true)) {
      e.preventDefault();
      a.perform();
      return true;
    }
  }
  return false;
}
