/**
 * Which elements of the level on screen are selected: a list of indices, the primary one (the
 * last clicked, which the palette, the game keys and the explanation's figures act on) last.
 * Plain functions over plain arrays, so every rule is unit-tested (tests/unit/editor-selection.test.ts).
 */
type Point = { x: number; y: number };

/** The selected indices, the primary one last; never a repeat. */
export type Selection = readonly number[];

/** The primary element (the last selected), or null. */
export function primary(sel: Selection): number | null {
  return sel.length > 0 ? sel[sel.length - 1]! : null;
}

/** Shift-click: an unselected element joins (as primary); a selected one leaves. */
export function toggle(sel: Selection, i: number): Selection {
  return sel.includes(i) ? sel.filter((k) => k !== i) : [...sel, i];
}

/** `more` added to `sel` (kept in order, no repeats). */
export function union(sel: Selection, more: readonly number[]): Selection {
  return [...sel, ...more.filter((i, k) => !sel.includes(i) && more.indexOf(i) === k)];
}

/** The indices whose centre lies in the box spanned by two corners (either order, edges included). */
export function inBox(centres: readonly Point[], a: Point, b: Point): number[] {
  const x0 = Math.min(a.x, b.x),
    x1 = Math.max(a.x, b.x),
    y0 = Math.min(a.y, b.y),
    y1 = Math.max(a.y, b.y);
  return centres.flatMap((c, i) => (c.x >= x0 && c.x <= x1 && c.y >= y0 && c.y <= y1 ? [i] : []));
}

/** The selection after the elements `removed` were deleted: they leave, later ones move down. */
export function afterRemove(sel: Selection, removed: readonly number[]): Selection {
  return sel.filter((i) => !removed.includes(i)).map((i) => i - removed.filter((r) => r < i).length);
}

/** Elements to delete one by one so no index shifts under the next: highest first. */
export function removalOrder(sel: Selection): number[] {
  return [...new Set(sel)].sort((a, b) => b - a);
}

/** Indices still in a level of `count` elements (an undo can shorten it). */
export function within(sel: Selection, count: number): Selection {
  return sel.filter((i) => Number.isInteger(i) && i >= 0 && i < count);
}

/** Every element, in order (the last primary). */
export function all(count: number): Selection {
  return Array.from({ length: count }, (_, i) => i);
}

/** Several elements in the designer's words: "dot 3", or "3 dots". */
export function nameOf(sel: Selection, name: (i: number) => string, plural: string): string {
  return sel.length === 1 ? name(sel[0]!) : `${sel.length} ${plural}`;
}
