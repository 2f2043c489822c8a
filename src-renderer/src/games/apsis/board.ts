/**
 * Apsis level drawing over Konva (plain TS, no Svelte): sun, rim, the level's orbits (radius
 * orbitBase + j·orbitSpan/(m+1)) and the arrows as capsules with an arrowhead by kind. Short
 * and long arrows differ by length; diagonal arrows carry a hollow stripe and an open chevron
 * head, tangent arrows a solid body and a filled head.
 *
 * World units are system units with the sun at the origin; the `fit` maps the box
 * [−rim, rim]² onto the layer (its top-left corner to (fit.x, fit.y)). Shapes are built once;
 * `update`, `offsetArrow` and `setPath` only change attributes (call `layer.batchDraw()`).
 */
import Konva from 'konva';
import type { ApsisLevel, Arrow } from '../../../../src-shared/games/apsis/model';
import { isDiagonal, transformLevel } from '../../../../src-shared/games/apsis/model';
import type { ApsisRules } from '../../../../src-shared/games/apsis/rules';
import { orbitRadius } from '../../../../src-shared/games/apsis/rules';
import { arrowGeo, levelGeo, type ArrowGeo } from '../../../../src-shared/games/apsis/geometry';
import type { Fit } from '../../boards/fit';
import { roundColor, type BoardTheme } from '../../boards/theme';

export interface ApsisPathOverlay {
  arrow: number;
  /** Arrows in its way, nearest first, with the distance along the path of first contact. */
  blockers: { arrow: number; distance: number }[];
}

export interface ApsisDrawOptions {
  /** Arrows no longer on the board (drawn as faint ghosts). */
  removed?: ReadonlySet<number> | null;
  /** Colour arrows by round (round[i], 1-based; 0 = never leaves). */
  rounds?: readonly number[] | null;
  /** Arrows drawn with a strong outline (e.g. blockers). */
  highlighted?: ReadonlySet<number> | null;
  /** The hovered or held arrow (outlined). */
  focus?: number | null;
  /** Show the path of one arrow and mark what blocks it. */
  path?: ApsisPathOverlay | null;
  /** Faint paths of every arrow on the board. */
  allPaths?: boolean;
  /** Index labels (or round numbers when coloured by round). */
  labels?: boolean;
  /** Turn (degrees clockwise) and mirror the level first (near-duplicate views). */
  transform?: { delta: number; mirror: boolean };
  /** Matched arrow indices to highlight (others dimmed). */
  matched?: ReadonlySet<number> | null;
}

export interface ApsisBoard {
  group: Konva.Group;
  /** The rim: the system's edge (what a fit must keep whole on screen). */
  rim: Konva.Circle;
  /** Per arrow: the group holding its body and head (listening; `index` attribute). */
  arrows: Konva.Group[];
  geos: ArrowGeo[];
  update(options: ApsisDrawOptions): void;
  /** Move arrow i by s units along its heading (launch animation), with an opacity. */
  offsetArrow(i: number, s: number, opacity?: number): void;
  /** Flash a marker at a system point (a bounce contact), or hide it with null. */
  mark(point: { x: number; y: number } | null): void;
  /**
   * Put arrow i at another place, length or heading of the same kind (tangent or diagonal)
   * without a rebuild (the editor's drags and nudges; untransformed boards only). False when
   * its kind changes: rebuild then.
   */
  placeArrow(i: number, arrow: Arrow, orbits: number): boolean;
  destroy(): void;
}

