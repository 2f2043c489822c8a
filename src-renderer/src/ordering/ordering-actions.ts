/**
 * The Ordering page's entries for the studio's ONE action table (`lib/actions.ts` spreads
 * them in): compute the approved order, the strip's moves and steering keys (swap, lock,
 * lock 1..k, release, exclude, move by keyboard, recompute), undo and redo, export. Each acts
 * only on the Ordering page; the strip's single keys act while the focus is in the strip.
 */
import { focusIn, notOn, type Action } from '../lib/action-kit';
import { orderingScreen as o } from './ordering-view.svelte';

const STRIP = '[data-testid="ordering-strip"]';

function steerReason(): string | null {
  return notOn('ordering') ?? o.steerBlocked;
}
function levelReason(): string | null {
  return steerReason() ?? (!o.shown?.levels.length ? 'the order has no levels' : null);
}
function filledReason(): string | null {
  return (
    levelReason() ??
    (o.shown?.levels[o.focus - 1]?.candidateId == null ? `level ${o.focus} is not filled` : null)
  );
}

/** Move the strip's focus; with Shift the selection grows to it. */
function move(id: string, title: string, shortcut: string, to: () => number): Action {
  return {
    id,
    title,
    group: 'Ordering',
    shortcut,
    shiftToo: true,
    keyScope: () => focusIn(STRIP),
    unavailable: () => notOn('ordering') ?? (!o.shown?.levels.length ? 'the order has no levels' : null),
    perform: (how) => {
      const n = o.shown?.levels.length ?? 1;
      const from = o.focus;
      const next = Math.max(1, Math.min(n, to()));
      if (how?.shift) {
        if (o.selected.size === 0) o.selected.add(from);
        const [lo, hi] = from <= next ? [from, next] : [next, from];
        for (let l = lo; l <= hi; l++) o.selected.add(l);
      }
      o.focus = next;
    },
  };
}

export const orderingActions: Action[] = [
  {
    id: 'ordering.compute',
    title: 'Compute the approved ordering',
    group: 'Ordering',
    shortcut: 'Alt+Shift+O',
    whileTyping: true,
    unavailable: () => notOn('ordering') ?? o.computeBlocked,
    perform: () => void o.compute(),
  },
  {
    id: 'ordering.export',
    title: 'Export the order shown as a pack',
    group: 'Ordering',
    shortcut: 'Alt+Shift+E',
    whileTyping: true,
    unavailable: () => notOn('ordering') ?? o.exportBlocked,
    perform: () => void o.exportShown(false),
  },
  {
    id: 'ordering.recompute',
    title: 'Recompute the order around the pins and locks',
    group: 'Ordering',
    shortcut: 'Alt+Shift+R',
    whileTyping: true,
    unavailable: steerReason,
    perform: () => void o.recompute(),
  },
  move('ordering.next', 'Next level of the strip', 'ArrowRight', () => o.neighbour(o.focus, 1)),
  move('ordering.prev', 'Previous level of the strip', 'ArrowLeft', () => o.neighbour(o.focus, -1)),
  move('ordering.first', 'First level of the strip', 'Home', () => 1),
  move('ordering.last', 'Last level of the strip', 'End', () => o.shown?.levels.length ?? 1),
  {
    id: 'ordering.select',
    title: 'Add the focused level to the selection (or take it out)',
    group: 'Ordering',
    shortcut: 'Space',
    keyScope: () => focusIn(STRIP),
    unavailable: levelReason,
    perform: () => {
      if (o.selected.has(o.focus)) o.selected.delete(o.focus);
      else o.selected.add(o.focus);
    },
  },
  {
    id: 'ordering.swap',
    title: 'Swap the focused level: its pool ranked by fit',
    group: 'Ordering',
    shortcut: 'S',
    keyScope: () => focusIn(STRIP, true),
    unavailable: levelReason,
    perform: () => void o.loadSwap(o.focus),
  },
  {
    id: 'ordering.swapEnter',
    title: 'Open the focused level’s swap list',
    group: 'Ordering',
    shortcut: 'Enter',
    keyScope: () => focusIn(STRIP),
    unavailable: levelReason,
    perform: () => void o.loadSwap(o.focus),
  },
  {
    id: 'ordering.lock',
    title: 'Lock the selected levels (or unlock them)',
    group: 'Ordering',
    shortcut: 'L',
    keyScope: () => focusIn(STRIP, true),
    unavailable: levelReason,
    perform: () => void o.toggleLock(),
  },
  {
    id: 'ordering.lockUpTo',
    get title() {
      return `Lock levels 1–${o.focus}`;
    },
    group: 'Ordering',
    shortcut: 'Shift+L',
    keyScope: () => focusIn(STRIP, true),
    unavailable: levelReason,
    perform: () => void o.lockUpTo(),
  },
  {
    id: 'ordering.release',
    title: 'Unpin and unlock the selected levels',
    group: 'Ordering',
    shortcut: 'U',
    keyScope: () => focusIn(STRIP, true),
    unavailable: () =>
      levelReason() ??
      (o.targets().some((l) => o.pinnedAt(l) !== null || o.lockedAt(l) !== null)
        ? null
        : 'no selected level is pinned or locked'),
    perform: () => void o.release(),
  },
  {
    id: 'ordering.exclude',
    title: 'Exclude the focused level’s candidate (it never ships)',
    group: 'Ordering',
    shortcut: 'X',
    keyScope: () => focusIn(STRIP, true),
    unavailable: filledReason,
    perform: () => void o.excludeAt(),
  },
  {
    id: 'ordering.move',
    get title() {
      return o.moving
        ? `Pin the picked candidate to level ${o.focus}`
        : 'Pick up the focused card to pin it at another level';
    },
    group: 'Ordering',
    shortcut: 'M',
    keyScope: () => focusIn(STRIP),
    unavailable: () => (o.moving ? levelReason() : filledReason()),
    perform: () => void o.moveKey(),
  },
  {
    id: 'ordering.cancelMove',
    title: 'Put the picked card back / close the swap list',
    group: 'Ordering',
    shortcut: 'Escape',
    unavailable: () => notOn('ordering') ?? (o.moving || o.swap ? null : 'nothing is picked up or open'),
    perform: () => {
      if (o.moving) o.moving = null;
      else o.closeSwap();
    },
  },
  {
    id: 'ordering.undo',
    title: 'Undo the last change of this run',
    group: 'Ordering',
    shortcut: 'Mod+Z',
    // While a steer answers, Ctrl+Z waits for it and undoes it (the history then has it).
    unavailable: () =>
      notOn('ordering') ??
      (o.readOnly
        ? 'an imported pack is read-only'
        : !o.undoable && !o.steeringNow
          ? 'no change to undo'
          : null),
    perform: () => void o.undo(),
  },
  {
    id: 'ordering.redo',
    title: 'Redo the change undone last',
    group: 'Ordering',
    shortcut: 'Mod+Shift+Z',
    unavailable: () =>
      notOn('ordering') ??
      (o.readOnly ? 'an imported pack is read-only' : !o.redoable ? 'no undone change to redo' : null),
    perform: () => void o.redo(),
  },
];
