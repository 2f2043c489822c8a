/** Empty boards drawn from a game's rules: Carillon's field, Apsis's sun, rim and orbits. */
import Konva from 'konva';
import type { BoardTheme } from './theme';

export interface Fit {
  scale: number;
  x: number;
  y: number;
}

/**
 * Scale and offset that fit a w×h world box whole into a W×H view, centred, with a margin.
 * On a view too small for the margin, the margin shrinks (to a quarter of the view's smaller
 * side) so the scale stays positive and the box still fits.
 */
export function fitBox(w: number, h: number, W: number, H: number, margin = 12): Fit {
  const m = Math.max(0, Math.min(margin, W / 4, H / 4));
  const scale = Math.max(1e-6, Math.min((W - 2 * m) / w, (H - 2 * m) / h));
  return { scale, x: (W - w * scale) / 2, y: (H - h * scale) / 2 };
}

export function drawCarillonField(layer: Konva.Layer, width: number, height: number, fit: Fit, t: BoardTheme): void {
  const g = new Konva.Group({ x: fit.x, y: fit.y, scaleX: fit.scale, scaleY: fit.scale });
  g.add(new Konva.Rect({ width, height, fill: t.field, stroke: t.line, strokeWidth: 2, strokeScaleEnabled: false, cornerRadius: 8 }));
  for (let x = 80; x < width; x += 80) g.add(new Konva.Line({ points: [x, 0, x, height], stroke: t.grid, strokeWidth: 1, strokeScaleEnabled: false }));
  for (let y = 80; y < height; y += 80) g.add(new Konva.Line({ points: [0, y, width, y], stroke: t.grid, strokeWidth: 1, strokeScaleEnabled: false }));
  g.add(new Konva.Text({ x: 12, y: height - 34, text: `${width} × ${height}`, fontSize: 20, fill: t.text, fontFamily: 'system-ui, sans-serif' }));
  layer.add(g);
}

export function drawApsisSystem(layer: Konva.Layer, sunRadius: number, rimRadius: number, orbitRadii: number[], fit: Fit, t: BoardTheme): void {
  const g = new Konva.Group({ x: fit.x + rimRadius * fit.scale, y: fit.y + rimRadius * fit.scale, scaleX: fit.scale, scaleY: fit.scale });
  g.add(new Konva.Circle({ radius: rimRadius, fill: t.field, stroke: t.line, strokeWidth: 2, strokeScaleEnabled: false }));
  for (const r of orbitRadii) g.add(new Konva.Circle({ radius: r, stroke: t.grid, strokeWidth: 1.5, dash: [6, 6], strokeScaleEnabled: false }));
  g.add(new Konva.Circle({ radius: sunRadius, fill: t.sun, shadowColor: t.sun, shadowBlur: 24, shadowOpacity: 0.6 }));
  layer.add(g);
}
