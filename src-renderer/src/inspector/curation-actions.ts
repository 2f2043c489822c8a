/**
 * The inspector's curation keys, for the studio's ONE action table: the same keys as Pools
 * (A approve, R reject, C or 0 clear), ',' and '.' for the previous and next candidate of the
 * pool, and auto-advance on or off. They act on the candidate on screen, never on a pack
 * file's level.
 */
import { notOn, type Action } from '../lib/action-kit';
import { inspectorCuration } from './curation.svelte';
import { pool } from '../pools/pool.svelte';

function why(): string | null {
  const c = inspectorCuration.candidate;
  return notOn('inspector') ?? (!c ? 'no stored candidate is open (a pack file’s level cannot be curated)' : pool.runId === c.runId && pool.readOnly ? 'this run is an imported pack (read-only)' : null);
}

function verdict(id: string, title: string, shortcut: string, v: 'approved' | 'rejected' | 'none'): Action {
  return { id, title, group: 'Inspector', shortcut, unavailable: why, perform: () => void inspectorCuration.setVerdict(v) };
}

export const inspectorCurationActions: Action[] = [
  verdict('inspector.approve', 'Approve this candidate', 'A', 'approved'),
  verdict('inspector.reject', 'Reject this candidate', 'R', 'rejected'),
  verdict('inspector.clear', 'Clear this candidate’s verdict', 'C', 'none'),
  verdict('inspector.clear0', 'Clear the verdict (alternative key)', '0', 'none'),
  {
    id: 'inspector.prevCandidate',
    title: 'Previous candidate of the pool',
    group: 'Inspector',
    shortcut: ',',
    unavailable: () => why() ?? (inspectorCuration.neighbour(-1) === null ? 'this is the pool’s first candidate' : null),
    perform: () => inspectorCuration.step(-1),
  },
  {
    id: 'inspector.nextCandidate',
    title: 'Next candidate of the pool',
    group: 'Inspector',
    shortcut: '.',
    unavailable: () => why() ?? (inspectorCuration.neighbour(1) === null ? 'this is the pool’s last candidate' : null),
    perform: () => inspectorCuration.step(1),
  },
  {
    id: 'inspector.autoAdvance',
    get title() {
      return `Auto-advance after a verdict: ${inspectorCuration.autoAdvance ? 'on (turn off)' : 'off (turn on)'}`;
    },
    group: 'Inspector',
    shortcut: 'Shift+A',
    unavailable: why,
    perform: () => {
      inspectorCuration.autoAdvance = !inspectorCuration.autoAdvance;
    },
  },
];
