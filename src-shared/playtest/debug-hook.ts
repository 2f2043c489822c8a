/**
 * `window.__playtest`: the blind player's debug hook while a player is on screen
 * (src-renderer/src/playtest/debug.ts sets it), for the browser test and the page's bench:
 *   __playtest.centres()  each board element's centre in page pixels (ready for clicks), and whether it is in play
 *   __playtest.level()    the 1-based pack level on screen, or null once every level is played
 */
export interface PlaytestDebugHook {
  centres(): { index: number; x: number; y: number; live: boolean }[];
  level(): number | null;
}

declare global {
  interface Window {
    __playtest?: PlaytestDebugHook;
  }
}
