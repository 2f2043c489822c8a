/**
 * The inspector's curation keys, for the studio's ONE action table: the same keys as Pools
 * (A approve, R reject, C or 0 clear), ',' and '.' for the previous and next candidate of the
 * pool, and auto-advance on or off. They act on the candidate on screen, never on a pack
 * file's level. Also the palette's jumps to a level or a candidate (`jumpActions`, Alt+G).
 */
import { notOn, type Action } from '../lib/action-kit';
import { verdictActions } from '../lib/verdict-actions';
import { inspectorCuration } from './curation-view.svelte';
import { pool } from '../pools/pool-view.svelte';
import { studio } from '../lib/studio.svelte';
import { jumpTitle, parseJump, performJump, type JumpOrder, type JumpTarget } from '../lib/jump';

function why(): string | null {
  const c = inspectorCuration.candidate;
  // A candidate still opening counts as open: a key pressed meanwhile waits for it (curation-view.svelte.ts).
  if (!c && inspectorCuration.opening) return notOn('inspector');
  return (
    notOn('inspector') ??
    (!c
      ? 'no stored candidate is open (a pack file’s level cannot be curated)'
      : pool.runId === c.runId && pool.readOnly
        ? 'this run is an imported pack (read-only)'
        : null)
  );
}

export const inspectorCurationActions: Action[] = [
  ...verdictActions({
    prefix: 'inspector',
    group: 'Inspector',
    titles: {
      approved: 'Approve this candidate',
      rejected: 'Reject this candidate',
      none: 'Clear this candidate’s verdict',
    },
    unavailable: why,
    setVerdict: (v) => void inspectorCuration.setVerdict(v),
  }),
  {
    id: 'inspector.prevCandidate',
    title: 'Previous candidate of the pool',
    group: 'Inspector',
    shortcut: ',',
    unavailable: () =>
      why() ?? (inspectorCuration.neighbour(-1) === null ? 'this is the pool’s first candidate' : null),
    perform: () => inspectorCuration.step(-1),
  },
  {
    id: 'inspector.nextCandidate',
    title: 'Next candidate of the pool',
    group: 'Inspector',
    shortcut: '.',
    unavailable: () =>
      why() ?? (inspectorCuration.neighbour(1) === null ? 'this is the pool’s last candidate' : null),
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

/** The run level numbers and pools are read in: the inspector's candidate's there, else the run the pages show. */
function jumpContext(): { runId: number | null; order: JumpOrder } {
  const c = inspectorCuration.candidate;
  if (studio.page === 'inspector' && c) return { runId: c.runId, order: inspectorCuration.stripKind };
  return { runId: studio.selectedRunId ?? c?.runId ?? null, order: 'automatic' };
}

async function jumpTo(j: JumpTarget, runId: number | null, order: JumpOrder): Promise<void> {
  try {
    const why = await performJump(j, runId, order);
    if (why !== null) studio.report('Nothing to jump to', new Error(why));
  } catch (e) {
    studio.report('Could not jump', e);
  }
}

/**
 * The palette's jump entries for what is typed ("12", "approved 12", "L12 · c3", "#345"):
 * a level number in the order on screen (and in the other order), a candidate or an id.
 */
export function jumpActions(query: string): Action[] {
  const j = parseJump(query);
  if (!j) return [];
  const { runId, order } = jumpContext();
  const orders: JumpOrder[] =
    j.kind === 'level' && j.order === null
      ? [order, order === 'automatic' ? 'approved' : 'automatic']
      : [j.kind === 'level' && j.order ? j.order : order];
  const where = j.kind !== 'id' && runId !== null ? ` · run #${runId}` : '';
  return orders.map((o): Action => ({
    id: `jump.${o}.${query.trim()}`,
    title: `${jumpTitle(j, o)}${where}`,
    group: 'Inspector',
    unavailable: () =>
      j.kind !== 'id' && runId === null
        ? 'no run is open: pick one in Pools or open one of its candidates'
        : null,
    perform: () => void jumpTo(j, runId, o),
  }));
}

export const jumpAction: Action = {
  id: 'studio.jump',
  title: 'Jump to a level or a candidate (level 12, L12 · c3, #345)…',
  group: 'Inspector',
  shortcut: 'Alt+G',
  whileTyping: true,
  perform: () => {
    studio.paletteJump = true;
    studio.paletteOpen = true;
  },
};
