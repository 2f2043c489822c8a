/**
 * Setting `window.__editor`, edit mode's debug hook, while the editor is on screen. What the
 * hook holds is described with its type in src-shared/editor-debug.ts.
 */
import type { EditorDebugHook } from '../../../src-shared/editor-debug';

export type { EditorDebugHook };

export function setEditorHook(hook: EditorDebugHook): () => void {
  window.__editor = hook;
  return () => {
    if (window.__editor === hook) delete window.__editor;
  };
}
