/**
 * The Near-duplicates page's entries for the studio's ONE action table (`lib/actions.ts`
 * spreads them in); the page's buttons run them too. Triage keys follow the curation keys: R
 * rejects (B; Shift+R A), K keeps both (marks the pair fine), Ctrl+Z undoes; focus moves to the
 * next pair after a decision.
 */
import { notOn, type Action } from '../lib/action-kit';
import { studio } from '../lib/studio.svelte';
import { NO_ZOOM, isFitted } from '../boards/zoom';
import { dupView } from './duplicates-view.svelte';

function pairReason(): string | null {
  return notOn('duplicates') ?? (dupView.shown.length === 0 ? 'no near-duplicate pairs are listed' : null);
}
function selectedPairReason(): string | null {
  return pairReason() ?? (dupView.selected === null ? 'no pair is selected' : null);
}
/** A triage decision needs a selected pair, and waits for the one before it. */
function decideReason(): string | null {
  // No 'busy' reason: a decision pressed while the last one answers waits its turn (dupView queues it).
  return selectedPairReason();
}
function triage(id: string, title: string, shortcut: string, decision: 'reject-a' | 'reject-b'): Action {
  return {
    id,
    title,
    group: 'Duplicates',
    shortcut,
    unavailable: () => {
      const why = decideReason();
      if (why) return why;
      const side = dupView.selected![decision === 'reject-a' ? 'a' : 'b'];
      return side.verdict === 'rejected'
        ? `${decision === 'reject-a' ? 'A' : 'B'} is rejected already`
        : null;
    },
    perform: () => void dupView.decide(decision),
  };
}
function inspectPairSide(side: 'a' | 'b'): Action {
  const label = side.toUpperCase();
  return {
    id: `duplicates.inspect${label}`,
    title: `Open candidate ${label} of the pair in the inspector`,
    group: 'Duplicates',
    unavailable: selectedPairReason,
    perform: () => {
      const p = dupView.selected;
      if (p) studio.inspect({ kind: 'candidate', candidateId: p[side].id });
    },
  };
}

export const duplicatesActions: Action[] = [
  {
    id: 'duplicates.next',
    title: 'Next pair',
    group: 'Duplicates',
    shortcut: 'ArrowDown',
    unavailable: pairReason,
    perform: () => dupView.move(1),
  },
  {
    id: 'duplicates.prev',
    title: 'Previous pair',
    group: 'Duplicates',
    shortcut: 'ArrowUp',
    unavailable: pairReason,
    perform: () => dupView.move(-1),
  },
  {
    id: 'duplicates.align',
    title: 'Toggle lining B up with A',
    group: 'Duplicates',
    shortcut: 'T',
    unavailable: () => notOn('duplicates'),
    perform: () => {
      dupView.align = !dupView.align;
    },
  },
  {
    id: 'duplicates.labels',
    title: 'Toggle index labels',
    group: 'Duplicates',
    shortcut: 'L',
    unavailable: () => notOn('duplicates'),
    perform: () => {
      dupView.labels = !dupView.labels;
    },
  },
  {
    id: 'duplicates.neither',
    get title() {
      return dupView.showNeither
        ? 'Fold away the pairs that ship neither level'
        : 'Show the pairs that ship neither level';
    },
    group: 'Duplicates',
    shortcut: 'N',
    unavailable: () =>
      notOn('duplicates') ??
      (dupView.ships !== 'any'
        ? 'the Ships filter already picks which pairs show'
        : dupView.order === null
          ? 'no order is stored yet, so no pair ships'
          : null),
    perform: () => {
      dupView.showNeither = !dupView.showNeither;
    },
  },
  {
    id: 'duplicates.fit',
    title: 'Fit both boards (reset the shared zoom)',
    group: 'Duplicates',
    shortcut: 'F',
    unavailable: () =>
      selectedPairReason() ?? (isFitted(dupView.zoom) ? 'the boards are fitted already' : null),
    perform: () => {
      dupView.zoom = NO_ZOOM;
    },
  },
  inspectPairSide('a'),
  inspectPairSide('b'),
  // Triage: R rejects (as in Pools and the inspector) the pair's B, Shift+R its A; K keeps both.
  triage('duplicates.rejectB', 'Reject B of the pair (then the next pair)', 'R', 'reject-b'),
  triage('duplicates.rejectA', 'Reject A of the pair (then the next pair)', 'Shift+R', 'reject-a'),
  {
    id: 'duplicates.fine',
    get title() {
      return dupView.selected?.fine
        ? 'Take the pair’s fine mark off'
        : 'Mark the pair fine: keep both, they may both ship (then the next pair)';
    },
    group: 'Duplicates',
    shortcut: 'K',
    unavailable: decideReason,
    perform: () => void dupView.decide(dupView.selected?.fine ? 'not-fine' : 'fine'),
  },
  {
    id: 'duplicates.undo',
    title: 'Undo the run’s last change (a triage decision, a verdict, …)',
    group: 'Duplicates',
    shortcut: 'Mod+Z',
    unavailable: () =>
      notOn('duplicates') ??
      (dupView.loadedFor === null
        ? 'no run is open'
        : !dupView.history?.undo && !dupView.busy
          ? 'no change to undo'
          : null),
    perform: () => void dupView.undo(),
  },
  {
    id: 'duplicates.redo',
    title: 'Redo the change undone last',
    group: 'Duplicates',
    shortcut: 'Mod+Shift+Z',
    unavailable: () =>
      notOn('duplicates') ??
      (dupView.loadedFor === null
        ? 'no run is open'
        : !dupView.history?.redo && !dupView.busy
          ? 'no undone change to redo'
          : null),
    perform: () => void dupView.redo(),
  },
  {
    id: 'duplicates.recompute',
    title:
      'Recompute the steered order with the triage (rejected candidates leave, fine pairs may both ship)',
    group: 'Duplicates',
    unavailable: () =>
      notOn('duplicates') ??
      (dupView.loadedFor === null ? 'no run is open' : dupView.recomputing ? 'it is being recomputed' : null),
    perform: () => void dupView.recompute(),
  },
];
