/** Setting `window.__playtest`, the blind player's debug hook (its shape: src-shared/playtest/debug-hook.ts). */
import type { PlaytestDebugHook } from '../../../src-shared/playtest/debug-hook';

export function setPlaytestHook(hook: PlaytestDebugHook): () => void {
  window.__playtest = hook;
  return () => {
    if (window.__playtest === hook) delete window.__playtest;
  };
}
