/** Fitting a game's world box into a view: the one fit every board (large, pair, preview) uses. */

export interface Fit {
  scale: number;
  x: number;
  y: number;
}

/**
 * Scale and offset that fit a w×h world box whole into a W×H view, centred, with a margin.
 * On a view too small for the margin, the margin shrinks (to a quarter of the view's smaller
 * side) so the scale stays positive and the box still fits.
 */
export function fitBox(w: number, h: number, W: number, H: number, margin = 12): Fit {
  const m = Math.max(0, Math.min(margin, W / 4, H / 4));
  const scale = Math.max(1e-6, Math.min((W - 2 * m) / w, (H - 2 * m) / h));
  return { scale, x: (W - w * scale) / 2, y: (H - h * scale) / 2 };
}
