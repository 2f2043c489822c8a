/**
 * The one table of studio actions: it feeds the navigation, the command palette, the keyboard
 * shortcuts and the pages' buttons, so every action is reachable every way with the same
 * title, shortcut and availability. Each page's actions live beside the page and are spread in
 * here; `lib/action-kit.ts` says what an entry holds.
 */
import { studio } from './studio.svelte';
import { registerActions } from './action-lookup';
import { typing, whyUnavailable, type Action } from './action-kit';
import { pages } from './pages';
import { inspectorActions } from '../inspector/inspector-actions';
import { inspectorCurationActions, jumpAction } from '../inspector/curation-actions';
import { plotsActions } from '../plots/plots-actions';
import { duplicatesActions } from '../duplicates/duplicates-actions';
import { compareActions } from '../compare/compare-actions';
import { runsActions } from '../runs/runs-actions';
import { poolActions } from '../pools/pool-actions';
import { exportActions } from '../export/export-actions';
import { experimentActions } from '../experiments/experiments-actions';
import { backupActions } from '../export/backup-view.svelte';
import { editActions } from '../editor/edit-actions';
import { orderingActions } from '../ordering/ordering-actions';
import { topUpActions } from '../topup/topup-actions';
import { playtestActions } from '../playtest/playtest-actions';

export { shortcutLabel, whyUnavailable, type Action } from './action-kit';
export { pages } from './pages';
export { action, blocked, hint, runAction } from './action-lookup';
/** Entries made from what is typed in the palette (jumps to a level or a candidate). */
export { jumpActions } from '../inspector/curation-actions';

export const actions: Action[] = [
  ...pages.map((p): Action => ({
    id: `go.${p.id}`,
    title: p.title,
    group: 'Go to',
    shortcut: p.key,
    whileTyping: true,
    perform: () => {
      studio.page = p.id;
    },
  })),
  {
    id: 'view.theme',
    title: 'Toggle light / dark theme',
    group: 'View',
    shortcut: 'Alt+T',
    whileTyping: true,
    perform: () => studio.setTheme(studio.theme === 'dark' ? 'light' : 'dark'),
  },
  {
    id: 'view.debug',
    get title() {
      return `Developer timings overlay: ${studio.debugOverlay ? 'on (turn off)' : 'off (turn on)'}`;
    },
    group: 'View',
    shortcut: 'Alt+D',
    whileTyping: true,
    perform: () => {
      studio.debugOverlay = !studio.debugOverlay;
    },
  },
  {
    id: 'studio.palette',
    title: 'Command palette',
    group: 'Studio',
    shortcut: 'Mod+K',
    whileTyping: true,
    perform: () => {
      studio.paletteOpen = true;
    },
  },
  {
    id: 'studio.keys',
    title: 'Keys on this page',
    group: 'Studio',
    shortcut: '?',
    perform: () => {
      studio.keysOpen = true;
    },
  },
  {
    id: 'studio.reload',
    title: 'Reload runs and games',
    group: 'Studio',
    shortcut: 'Alt+R',
    whileTyping: true,
    unavailable: () => (studio.loading ? 'the studio is loading' : null),
    perform: () => void studio.load(),
  },
  ...backupActions,
  ...runsActions,
  ...poolActions,
  ...editActions,
  ...inspectorActions,
  ...inspectorCurationActions,
  jumpAction,
  ...plotsActions,
  ...duplicatesActions,
  ...compareActions,
  ...orderingActions,
  ...topUpActions,
  ...exportActions,
  ...experimentActions,
  ...playtestActions,
];

if (new Set(actions.map((a) => a.id)).size !== actions.length)
  throw new Error('two studio actions share an id');
registerActions(actions);

/** Does a keyboard event match a shortcut string such as 'Alt+1' or 'Mod+K'? */
function matches(shortcut: string, e: KeyboardEvent, shiftToo = false): boolean {
  const parts = shortcut.split('+');
  const key = (parts.pop() ?? '').toLowerCase();
  const want = new Set(parts.map((p) => p.toLowerCase()));
  const mod = e.ctrlKey || e.metaKey;
  if (want.has('mod') !== mod) return false;
  if (want.has('alt') !== e.altKey) return false;
  // A symbol typed with Shift on most layouts ('?') matches as the character it types.
  const symbol = key.length === 1 && !/[a-z0-9]/.test(key) && e.key === key;
  if (want.has('shift') !== e.shiftKey && !(shiftToo && e.shiftKey) && !symbol) return false;
  const pressed =
    e.code === 'Space'
      ? 'space'
      : e.code.startsWith('Digit')
        ? e.code.slice(5)
        : e.code.startsWith('Key')
          ? e.code.slice(3).toLowerCase()
          : e.key.toLowerCase();
  return pressed === key;
}

/**
 * The studio's key handler (App listens on the window). A key acts when an available action's
 * shortcut matches, unless the focus is in a text field (for actions not marked `whileTyping`),
 * outside the action's key scope, or a modal dialog is open; a key a widget already handled
 * (default prevented) is left alone. Undo and redo keys outside text fields never reach the
 * browser's own undo.
 */
export function handleShortcut(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || document.querySelector('dialog[open]') !== null) return false;
  const inText = typing();
  for (const a of actions) {
    if (!a.shortcut || !matches(a.shortcut, e, a.shiftToo)) continue;
    if (inText && !a.whileTyping) continue;
    if (a.keyScope && !a.keyScope()) continue;
    if (whyUnavailable(a) !== null) continue;
    e.preventDefault();
    a.perform({ shift: e.shiftKey });
    return true;
  }
  // Ctrl+Z / Ctrl+Shift+Z outside a text field are the studio's, even with nothing to undo: left
  // to the browser, its own undo reached back into a field typed in earlier (the Pools note),
  // put the focus there and took its text back.
  if (!inText && (matches('Mod+Z', e, true) || matches('Mod+Y', e))) e.preventDefault();
  return false;
}
