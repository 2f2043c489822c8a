/**
 * Drafts: every level's unsaved edits are kept, per level, while the studio is open. Moving
 * to another candidate (`.` `,`, the filmstrip, a jump), another page or another level keeps
 * them; coming back to the level restores them, and the studio's side bar lists every level
 * with unsaved edits (./DraftList.svelte). Only closing or reloading the window could lose
 * them, so that asks first (the browser's beforeunload question; in the desktop app, main's
 * own dialog: src-main/electron/close-guard.ts). Why drafts rather than a Save/Discard/Stay
 * question: docs/studio.md, "Editing a level".
 */
import { candidateName } from '../../../src-shared/vocabulary';
import { EditHistory } from './edit-history';
import { candidateTarget, editing } from './editing.svelte';
import { studio } from '../lib/studio.svelte';
import type { SaveTarget } from './edit-view';
import type { SavedAs } from './editor-view.svelte';

/**
 * The edits of one level (the page takes one per level it shows from the drafts, so a level
 * opened next never sees the last one's edits, and a level opened again finds its own).
 */
export class LevelEdits {
  /** Unsaved edits (the drafts list shows the levels that have some). */
  unsaved = $state(0);
  /** The candidate the board is stored as since the last save (the header names it), or null. */
  saved = $state.raw<SavedAs | null>(null);
  /** The level as last edited (null: as loaded). */
  edited = $state.raw<unknown>(null);
  target = $state.raw<SaveTarget | null>(null);
  /** The plan and slot the proof checks against (null until known: a candidate's run is fetched). */
  place = $state.raw<{ plan: unknown; slot: number } | null>(null);
  private history: EditHistory<unknown> | null = null;

  /**
   * @param key which level this is (a candidate by id, another level by game and label)
   * @param shownName the level as opened, in the studio's words ("L40 · c2"; a pack file's level by its label)
   * @param run where it belongs, appended to its name (" · run 3"; empty for a level of no run)
   * @param open what the inspector opens to show it again
   */
  constructor(
    readonly key: string,
    readonly shownName: string,
    readonly run: string,
    readonly open: () => void,
  ) {}

  /**
   * The level in the drafts list: the candidate its edits belong to. After a save that is the
   * candidate saved ("L1 · c17 · run 3"), no longer the one it was opened from ("L1 · c9").
   */
  get name(): string {
    return `${this.saved?.name ?? this.shownName}${this.run}`;
  }

  /** Unsaved edits of this level, kept across switches between play and edit and between levels. */
  historyFor<Level>(start: Level): EditHistory<Level> {
    this.history ??= new EditHistory<unknown>(start);
    return this.history as EditHistory<Level>;
  }

  /** The level after an edit, an undo or a redo. */
  changed(level: unknown): void {
    this.edited = level;
    this.unsaved = this.history?.undoCount ?? 0;
    drafts.touch();
  }

  /** Saved (or the save undone): the header names the candidate; the unsaved edits start over. */
  savedAs(saved: SavedAs | null): void {
    this.saved = saved;
    this.unsaved = this.history?.undoCount ?? 0;
    drafts.touch();
  }
}

class Drafts {
  /**
   * Every level shown since the studio opened, by key; one with nothing unsaved is forgotten
   * when another is shown. A plain map: the page takes a level's edits while it derives what
   * it shows, where state must not change; `version` moves when an edit changes what is unsaved.
   */
  private kept = new Map<string, LevelEdits>();
  private version = $state(0);

  /** The levels with unsaved edits, in the order first shown. */
  get dirty(): LevelEdits[] {
    void this.version;
    return [...this.kept.values()].filter((e) => e.unsaved > 0);
  }

  /** The edits of the level `key`: its draft when it has unsaved edits, else a fresh start. */
  for(key: string, name: string, run: string, open: () => void): LevelEdits {
    for (const [k, e] of this.kept) if (k !== key && e.unsaved === 0) this.kept.delete(k);
    const kept = this.kept.get(key);
    if (kept && kept.unsaved > 0) return kept;
    // Nothing unsaved (or saved since): the level as stored, starting afresh where it saves.
    const edits = new LevelEdits(key, name, run, open);
    if (kept) {
      edits.target = kept.target;
      edits.place = kept.place;
    }
    this.kept.set(key, edits);
    return edits;
  }

  touch(): void {
    this.version++;
  }
}

export const drafts = new Drafts();

/** Closing or reloading the window with unsaved edits asks first. */
function guardUnload(e: BeforeUnloadEvent): void {
  if (drafts.dirty.length === 0) return;
  e.preventDefault();
  // Older browsers (and Electron's will-prevent-unload) want returnValue set too.
  e.returnValue = '';
}

if (typeof window !== 'undefined') window.addEventListener('beforeunload', guardUnload);

/** What the inspector shows, as far as its draft needs it. */
interface ShownLevel {
  game: string;
  label: string;
  candidate: { id: number; runId: number; slot: number; index: number; seed: number; game: string } | null;
}

/**
 * The draft of the level the inspector shows: a candidate by its id, another level (a pack
 * file's, a new one) by its game and label. Opening it again from the drafts list shows it in
 * edit mode (`reopen` shows it: the inspector's target as it is now).
 */
export function draftOf(shown: ShownLevel, reopen: () => void): LevelEdits {
  const c = shown.candidate;
  const key = c ? `candidate ${c.id}` : `level ${shown.game} ${shown.label}`;
  const name = c ? candidateName(c.slot, c.index) : shown.label;
  return drafts.for(key, name, c ? ` · run ${c.runId}` : '', () => {
    // Shown first, then edit mode: a level opened from another page opens in play mode
    // (../lib/studio.svelte.ts), and a draft opened from the list is restored on purpose.
    reopen();
    editing.on = true;
  });
}

/** The header's level id: after a save, the candidate the board is stored as (in the studio's words); else the level's own. */
export function headerLabel(shown: ShownLevel, edits: LevelEdits | null): string {
  const s = edits?.saved;
  if (!s) return shown.label;
  const c = shown.candidate;
  return c ? `${c.game}/run ${c.runId}/seed ${c.seed}/${s.name}` : `${s.name} (saved from ${shown.label})`;
}

/**
 * Where the edits of the level on screen save and are proved (the inspector page's effect): a
 * new level's run and slot (the pending target of "New level"), a candidate's run and slot (its
 * run read), or, for a pack file's level, nowhere (proved against its pack's plan). Returns the
 * effect's cleanup (a candidate's run read that a newer level overtook is dropped).
 */
export function placeEdits(
  s: {
    label: string;
    candidate: { id: number; runId: number; slot: number } | null;
    place: LevelEdits['place'];
  },
  e: LevelEdits,
): (() => void) | undefined {
  const pending = editing.pending;
  if (pending && pending.label === s.label) {
    e.target = pending.target;
    e.place = { plan: pending.target.plan, slot: pending.target.slot };
    editing.pending = null;
    return;
  }
  const c = s.candidate;
  if (!c) {
    // A pack file's level: it belongs to no run, so it cannot be saved.
    e.place = s.place;
    return;
  }
  let cancelled = false;
  candidateTarget(c)
    .then((t) => {
      if (cancelled) return;
      e.target = t;
      e.place = { plan: t.plan, slot: t.slot };
    })
    .catch((err: unknown) => studio.report('Could not read the run of this candidate', err));
  return () => {
    cancelled = true;
  };
}
