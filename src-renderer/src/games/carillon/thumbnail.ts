/**
 * A Carillon level as a pool thumbnail (plain Canvas 2D): the field fills the box (the pool
 * gives the card the field's shape, `thumbnailAspect`), and the three dot sizes stay apart at
 * thumbnail size: each size is drawn at least a step bigger than the one below it (the true
 * radii of 16 / 26 / 36 units come out 2.9 / 4.7 / 6.5 px on a 120 px card, too close to tell
 * apart at a glance once antialiased; drawn 2.9 / 5.5 / 8.2 px).
 */
import type { CarillonLevel, CarillonRules, DotSize } from '../../../../src-shared/games/carillon/index';
import { dotColor, type BoardTheme } from '../../boards/theme';
import type { Canvas2D } from '../game-view';

const SIZES: readonly DotSize[] = ['small', 'normal', 'big'];

/** The field's width over its height. */
export function carillonThumbnailAspect(rules: CarillonRules): number {
  return rules.width / rules.height;
}

/** Scale and offset that fit the field into w × h with a thin margin (for the frame line). */
export function carillonThumbnailFit(
  rules: CarillonRules,
  w: number,
  h: number,
): { s: number; ox: number; oy: number } {
  const m = Math.max(1, Math.min(w, h) * 0.015);
  const s = Math.min((w - 2 * m) / rules.width, (h - 2 * m) / rules.height);
  return { s, ox: (w - rules.width * s) / 2, oy: (h - rules.height * s) / 2 };
}

/**
 * Drawn radius (px) of each size at scale s on a thumbnail `w` px wide: the true radius, but
 * never less than the size below it plus a step of 2.2 % of the width (small at least 2 %).
 * Sizes are ranked by their rules radius, so rules that swap them still draw in order.
 */
export function carillonThumbnailRadii(rules: CarillonRules, s: number, w: number): Record<DotSize, number> {
  const step = w * 0.022;
  const out = {} as Record<DotSize, number>;
  let below = 0;
  for (const size of [...SIZES].sort((a, b) => rules.sizes[a].radius - rules.sizes[b].radius)) {
    const r = Math.max(rules.sizes[size].radius * s, below === 0 ? Math.max(1.5, w * 0.02) : below + step);
    out[size] = r;
    below = r;
  }
  return out;
}

export function drawThumbnail(
  ctx: Canvas2D,
  level: CarillonLevel,
  rules: CarillonRules,
  w: number,
  h: number,
  t: BoardTheme,
): void {
  const { s, ox, oy } = carillonThumbnailFit(rules, w, h);
  ctx.fillStyle = t.field;
  ctx.strokeStyle = t.line;
  ctx.lineWidth = Math.max(1, w / 160);
  ctx.beginPath();
  ctx.rect(ox, oy, rules.width * s, rules.height * s);
  ctx.fill();
  ctx.stroke();
  const radii = carillonThumbnailRadii(rules, s, w);
  // One path per size and colour, filled once (a pool screen draws thousands of dots), biggest
  // size first so a small dot beside a big one is never hidden under it.
  const bySize = [...SIZES].sort((a, b) => radii[b] - radii[a]);
  for (const size of bySize) {
    const r = radii[size];
    const paths = new Map<number, Path2D>();
    for (const d of level.dots) {
      if (d.size !== size) continue;
      let p = paths.get(d.color);
      if (!p) paths.set(d.color, (p = new Path2D()));
      const x = ox + d.x * s,
        y = oy + d.y * s;
      p.moveTo(x + r, y);
      p.arc(x, y, r, 0, Math.PI * 2);
    }
    for (const [color, p] of paths) {
      ctx.fillStyle = dotColor(t, color);
      ctx.fill(p);
    }
  }
}
