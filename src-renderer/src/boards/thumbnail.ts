/**
 * Thumbnails in plain Canvas 2D (fast enough for thousands in a pool grid), drawn at
 * devicePixelRatio so they stay crisp at any zoom: the canvas is cssWidth × cssHeight CSS
 * pixels (square unless asked otherwise) and that times dpr in device pixels. Call again after
 * a zoom or theme change. `drawThumbnailInto` draws a picture to keep (the pool's cache).
 */
import { gameView } from '../games/index';
import type { BoardTheme } from './theme';
import type { Canvas2D } from '../games/game-view';

/** A thumbnail's canvas size in device pixels for its CSS size. */
export function thumbnailPixels(cssWidth: number, cssHeight: number, dpr: number): { w: number; h: number } {
  return { w: Math.max(1, Math.round(cssWidth * dpr)), h: Math.max(1, Math.round(cssHeight * dpr)) };
}

/** The background and the game view's drawing of the level, on a w × h device-pixel context. */
function paint(
  ctx: Canvas2D,
  game: string,
  level: unknown,
  rules: unknown,
  w: number,
  h: number,
  theme: BoardTheme,
): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = theme.bg;
  ctx.fillRect(0, 0, w, h);
  gameView(game).thumbnail(ctx, level, rules, w, h, theme);
}

/** Draw a level of `game` (its raw stored JSON) as a thumbnail; the game's view draws the level. */
export function renderThumbnail(
  game: string,
  level: unknown,
  rules: unknown,
  cssWidth: number,
  theme: BoardTheme,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
  cssHeight = cssWidth,
): HTMLCanvasElement {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const { w, h } = thumbnailPixels(cssWidth, cssHeight, dpr);
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${cssHeight}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('thumbnail: no 2D canvas context');
  paint(ctx, game, level, rules, w, h, theme);
  return canvas;
}

let scratch: OffscreenCanvas | null = null;

/**
 * A level drawn as a thumbnail picture of w × h device pixels, to keep and copy onto cards:
 * an ImageBitmap taken from one reused offscreen canvas (no copy), or a canvas of its own
 * where OffscreenCanvas is missing.
 */
export function drawThumbnailInto(
  game: string,
  level: unknown,
  rules: unknown,
  w: number,
  h: number,
  theme: BoardTheme,
): ImageBitmap | HTMLCanvasElement {
  if (typeof OffscreenCanvas === 'undefined') {
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('thumbnail: no 2D canvas context');
    paint(ctx, game, level, rules, w, h, theme);
    return canvas;
  }
  if (!scratch) scratch = new OffscreenCanvas(w, h);
  if (scratch.width !== w) scratch.width = w;
  if (scratch.height !== h) scratch.height = h;
  const ctx = scratch.getContext('2d');
  if (!ctx) throw new Error('thumbnail: no 2D canvas context');
  paint(ctx, game, level, rules, w, h, theme);
  return scratch.transferToImageBitmap();
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
    return Math.round(
      cssWidth / Math.min(2, Math.max(0.5, Number.isFinite(aspect) && aspect > 0 ? aspect : 1)),
    );
  } catch {
    // Unreadable rules are reported when a thumbnail is drawn; the box stays square.
    return cssWidth;
  }
}
