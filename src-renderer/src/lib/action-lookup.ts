/**
 * Actions by id, for buttons and tooltips. The table (lib/actions.ts) registers itself here
 * when it loads, so a component that a game's view renders (editor/EditorShell.svelte) can
 * reach an action without importing the table, which imports the game views (an import cycle).
 */
import { shortcutLabel, whyUnavailable, type Action } from './action-kit';

let byId = new Map<string, Action>();

/** Called once, by lib/actions.ts, with the whole table. */
export function registerActions(actions: readonly Action[]): void {
  byId = new Map(actions.map((a) => [a.id, a]));
}

export function action(id: string): Action {
  const a = byId.get(id);
  if (!a) throw new Error(`no studio action "${id}"`);
  return a;
}

/** Run an action by id if it is available now (buttons call this, so they act as the keys and the palette do). */
export function runAction(id: string): void {
  const a = action(id);
  if (whyUnavailable(a) === null) a.perform();
}

/** Why the action cannot run now, or null (for a button's `disabled`). */
export function blocked(id: string): string | null {
  return whyUnavailable(action(id));
}

/** A button's tooltip: the action's title and shortcut, or why it cannot run now. */
export function hint(id: string, title?: string): string {
  const a = action(id);
  const why = whyUnavailable(a);
  const keys = a.shortcut ? ` (${shortcutLabel(a.shortcut)})` : '';
  return `${title ?? a.title}${keys}${why ? ` — not now: ${why}` : ''}`;
}

/** An action's shortcut as people read it ('Ctrl Z'), for key hints drawn beside the controls. */
export function keyOf(id: string): string {
  const a = action(id);
  if (!a.shortcut) throw new Error(`studio action "${id}" has no shortcut`);
  return shortcutLabel(a.shortcut);
}
