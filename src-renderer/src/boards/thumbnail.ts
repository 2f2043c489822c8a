/**
 * Thumbnails in plain Canvas 2D (fast enough for thousands in a pool grid), drawn at
 * devicePixelRatio so they stay crisp at any zoom: the canvas is cssSize × cssSize CSS
 * pixels and cssSize·dpr device pixels. Call again after a zoom or theme change.
 */
import { gameView } from '../games/index';
import type { BoardTheme } from './theme';

/** Draw a level of `game` (its raw stored JSON) as a thumbnail; the game's view draws the level. */
export function renderThumbnail(game: string, level: unknown, rules: unknown, cssSize: number, theme: BoardTheme, canvas: HTMLCanvasElement = document.createElement('canvas')): HTMLCanvasElement {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const px = Math.max(1, Math.round(cssSize * dpr));
  canvas.width = px;
  canvas.height = px;
  canvas.style.width = `${cssSize}px`;
  canvas.style.height = `${cssSize}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('thumbnail: no 2D canvas context');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = theme.bg;
  ctx.fillRect(0, 0, px, px);
  const view = gameView(game);
  view.thumbnail(ctx, level, rules, px, theme);
  return canvas;
}
