/**
 * The analysis screens' entries for the studio's ONE action table (Plots, Near-duplicates,
 * Compare; the Ordering page's are in ordering/ordering-actions.ts). Each is available only on its own page; the pages' buttons run them too.
 * Duplicates triage keys follow the curation keys: R rejects (B; Shift+R A), K keeps both
 * (marks the pair fine), Ctrl+Z undoes; focus moves to the next pair after a decision.
 */
import { notOn, type Action } from '../lib/action-kit';
import { studio } from '../lib/studio.svelte';
import { NO_ZOOM, isFitted } from '../boards/zoom';
import { dupView } from '../duplicates/dup-view.svelte';
import { compareScreen as cs } from '../compare/compare-view.svelte';
import { plotsView } from './plots-view.svelte';

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
function compareReason(): string | null {
  return notOn('compare') ?? (cs.levelCount === 0 ? 'no two runs with levels are compared' : null);
}

function inspectSide(side: 'a' | 'b'): Action {
  const label = side.toUpperCase();
  return {
    id: `compare.inspect${label}`,
    title: `Open run ${label}’s level in the inspector`,
    group: 'Compare',
    unavailable: () =>
      compareReason() ??
      ((cs.pair?.[side] ?? null) === null ? `run ${label} has no level ${cs.level}` : null),
    perform: () => {
      const id = cs.pair?.[side] ?? null;
      if (id !== null) studio.inspect({ kind: 'candidate', candidateId: id });
    },
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

export const analysisActions: Action[] = [
  {
    id: 'plots.reload',
    title: 'Reload the run’s points and curve',
    group: 'Plots',
    unavailable: () => notOn('plots') ?? (studio.selectedRunId === null ? 'no run is selected' : null),
    perform: () => plotsView.reload(),
  },
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
  {
    id: 'compare.next',
    title: 'Next level',
    group: 'Compare',
    shortcut: ']',
    unavailable: () => compareReason() ?? (cs.level >= cs.levelCount ? 'this is the last level' : null),
    perform: () => cs.step(1),
  },
  {
    id: 'compare.prev',
    title: 'Previous level',
    group: 'Compare',
    shortcut: '[',
    unavailable: () => compareReason() ?? (cs.level <= 1 ? 'this is the first level' : null),
    perform: () => cs.step(-1),
  },
  {
    id: 'compare.swap',
    title: 'Swap runs A and B',
    group: 'Compare',
    shortcut: 'S',
    unavailable: () =>
      notOn('compare') ?? (cs.a === null || cs.b === null ? 'pick two runs of one game first' : null),
    perform: () => cs.swap(),
  },
  {
    id: 'compare.fit',
    title: 'Fit both boards (reset the shared zoom)',
    group: 'Compare',
    shortcut: 'F',
    unavailable: () => compareReason() ?? (isFitted(cs.zoom) ? 'the boards are fitted already' : null),
    perform: () => {
      cs.zoom = NO_ZOOM;
    },
  },
  inspectSide('a'),
  inspectSide('b'),
];
