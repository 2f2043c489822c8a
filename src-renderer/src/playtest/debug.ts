/**
 * `window.__playtest`, the blind player's debug hook while a player is on screen, for the
 * browser test and the page's bench: the board's elements in page pixels (ready for clicks)
 * and the 1-based pack level on screen.
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

export function setPlaytestHook(hook: PlaytestDebugHook): () => void {
  window.__playtest = hook;
  return () => {
    if (window.__playtest === hook) delete window.__playtest;
  };
}
