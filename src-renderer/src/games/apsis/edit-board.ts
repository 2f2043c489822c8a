/**
 * Apsis's board in edit mode: the level as the inspector draws it (./board.ts) with the
 * selected arrow's path and what stands in it, and on top what the proof found, where it is
 * (an arrow overlapping another with the distance, one poking out of the rim or too near the
 * sun, a path across the sun, arrows that can never leave with who blocks whom), and the
 * explanation's overlays: the blocking graph with the longest chain of blockers highlighted,
 * and each arrow's round (the reads it adds).
 */
import Konva from 'konva';
import type { ApsisLevel } from '../../../../src-shared/games/apsis/model';
import type { ApsisRules } from '../../../../src-shared/games/apsis/rules';
import { firstContact, levelGeo, type ArrowGeo } from '../../../../src-shared/games/apsis/geometry';
import type { ApsisMark } from '../../../../src-shared/games/apsis/prove';
import { fitBox } from '../../boards/fit';
import type { BoardTheme } from '../../boards/theme';
import type { EditBoard, EditDrawState, EditLayers } from '../../editor/edit-view';
import { drawApsisLevel, type ApsisPathOverlay } from './board';

export function drawApsisEdit(
  layers: EditLayers,
  level: ApsisLevel,
  rules: ApsisRules,
  width: number,
  height: number,
  theme: BoardTheme,
  state: EditDrawState,
): EditBoard {
  const R = rules.rimRadius;
  const sel = state.selected;
  let shown = level;
  let geos: ArrowGeo[] = levelGeo(level.arrows, level.orbits, rules);
  /** The selected arrow's path, stopped at its first blocker. */
  const pathOf = (): ApsisPathOverlay | null => {
    if (sel === null || sel >= geos.length) return null;
    const blockers: { arrow: number; distance: number }[] = [];
    geos.forEach((g, j) => {
      if (j === sel) return;
      const d = firstContact(geos[sel]!, g, rules);
      if (d !== null) blockers.push({ arrow: j, distance: d });
    });
    blockers.sort((a, b) => a.distance - b.distance);
    return { arrow: sel, blockers };
  };
  const board = drawApsisLevel(layers.base, level, rules, fitBox(2 * R, 2 * R, width, height, 24), theme, {});
  const g = board.group;
  // The overlay's marks live on their own layer (same transform); colours by round and
  // highlights change the arrows themselves, so an overlay redraw also redraws the base.
  const over = new Konva.Group({
    x: g.x(),
    y: g.y(),
    scaleX: g.scaleX(),
    scaleY: g.scaleY(),
    listening: false,
  });
  layers.over.add(over);
  const bad = theme.danger;
  const mid = (i: number): { x: number; y: number } => ({ x: geos[i]?.cx ?? 0, y: geos[i]?.cy ?? 0 });
  const note = (x: number, y: number, text: string, color = bad): void => {
    const t = new Konva.Text({
      x: x - 80,
      y: y - 8,
      width: 160,
      align: 'center',
      text,
      fontSize: 13,
      fontStyle: '700',
      fontFamily: 'system-ui, sans-serif',
      fill: color,
      perfectDrawEnabled: false,
    });
    over.add(
      new Konva.Rect({
        x: x - t.getTextWidth() / 2 - 4,
        y: y - 10,
        width: t.getTextWidth() + 8,
        height: 20,
        fill: theme.field,
        opacity: 0.85,
        cornerRadius: 4,
        perfectDrawEnabled: false,
      }),
      t,
    );
  };
  const capsule = (i: number, color: string, w: number, name: string): void => {
    const a = geos[i];
    if (!a) return;
    over.add(
      new Konva.Line({
        points: [a.tx, a.ty, a.hx, a.hy],
        stroke: color,
        strokeWidth: rules.width + w,
        lineCap: 'round',
        opacity: 0.35,
        perfectDrawEnabled: false,
        name,
      }),
    );
  };
  /** An arrow from the middle of arrow a to the middle of arrow b (blocker → blocked). */
  const link = (a: number, b: number, color: string, width: number, name: string): void => {
    const A = mid(a),
      B = mid(b);
    const dx = B.x - A.x,
      dy = B.y - A.y,
      L = Math.hypot(dx, dy) || 1;
    const s = Math.min(14, L / 3);
    over.add(
      new Konva.Arrow({
        points: [A.x + (dx / L) * s, A.y + (dy / L) * s, B.x - (dx / L) * s, B.y - (dy / L) * s],
        stroke: color,
        fill: color,
        strokeWidth: width,
        pointerLength: 9,
        pointerWidth: 8,
        strokeScaleEnabled: false,
        perfectDrawEnabled: false,
        name,
      }),
    );
  };

  /** What the proof and the explanation add (and the arrows' colours by round), redrawn alone when a proof arrives. */
  function overlay(state: EditDrawState): boolean {
    over.destroyChildren();
    const ex = state.explanation;
    // ---- the grid drags snap to: a faint spoke every step degrees, sun to rim ----
    const step = state.grid;
    if (step)
      over.add(
        new Konva.Shape({
          name: 'grid',
          stroke: theme.grid,
          strokeWidth: 1,
          strokeScaleEnabled: false,
          perfectDrawEnabled: false,
          sceneFunc(ctx, shape) {
            ctx.beginPath();
            for (let a = 0; a < 360; a += step) {
              const c = Math.cos((a * Math.PI) / 180),
                s = Math.sin((a * Math.PI) / 180);
              ctx.moveTo(rules.sunRadius * c, rules.sunRadius * s);
              ctx.lineTo(R * c, R * s);
            }
            ctx.strokeShape(shape);
          },
        }),
      );
    const focused = new Set(state.focused);
    const violating = new Set<number>();
    for (const v of state.proof?.violations ?? []) for (const i of v.elements) violating.add(i);
    const rounds =
      state.overlays['rounds'] && ex
        ? ex.perElement.map((p) => (typeof p['round'] === 'number' ? (p['round'] as number) : 0))
        : null;
    board.update({
      labels: state.overlays['labels'] ?? true,
      focus: sel,
      highlighted: violating,
      path: pathOf(),
      rounds,
    });
    // ---- explanation: the blocking graph, the longest chain ----
    if (state.overlays['graph'] && ex?.graph) {
      const chain = ex.chain ?? [];
      const onChain = new Set<string>();
      for (let k = 0; k + 1 < chain.length; k++) onChain.add(`${chain[k]}>${chain[k + 1]}`);
      // Edge [b, a]: b blocks a (b leaves first).
      for (const [b, a] of ex.graph.edges)
        if (!onChain.has(`${b}>${a}`)) link(b, a, theme.text, 1.3, 'block-edge');
      for (let k = 0; k + 1 < chain.length; k++)
        link(chain[k]!, chain[k + 1]!, theme.accent, 3.5, 'chain-edge');
      for (const i of chain) capsule(i, theme.accent, 10, 'chain-arrow');
    }

    // ---- the other selected arrows (the primary one shows its path) ----
    for (const i of state.selection)
      if (i !== sel && i < geos.length) capsule(i, theme.accent2, 9, 'selected-arrow');

    // ---- violations, where they are ----
    for (const v of state.proof?.violations ?? []) {
      const m = v.mark as ApsisMark | undefined;
      const strong = v.elements.some((i) => focused.has(i));
      if (!m) {
        for (const i of v.elements) capsule(i, bad, strong ? 14 : 8, 'violation-arrow');
        continue;
      }
      switch (m.kind) {
        case 'overlap': {
          capsule(m.a, bad, strong ? 14 : 8, 'violation-overlap');
          capsule(m.b, bad, strong ? 14 : 8, 'violation-overlap');
          const A = mid(m.a),
            B = mid(m.b);
          over.add(
            new Konva.Line({
              points: [A.x, A.y, B.x, B.y],
              stroke: bad,
              strokeWidth: 2,
              dash: [4, 4],
              strokeScaleEnabled: false,
              perfectDrawEnabled: false,
            }),
          );
          note((A.x + B.x) / 2, (A.y + B.y) / 2 - 16, `${m.distance.toFixed(1)} apart < ${m.min}`);
          break;
        }
        case 'rim': {
          capsule(m.arrow, bad, 10, 'violation-rim');
          over.add(
            new Konva.Circle({
              radius: R - rules.width / 2,
              stroke: bad,
              strokeWidth: 1.5,
              dash: [6, 6],
              strokeScaleEnabled: false,
              perfectDrawEnabled: false,
            }),
          );
          const p = mid(m.arrow);
          note(p.x * 0.85, p.y * 0.85, `${m.over.toFixed(1)} past the rim`);
          break;
        }
        case 'sun-gap': {
          capsule(m.arrow, bad, 10, 'violation-sun');
          over.add(
            new Konva.Circle({
              radius: m.min,
              stroke: bad,
              strokeWidth: 2,
              dash: [6, 4],
              strokeScaleEnabled: false,
              perfectDrawEnabled: false,
            }),
          );
          break;
        }
        case 'path-sun': {
          const a = geos[m.arrow];
          if (!a) break;
          capsule(m.arrow, bad, 10, 'violation-path-sun');
          // The path into the sun: it can never leave.
          over.add(
            new Konva.Line({
              points: [a.hx, a.hy, a.ex, a.ey],
              stroke: bad,
              strokeWidth: 3,
              dash: [8, 5],
              strokeScaleEnabled: false,
              perfectDrawEnabled: false,
              name: 'violation-path',
            }),
          );
          over.add(
            new Konva.Circle({
              radius: m.min,
              stroke: bad,
              strokeWidth: 2,
              dash: [6, 4],
              strokeScaleEnabled: false,
              perfectDrawEnabled: false,
            }),
          );
          break;
        }
        case 'stuck': {
          for (const i of m.arrows) capsule(i, bad, strong ? 14 : 10, 'violation-stuck');
          for (const [b, a] of m.edges) link(b, a, bad, 2.5, 'stuck-edge');
          const c = m.arrows.map(mid);
          const cx = c.reduce((s, p) => s + p.x, 0) / Math.max(1, c.length),
            cy = c.reduce((s, p) => s + p.y, 0) / Math.max(1, c.length);
          note(cx, cy - 24, m.arrows.length === 1 ? 'never leaves' : `${m.arrows.length} never leave`);
          break;
        }
        case 'arrow':
          capsule(m.arrow, bad, 10, 'violation-arrow');
          break;
        default:
          for (const i of v.elements) capsule(i, bad, 8, 'violation-arrow');
      }
    }
    return true;
  }
  overlay(state);

  const abs = (): Konva.Transform => g.getAbsoluteTransform();
  return {
    pick(target) {
      let n: Konva.Node | null = target;
      while (n && n !== g) {
        const i = board.arrows.indexOf(n as Konva.Group);
        if (i >= 0) return i;
        n = n.getParent();
      }
      return null;
    },
    toWorld: (_stage, p) => abs().copy().invert().point(p),
    toStage: (p) => abs().point(p),
    centre: (i) => mid(i),
    overlay,
    // Arrows that only moved, turned within their kind or changed length are redrawn in place.
    patch(next) {
      const l = next as ApsisLevel;
      if (l.orbits !== shown.orbits || l.arrows.length !== shown.arrows.length) return false;
      for (let i = 0; i < l.arrows.length; i++) {
        const a = l.arrows[i]!,
          b = shown.arrows[i]!;
        if (a.orbit === b.orbit && a.angle === b.angle && a.heading === b.heading && a.length === b.length)
          continue;
        if (!board.placeArrow(i, a, l.orbits)) return false;
      }
      shown = l;
      geos = levelGeo(l.arrows, l.orbits, rules);
      return true;
    },
  };
}
