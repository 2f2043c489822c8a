/**
 * Draws the editor's board on its stage (EditorShell.svelte calls it when the level, the
 * selection, the theme or a proof changes): the whole board on a new level, selection, theme
 * or size, the level's shapes patched in place when only the level changed (dots that only
 * moved), and the proof's overlay alone when only it changed.
 */
import Konva from 'konva';
import { untrack } from 'svelte';
import { boardTheme } from '../boards/theme';
import type { EditBoard, EditDrawState, EditLayers, EditSession } from './edit-view';

/** What the board is built from besides the level: a change of any of these rebuilds it. */
interface BuiltFrom {
  selected: number | null;
  /** The selection, as a string (a new array with the same elements is the same selection). */
  selection: string;
  dragging: number | null;
  theme: string;
  labels: boolean;
  w: number;
  h: number;
}

export interface EditPainter<Level> {
  /** The board last built (null before the first build). */
  readonly board: EditBoard | null;
  /** Build (or patch) the board for this level; returns the time it took (ms). */
  build(stage: Konva.Stage, level: Level, theme: string): number;
  /** Redraw what the proof adds (a proof arrived, an overlay switched, a violation pointed at). */
  overlay(): void;
}

export function editPainter<Level>(
  session: EditSession<Level>,
  state: () => EditDrawState,
): EditPainter<Level> {
  // Layers for the editor's life: a new layer per build costs canvases each time.
  let layers: EditLayers | null = null;
  let board: EditBoard | null = null;
  let built: (BuiltFrom & { level: Level }) | null = null;

  function build(stage: Konva.Stage, level: Level, theme: string): number {
    const t0 = performance.now();
    const s = state();
    const key = {
      level,
      selected: s.selected,
      selection: s.selection.join(','),
      dragging: s.dragging,
      theme,
      labels: s.overlays['labels'] ?? true,
      w: stage.width(),
      h: stage.height(),
    };
    const b = built;
    const same = (k: keyof BuiltFrom): boolean => b !== null && b[k] === key[k];
    if (
      b &&
      board?.patch &&
      layers &&
      b.level !== level &&
      (['selected', 'selection', 'dragging', 'theme', 'labels', 'w', 'h'] as const).every(same) &&
      board.patch(level)
    ) {
      built = key;
      layers.base.batchDraw();
      return performance.now() - t0;
    }
    if (!layers) {
      layers = { base: new Konva.Layer(), over: new Konva.Layer({ listening: false }) };
      stage.add(layers.base, layers.over);
    }
    const l = layers;
    l.base.destroyChildren();
    l.over.destroyChildren();
    board = untrack(() => session.build(l, stage.width(), stage.height(), boardTheme(), level, state()));
    built = key;
    l.base.draw();
    l.over.draw();
    return performance.now() - t0;
  }

  function overlay(): void {
    if (!board || !layers) return;
    const b = board;
    const base = untrack(() => b.overlay(state()));
    // Drawn now, not on Konva's next animation frame: a proof that arrives in time is on
    // screen in the frame its edit was (issue 26's re-proof inside one frame).
    layers.over.draw();
    if (base) layers.base.draw();
  }

  return {
    get board() {
      return board;
    },
    build,
    overlay,
  };
}
