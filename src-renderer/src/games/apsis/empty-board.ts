/** The empty Apsis board of a run's rules (the new-run preview): rim, six dashed orbits and the sun. */
import Konva from 'konva';
import type { ApsisRules } from '../../../../src-shared/games/apsis/index';
import { fitBox } from '../../boards/fit';
import type { BoardTheme } from '../../boards/theme';

export function drawEmptyBoard(
  layer: Konva.Layer,
  rulesJson: unknown,
  W: number,
  H: number,
  t: BoardTheme,
  orbits = 6,
): void {
  const r = rulesJson as ApsisRules;
  const orbitRadii = Array.from(
    { length: orbits },
    (_, i) => r.orbitBase + ((i + 1) * r.orbitSpan) / (orbits + 1),
  );
  const { sunRadius, rimRadius } = r;
  const fit = fitBox(2 * rimRadius, 2 * rimRadius, W, H);
  const g = new Konva.Group({
    x: fit.x + rimRadius * fit.scale,
    y: fit.y + rimRadius * fit.scale,
    scaleX: fit.scale,
    scaleY: fit.scale,
  });
  g.add(
    new Konva.Circle({
      radius: rimRadius,
      fill: t.field,
      stroke: t.line,
      strokeWidth: 2,
      strokeScaleEnabled: false,
    }),
  );
  for (const radius of orbitRadii)
    g.add(
      new Konva.Circle({ radius, stroke: t.grid, strokeWidth: 1.5, dash: [6, 6], strokeScaleEnabled: false }),
    );
  g.add(
    new Konva.Circle({
      radius: sunRadius,
      fill: t.sun,
      shadowColor: t.sun,
      shadowBlur: 24,
      shadowOpacity: 0.6,
    }),
  );
  layer.add(g);
}
