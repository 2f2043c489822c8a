/** Svelte action: draw a candidate's thumbnail into a canvas at devicePixelRatio (crisp at any zoom). */
import type { GameId } from '../../../src-shared/game';
import type { BoardTheme } from '../boards/theme';
import { renderThumbnail } from '../boards/thumbnail';
import { studio } from '../lib/studio.svelte';

let reported = false;

export interface ThumbParams {
  game: GameId | null;
  level: unknown;
  rules: unknown;
  size: number;
  theme: BoardTheme;
  /** Changes when the device pixel ratio changes (browser zoom), to redraw sharp. */
  dpr: number;
}

function draw(canvas: HTMLCanvasElement, p: ThumbParams): void {
  if (p.game && p.level != null && p.rules != null) {
    try {
      renderThumbnail(p.game, p.level, p.rules, p.size, p.theme, canvas);
      return;
    } catch (e) {
      // Shown once in the error panel (not once per card); the card keeps an empty frame.
      if (!reported) studio.report('A thumbnail could not be drawn', e);
      reported = true;
    }
  }
  // Not loaded yet: a quiet placeholder of the same size.
  const px = Math.max(1, Math.round(p.size * p.dpr));
  if (canvas.width !== px) canvas.width = px;
  if (canvas.height !== px) canvas.height = px;
  canvas.style.width = `${p.size}px`;
  canvas.style.height = `${p.size}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = p.theme.bg;
  ctx.fillRect(0, 0, px, px);
}

export function thumbnail(canvas: HTMLCanvasElement, params: ThumbParams): { update: (p: ThumbParams) => void } {
  let last = params;
  draw(canvas, params);
  return {
    update(p: ThumbParams) {
      if (p.level === last.level && p.theme === last.theme && p.size === last.size && p.dpr === last.dpr && p.rules === last.rules) return;
      last = p;
      draw(canvas, p);
    },
  };
}
