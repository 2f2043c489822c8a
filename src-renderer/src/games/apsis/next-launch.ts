/**
 * The arrow Step launches next: the first arrow still on the board in the solution as the
 * inspector lists it, round by round. It is always free (every arrow that blocks it is in an
 * earlier round, so already gone), and stepping follows the groups the panel shows even after
 * launches made by hand or a bounce (it used to switch to the live rounds' order then, and
 * launched an arrow of the second group while the first still had one).
 */
export function nextLaunch(
  solution: readonly number[],
  present: readonly boolean[],
  /** The first arrow of the live position's first round: for a level the solution does not clear. */
  liveFirst: number | null,
): number | null {
  for (const a of solution) if (present[a]) return a;
  return liveFirst;
}
