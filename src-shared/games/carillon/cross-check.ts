/**
 * The harness that holds the two solvers against each other: for every field, the search's
 * fewest must equal the theorem's count, the search's solution must clear the field through
 * the timed chain rules in exactly that many taps. Pass a different theorem (e.g. a
 * deliberately weakened one) to check that the harness catches it.
 */
import type { Field } from './reach';
import { solveSearch } from './solver-search';
import { fewestByTheorem } from './solver-theorem';
import { replaySolution } from './chain';

export interface CrossCheckFailure {
  /** Index of the field in the list. */
  index: number;
  search: number;
  theorem: number;
  message: string;
}

export function crossCheckSolvers(
  fields: readonly Field[],
  theorem: (f: Field) => number = (f) => fewestByTheorem(f),
  opts: { pruneDominated?: boolean } = {},
): CrossCheckFailure | null {
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    const s = solveSearch(
      f,
      opts.pruneDominated === undefined ? {} : { pruneDominated: opts.pruneDominated },
    );
    const t = theorem(f);
    if (s.fewest !== t)
      return {
        index: i,
        search: s.fewest,
        theorem: t,
        message: `field ${i}: search ${s.fewest} taps, theorem ${t}`,
      };
    const r = replaySolution(f, s.solution);
    if (!r.cleared || r.error || r.taps !== s.fewest)
      return {
        index: i,
        search: s.fewest,
        theorem: t,
        message: `field ${i}: the search's solution does not clear the field in ${s.fewest} taps`,
      };
  }
  return null;
}
