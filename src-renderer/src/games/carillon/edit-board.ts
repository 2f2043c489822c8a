/**
 * Carillon's board in edit mode: the level as the inspector draws it (./board.ts), with on
 * top of it what the proof found, where it is (the gap between two dots too close with its
 * width, the ring that grazes a dot's edge, a dot over the field's edge, chain starts that
 * reach each other), and the explanation's overlays: each dot's chance of being tapped first
 * (a heat colour for decoys, a ring of light for winning dots) and the reach graph with its
 * strongly connected components shaded (the chain starts are the sources).
 */
import Konva from 'konva';
import type { CarillonLevel } from '../../../../src-shared/games/carillon/model';
import type { CarillonRules } from '../../../../src-shared/games/carillon/rules';
import type { CarillonMark } from '../../../../src-shared/games/carillon/prove';
import { fitBox } from '../../boards/fit';
import type { BoardTheme } from '../../boards/theme';
import type { EditBoard, EditDrawState, EditLayers } from '../../editor/edit-view';
import { carillonBounds, drawCarillonLevel } from './board';

/** A heat colour for a chance 0..1 of the peak chance (pale yellow → deep red). */
function heat(share: number): string {
  const s = Math.max(0, Math.min(1, share));
  return `hsl(${Math.round(55 - 55 * s)}, 95%, ${Math.round(62 - 14 * s)}%)`;
}

/** A colour per strongly connected component (cycled). */
const COMPONENT_HUES = [200, 140, 280, 30, 330, 90, 250, 170, 10, 60];

