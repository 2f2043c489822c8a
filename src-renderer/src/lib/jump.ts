/**
 * "Jump to level N or to a candidate" from the command palette (and the inspector's jump
 * field): where what the designer typed (./jump-text.ts) leads, in the run on screen.
 */
import { candidateName } from '../../../src-shared/vocabulary';
import { studio } from './studio.svelte';
import type { JumpOrder, JumpTarget } from './jump-text';

export { jumpTitle, parseJump, type JumpOrder, type JumpTarget } from './jump-text';

/**
 * Open the jump's candidate in the inspector; returns null, or why nothing opened (in a
 * designer's words). `runId` is the run level numbers and pools are read in.
 */
export async function performJump(
  j: JumpTarget,
  runId: number | null,
  order: JumpOrder,
): Promise<string | null> {
  if (j.kind === 'id') {
    studio.inspect({ kind: 'candidate', candidateId: j.id });
    return null;
  }
  if (runId === null) return 'no run is open: pick one in Pools or open one of its candidates first';
  if (j.kind === 'level') {
    const kind = j.order ?? order;
    const view = await studio.client.call('orderings.get', { runId, kind });
    const at = view.levels.find((l) => l.level === j.level);
    if (!at)
      return `the ${kind} order of run #${runId} has ${view.levels.length === 0 ? 'no levels yet' : `levels 1 to ${view.levels.length}`}, not level ${j.level}`;
    if (at.candidateId === null)
      return `level ${j.level} of the ${kind} order of run #${runId} is not filled`;
    studio.inspect({ kind: 'candidate', candidateId: at.candidateId });
    return null;
  }
  const page = await studio.client.call('candidates.list', {
    runId,
    slot: j.slot,
    limit: 2000,
    withLevels: false,
  });
  const c = page.items.find((r) => r.index === j.index);
  if (!c)
    return `run #${runId} has no candidate ${candidateName(j.slot, j.index)}${page.items.length ? ` (pool L${j.slot + 1} holds c1 to c${page.items.length})` : ` (it has no pool L${j.slot + 1})`}`;
  if (c.failure !== null)
    return `candidate ${candidateName(j.slot, j.index)} gave up (${c.failure}): it has no level to show`;
  studio.inspect({ kind: 'candidate', candidateId: c.id });
  return null;
}
