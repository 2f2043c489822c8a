/**
 * Thumbnails in plain Canvas 2D (fast enough for thousands in a pool grid), drawn at
 * devicePixelRatio so they stay crisp at any zoom: the canvas is cssSize × cssSize CSS
 * pixels and cssSize·dpr device pixels. Call again after a zoom or theme change.
 */
import type { GameId } from '../../../src-shared/game';
import type { CarillonLevel } from '../../../src-shared/games/carillon/model';
import type { CarillonRules } from '../../../src-shared/games/carillon/rules';
import type { ApsisLevel } from '../../../src-shared/games/apsis/model';
import { isDiagonal } from '../../../src-shared/games/apsis/model';
import type { ApsisRules } from '../../../src-shared/games/apsis/rules';
import { orbitRadius } from '../../../src-shared/games/apsis/rules';
import { levelGeo } from '../../../src-shared/games/apsis/geometry';
import { dotColor, type BoardTheme } from './theme';

export function renderThumbnail(game: GameId, level: unknown, rules: unknown, cssSize: number, theme: BoardTheme, canvas: HTMLCanvasElement = document.createElement('canvas')): HTMLCanvasElement {
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
  if (game === 'carillon') drawCarillonThumb(ctx, level as CarillonLevel, rules as CarillonRules, px, theme);
  else drawApsisThumb(ctx, level as ApsisLevel, rules as ApsisRules, px, theme);
  return canvas;
}

function drawCarillonThumb(ctx: CanvasRenderingContext2D, level: CarillonLevel, rules: CarillonRules, px: number, t: BoardTheme): void {
  const m = px * 0.04;
  const s = Math.min((px - 2 * m) / rules.width, (px - 2 * m) / rules.height);
  const ox = (px - rules.width * s) / 2, oy = (px - rules.height * s) / 2;
  ctx.fillStyle = t.field;
  ctx.strokeStyle = t.line;
  ctx.lineWidth = Math.max(1, px / 160);
  ctx.beginPath();
  ctx.rect(ox, oy, rules.width * s, rules.height * s);
  ctx.fill();
  ctx.stroke();
  for (const d of level.dots) {
    ctx.fillStyle = dotColor(t, d.color);
    ctx.beginPath();
    ctx.arc(ox + d.x * s, oy + d.y * s, Math.max(1, rules.sizes[d.size].radius * s), 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawApsisThumb(ctx: CanvasRenderingContext2D, level: ApsisLevel, rules: ApsisRules, px: number, t: BoardTheme): void {
  const R = rules.rimRadius;
  const s = (px * 0.96) / (2 * R);
  const c = px / 2;
  ctx.save();
  ctx.translate(c, c);
  ctx.scale(s, s);
  ctx.fillStyle = t.field;
  ctx.strokeStyle = t.line;
  ctx.lineWidth = 1.5 / s;
  ctx.beginPath();
  ctx.arc(0, 0, R, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.strokeStyle = t.grid;
  ctx.lineWidth = 1 / s;
  for (let j = 1; j <= level.orbits; j++) {
    ctx.beginPath();
    ctx.arc(0, 0, orbitRadius(rules, level.orbits, j), 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.fillStyle = t.sun;
  ctx.beginPath();
  ctx.arc(0, 0, rules.sunRadius, 0, Math.PI * 2);
  ctx.fill();
  ctx.lineCap = 'round';
  const geos = levelGeo(level.arrows, level.orbits, rules);
  geos.forEach((g, i) => {
    ctx.strokeStyle = t.arrow;
    ctx.fillStyle = t.arrow;
    ctx.lineWidth = rules.width;
    ctx.beginPath();
    ctx.moveTo(g.tx, g.ty);
    ctx.lineTo(g.hx - 6 * g.dx, g.hy - 6 * g.dy);
    ctx.stroke();
    const nx = -g.dy, ny = g.dx, hw = rules.width * 0.85;
    ctx.beginPath();
    ctx.moveTo(g.hx - 9 * g.dx + hw * nx, g.hy - 9 * g.dy + hw * ny);
    ctx.lineTo(g.hx + 5 * g.dx, g.hy + 5 * g.dy);
    ctx.lineTo(g.hx - 9 * g.dx - hw * nx, g.hy - 9 * g.dy - hw * ny);
    ctx.closePath();
    ctx.fill();
    if (isDiagonal(level.arrows[i]!.heading)) {
      ctx.strokeStyle = t.field;
      ctx.lineWidth = rules.width * 0.36;
      ctx.beginPath();
      ctx.moveTo(g.tx, g.ty);
      ctx.lineTo(g.hx - 8 * g.dx, g.hy - 8 * g.dy);
      ctx.stroke();
    }
  });
  ctx.restore();
}
