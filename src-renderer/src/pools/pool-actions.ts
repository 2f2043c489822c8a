/**
 * The Pool browser's entries for the studio's ONE action table (`lib/actions.ts` spreads
 * `poolActions` in): verdict keys, undo and redo, selection, moving through the cards and opening one
 * in the inspector, and the thumbnail size (= and -). The moves and Space/Enter act as keys while the card grid has the focus
 * (the grid registers how far a row or a page of cards is in `poolKeys`).
 */
import { focusIn, notOn, type Action } from '../lib/action-kit';
import { verdictActions } from '../lib/verdict-actions';
import { studio } from '../lib/studio.svelte';
import { pool } from './pool-view.svelte';
import { shipsView } from './ships-view.svelte';
import { THUMB_MAX, THUMB_MIN, thumbSize } from './thumb-size.svelte';

const GRID = '[data-testid="pool-grid"]';

class PoolKeys {
  /** Index of the card `rows` card rows below (dir 1) or above (-1) the focused one, as the grid lays them out. */
  rowStep: ((dir: 1 | -1, rows?: number) => number) | null = null;
  /** Card rows in one screenful of the grid. */
  pageRows: (() => number) | null = null;
  /** Is the focused card drawn on screen now (inside the grid's scrolled view)? */
  focusVisible: (() => boolean) | null = null;
}
export const poolKeys = new PoolKeys();

function openReason(): string | null {
  return notOn('pools') ?? (pool.runId === null ? 'no run is open in the pool' : null);
}
function shownReason(): string | null {
  return openReason() ?? (pool.shown.length === 0 ? 'no candidate is shown' : null);
}
function editReason(): string | null {
  return shownReason() ?? (pool.readOnly ? 'this run is an imported pack (read-only)' : null);
}

/**
 * Verdict keys act on exactly what the designer sees: the keyboard must be in the card grid
 * (not on a toolbar control) and the focused card on screen, or a selection made there.
 * Buttons and the palette act through `unavailable` alone.
 */
function verdictKeyScope(): boolean {
  if (!focusIn(GRID, true)) return false;
  return pool.selected.size > 0 || (poolKeys.focusVisible?.() ?? false);
}

/** A move of the focused card; with Shift (keys) the selection grows from the anchor to it. */
function move(id: string, title: string, shortcut: string, to: () => number): Action {
  return {
    id,
    title,
    group: 'Pools',
    shortcut,
    shiftToo: true,
    keyScope: () => focusIn(GRID),
    unavailable: shownReason,
    perform: (how) => {
      const extend = how?.shift === true;
      if (extend && pool.selected.size === 0) pool.anchor = pool.focus;
      pool.moveTo(to(), extend);
    },
  };
}

const rowStep = (dir: 1 | -1, rows = 1): number => poolKeys.rowStep?.(dir, rows) ?? pool.focus;
const pageRows = (): number => poolKeys.pageRows?.() ?? 1;

export const poolActions: Action[] = [
  {
    id: 'pools.recompute',
    title: 'Recompute what ships (a verdict changes it only after a recompute)',
    group: 'Pools',
    shortcut: 'Alt+Shift+O',
    whileTyping: true,
    unavailable: () =>
      openReason() ??
      (pool.readOnly ? 'this run is an imported pack (read-only)' : shipsView.recomputeBlocked),
    perform: () => void shipsView.recompute(),
  },
  {
    id: 'pools.zoomIn',
    title: 'Bigger thumbnails',
    group: 'Pools',
    shortcut: '=',
    unavailable: () =>
      notOn('pools') ?? (thumbSize.width >= THUMB_MAX ? 'the thumbnails are at their biggest' : null),
    perform: () => thumbSize.step(1),
  },
  {
    id: 'pools.zoomOut',
    title: 'Smaller thumbnails',
    group: 'Pools',
    shortcut: '-',
    unavailable: () =>
      notOn('pools') ?? (thumbSize.width <= THUMB_MIN ? 'the thumbnails are at their smallest' : null),
    perform: () => thumbSize.step(-1),
  },
  ...verdictActions({
    prefix: 'pools',
    group: 'Pools',
    titles: {
      approved: 'Approve the selected candidates',
      rejected: 'Reject the selected candidates',
      none: 'Clear the verdict of the selected candidates',
    },
    keyScope: verdictKeyScope,
    unavailable: editReason,
    setVerdict: (v) => void pool.setVerdict(v),
  }),
  {
    id: 'pools.undo',
    title: 'Undo the last change of this run (verdict, tag or note)',
    group: 'Pools',
    shortcut: 'Mod+Z',
    unavailable: () =>
      openReason() ??
      (pool.readOnly
        ? 'this run is an imported pack (read-only)'
        : !pool.undoable
          ? 'no change to undo'
          : null),
    perform: () => void pool.undo(),
  },
  {
    id: 'pools.redo',
    title: 'Redo the change undone last',
    group: 'Pools',
    shortcut: 'Mod+Shift+Z',
    unavailable: () =>
      openReason() ??
      (pool.readOnly
        ? 'this run is an imported pack (read-only)'
        : !pool.redoable
          ? 'no undone change to redo'
          : null),
    perform: () => void pool.redo(),
  },
  {
    id: 'pools.selectAll',
    title: 'Select every candidate shown',
    group: 'Pools',
    shortcut: 'Mod+A',
    unavailable: shownReason,
    perform: () => pool.selectAll(),
  },
  {
    id: 'pools.deselect',
    title: 'Clear the selection',
    group: 'Pools',
    shortcut: 'Escape',
    keyScope: () => focusIn(GRID, true),
    unavailable: () => openReason() ?? (pool.selected.size === 0 ? 'nothing is selected' : null),
    perform: () => pool.clearSelection(),
  },
  {
    id: 'pools.toggle',
    title: 'Add or remove the focused candidate from the selection',
    group: 'Pools',
    shortcut: 'Space',
    keyScope: () => focusIn(GRID),
    unavailable: shownReason,
    perform: () => {
      const f = pool.focused;
      if (!f) return;
      if (pool.selected.has(f.id)) pool.selected.delete(f.id);
      else pool.selected.add(f.id);
      pool.anchor = pool.focus;
    },
  },
  move('pools.right', 'Next candidate (Shift extends the selection)', 'ArrowRight', () => pool.focus + 1),
  move('pools.left', 'Previous candidate (Shift extends the selection)', 'ArrowLeft', () => pool.focus - 1),
  move('pools.down', 'Candidate below (Shift extends the selection)', 'ArrowDown', () => rowStep(1)),
  move('pools.up', 'Candidate above (Shift extends the selection)', 'ArrowUp', () => rowStep(-1)),
  move('pools.pageDown', 'A screenful of candidates down', 'PageDown', () => rowStep(1, pageRows())),
  move('pools.pageUp', 'A screenful of candidates up', 'PageUp', () => rowStep(-1, pageRows())),
  move('pools.first', 'First candidate', 'Home', () => 0),
  move('pools.last', 'Last candidate', 'End', () => pool.shown.length - 1),
  {
    id: 'pools.inspect',
    title: 'Open the focused candidate in the inspector',
    group: 'Pools',
    shortcut: 'Enter',
    keyScope: () => focusIn(GRID),
    unavailable: () =>
      shownReason() ??
      (!pool.focused
        ? 'no candidate has the focus'
        : pool.focused.failure !== null
          ? 'the focused candidate failed, so it has no level'
          : null),
    perform: () => {
      const f = pool.focused;
      if (f) studio.inspect({ kind: 'candidate', candidateId: f.id });
    },
  },
];
