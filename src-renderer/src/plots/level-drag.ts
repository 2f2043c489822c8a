/**
 * Dragging across the difficulty plot picks a range of levels to top up (issue 23): the two
 * ends of the drag, in the plot's own x pixels, go back through its level scale; a drag shorter
 * than MIN_DRAG_PX is a click (the point under it opens in the Inspector). Pure.
 */

/** The least drag, in pixels, that picks levels rather than clicking a point. */
const MIN_DRAG_PX = 8;

/** The levels between two x positions of the plot (1..levelCount), or null for a click. */
export function draggedLevels(
  fromPx: number,
  toPx: number,
  invert: (px: number) => number,
  levelCount: number,
): number[] | null {
  if (Math.abs(toPx - fromPx) < MIN_DRAG_PX) return null;
  const [a, b] = [invert(Math.min(fromPx, toPx)), invert(Math.max(fromPx, toPx))];
  const lo = Math.max(1, Math.round(a)),
    hi = Math.min(levelCount, Math.round(b));
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi < lo) return null;
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}
