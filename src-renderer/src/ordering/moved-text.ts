/**
 * What else a recompute moved (issue 22 follow-up): a steering action ("Locked level 6")
 * recomputes the whole order, and a level it did not name may change with it. The message says
 * so in the studio's words: "level 1 now ships L1 · c4 (was c7)". Levels the action itself
 * placed (a pin) are left out: the action's own label names them. Pure.
 */
import { candidateName } from '../../../src-shared/vocabulary';

interface Shipped {
  level: number;
  candidateId: number | null;
  slot: number | null;
  index: number | null;
}

/** At most this many moved levels are named; the rest are counted. */
const NAMED = 3;

function nameOf(l: Shipped | undefined): string {
  if (!l || l.candidateId === null || l.slot === null || l.index === null) return 'nothing (short)';
  return candidateName(l.slot, l.index);
}

/** "(was c7)" when the old candidate came from the same pool, else "(was L2 · c7)". */
function wasText(before: Shipped | undefined, after: Shipped): string {
  if (before && before.slot !== null && before.slot === after.slot && before.index !== null)
    return `(was c${before.index + 1})`;
  return `(was ${nameOf(before)})`;
}

/**
 * "level 1 now ships L1 · c4 (was c7)", "levels 1, 3 and 9 moved: …", or "nothing else moved".
 * `placed`: the levels the action put a candidate at on purpose (pins).
 */
export function movedText(
  before: readonly Shipped[],
  after: readonly Shipped[],
  placed: readonly number[] = [],
): string {
  const skip = new Set(placed);
  const old = new Map(before.map((l) => [l.level, l]));
  const moved = after.filter((l) => !skip.has(l.level) && old.get(l.level)?.candidateId !== l.candidateId);
  if (moved.length === 0) return 'nothing else moved';
  const each = moved
    .slice(0, NAMED)
    .map((l) => `level ${l.level} now ships ${nameOf(l)} ${wasText(old.get(l.level), l)}`);
  const more = moved.length - NAMED;
  return more > 0
    ? `${each.join(', ')} and ${more} more level${more === 1 ? '' : 's'} moved`
    : each.length === 1
      ? each[0]!
      : `${each.slice(0, -1).join(', ')} and ${each[each.length - 1]}`;
}
