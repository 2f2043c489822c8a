/**
 * Thumbnails in plain Canvas 2D (fast enough for thousands in a pool grid), drawn at
 * devicePixelRatio so they stay crisp at any zoom: the canvas is cssWidth × cssHeight CSS
 * pixels (square unless asked otherwise) and that times dpr in device pixels. Call again after
 * a zoom or theme change.
 */
import { gameView } from '../games/index';
import type { BoardTheme } from './theme';

/** Draw a level of `game` (its raw stored JSON) as a thumbnail; the game's view draws the level. */
export function renderThumbnail(game: string, level: unknown, rules: unknown, cssWidth: number, theme: BoardTheme, canvas: HTMLCanvasElement = document.createElement('canvas'), cssHeight = cssWidth): HTMLCanvasElement {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(cssWidth * dpr));
  const h = Math.max(1, Math.round(cssHeight * dpr));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${cssHeight}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('thumbnail: no 2D canvas context');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = theme.bg;
  ctx.fillRect(0, 0, w, h);
  const view = gameView(game);
  view.thumbnail(ctx, level, rules, w, h, theme);
  return canvas;
}

/**
 * A thumbnail box's height for a width: the game's field shape under these rules (read by its
 * view), kept between half and twice the width so a card never turns into a strip. Square when
 * the game gives no shape or the rules cannot be read.
 */
export function thumbnailHeight(game: string | null, rules: unknown, cssWidth: number): number {
  if (!game || rules == null) return cssWidth;
  try {
    const view = gameView(game);
    const aspect = view.thumbnailAspect ? view.thumbnailAspect(view.readRules(rules)) : 1;
    return Math.round(cssWidth / Math.min(2, Math.max(0.5, Number.isFinite(aspect) && aspect > 0 ? aspect : 1)));
  } catch {
    // Unreadable rules are reported when a thumbnail is drawn; the box stays square.
    return cssWidth;
  }
}
