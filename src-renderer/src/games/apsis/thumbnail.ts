/**
 * An Apsis level as a pool thumbnail (plain Canvas 2D): rim, orbits, sun and arrows, the rim
 * filling the box. At true width an arrow body is 2 px on a 120 px card and its head a sliver,
 * so bodies are thickened into the gap between arrows (never closing it), and heads are drawn
 * as the large board draws them, but bold: a filled triangle on a solid body for a tangent
 * arrow (cw / ccw), an open chevron on a hollow body for a diagonal one (in / out).
 */
import type { ApsisLevel, ApsisRules } from '../../../../src-shared/games/apsis/index';
import { isDiagonal, levelGeo, orbitRadius } from '../../../../src-shared/games/apsis/index';
import type { BoardTheme } from '../../boards/theme';
import type { Canvas2D } from '../game-view';

/** Arrow strokes in px on a thumbnail `w` px wide at scale s (px per unit). */
export function apsisThumbnailStrokes(
  rules: ApsisRules,
  s: number,
  w: number,
): { body: number; headHalf: number; headLength: (lengthPx: number) => number } {
  // Thicker than true width, up to 3 % of the card, but leaving at least a fifth of the gap.
  const body = Math.max(rules.width * s, Math.min((rules.width + 0.8 * rules.gap) * s, w * 0.03));
  return { body, headHalf: body * 1.35, headLength: (lengthPx) => Math.min(body * 2.1, lengthPx * 0.5) };
}

export function drawThumbnail(
  ctx: Canvas2D,
  level: ApsisLevel,
  rules: ApsisRules,
  w: number,
  h: number,
  t: BoardTheme,
): void {
  const R = rules.rimRadius;
  const px = Math.min(w, h);
  const s = (px * 0.98) / (2 * R);
  ctx.save();
  ctx.translate(w / 2, h / 2);
  ctx.fillStyle = t.field;
  ctx.strokeStyle = t.line;
  ctx.lineWidth = Math.max(1, px / 120);
  ctx.beginPath();
  ctx.arc(0, 0, R * s, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.strokeStyle = t.grid;
  ctx.lineWidth = Math.max(1, px / 200);
  for (let j = 1; j <= level.orbits; j++) {
    ctx.beginPath();
    ctx.arc(0, 0, orbitRadius(rules, level.orbits, j) * s, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.fillStyle = t.sun;
  ctx.beginPath();
  ctx.arc(0, 0, rules.sunRadius * s, 0, Math.PI * 2);
  ctx.fill();

  const k = apsisThumbnailStrokes(rules, s, px);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const geos = levelGeo(level.arrows, level.orbits, rules);
  geos.forEach((g, i) => {
    const tx = g.tx * s,
      ty = g.ty * s,
      hx = g.hx * s,
      hy = g.hy * s;
    const hl = k.headLength(2 * g.half * s);
    // The head's base, and the body's end a little inside it so the round cap hides under the head.
    const bx = hx - hl * g.dx,
      by = hy - hl * g.dy;
    const nx = -g.dy,
      ny = g.dx;
    const diagonal = isDiagonal(level.arrows[i]!.heading);
    ctx.strokeStyle = t.arrow;
    ctx.fillStyle = t.arrow;
    ctx.lineWidth = k.body;
    ctx.beginPath();
    ctx.moveTo(tx, ty);
    ctx.lineTo(bx + 0.3 * hl * g.dx, by + 0.3 * hl * g.dy);
    ctx.stroke();
    if (diagonal) {
      // Hollow body: a stripe of the field's colour down its middle.
      ctx.strokeStyle = t.field;
      ctx.lineWidth = Math.max(1, k.body * 0.42);
      ctx.beginPath();
      ctx.moveTo(tx, ty);
      ctx.lineTo(bx, by);
      ctx.stroke();
      // Open chevron head.
      ctx.strokeStyle = t.arrow;
      ctx.lineWidth = Math.max(1, k.body * 0.55);
      ctx.beginPath();
      ctx.moveTo(bx + k.headHalf * nx, by + k.headHalf * ny);
      ctx.lineTo(hx, hy);
      ctx.lineTo(bx - k.headHalf * nx, by - k.headHalf * ny);
      ctx.stroke();
    } else {
      ctx.beginPath();
      ctx.moveTo(bx + k.headHalf * nx, by + k.headHalf * ny);
      ctx.lineTo(hx + 0.15 * hl * g.dx, hy + 0.15 * hl * g.dy);
      ctx.lineTo(bx - k.headHalf * nx, by - k.headHalf * ny);
      ctx.closePath();
      ctx.fill();
    }
  });
  ctx.restore();
}
