/**
 * A run's scope: an experiment's quick run makes only some level slots, N candidates each
 * (the rest of the plan stays, so each slot's candidates are the very ones a whole run makes
 * for that slot: a job's randomness comes from (seed, slot, index) only). Pure.
 */
export interface RunScope {
  /** 0-based level slots. */
  slots: number[];
  candidates: number;
}

/** Pool sizes of a run in its scope: the plan's, or `candidates` on the scope's slots and none elsewhere. */
export function scopedPoolSizes(sizes: readonly number[], scope: RunScope | null): number[] {
  if (!scope) return [...sizes];
  const chosen = new Set(scope.slots);
  return sizes.map((_, slot) => (chosen.has(slot) ? scope.candidates : 0));
}
