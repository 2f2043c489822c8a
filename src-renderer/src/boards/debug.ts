/**
 * `window.__boards`: a debug hook for tests, keyed by a side-by-side board's test id
 * (`compare-board-a`, `dup-board-b`, ...), set while the board is on screen.
 *
 *   __boards[id].stage()    { width, height } of the Konva stage, in CSS pixels
 *   __boards[id].zoom()     the shared zoom the board applies ({ k, x, y }, see boards/zoom.ts)
 *   __boards[id].field()    the level's field (the game view's field shape) as drawn now, in
 *                           stage pixels ({ x, y, width, height }), or null before a level is drawn
 *   __boards[id].content()  the box of everything drawn, same units, or null
 */
import type { BoardZoom } from './zoom';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SideBoardDebugHook {
  stage(): { width: number; height: number };
  zoom(): BoardZoom;
  field(): Rect | null;
  content(): Rect | null;
}

declare global {
  interface Window {
    __boards?: Record<string, SideBoardDebugHook>;
  }
}

export function setBoardHook(id: string, hook: SideBoardDebugHook): () => void {
  const all = (window.__boards ??= {});
  all[id] = hook;
  return () => {
    if (window.__boards?.[id] === hook) delete window.__boards[id];
  };
}
