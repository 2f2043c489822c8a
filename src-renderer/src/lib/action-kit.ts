/**
 * What an entry of the studio's ONE action table looks like, and the small helpers the pages'
 * action lists share. The table itself is `lib/actions.ts`; it spreads each page's list in, and the pages and
 * their groups are `lib/pages.ts`.
 * This module imports no action list, so every list can use these helpers.
 */
import { studio } from './studio.svelte';
import { pageOf, type ActionGroup, type PageId } from './pages';

export type { ActionGroup } from './pages';

export interface Action {
  id: string;
  title: string;
  group: ActionGroup;
  /** Shown in the palette and on buttons, and matched by the key handler, e.g. 'Alt+1', 'Mod+K', 'Delete'. */
  shortcut?: string;
  /** The shortcut also matches with Shift held; `perform` then gets `{ shift: true }` (pool moves extend the selection). */
  shiftToo?: boolean;
  /** The shortcut also acts while the focus is in a text field. Off by default, so single keys never eat typing. */
  whileTyping?: boolean;
  /** Where the key acts, besides the action being available (e.g. only with the focus in the new-run form). */
  keyScope?: () => boolean;
  /**
   * Why the action cannot run now, in a few words, or null when it can. The palette lists an
   * unavailable action greyed with this text; keys and buttons do nothing while it is set.
   */
  unavailable?: () => string | null;
  perform: (how?: { shift?: boolean }) => void;
}

const ELSEWHERE = 'only on the ';

/** The reason a page's action is unavailable elsewhere, or null on that page. */
export function notOn(page: PageId): string | null {
  if (studio.page === page) return null;
  const p = pageOf(page);
  return `${ELSEWHERE}${p.title} page (${p.key})`;
}

/** Does the action act only on another page than the one on screen (its reason is `notOn`'s)? */
export function onlyElsewhere(a: Action): boolean {
  return whyUnavailable(a)?.startsWith(ELSEWHERE) ?? false;
}

/** Why the action cannot run now (null: it can). */
export function whyUnavailable(a: Action): string | null {
  return a.unavailable?.() ?? null;
}

const KEY_NAMES: Record<string, string> = {
  Mod: 'Ctrl',
  ArrowRight: '→',
  ArrowLeft: '←',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Backspace: '⌫',
  Delete: 'Del',
  Escape: 'Esc',
  PageDown: 'PgDn',
  PageUp: 'PgUp',
};

/** A shortcut as people read it: 'Mod+Enter' → 'Ctrl Enter', 'ArrowRight' → '→'. */
export function shortcutLabel(shortcut: string): string {
  return shortcut
    .split('+')
    .map((k) => KEY_NAMES[k] ?? k)
    .join(' ');
}

/** Is the keyboard focus in a text field (single-letter shortcuts must not eat typing)? */
export function typing(): boolean {
  const el = document.activeElement;
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement)
    return !['button', 'checkbox', 'radio', 'range', 'file'].includes(el.type);
  return (el as HTMLElement).isContentEditable === true;
}

/** Is the keyboard focus inside the element matching `selector`, or nowhere in particular (the page body)? */
export function focusIn(selector: string, orBody = false): boolean {
  const el = document.activeElement;
  if (!el || el === document.body) return orBody;
  return el.closest(selector) !== null;
}
