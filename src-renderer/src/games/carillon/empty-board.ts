/** The empty Carillon board of a run's rules (the new-run preview): the field with a grid and its size. */
import Konva from 'konva';
import type { CarillonRules } from '../../../../src-shared/games/carillon/index';
import { fitBox } from '../../boards/fit';
import type { BoardTheme } from '../../boards/theme';

export function drawEmptyBoard(
  layer: Konva.Layer,
  rulesJson: unknown,
  W: number,
  H: number,
  t: BoardTheme,
): void {
  const { width, height } = rulesJson as CarillonRules;
  const fit = fitBox(width, height, W, H);
  const g = new Konva.Group({ x: fit.x, y: fit.y, scaleX: fit.scale, scaleY: fit.scale });
  g.add(
    new Konva.Rect({
      width,
      height,
      fill: t.field,
      stroke: t.line,
      strokeWidth: 2,
      strokeScaleEnabled: false,
      cornerRadius: 8,
    }),
  );
  for (let x = 80; x < width; x += 80)
    g.add(
      new Konva.Line({
        points: [x, 0, x, height],
        stroke: t.grid,
        strokeWidth: 1,
        strokeScaleEnabled: false,
      }),
    );
  for (let y = 80; y < height; y += 80)
    g.add(
      new Konva.Line({ points: [0, y, width, y], stroke: t.grid, strokeWidth: 1, strokeScaleEnabled: false }),
    );
  g.add(
    new Konva.Text({
      x: 12,
      y: height - 34,
      text: `${width} × ${height}`,
      fontSize: 20,
      fill: t.text,
      fontFamily: 'system-ui, sans-serif',
    }),
  );
  layer.add(g);
}
