/**
 * Where edit mode's commands find their handlers (like the inspector's bus): the editor on
 * screen registers them in `editorBus.active`; the inspector page registers the play/edit
 * switch and "New level" in `editorBus.page`.
 */
export interface EditorHandlers {
  game: string;
  undo(): void;
  redo(): void;
  remove(): void;
  add(): void;
  nudge(dx: number, dy: number, big: boolean): void;
  select(step: number): void;
  save(): void;
  key(key: string, shift: boolean): void;
  /** Copy the selected elements (`cut`: and delete them). */
  copy(cut: boolean): void;
  paste(): void;
  selectAll(): void;
  clearSelection(): void;
  /** Snap to the grid on or off (for every level); `step`: the next step of the game's grid instead. */
  toggleGrid(step: boolean): void;
  /** Right after a save, what undo undoes in the run's history ("the run's last change: Saved L3 · c9, …"); null: an edit, or nothing. */
  readonly undoes?: string | null;
  readonly redoes?: string | null;
  /** Why a command cannot run now (null: it can). */
  blocked: Partial<
    Record<
      'undo' | 'redo' | 'remove' | 'nudge' | 'select' | 'save' | 'add' | 'copy' | 'paste' | 'selectAll',
      string | null
    >
  > & { key?: (key: string) => string | null };
}

interface EditorPageHandlers {
  /** Switch between playing and editing the level on screen, or null with the reason it cannot. */
  toggleEdit: (() => void) | null;
  editing: boolean;
  why: string | null;
}

class EditorBus {
  active = $state<EditorHandlers | null>(null);
  page = $state<EditorPageHandlers | null>(null);
  /** The grid edit mode's drags snap to: on or off, and its step per game (kept across levels; ./snap.ts). */
  grid = $state<{ on: boolean; steps: Record<string, number> }>({ on: false, steps: {} });
}

export const editorBus = new EditorBus();
