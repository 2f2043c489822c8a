/**
 * Which near-duplicate pairs a list shows, by how many of the two ship and by triage. One
 * predicate for the API (duplicates.list) and the Duplicates page's own filters and counts.
 */
import type { DuplicatePairView, DuplicateShipsFilter, DuplicateTriageFilter } from './api';

type PairState = Pick<DuplicatePairView, 'fine' | 'a' | 'b'>;

/** How many of the pair's two candidates ship (0, 1 or 2). */
const shipCount = (p: PairState): number => (p.a.ships !== null ? 1 : 0) + (p.b.ships !== null ? 1 : 0);

/** A pair is unresolved while it is not marked fine and neither candidate is rejected. */
const pairUnresolved = (p: PairState): boolean =>
  p.fine === null && p.a.verdict !== 'rejected' && p.b.verdict !== 'rejected';

/** Neither candidate of the pair ships: the pair cannot put two alike levels into the pack. */
export const shipsNeither = (p: PairState): boolean => shipCount(p) === 0;

export function pairShown(p: PairState, ships: DuplicateShipsFilter, triage: DuplicateTriageFilter): boolean {
  const n = shipCount(p);
  if (ships === 'both' && n !== 2) return false;
  if (ships === 'one' && n !== 1) return false;
  if (ships === 'none' && n !== 0) return false;
  if (triage === 'open') return p.fine === null;
  if (triage === 'fine') return p.fine !== null;
  if (triage === 'unresolved') return pairUnresolved(p);
  return true;
}
