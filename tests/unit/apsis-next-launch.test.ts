/**
 * Apsis's Step (src-renderer/src/games/apsis/next-launch.ts) follows the solution round by round,
 * as the inspector's Solution panel groups it, whatever was launched by hand before: issue 22
 * saw Step launch arrow 2 of the second group right after arrow 3, while the first group still
 * had an arrow. The rounds are the game's own (roundsFromBlockers).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundsFromBlockers } from '../../src-shared/games/apsis/index';
import { nextLaunch } from '../../src-renderer/src/games/apsis/next-launch';

/** Step from a position until the board is clear: the arrows launched, in order. */
function stepAll(blockers: number[][], present: boolean[]): number[] {
  const solved = roundsFromBlockers(blockers);
  const out: number[] = [];
  for (;;) {
    const a = nextLaunch(solved.solution, present, null);
    if (a === null) return out;
    // Free: every arrow that blocks it has left.
    expect(
      blockers[a]!.every((b) => !present[b]),
      `arrow ${a} is free`,
    ).toBe(true);
    present[a] = false;
    out.push(a);
  }
}

describe("Apsis's Step", () => {
  it('finishes the first group before the second after a launch made by hand', () => {
    // Rounds: [3, 4] then [0, 1, 2]; 0 and 1 wait for 4, 2 waits for 3.
    const blockers = [[4], [4], [3], [], []];
    expect(roundsFromBlockers(blockers).rounds).toEqual([
      [3, 4],
      [0, 1, 2],
    ]);
    // Arrow 4 launched by hand first: 0 and 1 are free now, yet 3 of the first group comes first.
    const present = [true, true, true, true, false];
    expect(stepAll(blockers, present)).toEqual([3, 0, 1, 2]);
  });

  it('from the start, launches the solution as listed', () => {
    const blockers = [[4], [4], [3], [], []];
    expect(stepAll(blockers, [true, true, true, true, true])).toEqual(roundsFromBlockers(blockers).solution);
  });

  it('gives the live first arrow for arrows the solution never frees, and null on a clear board', () => {
    expect(nextLaunch([0], [false, true], 1)).toBe(1);
    expect(nextLaunch([0, 1], [false, false], null)).toBe(null);
  });

  it('from any position reached by hand, steps only free arrows and never goes back a round', () => {
    const dag = fc
      .integer({ min: 1, max: 12 })
      .chain((n) =>
        fc.tuple(
          fc.constant(n),
          fc.array(fc.array(fc.nat(n - 1), { maxLength: 3 }), { minLength: n, maxLength: n }),
          fc.array(fc.nat(n - 1), { maxLength: n }),
        ),
      );
    fc.assert(
      fc.property(dag, ([n, raw, byHand]) => {
        // Blockers only of lower-numbered arrows: a level the solution clears.
        const blockers = raw.map((bs, i) => [...new Set(bs.filter((b) => b < i))]);
        const { round } = roundsFromBlockers(blockers);
        const present = new Array<boolean>(n).fill(true);
        for (const a of byHand) if (blockers[a]!.every((b) => !present[b])) present[a] = false;
        const stepped = stepAll(blockers, present);
        for (let k = 1; k < stepped.length; k++)
          expect(round[stepped[k]!]!).toBeGreaterThanOrEqual(round[stepped[k - 1]!]!);
        expect(present.every((p) => !p)).toBe(true);
      }),
    );
  });
});
