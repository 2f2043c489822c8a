/** The Compare page's entries for the studio's ONE action table (`lib/actions.ts` spreads them in). */
import { notOn, type Action } from '../lib/action-kit';
import { studio } from '../lib/studio.svelte';
import { NO_ZOOM, isFitted } from '../boards/zoom';
import { compareScreen as cs } from './compare-view.svelte';

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

export const compareActions: Action[] = [
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
