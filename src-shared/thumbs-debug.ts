/**
 * `window.__thumbs`: the pool thumbnails' debug hook, for the browser benchmark and the
 * devtools console. The renderer sets it when the first thumbnail is drawn
 * (src-renderer/src/pools/thumb.ts); the type lives here because the main side's browser
 * bench reads it too, and nothing in src-main imports the renderer.
 *
 *   __thumbs.drawn        thumbnails drawn by the game's view since the count was reset
 *   __thumbs.blits        thumbnails put on a card from the picture cache (no drawing)
 *   __thumbs.drawMs       milliseconds each of those drawings took (the game's drawing alone)
 *   __thumbs.reset()      zero the counts
 */
export interface ThumbsDebugHook {
  drawn: number;
  blits: number;
  drawMs: number[];
  reset(): void;
}

declare global {
  interface Window {
    __thumbs?: ThumbsDebugHook;
  }
}
