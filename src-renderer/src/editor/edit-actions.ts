/**
 * Edit mode's commands, for the studio's ONE action table (lib/actions.ts spreads them in),
 * so every edit is reachable by key, palette and button alike: switch play/edit, undo/redo
 * of the editor's own edits (right after a save: the save, in the run's history), select
 * (all, none), nudge (Shift ×10), add, delete, copy, cut, paste, snap to the grid, save, and one command per game
 * edit key any registered game declares (its GameView's `edit.keys`). They run the handlers
 * the editor on screen registered in `editorBus` (./bus.svelte.ts).
 */
import { notOn, type Action } from '../lib/action-kit';
import { gameViews } from '../games/index';
import { editorBus, type EditorHandlers } from './bus.svelte';

const NOT_EDITING = 'not in edit mode (E edits the level on screen)';

const textSelected = (): boolean => (window.getSelection()?.toString() ?? '') !== '';

function why(what: keyof EditorHandlers['blocked'] | null): string | null {
  const off = notOn('inspector');
  if (off) return off;
  const a = editorBus.active;
  if (!a) return NOT_EDITING;
  if (what === null || what === 'key') return null;
  return a.blocked[what] ?? null;
}

function nudge(id: string, key: string, title: string, dx: number, dy: number): Action {
  return {
    id,
    title,
    group: 'Inspector',
    shortcut: key,
    shiftToo: true,
    unavailable: () => why('nudge'),
    perform: (how) => editorBus.active?.nudge(dx, dy, how?.shift === true),
  };
}

const activeView = () => gameViews.find((v) => v.game.id === editorBus.active?.game);

/** One command per game edit key (a key two games share gets the label of the game on screen). */
function keyCommand(key: string): Action {
  const labels = [
    ...new Set(
      gameViews.flatMap((v) => (v.editor?.info.keys ?? []).filter((k) => k.key === key).map((k) => k.label)),
    ),
  ];
  const shiftToo = gameViews.some((v) =>
    (v.editor?.info.keys ?? []).some((k) => k.key === key && k.shiftToo),
  );
  return {
    id: `editor.key${key}`,
    get title() {
      return `Edit: ${activeView()?.editor?.info.keys.find((k) => k.key === key)?.label ?? labels.join(' / ')}`;
    },
    group: 'Inspector',
    shortcut: key,
    shiftToo,
    unavailable: () => {
      const w = why(null);
      if (w) return w;
      const view = activeView();
      if (!view?.editor?.info.keys.some((k) => k.key === key))
        return `not on a ${view?.game.title ?? 'this'} board`;
      return editorBus.active?.blocked.key?.(key) ?? null;
    },
    perform: (how) => editorBus.active?.key(key, how?.shift === true),
  };
}

const gameKeys = [...new Set(gameViews.flatMap((v) => (v.editor?.info.keys ?? []).map((k) => k.key)))];

export const editActions: Action[] = [
  {
    id: 'editor.toggle',
    get title() {
      return editorBus.page?.editing ? 'Back to play (keep the edits on screen)' : 'Edit this level';
    },
    group: 'Inspector',
    shortcut: 'E',
    unavailable: () => notOn('inspector') ?? (editorBus.page ? editorBus.page.why : 'no level is open'),
    perform: () => editorBus.page?.toggleEdit?.(),
  },
  // Undo and redo are the editor's own; right after a save they reach the run's history (the save), and say so.
  {
    id: 'editor.undo',
    get title() {
      const run = editorBus.active?.undoes;
      return run ? `Undo ${run}` : 'Undo the last edit in the editor';
    },
    group: 'Inspector',
    shortcut: 'Mod+Z',
    unavailable: () => why('undo'),
    perform: () => editorBus.active?.undo(),
  },
  {
    id: 'editor.redo',
    get title() {
      const run = editorBus.active?.redoes;
      return run ? `Redo ${run}` : 'Redo the edit undone last';
    },
    group: 'Inspector',
    shortcut: 'Mod+Shift+Z',
    unavailable: () => why('redo'),
    perform: () => editorBus.active?.redo(),
  },
  {
    id: 'editor.redoY',
    title: 'Redo the edit undone last (as Ctrl Shift Z)',
    group: 'Inspector',
    shortcut: 'Mod+Y',
    unavailable: () => why('redo'),
    perform: () => editorBus.active?.redo(),
  },
  {
    id: 'editor.selectAll',
    title: 'Select every element',
    group: 'Inspector',
    shortcut: 'Mod+A',
    unavailable: () => why('selectAll'),
    perform: () => editorBus.active?.selectAll(),
  },
  {
    id: 'editor.selectNone',
    title: 'Select nothing',
    group: 'Inspector',
    shortcut: 'Escape',
    unavailable: () => why(null),
    perform: () => editorBus.active?.clearSelection(),
  },
  {
    id: 'editor.copy',
    title: 'Copy the selected elements',
    group: 'Inspector',
    shortcut: 'Mod+C',
    // Text selected on the page (a panel's figures) is the browser's to copy.
    unavailable: () => why('copy') ?? (textSelected() ? 'text is selected on the page' : null),
    perform: () => editorBus.active?.copy(false),
  },
  {
    id: 'editor.cut',
    title: 'Cut the selected elements',
    group: 'Inspector',
    shortcut: 'Mod+X',
    unavailable: () => why('copy'),
    perform: () => editorBus.active?.copy(true),
  },
  {
    id: 'editor.paste',
    title: 'Paste the copied elements (from this level or another of the game)',
    group: 'Inspector',
    shortcut: 'Mod+V',
    unavailable: () => why('paste'),
    perform: () => editorBus.active?.paste(),
  },
  {
    id: 'editor.grid',
    get title() {
      return `Snap to the grid: ${editorBus.grid.on ? 'on (turn off)' : 'off (turn on)'}`;
    },
    group: 'Inspector',
    shortcut: 'Shift+G',
    unavailable: () => why(null),
    perform: () => editorBus.active?.toggleGrid(false),
  },
  {
    id: 'editor.select',
    title: 'Select the next element (Shift: the previous)',
    group: 'Inspector',
    shortcut: 'J',
    shiftToo: true,
    unavailable: () => why('select'),
    perform: (how) => editorBus.active?.select(how?.shift ? -1 : 1),
  },
  nudge('editor.left', 'ArrowLeft', 'Move the selected elements left (Shift ×10)', -1, 0),
  nudge('editor.right', 'ArrowRight', 'Move the selected elements right (Shift ×10)', 1, 0),
  nudge('editor.up', 'ArrowUp', 'Move the selected elements up (Shift ×10)', 0, -1),
  nudge('editor.down', 'ArrowDown', 'Move the selected elements down (Shift ×10)', 0, 1),
  {
    id: 'editor.add',
    title: 'Add an element (the palette’s choice)',
    group: 'Inspector',
    shortcut: 'I',
    unavailable: () => why('add'),
    perform: () => editorBus.active?.add(),
  },
  {
    id: 'editor.delete',
    title: 'Delete the selected elements',
    group: 'Inspector',
    shortcut: 'Delete',
    unavailable: () => why('remove'),
    perform: () => editorBus.active?.remove(),
  },
  {
    id: 'editor.save',
    title: 'Save as a new candidate',
    group: 'Inspector',
    shortcut: 'Mod+S',
    unavailable: () => why('save'),
    perform: () => editorBus.active?.save(),
  },
  ...gameKeys.map(keyCommand),
];
