/**
 * Setting `window.__inspector`, the inspector's debug hook, while a board is on screen. What
 * the hook holds is described with its type in src-shared/inspector-debug.ts.
 */
import type { InspectorDebugHook } from '../../../src-shared/inspector-debug';

export type { InspectorDebugHook };

export function setDebugHook(hook: InspectorDebugHook): () => void {
  window.__inspector = hook;
  return () => {
    if (window.__inspector === hook) delete window.__inspector;
  };
}