export function drawApsisLevel(
  parent: Konva.Layer | Konva.Group,
  levelIn: ApsisLevel,
  rules: ApsisRules,
  fit: Fit,
  theme: BoardTheme,
  options: ApsisDrawOptions = {},
): ApsisBoard {
  const level = options.transform
    ? transformLevel(levelIn, options.transform.delta, options.transform.mirror)
    : levelIn;
  const R = rules.rimRadius;
  const group = new Konva.Group({
    x: fit.x + R * fit.scale,
    y: fit.y + R * fit.scale,
    scaleX: fit.scale,
    scaleY: fit.scale,
  });
  const deco = new Konva.Group({ listening: false });
  const rim = new Konva.Circle({
    radius: R,
    fill: theme.field,
    stroke: theme.line,
    strokeWidth: 2,
    strokeScaleEnabled: false,
  });
  deco.add(rim);
  for (let j = 1; j <= level.orbits; j++) {
    deco.add(
      new Konva.Circle({
        radius: orbitRadius(rules, level.orbits, j),
        stroke: theme.grid,
        strokeWidth: 1.5,
        dash: [5, 6],
        strokeScaleEnabled: false,
      }),
    );
  }
  // A soft glow from two translucent discs (a canvas shadow blur costs milliseconds per draw).
  deco.add(
    new Konva.Circle({
      radius: rules.sunRadius + 10,
      fill: theme.sun,
      opacity: 0.12,
      perfectDrawEnabled: false,
    }),
  );
  deco.add(
    new Konva.Circle({
      radius: rules.sunRadius + 5,
      fill: theme.sun,
      opacity: 0.22,
      perfectDrawEnabled: false,
    }),
  );
  deco.add(new Konva.Circle({ radius: rules.sunRadius, fill: theme.sun, perfectDrawEnabled: false }));
  group.add(deco);

  const geos = levelGeo(level.arrows, level.orbits, rules);
  const n = geos.length;
  const w = rules.width;
  const pathsLayer = new Konva.Group({ listening: false });
  const overlay = new Konva.Group({ listening: false });
  const arrowLayer = new Konva.Group();
  const labelLayer = new Konva.Group({ listening: false });
  group.add(pathsLayer, arrowLayer, overlay, labelLayer);

  const faintPaths: Konva.Line[] = [];
  const outlines: Konva.Line[] = [];
  const bodies: Konva.Line[] = [];
  const stripes: (Konva.Line | null)[] = [];
  const heads: Konva.Line[] = [];
  const arrows: Konva.Group[] = [];
  const labels: Konva.Text[] = [];
  /** The points of arrow i's shapes from its geometry (creation and `placeArrow` share them). */
  const shapePoints = (g: ArrowGeo) => {
    // Normal to the heading, for the head's base.
    const nx = -g.dy,
      ny = g.dx;
    const bodyEnd = { x: g.hx - 6 * g.dx, y: g.hy - 6 * g.dy };
    const tip = { x: g.hx + 5 * g.dx, y: g.hy + 5 * g.dy };
    const base = { x: g.hx - 9 * g.dx, y: g.hy - 9 * g.dy };
    const hw = w * 0.85;
    return {
      path: [g.hx, g.hy, g.ex, g.ey],
      outline: [g.tx, g.ty, g.hx, g.hy],
      body: [g.tx, g.ty, bodyEnd.x, bodyEnd.y],
      head: [base.x + hw * nx, base.y + hw * ny, tip.x, tip.y, base.x - hw * nx, base.y - hw * ny],
      label: { x: g.cx - 30 + 14 * -g.dy, y: g.cy - 7 + 14 * g.dx },
    };
  };
  for (let i = 0; i < n; i++) {
    const g = geos[i]!;
    const diag = isDiagonal(level.arrows[i]!.heading);
    const pts = shapePoints(g);
    faintPaths.push(
      new Konva.Line({
        points: pts.path,
        stroke: theme.text,
        strokeWidth: 1,
        dash: [3, 5],
        opacity: 0.5,
        strokeScaleEnabled: false,
        visible: false,
        perfectDrawEnabled: false,
      }),
    );
    const ag = new Konva.Group({ index: i, name: 'arrow' } as Konva.ContainerConfig);
    const outline = new Konva.Line({
      points: pts.outline,
      stroke: theme.accent2,
      strokeWidth: w + 8,
      lineCap: 'round',
      visible: false,
      listening: false,
      perfectDrawEnabled: false,
    });
    const body = new Konva.Line({
      points: pts.body,
      stroke: theme.arrow,
      strokeWidth: w,
      lineCap: 'round',
      hitStrokeWidth: w + 10,
      perfectDrawEnabled: false,
    });
    const stripe = diag
      ? new Konva.Line({
          points: pts.body,
          stroke: theme.field,
          strokeWidth: w * 0.36,
          lineCap: 'round',
          listening: false,
          perfectDrawEnabled: false,
        })
      : null;
    const head = diag
      ? new Konva.Line({
          points: pts.head,
          stroke: theme.arrow,
          strokeWidth: 4,
          lineCap: 'round',
          lineJoin: 'round',
          perfectDrawEnabled: false,
        })
      : new Konva.Line({
          points: pts.head,
          closed: true,
          fill: theme.arrow,
          stroke: theme.arrow,
          strokeWidth: 2,
          lineJoin: 'round',
          perfectDrawEnabled: false,
        });
    ag.add(outline, body);
    if (stripe) ag.add(stripe);
    ag.add(head);
    outlines.push(outline);
    bodies.push(body);
    stripes.push(stripe);
    heads.push(head);
    arrows.push(ag);
    labels.push(
      new Konva.Text({
        ...pts.label,
        width: 60,
        align: 'center',
        text: String(i),
        fontSize: 13,
        fontStyle: '600',
        fontFamily: 'system-ui, sans-serif',
        fill: theme.ink,
        visible: false,
        perfectDrawEnabled: false,
      }),
    );
  }
  pathsLayer.add(...faintPaths);
  arrowLayer.add(...arrows);
  labelLayer.add(...labels);

  // The path overlay: one line, a contact cross, numbered blocker badges (reused).
  const pathLine = new Konva.Line({
    points: [0, 0, 0, 0],
    stroke: theme.ok,
    strokeWidth: 2.5,
    dash: [8, 5],
    strokeScaleEnabled: false,
    visible: false,
    perfectDrawEnabled: false,
  });
  const pathRest = new Konva.Line({
    points: [0, 0, 0, 0],
    stroke: theme.text,
    strokeWidth: 1.5,
    dash: [2, 5],
    strokeScaleEnabled: false,
    visible: false,
    perfectDrawEnabled: false,
  });
  const contact = new Konva.Circle({
    radius: 7,
    stroke: theme.danger,
    strokeWidth: 3,
    strokeScaleEnabled: false,
    visible: false,
    perfectDrawEnabled: false,
  });
  const exitMark = new Konva.Circle({ radius: 6, fill: theme.ok, visible: false, perfectDrawEnabled: false });
  const bounce = new Konva.Circle({
    radius: 12,
    stroke: theme.danger,
    strokeWidth: 3,
    strokeScaleEnabled: false,
    visible: false,
    perfectDrawEnabled: false,
  });
  overlay.add(pathRest, pathLine, contact, exitMark, bounce);
  parent.add(group);

  const board: ApsisBoard = {
    group,
    rim,
    arrows,
    geos,
    update(o) {
      for (let i = 0; i < n; i++) {
        const gone = !!o.removed?.has(i);
        const round = o.rounds ? (o.rounds[i] ?? 0) : null;
        const color = round !== null && !gone ? roundColor(theme, round) : theme.arrow;
        bodies[i]!.stroke(color);
        heads[i]!.stroke(color);
        if (heads[i]!.closed()) heads[i]!.fill(color);
        const matchedDim = o.matched ? (o.matched.has(i) ? 1 : 0.3) : 1;
        arrows[i]!.opacity(gone ? 0.12 : matchedDim);
        arrows[i]!.listening(!gone);
        arrows[i]!.position({ x: 0, y: 0 });
        const hi = !gone && (!!o.highlighted?.has(i) || !!o.matched?.has(i) || o.focus === i);
        outlines[i]!.visible(hi);
        outlines[i]!.stroke(
          o.focus === i ? theme.accent2 : o.highlighted?.has(i) ? theme.danger : theme.accent,
        );
        outlines[i]!.opacity(0.55);
        faintPaths[i]!.visible(!!o.allPaths && !gone);
        const lab = labels[i]!;
        lab.visible(!gone && (!!o.labels || round !== null));
        // Index labels carry '#', round labels are bare numbers (the legend names them).
        lab.text(o.labels && round !== null ? `#${i}·${round}` : o.labels ? `#${i}` : String(round));
        lab.fill(round !== null ? color : theme.ink);
      }
      const p = o.path;
      if (p && p.arrow >= 0 && p.arrow < n) {
        const g = geos[p.arrow]!;
        const first = p.blockers[0];
        const stop = first ? first.distance : g.pathLen;
        const sx = g.hx + stop * g.dx,
          sy = g.hy + stop * g.dy;
        pathLine.points([g.hx, g.hy, sx, sy]);
        pathLine.stroke(first ? theme.danger : theme.ok);
        pathLine.visible(true);
        pathRest.points([sx, sy, g.ex, g.ey]);
        pathRest.visible(!!first);
        contact.position({ x: sx, y: sy });
        contact.visible(!!first);
        exitMark.position({ x: g.ex, y: g.ey });
        exitMark.visible(!first);
      } else {
        pathLine.visible(false);
        pathRest.visible(false);
        contact.visible(false);
        exitMark.visible(false);
      }
    },
    offsetArrow(i, s, opacity = 1) {
      const g = geos[i]!;
      arrows[i]!.x(s * g.dx);
      arrows[i]!.y(s * g.dy);
      arrows[i]!.opacity(opacity);
      labels[i]!.visible(s === 0 && labels[i]!.visible());
    },
    placeArrow(i, arrow, orbits) {
      if (i < 0 || i >= n || isDiagonal(arrow.heading) !== (stripes[i] !== null)) return false;
      const g = arrowGeo(arrow, orbits, rules);
      geos[i] = g;
      const pts = shapePoints(g);
      faintPaths[i]!.points(pts.path);
      outlines[i]!.points(pts.outline);
      bodies[i]!.points(pts.body);
      stripes[i]?.points(pts.body);
      heads[i]!.points(pts.head);
      labels[i]!.position(pts.label);
      return true;
    },
    mark(point) {
      if (point) bounce.position(point);
      bounce.visible(!!point);
    },
    destroy() {
      group.destroy();
    },
  };
  board.update(options);
  return board;
}
