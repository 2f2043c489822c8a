/** Svelte action: draw a candidate's thumbnail into a canvas at devicePixelRatio (crisp at any zoom). */
import type { GameId } from '../../../src-shared/game';
import type { BoardTheme } from '../boards/theme';
import { renderThumbnail } from '../boards/thumbnail';
import { studio } from '../lib/studio.svelte';
import type { ThumbsDebugHook } from '../../../src-shared/thumbs-debug';

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

function draw(canvas: HTMLCanvasElement, p: ThumbParams): void {
  if (p.game && p.level != null && p.rules != null) {
    try {
      const t0 = performance.now();
      renderThumbnail(p.game, p.level, p.rules, p.size, p.theme, canvas, p.height ?? p.size);
      // Kept for the bench; bounded so a day of scrolling does not grow it without end.
      if (stats.drawMs.length < 20_000) stats.drawMs.push(performance.now() - t0);
      stats.drawn++;
      return;
    } catch (e) {
      // Shown once in the error panel (not once per card); the card keeps an empty frame.
      if (!reported) studio.report('A thumbnail could not be drawn', e);
      reported = true;
    }
  }
  // Not loaded yet: a quiet placeholder of the same size.
  const w = Math.max(1, Math.round(p.size * p.dpr));
  const h = Math.max(1, Math.round((p.height ?? p.size) * p.dpr));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  canvas.style.width = `${p.size}px`;
  canvas.style.height = `${p.height ?? p.size}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = p.theme.bg;
  ctx.fillRect(0, 0, w, h);
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
  // Until its turn, the card shows a quiet placeholder rather than a stale picture.
  draw(canvas, { ...p, level: null });
  if (p.level == null) {
    pending.delete(canvas);
    return;
  }
  pending.set(canvas, p);
  if (!scheduled) {
    scheduled = true;
    requestAnimationFrame(flush);
  }
}

export function thumbnail(canvas: HTMLCanvasElement, params: ThumbParams): { update: (p: ThumbParams) => void; destroy: () => void } {
  let last = params;
  schedule(canvas, params);
  return {
    update(p: ThumbParams) {
      if (p.level === last.level && p.theme === last.theme && p.size === last.size && p.height === last.height && p.dpr === last.dpr && p.rules === last.rules) return;
      last = p;
      schedule(canvas, p);
    },
    destroy() {
      pending.delete(canvas);
    },
  };
}