export function drawCarillonEdit(
  layers: EditLayers,
  level: CarillonLevel,
  rules: CarillonRules,
  width: number,
  height: number,
  theme: BoardTheme,
  state: EditDrawState,
): EditBoard {
  const box = carillonBounds(rules);
  const sel = state.selected;
  const fit = fitBox(box.w, box.h, width, height, 28);
  // Text on the board keeps its screen size whatever the fit (a field drawn at half scale).
  const px = 1 / fit.scale;
  const board = drawCarillonLevel(layers.base, level, rules, fit, theme, {
    labels: state.overlays['labels'] ?? true,
    focus: sel,
    outlined: state.selection.length > 0 ? new Set(state.selection) : null,
  });
  const g = board.group;
  let dots = level.dots;
  const radius = (i: number): number => rules.sizes[dots[i]!.size].radius;
  const reach = (i: number): number => rules.sizes[dots[i]!.size].reach;
  // The overlay lives on its own layer (same transform), so a new proof redraws only it.
  // Halos are rings round a dot, never discs over it, so nothing hides the dots below.
  const over = new Konva.Group({
    x: g.x(),
    y: g.y(),
    scaleX: g.scaleX(),
    scaleY: g.scaleY(),
    listening: false,
  });
  layers.over.add(over);
  const halo = (
    i: number,
    from: number,
    to: number,
    fill: string,
    opacity: number,
    name?: string,
  ): Konva.Ring => {
    const d = dots[i]!;
    return new Konva.Ring({
      x: d.x,
      y: d.y,
      innerRadius: radius(i) + from,
      outerRadius: radius(i) + to,
      fill,
      opacity,
      perfectDrawEnabled: false,
      ...(name ? { name } : {}),
    });
  };
  /** What the proof and the explanation add, redrawn alone when a proof arrives (the level's shapes stay). */
  function overlay(state: EditDrawState): boolean {
    over.destroyChildren();
    const ex = state.explanation;

    // ---- the grid drags snap to: a faint point at every crossing on the field ----
    const step = state.grid;
    if (step)
      over.add(
        new Konva.Shape({
          name: 'grid',
          fill: theme.grid,
          opacity: 0.9,
          perfectDrawEnabled: false,
          sceneFunc(ctx, shape) {
            const r = 1.2 * px;
            ctx.beginPath();
            for (let x = 0; x <= rules.width; x += step)
              for (let y = 0; y <= rules.height; y += step) ctx.rect(x - r, y - r, 2 * r, 2 * r);
            ctx.fillShape(shape);
          },
        }),
      );

    // ---- explanation: the reach graph and its components ----
    if (state.overlays['graph'] && ex?.graph) {
      const comp = ex.graph.components ?? [];
      const sources = new Set(ex.graph.sources ?? []);
      // Shade each component: a soft disc behind every dot of it, in the component's colour.
      dots.forEach((d, i) => {
        const c = comp[i] ?? i;
        const hue = COMPONENT_HUES[c % COMPONENT_HUES.length]!;
        over.add(halo(i, 2, 14, `hsl(${hue}, 80%, 55%)`, sources.has(c) ? 0.75 : 0.35, 'component'));
      });
      for (const [a, b] of ex.graph.edges) {
        const A = dots[a],
          B = dots[b];
        if (!A || !B) continue;
        const dx = B.x - A.x,
          dy = B.y - A.y,
          L = Math.hypot(dx, dy) || 1;
        const ux = dx / L,
          uy = dy / L;
        const same = comp[a] !== undefined && comp[a] === comp[b];
        over.add(
          new Konva.Arrow({
            points: [
              A.x + ux * (radius(a) + 2),
              A.y + uy * (radius(a) + 2),
              B.x - ux * (radius(b) + 3),
              B.y - uy * (radius(b) + 3),
            ],
            stroke: same ? theme.accent : theme.ink,
            fill: same ? theme.accent : theme.ink,
            strokeWidth: same ? 2 : 1.2,
            opacity: same ? 0.9 : 0.55,
            pointerLength: 9 * px,
            pointerWidth: 7 * px,
            strokeScaleEnabled: false,
            perfectDrawEnabled: false,
            name: 'reach-edge',
          }),
        );
      }
    }

    // ---- explanation: chance of the first tap ----
    if (state.overlays['chances'] && ex) {
      const firsts = ex.perElement.map((p) => (typeof p['first'] === 'number' ? (p['first'] as number) : 0));
      const peak = Math.max(1e-9, ...firsts);
      ex.perElement.forEach((p, i) => {
        const d = dots[i];
        if (!d) return;
        const first = typeof p['first'] === 'number' ? (p['first'] as number) : null;
        if (p['wins'] === true) {
          // A ring of light: a bright ring over two soft halos.
          over.add(halo(i, 2, 18, theme.ok, 0.14));
          over.add(halo(i, 2, 10, theme.ok, 0.25));
          over.add(
            new Konva.Circle({
              x: d.x,
              y: d.y,
              radius: radius(i) + 6,
              stroke: theme.ok,
              strokeWidth: 3,
              strokeScaleEnabled: false,
              perfectDrawEnabled: false,
              name: 'win-ring',
            }),
          );
        } else if (first !== null) {
          over.add(halo(i, 2, 13, heat(first / peak), 0.85, 'heat'));
        }
        if (first !== null) {
          over.add(
            new Konva.Text({
              x: d.x - 40 * px,
              y: d.y + radius(i) + 4 * px,
              width: 80 * px,
              align: 'center',
              text: `${(first * 100).toFixed(first < 0.1 ? 1 : 0)}%`,
              fontSize: 11 * px,
              fontStyle: '600',
              fontFamily: 'system-ui, sans-serif',
              fill: theme.ink,
              perfectDrawEnabled: false,
            }),
          );
        }
      });
    }

    // ---- the chain starts (the winning first taps), always: a dashed ring ----
    ex?.perElement.forEach((p, i) => {
      const d = dots[i];
      if (d && p['start'] === true)
        over.add(
          new Konva.Circle({
            x: d.x,
            y: d.y,
            radius: radius(i) + 8,
            stroke: theme.accent,
            strokeWidth: 2,
            dash: [5, 4],
            strokeScaleEnabled: false,
            perfectDrawEnabled: false,
            name: 'chain-start',
          }),
        );
    });

    // ---- violations, where they are ----
    const focused = new Set(state.focused);
    const bad = theme.danger;
    const outline = (i: number, w = 3): void => {
      const d = dots[i];
      if (!d) return;
      over.add(
        new Konva.Circle({
          x: d.x,
          y: d.y,
          radius: radius(i) + 4,
          stroke: bad,
          strokeWidth: focused.has(i) ? w + 2 : w,
          dash: [6, 3],
          strokeScaleEnabled: false,
          perfectDrawEnabled: false,
          name: 'violation-dot',
        }),
      );
    };
    const note = (x: number, y: number, text: string): void => {
      const t = new Konva.Text({
        x: x - 90 * px,
        y: y - 7 * px,
        width: 180 * px,
        align: 'center',
        text,
        fontSize: 12 * px,
        fontStyle: '700',
        fontFamily: 'system-ui, sans-serif',
        fill: bad,
        perfectDrawEnabled: false,
      });
      const pad = new Konva.Rect({
        x: x - t.getTextWidth() / 2 - 4 * px,
        y: y - 9 * px,
        width: t.getTextWidth() + 8 * px,
        height: 18 * px,
        fill: theme.field,
        opacity: 0.85,
        cornerRadius: 4 * px,
        perfectDrawEnabled: false,
      });
      over.add(pad, t);
    };
    for (const v of state.proof?.violations ?? []) {
      const m = v.mark as CarillonMark | undefined;
      if (!m) {
        for (const i of v.elements) outline(i);
        continue;
      }
      switch (m.kind) {
        case 'gap': {
          const A = dots[m.a],
            B = dots[m.b];
          if (!A || !B) break;
          const dx = B.x - A.x,
            dy = B.y - A.y,
            L = Math.hypot(dx, dy) || 1;
          const ux = dx / L,
            uy = dy / L;
          // The gap itself: edge of a to edge of b along the line of centres (thick, red).
          const p = { x: A.x + ux * radius(m.a), y: A.y + uy * radius(m.a) };
          const q = { x: B.x - ux * radius(m.b), y: B.y - uy * radius(m.b) };
          over.add(
            new Konva.Line({
              points: [A.x, A.y, B.x, B.y],
              stroke: bad,
              strokeWidth: 1,
              dash: [3, 4],
              strokeScaleEnabled: false,
              perfectDrawEnabled: false,
            }),
          );
          over.add(
            new Konva.Line({
              points: [p.x, p.y, q.x, q.y],
              stroke: bad,
              strokeWidth: focused.has(m.a) ? 7 : 5,
              lineCap: 'round',
              strokeScaleEnabled: false,
              perfectDrawEnabled: false,
              name: 'violation-gap',
            }),
          );
          outline(m.a);
          outline(m.b);
          note(
            (p.x + q.x) / 2 - uy * 24 * px,
            (p.y + q.y) / 2 + ux * 24 * px,
            `gap ${m.gap.toFixed(1)} < ${m.min}`,
          );
          break;
        }
        case 'ring': {
          const A = dots[m.from],
            B = dots[m.to];
          if (!A || !B) break;
          // The grazing ring: dot `from`'s reach, which meets `to`'s edge within the margin.
          over.add(
            new Konva.Circle({
              x: A.x,
              y: A.y,
              radius: reach(m.from),
              stroke: bad,
              strokeWidth: focused.has(m.from) ? 4 : 2.5,
              dash: [10, 6],
              strokeScaleEnabled: false,
              perfectDrawEnabled: false,
              name: 'violation-ring',
            }),
          );
          outline(m.to);
          const dx = B.x - A.x,
            dy = B.y - A.y,
            L = Math.hypot(dx, dy) || 1;
          note(
            A.x + (dx / L) * reach(m.from),
            A.y + (dy / L) * reach(m.from) - 18 * px,
            `ring ${Math.abs(m.off).toFixed(1)} ${m.off >= 0 ? 'short of' : 'over'} the edge`,
          );
          break;
        }
        case 'outside': {
          const d = dots[m.dot];
          if (!d) break;
          outline(m.dot);
          for (const side of m.sides) {
            const pts =
              side === 'left'
                ? [0, d.y - 40, 0, d.y + 40]
                : side === 'right'
                  ? [rules.width, d.y - 40, rules.width, d.y + 40]
                  : side === 'top'
                    ? [d.x - 40, 0, d.x + 40, 0]
                    : [d.x - 40, rules.height, d.x + 40, rules.height];
            over.add(
              new Konva.Line({
                points: pts,
                stroke: bad,
                strokeWidth: 5,
                lineCap: 'round',
                strokeScaleEnabled: false,
                perfectDrawEnabled: false,
                name: 'violation-edge',
              }),
            );
          }
          break;
        }
        case 'reached':
          for (const i of m.dots) outline(i);
          for (const [a, b] of m.edges) {
            const A = dots[a],
              B = dots[b];
            if (A && B)
              over.add(
                new Konva.Arrow({
                  points: [A.x, A.y, B.x, B.y],
                  stroke: bad,
                  fill: bad,
                  strokeWidth: 2.5,
                  pointerLength: 10 * px,
                  pointerWidth: 8 * px,
                  strokeScaleEnabled: false,
                  perfectDrawEnabled: false,
                }),
              );
          }
          break;
        case 'share':
          outline(m.start, 4);
          for (const i of m.own) if (i !== m.start) outline(i, 1.5);
          break;
        case 'starts':
          for (const i of m.starts) outline(i);
          break;
        case 'dot':
          outline(m.dot);
          break;
        default:
          for (const i of v.elements) outline(i);
      }
    }
    return false;
  }
  overlay(state);

  const abs = (): Konva.Transform => g.getAbsoluteTransform();
  return {
    pick: (target) => (target.name() === 'dot' ? (target.getAttr('index') as number) : null),
    toWorld: (_stage, p) => abs().copy().invert().point(p),
    toStage: (p) => abs().point(p),
    centre: (i) => ({ x: dots[i]?.x ?? 0, y: dots[i]?.y ?? 0 }),
    overlay,
    // Dots that only moved are moved in place (a drag or a nudge), without a rebuild.
    patch(next) {
      const nd = (next as CarillonLevel).dots;
      if (
        nd.length !== dots.length ||
        nd.some((d, i) => d.size !== dots[i]!.size || d.color !== dots[i]!.color)
      )
        return false;
      nd.forEach((d, i) => {
        if (d.x !== dots[i]!.x || d.y !== dots[i]!.y) board.moveDot(i, d.x, d.y);
      });
      dots = nd;
      return true;
    },
  };
}
