/**
 * Setting `window.__editor`, edit mode's debug hook, while the editor is on screen. What the
 * hook holds is described with its type in src-shared/editor-debug.ts.
 */
import type Konva from 'konva';
import { tick } from 'svelte';
import type { EditorDebugHook } from '../../../src-shared/editor-debug';
import type { EditorView } from './editor-view.svelte';
import type { StagePointer } from './stage-pointer';

export type { EditorDebugHook };

export function setEditorHook(hook: EditorDebugHook): () => void {
  window.__editor = hook;
  return () => {
    if (window.__editor === hook) delete window.__editor;
  };
}

/** The hook over an editor on screen: its view model, its stage and its pointer wiring. */
export function editorHook<Level>(
  game: string,
  vm: EditorView<Level>,
  stage: () => Konva.Stage | null,
  pointer: StagePointer,
): EditorDebugHook {
  return {
    game,
    level: () => $state.snapshot(vm.current),
    proof: () => vm.proof,
    explanation: () => vm.explanation,
    proofs: () => vm.proofs,
    centres: () => pointer.centres(),
    pageOf: (p) => pointer.pageOf(p),
    dragFrames: () => pointer.dragFrames(),
    drawn: () => {
      const out: Record<string, number> = {};
      for (const n of stage()?.find((x: Konva.Node) => x.name() !== '') ?? [])
        out[n.name()] = (out[n.name()] ?? 0) + 1;
      return out;
    },
    nudgeAndWait: async (i: number, dx: number, dy: number) => {
      // Select first (as a designer does), so the edit is timed alone.
      if (vm.selected !== i || vm.selection.length !== 1) {
        vm.selected = i;
        await tick();
        await new Promise((r) => requestAnimationFrame(r));
      }
      return new Promise((resolve) => {
        const t0 = performance.now();
        vm.whenProved((w) => resolve({ toScreenMs: performance.now() - t0, workMs: w }));
        vm.nudge(dx, dy, false);
      });
    },
  };
}
