/**
 * Near-duplicate pairs a designer marked "fine" (duplicate triage): the two candidates may both
 * ship. The ordering search of every game takes them as plain pairs of pool ids (they cross
 * the worker boundary as data) and never treats such a pair as near-duplicates.
 */

/** Two candidates' pool ids (as in PoolCandidate.id), in either order. */
export type FinePair = readonly [string, string];

/** A test "may a and b both ship, whatever the near-duplicate check says?" for a list of fine pairs. */
export function finePairTest(pairs: readonly FinePair[] | undefined): (a: string, b: string) => boolean {
  if (!pairs || pairs.length === 0) return () => false;
  const keys = new Set<string>();
  for (const [a, b] of pairs) keys.add(a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  return (a, b) => keys.has(a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
}
