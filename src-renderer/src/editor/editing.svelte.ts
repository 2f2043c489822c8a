/**
 * The inspector page's edit state: whether the level on screen is edited or played, the
 * level as last edited (play mode plays it), the history of its unsaved edits (kept across
 * switches between play and edit, and as a draft across levels and pages: ./drafts.svelte.ts),
 * where "Save as new candidate" puts it, and the candidate it is stored as after a save.
 */
import { studio } from '../lib/studio.svelte';
import { gameView } from '../games/index';
import type { SaveTarget } from './edit-view';

class Editing {
  on = $state(false);
  /** A new level's save target, until the inspector shows the board it opened (by label). */
  pending: { label: string; target: SaveTarget } | null = null;
}

export const editing = new Editing();
// A level opened from another page opens in play mode, as a designer expects of "open": edit
// mode is chosen on the level (E), or comes with a draft opened from the drafts list on purpose.
studio.onOpenedFromElsewhere(() => (editing.on = false));

/** Where an edit of a stored candidate saves: its own run and slot (the run's plan for the proof). */
export async function candidateTarget(c: { id: number; runId: number; slot: number }): Promise<SaveTarget> {
  const run = await studio.client.call('runs.get', { runId: c.runId });
  return { runId: c.runId, slot: c.slot, from: c.id, plan: run.plan };
}

/** Open an empty board of a run's game for one of its slots (0-based), in edit mode. */
export async function startNewLevel(runId: number, slot: number): Promise<void> {
  const run = await studio.client.call('runs.get', { runId });
  const view = gameView(run.game);
  if (!view.editor) throw new Error(`${view.game.title} levels cannot be edited in the studio`);
  const level = view.editor.newLevel(view.readRules(run.rules), run.plan, slot);
  const label = `new level · run ${runId} · L${slot + 1}`;
  editing.pending = { label, target: { runId, slot, from: null, plan: run.plan } };
  studio.inspect({ kind: 'level', game: run.game, rules: run.rules, level, label, plan: run.plan, slot });
  // After the open, which from another page turns edit mode off: a new level is for editing.
  editing.on = true;
}
