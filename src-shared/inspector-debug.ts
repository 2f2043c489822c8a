/**
 * `window.__inspector`: the inspector's debug hook, for tests, the browser benchmark and
 * poking at the board from the devtools console. The renderer sets it while an inspector
 * board is on screen (src-renderer/src/inspector/debug.ts); the type lives here because the
 * main side's browser bench reads it too, and nothing in src-main imports the renderer.
 *
 *   __inspector.game            the game's id
 *   __inspector.centres()       [{ index, x, y, live }] — centre of every dot / arrow body in
 *                               page pixels (after zoom and pan), ready for mouse.click(x, y)
 *   __inspector.state()         the game's play state (see each game's inspector part under
 *                               src-renderer/src/games/<id>/, e.g. taps and dots left, or
 *                               hearts and arrows left)
 *   __inspector.drawMs          milliseconds the last full board build + draw took
 *   __inspector.redrawMs        milliseconds one redraw of the built board takes
 *   __inspector.bench(n)        rebuild the board n times: median build + draw and redraw ms
 */
export interface InspectorDebugHook {
  game: string;
  centres(): { index: number; x: number; y: number; live: boolean }[];
  state(): Record<string, unknown>;
  drawMs: number;
  redrawMs: number;
  bench(times: number): { buildMs: number; redrawMs: number };
}

declare global {
  interface Window {
    __inspector?: InspectorDebugHook;
  }
}
