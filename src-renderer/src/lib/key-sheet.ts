/**
 * The `?` sheet: every key of the page on screen, read from the action table itself, so the
 * sheet cannot drift from the keys (a key added to a page's action list is on its sheet). A key
 * is on the page's sheet unless its action acts only on another page (`notOn`); the keys are
 * grouped as the palette groups them, the page's own group first, then the studio-wide ones.
 */
import { onlyElsewhere, shortcutLabel, whyUnavailable, type Action } from './action-kit';
import { pageOf, studioGroups, type PageId } from './pages';

export interface KeyRow {
  id: string;
  title: string;
  /** The key as people read it ('Ctrl Z', '→'); the title says what Shift adds, where it does. */
  keys: string;
  /** Why the key does nothing right now, or null when it acts. */
  why: string | null;
}

export interface KeyGroup {
  group: string;
  rows: KeyRow[];
}

/** The sheet of `page`, the page on screen (availability is read now). */
export function keySheet(actions: readonly Action[], page: PageId): KeyGroup[] {
  const keyed = actions.filter((a) => a.shortcut !== undefined && !onlyElsewhere(a));
  const own = pageOf(page).group;
  const groups = [...new Set<string>([own, ...studioGroups, ...keyed.map((a) => a.group)])];
  return groups
    .map((group) => ({
      group,
      rows: keyed
        .filter((a) => a.group === group)
        .map((a) => ({
          id: a.id,
          title: a.title,
          keys: shortcutLabel(a.shortcut!),
          why: whyUnavailable(a),
        })),
    }))
    .filter((g) => g.rows.length > 0);
}
