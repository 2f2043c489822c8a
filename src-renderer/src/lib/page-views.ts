/**
 * The router's table: every page's component, found by the name its entry in ./pages.ts
 * gives (src-renderer/src/pages/<component>.svelte).
 *
 * Its own module, imported by App.svelte after the action table: the glob's imports go first
 * in whatever module holds it, and a page evaluated before lib/actions.ts meets the game views
 * half-loaded (games/index.ts → a game's editor → the action table → games/index.ts).
 */
import type { Component } from 'svelte';
import type { Page } from './pages';

const views = import.meta.glob<Component>('../pages/*.svelte', { eager: true, import: 'default' });

export function pageView(p: Page): Component {
  const view = views[`../pages/${p.component}.svelte`];
  if (!view) throw new Error(`the ${p.title} page has no component pages/${p.component}.svelte`);
  return view;
}
