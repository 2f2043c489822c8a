/**
 * The editor board's pointer (EditorShell.svelte wires it on mount): a press on an element
 * selects it and starts a drag (of the whole selection when the element is in it), Shift-click
 * adds or removes one element, a drag on the empty board draws a box that selects what it
 * holds (Shift: adds to the selection; Alt or the middle button pans instead). The drag
 * follows the pointer once a frame; the frame gaps while it lasts are kept for the debug hook
 * and the bench. Also the page points of the elements, which tests aim the mouse with.
 */
import type Konva from 'konva';
import type { EditorView } from './editor-view.svelte';
import type { EditPainter } from './edit-painter';

type Point = { x: number; y: number };

/** The box being drawn, in the board container's pixels. */
export interface BoxRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface StagePointer {
  /** Frame gaps (ms) during the last drag. */
  dragFrames(): number[];
  /** Every element's centre in page pixels. */
  centres(): { index: number; x: number; y: number; live: boolean }[];
  /** The page point of a level point. */
  pageOf(p: Point): Point;
  destroy(): void;
}

export function wireStagePointer<Level>(o: {
  stage: Konva.Stage;
  host: HTMLElement;
  vm: EditorView<Level>;
  painter: EditPainter<Level>;
  /** The box to draw over the board (null: none). */
  onBox: (box: BoxRect | null) => void;
}): StagePointer {
  const { stage, vm, painter } = o;
  let raf = 0;
  let pointer: Point | null = null;
  let frames: number[] = [];
  let lastFrameAt = 0;
  let monitor = 0;
  /** A box select under way: its first corner (container pixels) and whether it adds (Shift). */
  let box: { from: Point; to: Point; add: boolean } | null = null;

  const world = (p: Point): Point | null => (painter.board ? painter.board.toWorld(stage, p) : null);
  function watchFrames(now: number): void {
    if (!vm.dragActive) {
      monitor = 0;
      return;
    }
    if (lastFrameAt > 0) frames.push(now - lastFrameAt);
    lastFrameAt = now;
    monitor = requestAnimationFrame(watchFrames);
  }
  function dragFrame(): void {
    raf = 0;
    const w = pointer ? world(pointer) : null;
    if (vm.dragActive && w) vm.dragTo(w);
  }
  function onMove(e: PointerEvent): void {
    if (!vm.dragActive && !box) return;
    stage.setPointersPositions(e);
    pointer = stage.getPointerPosition();
    if (box && pointer) {
      box.to = pointer;
      o.onBox(rect(box.from, box.to));
    } else if (!raf) raf = requestAnimationFrame(dragFrame);
  }
  function onUp(): void {
    if (box) {
      const b = box;
      box = null;
      o.onBox(null);
      const a = world(b.from),
        z = world(b.to);
      const moved = Math.hypot(b.to.x - b.from.x, b.to.y - b.from.y) > 3;
      if (a && z && moved) vm.selectBox(centresIn(), a, z, b.add);
      else if (!b.add) vm.selection = [];
      return;
    }
    if (!vm.dragActive) return;
    if (raf) cancelAnimationFrame(raf);
    raf = 0;
    pointer = null;
    vm.drop();
  }
  function onDown(e: Konva.KonvaEventObject<PointerEvent>): void {
    if (e.evt.button !== 0) return;
    o.host.focus({ preventScroll: true });
    const i = painter.board?.pick(e.target) ?? null;
    const p = stage.getPointerPosition();
    if (i === null) {
      // The empty board: a box select (Alt pans, as the middle button does).
      if (!e.evt.altKey && p) box = { from: p, to: p, add: e.evt.shiftKey };
      return;
    }
    if (e.evt.shiftKey) {
      vm.toggleSelect(i);
      return;
    }
    vm.grab(i, p ? world(p) : null, painter.board!.centre(i));
    frames = [];
    lastFrameAt = 0;
    if (!monitor) monitor = requestAnimationFrame(watchFrames);
  }

  /** Every element's centre in level units. */
  const centresIn = (): Point[] =>
    painter.board ? Array.from({ length: vm.count }, (_, i) => painter.board!.centre(i)) : [];
  function pageOf(p: Point): Point {
    if (!painter.board) return p;
    const q = painter.board.toStage(p);
    const r = stage.container().getBoundingClientRect();
    return { x: r.left + q.x, y: r.top + q.y };
  }

  stage.on('pointerdown', onDown);
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', onUp);
  return {
    dragFrames: () => frames.slice(),
    centres: () => centresIn().map((c, index) => ({ index, ...pageOf(c), live: true })),
    pageOf,
    destroy() {
      cancelAnimationFrame(raf);
      cancelAnimationFrame(monitor);
      stage.off('pointerdown', onDown);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
    },
  };
}

function rect(a: Point, b: Point): BoxRect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
}
