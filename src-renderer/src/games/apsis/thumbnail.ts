/** An Apsis level as a pool thumbnail (plain Canvas 2D): rim, orbits, sun and arrows. */
import type { ApsisLevel, ApsisRules } from '../../../../src-shared/games/apsis/index';
import { isDiagonal, levelGeo, orbitRadius } from '../../../../src-shared/games/apsis/index';
import type { BoardTheme } from '../../boards/theme';

export function drawThumbnail(ctx: CanvasRenderingContext2D, level: ApsisLevel, rules: ApsisRules, px: number, t: BoardTheme): void {
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
