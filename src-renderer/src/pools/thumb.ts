/**
 * Svelte action: a candidate's thumbnail in a canvas at devicePixelRatio (crisp at any zoom).
 *
 * Scrolling a large pool brings dozens of cards into view a second, so a thumbnail is drawn
 * once per level, size and theme into a picture cache (thumb-cache.ts) and put on its card
 * by a copy (a blit) from then on: a card scrolled back into view shows at once. Drawing
 * waits its turn (a few milliseconds of drawing per frame, see `flush`); until then the
 * canvas is hidden, a blank space of its size, rather than showing another level's picture
 * from when the card was reused, and nothing is painted for a placeholder.
 */
import type { GameId } from '../../../src-shared/games/index';
import type { BoardTheme } from '../boards/theme';
import { drawThumbnailInto, thumbnailPixels } from '../boards/thumbnail';
import { studio } from '../lib/studio.svelte';
import type { ThumbsDebugHook } from '../../../src-shared/thumbs-debug';
import { ThumbCache } from './thumb-cache';

let reported = false;

/** Counts for the browser bench (window.__thumbs, described in src-shared/thumbs-debug.ts). */
const stats: ThumbsDebugHook = {
  drawn: 0,
  blits: 0,
  drawMs: [],
  reset() {
    stats.drawn = 0;
    stats.blits = 0;
    stats.drawMs = [];
  },
};
if (typeof window !== 'undefined') window.__thumbs = stats;

export interface ThumbParams {
  game: GameId | null;
  level: unknown;
  rules: unknown;
  /** CSS pixels wide, and high (square when no height is given). */
  size: number;
  height?: number;
  theme: BoardTheme;
  /** Changes when the device pixel ratio changes (browser zoom), to redraw sharp. */
  dpr: number;
}

const cache = new ThumbCache();

function cssSize(canvas: HTMLCanvasElement, p: ThumbParams): void {
  const w = `${p.size}px`,
    h = `${p.height ?? p.size}px`;
  if (canvas.style.width !== w) canvas.style.width = w;
  if (canvas.style.height !== h) canvas.style.height = h;
}

function show(canvas: HTMLCanvasElement, visible: boolean): void {
  const v = visible ? '' : 'hidden';
  if (canvas.style.visibility !== v) canvas.style.visibility = v;
}

/** Copy a cached picture onto the card's canvas. */
function blit(canvas: HTMLCanvasElement, picture: CanvasImageSource, w: number, h: number): void {
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, w, h);
  ctx.drawImage(picture, 0, 0);
  show(canvas, true);
}

/** The card's picture from the cache, or null when it is not there. */
function fromCache(canvas: HTMLCanvasElement, p: ThumbParams): boolean {
  const { w, h } = thumbnailPixels(p.size, p.height ?? p.size, p.dpr);
  const picture = cache.get(p.level, w, h, p.theme, p.rules);
  if (!picture) return false;
  blit(canvas, picture, w, h);
  stats.blits++;
  return true;
}

/** Draw the level into the cache, then onto the card. */
function draw(canvas: HTMLCanvasElement, p: ThumbParams): void {
  if (fromCache(canvas, p)) return;
  const { w, h } = thumbnailPixels(p.size, p.height ?? p.size, p.dpr);
  try {
    const t0 = performance.now();
    const picture = drawThumbnailInto(p.game!, p.level, p.rules, w, h, p.theme);
    // Kept for the bench; bounded so a day of scrolling does not grow it without end.
    if (stats.drawMs.length < 20_000) stats.drawMs.push(performance.now() - t0);
    stats.drawn++;
    cache.set(p.level, w, h, p.theme, p.rules, picture);
    blit(canvas, picture, w, h);
  } catch (e) {
    // Shown once in the error panel (not once per card); the card keeps an empty frame.
    if (!reported) studio.report('A thumbnail could not be drawn', e);
    reported = true;
  }
}

/**
 * Thumbnails waiting to be drawn. A jump across a large pool brings dozens of cards into view
 * at once; drawing them all in one frame would stall scrolling, so each frame draws what fits
 * in a few milliseconds and leaves the rest for the next frames.
 */
const pending = new Map<HTMLCanvasElement, ThumbParams>();
const FRAME_BUDGET_MS = 6;
let scheduled = false;

function flush(): void {
  const t0 = performance.now();
  for (const [canvas, p] of pending) {
    pending.delete(canvas);
    if (canvas.isConnected) draw(canvas, p);
    if (performance.now() - t0 > FRAME_BUDGET_MS) break;
  }
  scheduled = pending.size > 0;
  if (scheduled) requestAnimationFrame(flush);
}

function schedule(canvas: HTMLCanvasElement, p: ThumbParams): void {
  cssSize(canvas, p);
  pending.delete(canvas);
  const drawable = p.game !== null && p.level != null && p.rules != null;
  if (drawable && fromCache(canvas, p)) return;
  // Not loaded yet, or waiting its turn: a blank space of the same size.
  show(canvas, false);
  if (!drawable) return;
  pending.set(canvas, p);
  if (!scheduled) {
    scheduled = true;
    requestAnimationFrame(flush);
  }
}

export function thumbnail(
  canvas: HTMLCanvasElement,
  params: ThumbParams,
): { update: (p: ThumbParams) => void; destroy: () => void } {
  let last = params;
  schedule(canvas, params);
  return {
    update(p: ThumbParams) {
      if (
        p.level === last.level &&
        p.theme === last.theme &&
        p.size === last.size &&
        p.height === last.height &&
        p.dpr === last.dpr &&
        p.rules === last.rules &&
        p.game === last.game
      )
        return;
      last = p;
      schedule(canvas, p);
    },
    destroy() {
      pending.delete(canvas);
      // Free the card's pixels now rather than at the next full garbage collection: scrolling
      // drops dozens of cards a second, and their canvases' memory piling up until then made
      // the collector stop a frame for tens of milliseconds.
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}
