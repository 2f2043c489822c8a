/**
 * Zoom (mouse wheel, about the pointer) and pan (drag on empty board, or with the middle
 * button anywhere) for a Konva stage. The drawing's own fit maps the level onto the stage at
 * zoom 1; this adds the designer's view on top via the stage's scale and position, so
 * `fit()` is simply the identity transform.
 */
import Konva from 'konva';
import { downloadUrl } from '../lib/download';

export class Viewport {
  zoom = 1;
  private panning: { x: number; y: number; sx: number; sy: number } | null = null;
  private readonly detach: () => void;

  constructor(
    private readonly stage: Konva.Stage,
    private readonly onChange: (zoom: number) => void = () => {},
    /** Whether a left press on the empty board pans (edit mode draws a select box there unless Alt is held). */
    panOnEmpty: (e: PointerEvent) => boolean = () => true,
  ) {
    const onWheel = (e: Konva.KonvaEventObject<WheelEvent>): void => {
      e.evt.preventDefault();
      const p = stage.getPointerPosition();
      if (!p) return;
      this.zoomAt(e.evt.deltaY < 0 ? 1.15 : 1 / 1.15, p);
    };
    const onDown = (e: Konva.KonvaEventObject<PointerEvent>): void => {
      const empty = e.target === stage;
      if (!(empty && e.evt.button === 0 && panOnEmpty(e.evt)) && e.evt.button !== 1) return;
      e.evt.preventDefault();
      // preventDefault keeps focus where it was: let go of a text field so board keys work.
      if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
        document.activeElement.blur();
      this.panning = { x: e.evt.clientX, y: e.evt.clientY, sx: stage.x(), sy: stage.y() };
      stage.container().style.cursor = 'grabbing';
    };
    const onMove = (e: PointerEvent): void => {
      if (!this.panning) return;
      stage.position({
        x: this.panning.sx + e.clientX - this.panning.x,
        y: this.panning.sy + e.clientY - this.panning.y,
      });
      stage.batchDraw();
    };
    const onUp = (): void => {
      if (!this.panning) return;
      this.panning = null;
      stage.container().style.cursor = '';
    };
    stage.on('wheel', onWheel);
    stage.on('pointerdown', onDown);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    this.detach = () => {
      stage.off('wheel', onWheel);
      stage.off('pointerdown', onDown);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
    };
  }

  /** Zoom by factor f keeping the stage point p (container pixels) still. */
  zoomAt(f: number, p: { x: number; y: number }): void {
    const old = this.zoom;
    const next = Math.min(12, Math.max(0.25, old * f));
    const wx = (p.x - this.stage.x()) / old,
      wy = (p.y - this.stage.y()) / old;
    this.zoom = next;
    this.stage.scale({ x: next, y: next });
    this.stage.position({ x: p.x - wx * next, y: p.y - wy * next });
    this.stage.batchDraw();
    this.onChange(next);
  }

  fit(): void {
    this.zoom = 1;
    this.stage.scale({ x: 1, y: 1 });
    this.stage.position({ x: 0, y: 0 });
    this.stage.batchDraw();
    this.onChange(1);
  }

  get isPanning(): boolean {
    return this.panning !== null;
  }

  destroy(): void {
    this.detach();
  }
}

/** Page-pixel centre of a stage-space point of a node's parent transform (for tests and tooltips). */
export function pagePoint(
  stage: Konva.Stage,
  node: Konva.Node,
  x: number,
  y: number,
): { x: number; y: number } {
  const p = node.getAbsoluteTransform().point({ x, y });
  const r = stage.container().getBoundingClientRect();
  return { x: r.left + p.x, y: r.top + p.y };
}

/** Save the board as a PNG at twice its pixels, named after the level's id. */
export function exportStagePng(stage: Konva.Stage, label: string): void {
  downloadUrl(stage.toDataURL({ pixelRatio: 2 }), `${label.replaceAll('/', '_').replaceAll(' ', '-')}.png`);
}

/** Copy text with the Clipboard API, falling back to a hidden textarea and execCommand. */
export async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return;
    }
  } catch {
    // Clipboard API refused (permissions, focus): fall through to the textarea fallback.
  }
  const ta = document.createElement('textarea');
  ta.value = text;
  ta.setAttribute('readonly', '');
  ta.style.position = 'fixed';
  ta.style.opacity = '0';
  document.body.appendChild(ta);
  ta.select();
  const ok = document.execCommand('copy');
  ta.remove();
  if (!ok) throw new Error('the browser refused to copy to the clipboard');
}
