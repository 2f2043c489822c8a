/**
 * Carillon level drawing over Konva (plain TS, no Svelte), used by the inspector and by any
 * side-by-side view. `drawCarillonLevel` builds every shape once and returns a handle whose
 * `update` (static options) and `frame` (chain animation at time t) only change attributes
 * of the existing shapes: no allocation per frame, and the caller calls `layer.batchDraw()`.
 *
 * World units are field units ((0,0) top-left); the `fit` maps them onto the layer.
 */
import Konva from 'konva';
import type { CarillonLevel } from '../../../../src-shared/games/carillon/model';
import type { CarillonRules } from '../../../../src-shared/games/carillon/rules';
import { transformPoint, type TransformName } from '../../../../src-shared/games/carillon/transforms';
import type { Fit } from '../../boards/fit';
import { dotColor, type BoardTheme } from '../../boards/theme';

export interface CarillonDrawOptions {
  /** Reach circle of every live dot. */
  reach?: boolean;
  /** Dots already gone (drawn as faint ghosts). */
  popped?: ReadonlySet<number> | null;
  /** Dots drawn with a strong outline (e.g. what a held dot's ring touches). */
  outlined?: ReadonlySet<number> | null;
  /** The dot whose reach is shown solid (the held or hovered dot). */
  focus?: number | null;
  /** Chain starts to reveal (a dashed accent ring). */
  starts?: ReadonlySet<number> | null;
  /** Per-dot emphasis 0..1 (opacity); dots not in the map stay at 1. */
  emphasis?: ReadonlyMap<number, number> | null;
  /** Dot index labels. */
  labels?: boolean;
  /** Draw the level moved by one of the eight turns and mirrors (near-duplicate views). */
  transform?: TransformName;
  /** Matched dot indices to highlight (others are dimmed) — with `transform` for pairs. */
  matched?: ReadonlySet<number> | null;
}

export interface CarillonBoard {
  group: Konva.Group;
  /** The field's rectangle (what a fit must keep whole on screen). */
  field: Konva.Rect;
  /** The body circle of each dot (listening; `index` attribute = dot index). */
  dots: Konva.Circle[];
  /** Field position of dot i as drawn (after the transform). */
  pos(i: number): { x: number; y: number };
  update(options: CarillonDrawOptions): void;
  /**
   * Chain animation at time t (seconds since the tap): dots with popAt[i] ≤ t are gone (with a
   * short pop), and each popped dot's ring grows at rules.ringSpeed up to its reach. popAt[i] is
   * +Infinity for dots that do not pop in this chain.
   */
  frame(popAt: Float64Array, t: number): void;
  /** Hide every ring (no chain on screen). */
  clearRings(): void;
  /** Put dot i at field point (x, y) (untransformed boards only; the editor moves a dot without a rebuild). */
  moveDot(i: number, x: number, y: number): void;
  destroy(): void;
}

/** The field's bounding box after a transform (a quarter turn swaps width and height about the centre). */
export function carillonBounds(
  rules: CarillonRules,
  transform: TransformName = 'identity',
): { x: number; y: number; w: number; h: number } {
  const swap =
    transform === 'rot90' ||
    transform === 'rot270' ||
    transform === 'mirror-diag' ||
    transform === 'mirror-anti';
  const w = swap ? rules.height : rules.width,
    h = swap ? rules.width : rules.height;
  return { x: (rules.width - w) / 2, y: (rules.height - h) / 2, w, h };
}

const RING_FADE = 0.12; // seconds a ring takes to fade once it has reached its full reach

