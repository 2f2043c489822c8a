/**
 * A tester's keyboard on a blind board: the arrow keys walk the elements still in play in
 * reading order (top to bottom, then left to right, by their centres on screen), and Enter plays
 * the one focused. Reading order, because element numbers are never shown to a tester: the
 * walk must follow what they see. The focused element shows the game's own preview, as a
 * pointer resting on it (or pressing it) would.
 */

export interface BoardSpot {
  x: number;
  y: number;
  live: boolean;
}

/** Centres closer than this in height (px) count as one row, so a slightly higher dot is not read first. */
const ROW_PX = 12;

/** The elements in play, in reading order. */
export function readingOrder(spots: readonly BoardSpot[]): number[] {
  return spots
    .map((s, i) => ({ ...s, i }))
    .filter((s) => s.live)
    .sort((a, b) => (Math.abs(a.y - b.y) < ROW_PX ? a.x - b.x : a.y - b.y) || a.i - b.i)
    .map((s) => s.i);
}

/**
 * The element a step of `dir` (1: next, −1: previous) focuses after `current`: the first (or
 * last) in reading order when nothing in play is focused, wrapping at the ends; null when no
 * element is left.
 */
export function stepFocus(spots: readonly BoardSpot[], current: number | null, dir: 1 | -1): number | null {
  const order = readingOrder(spots);
  if (order.length === 0) return null;
  const at = current === null ? -1 : order.indexOf(current);
  if (at < 0) return dir === 1 ? order[0]! : order[order.length - 1]!;
  return order[(at + dir + order.length) % order.length]!;
}
