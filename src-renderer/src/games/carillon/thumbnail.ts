/** A Carillon level as a pool thumbnail (plain Canvas 2D): the field and its dots. */
import type { CarillonLevel, CarillonRules } from '../../../../src-shared/games/carillon/index';
import { dotColor, type BoardTheme } from '../../boards/theme';

export function drawThumbnail(ctx: CanvasRenderingContext2D, level: CarillonLevel, rules: CarillonRules, px: number, t: BoardTheme): void {
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
