/** The view shared by side-by-side boards (Compare, Near-duplicates): zoom factor and pan in stage pixels. */
export interface BoardZoom {
  k: number;
  x: number;
  y: number;
}

/** The fitted view: the whole level in the board. */
export const NO_ZOOM: BoardZoom = { k: 1, x: 0, y: 0 };

export const isFitted = (z: BoardZoom): boolean => z.k === 1 && z.x === 0 && z.y === 0;
