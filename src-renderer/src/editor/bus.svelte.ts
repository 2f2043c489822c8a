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
  /** With no unsaved edit left, what undo undoes in the run's history ("the run's last change: Saved L3 · c9, …"); null: an edit, or nothing. */
  readonly undoes?: string | null;
  readonly redoes?: string | null;
  /** Why a command cannot run now (null: it can). */
  blocked: Partial<
    Record<'undo' | 'redo' | 'remove' | 'nudge' | 'select' | 'save' | 'add', string | null>
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
}

export const editorBus = new EditorBus();
