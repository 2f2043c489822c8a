/**
 * The view shared by side-by-side boards (Compare, Near-duplicates): a zoom by `k` about the
 * board's centre, then a pan by (x, y) stage pixels. Anchoring the zoom at the centre (where
 * the fit centres the level) keeps the same part of the level in view when a board changes
 * size; at k = 1 with no pan every board shows its whole fitted level.
 */
export interface BoardZoom {
  k: number;
  x: number;
  y: number;
}

/** The fitted view: the whole level in the board. */
export const NO_ZOOM: BoardZoom = { k: 1, x: 0, y: 0 };

export const isFitted = (z: BoardZoom): boolean => z.k === 1 && z.x === 0 && z.y === 0;

/** Where the board's root goes for a zoom, on a W×H board. */
export function rootPosition(z: BoardZoom, W: number, H: number): { x: number; y: number } {
  return { x: (W / 2) * (1 - z.k) + z.x, y: (H / 2) * (1 - z.k) + z.y };
}

/** The zoom that puts the root at (rx, ry) with factor k, on a W×H board. */
export function zoomFromRoot(k: number, rx: number, ry: number, W: number, H: number): BoardZoom {
  return { k, x: rx - (W / 2) * (1 - k), y: ry - (H / 2) * (1 - k) };
}
