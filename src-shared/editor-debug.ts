/**
 * `window.__editor`: the inspector's edit mode debug hook, for tests, the browser benchmark
 * and the devtools console. The renderer sets it while edit mode is on screen
 * (src-renderer/src/editor/debug.svelte.ts); the type lives here because the main side's browser
 * bench reads it too, and nothing in src-main imports the renderer.
 *
 *   __editor.game              the game's id
 *   __editor.level()           the level on screen (as edited)
 *   __editor.proof()           the last proof shown (Game.prove, from the proof worker)
 *   __editor.explanation()     the last explanation shown (Game.explain), or null
 *   __editor.proofs()          proofs received so far
 *   __editor.centres()         page pixels of every element's centre (ready for mouse moves)
 *   __editor.pageOf(p)         page pixels of a point in the level's own units
 *   __editor.drawn()           named shapes on the board (violation marks, overlay edges), counted
 *   __editor.dragFrames()      frame gaps (ms) during the last drag
 *   __editor.nudgeAndWait(i, dx, dy)  nudge element i as the arrow keys do; resolves once the
 *                              new level's proof is on screen, with the time it took (ms)
 *                              and the worker's own proving time
 */
import type { Explanation, LevelProof } from './proof';

export interface EditorDebugHook {
  game: string;
  level(): unknown;
  proof(): LevelProof | null;
  explanation(): Explanation | null;
  proofs(): number;
  centres(): { index: number; x: number; y: number; live: boolean }[];
  pageOf(p: { x: number; y: number }): { x: number; y: number };
  drawn(): Record<string, number>;
  dragFrames(): number[];
  nudgeAndWait(i: number, dx: number, dy: number): Promise<{ toScreenMs: number; workMs: number }>;
}

declare global {
  interface Window {
    __editor?: EditorDebugHook;
  }
}
