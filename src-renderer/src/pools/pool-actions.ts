/**
 * The Pool browser's entries for the studio's ONE action table (`lib/actions.ts` spreads
 * `poolActions` in): verdict keys, undo, select all, open in the inspector. Enabled only on
 * the Pools page with a run open and the focus outside text fields.
 */
import type { Action } from '../lib/actions';
import { studio } from '../lib/studio.svelte';
import { typing } from '../runs/format';
import { pool } from './pool.svelte';

const onPools = (): boolean => studio.page === 'pools' && pool.runId !== null && !studio.paletteOpen && !typing() && document.querySelector('dialog[open]') === null;
const hasTarget = (): boolean => onPools() && pool.shown.length > 0;

export const poolActions: Action[] = [
  { id: 'pools.approve', title: 'Approve the selected candidates', group: 'Studio', shortcut: 'A', enabled: hasTarget, perform: () => void pool.setVerdict('approved') },
  { id: 'pools.reject', title: 'Reject the selected candidates', group: 'Studio', shortcut: 'R', enabled: hasTarget, perform: () => void pool.setVerdict('rejected') },
  { id: 'pools.clear', title: 'Clear the verdict of the selected candidates', group: 'Studio', shortcut: 'C', enabled: hasTarget, perform: () => void pool.setVerdict('none') },
  { id: 'pools.clear0', title: 'Clear the verdict (alternative key)', group: 'Studio', shortcut: '0', enabled: hasTarget, perform: () => void pool.setVerdict('none') },
  { id: 'pools.undo', title: 'Undo the last verdict change', group: 'Studio', shortcut: 'Mod+Z', enabled: onPools, perform: () => void pool.undo() },
  { id: 'pools.selectAll', title: 'Select every candidate shown', group: 'Studio', shortcut: 'Mod+A', enabled: hasTarget, perform: () => pool.selectAll() },
  {
    id: 'pools.inspect',
    title: 'Open the focused candidate in the inspector',
    group: 'Studio',
    enabled: () => hasTarget() && pool.focused?.failure === null,
    perform: () => {
      const f = pool.focused;
      if (f) studio.inspect({ kind: 'candidate', candidateId: f.id });
    },
  },
];