export function drawCarillonLevel(
  parent: Konva.Layer | Konva.Group,
  level: CarillonLevel,
  rules: CarillonRules,
  fit: Fit,
  theme: BoardTheme,
  options: CarillonDrawOptions = {},
): CarillonBoard {
  const transform = options.transform ?? 'identity';
  const box = carillonBounds(rules, transform);
  const n = level.dots.length;
  const px = new Float64Array(n),
    py = new Float64Array(n),
    radius = new Float64Array(n),
    reach = new Float64Array(n);
  level.dots.forEach((d, i) => {
    const [x, y] = transformPoint(transform, d.x, d.y, rules.width, rules.height);
    px[i] = x;
    py[i] = y;
    radius[i] = rules.sizes[d.size].radius;
    reach[i] = rules.sizes[d.size].reach;
  });
  // The fit maps the box's top-left corner to (fit.x, fit.y).
  const group = new Konva.Group({
    x: fit.x - box.x * fit.scale,
    y: fit.y - box.y * fit.scale,
    scaleX: fit.scale,
    scaleY: fit.scale,
  });
  const deco = new Konva.Group({ listening: false });
  const field = new Konva.Rect({
    x: box.x,
    y: box.y,
    width: box.w,
    height: box.h,
    fill: theme.field,
    stroke: theme.line,
    strokeWidth: 1.5,
    strokeScaleEnabled: false,
    cornerRadius: 6,
  });
  deco.add(field);
  for (let x = box.x + 80; x < box.x + box.w - 1; x += 80)
    deco.add(
      new Konva.Line({
        points: [x, box.y, x, box.y + box.h],
        stroke: theme.grid,
        strokeWidth: 1,
        strokeScaleEnabled: false,
      }),
    );
  for (let y = box.y + 80; y < box.y + box.h - 1; y += 80)
    deco.add(
      new Konva.Line({
        points: [box.x, y, box.x + box.w, y],
        stroke: theme.grid,
        strokeWidth: 1,
        strokeScaleEnabled: false,
      }),
    );
  group.add(deco);

  const reachLayer = new Konva.Group({ listening: false });
  const ringLayer = new Konva.Group({ listening: false });
  const markLayer = new Konva.Group({ listening: false });
  const dotLayer = new Konva.Group();
  const labelLayer = new Konva.Group({ listening: false });
  group.add(reachLayer, ringLayer, markLayer, dotLayer, labelLayer);

  const reachCircles: Konva.Circle[] = [];
  const rings: Konva.Circle[] = [];
  const startRings: Konva.Circle[] = [];
  const outlines: Konva.Circle[] = [];
  const dots: Konva.Circle[] = [];
  const labels: Konva.Text[] = [];
  for (let i = 0; i < n; i++) {
    const color = dotColor(theme, level.dots[i]!.color);
    const x = px[i]!,
      y = py[i]!,
      r = radius[i]!;
    reachCircles.push(
      new Konva.Circle({
        x,
        y,
        radius: reach[i]!,
        stroke: color,
        strokeWidth: 1,
        strokeScaleEnabled: false,
        fill: color,
        opacity: 0.1,
        visible: false,
        perfectDrawEnabled: false,
      }),
    );
    rings.push(
      new Konva.Circle({
        x,
        y,
        radius: r,
        stroke: color,
        strokeWidth: 2.5,
        strokeScaleEnabled: false,
        visible: false,
        perfectDrawEnabled: false,
      }),
    );
    startRings.push(
      new Konva.Circle({
        x,
        y,
        radius: r + 9,
        stroke: theme.accent,
        strokeWidth: 2.5,
        dash: [5, 4],
        strokeScaleEnabled: false,
        visible: false,
        perfectDrawEnabled: false,
      }),
    );
    outlines.push(
      new Konva.Circle({
        x,
        y,
        radius: r + 5,
        stroke: theme.accent2,
        strokeWidth: 3,
        strokeScaleEnabled: false,
        visible: false,
        perfectDrawEnabled: false,
      }),
    );
    dots.push(
      new Konva.Circle({
        x,
        y,
        radius: r,
        fill: color,
        stroke: theme.field,
        strokeWidth: 1.5,
        strokeScaleEnabled: false,
        perfectDrawEnabled: false,
        index: i,
        name: 'dot',
      } as Konva.CircleConfig),
    );
    const fs = r < 20 ? 13 : r < 30 ? 16 : 19;
    labels.push(
      new Konva.Text({
        x: x - r,
        y: y - fs / 2,
        width: 2 * r,
        align: 'center',
        text: String(i),
        fontSize: fs,
        fontStyle: '600',
        fontFamily: 'system-ui, sans-serif',
        fill: theme.dotText[((level.dots[i]!.color % 7) + 7) % 7] ?? '#fff',
        visible: false,
        perfectDrawEnabled: false,
      }),
    );
  }
  reachLayer.add(...reachCircles);
  ringLayer.add(...rings);
  markLayer.add(...startRings, ...outlines);
  dotLayer.add(...dots);
  labelLayer.add(...labels);
  parent.add(group);

  // Current static state, so `frame` can combine it with the chain.
  let opts: CarillonDrawOptions = {};
  const staticGone = new Uint8Array(n);
  const chainGone = new Uint8Array(n);

  const styleDot = (i: number): void => {
    const gone = staticGone[i] === 1 || chainGone[i] === 1;
    const dot = dots[i]!;
    const em = opts.emphasis?.get(i) ?? (opts.matched ? (opts.matched.has(i) ? 1 : 0.3) : 1);
    if (gone) {
      dot.opacity(0.16);
      dot.listening(false);
    } else {
      dot.opacity(em);
      dot.listening(true);
    }
    labels[i]!.visible(!!opts.labels && !gone);
    reachCircles[i]!.visible(!gone && (!!opts.reach || opts.focus === i));
    reachCircles[i]!.opacity(opts.focus === i ? 0.22 : 0.08);
    reachCircles[i]!.strokeWidth(opts.focus === i ? 2 : 1);
    startRings[i]!.visible(!gone && !!opts.starts?.has(i));
    const out = !gone && (!!opts.outlined?.has(i) || !!opts.matched?.has(i));
    outlines[i]!.visible(out);
    outlines[i]!.stroke(opts.matched?.has(i) && !opts.outlined?.has(i) ? theme.accent : theme.accent2);
  };

  const board: CarillonBoard = {
    group,
    field,
    dots,
    pos: (i) => ({ x: px[i]!, y: py[i]! }),
    update(o) {
      opts = o;
      staticGone.fill(0);
      if (o.popped) for (const i of o.popped) if (i >= 0 && i < n) staticGone[i] = 1;
      for (let i = 0; i < n; i++) styleDot(i);
    },
    frame(popAt, t) {
      for (let i = 0; i < n; i++) {
        const at = popAt[i]!;
        const was = chainGone[i]!;
        chainGone[i] = at <= t ? 1 : 0;
        if (was !== chainGone[i]) styleDot(i);
        const ring = rings[i]!;
        if (at <= t) {
          const dt = t - at;
          const full = reach[i]! / rules.ringSpeed;
          if (dt <= full + RING_FADE) {
            ring.visible(true);
            ring.radius(Math.max(radius[i]!, Math.min(reach[i]!, dt * rules.ringSpeed)));
            ring.opacity(dt <= full ? 0.95 : Math.max(0, 1 - (dt - full) / RING_FADE) * 0.95);
          } else ring.visible(false);
        } else ring.visible(false);
      }
    },
    moveDot(i, x, y) {
      if (i < 0 || i >= n) return;
      px[i] = x;
      py[i] = y;
      for (const node of [reachCircles[i]!, rings[i]!, startRings[i]!, outlines[i]!, dots[i]!])
        node.position({ x, y });
      const r = radius[i]!;
      labels[i]!.position({ x: x - r, y: y - labels[i]!.fontSize() / 2 });
    },
    clearRings() {
      chainGone.fill(0);
      for (let i = 0; i < n; i++) {
        rings[i]!.visible(false);
        styleDot(i);
      }
    },
    destroy() {
      group.destroy();
    },
  };
  board.update(options);
  return board;
}
