/**
 * The pace of a pack check (src-main/runs/proof-pace.ts): a pack whose first levels show it
 * cannot be proved within the time budget is refused then, naming its slowest level, instead of
 * running into the budget; a quick pack, or one judged too early, is never refused on a guess.
 */
import { describe, expect, it } from 'vitest';
import { createProofPace, levelTooLargeSentence, PACE_AFTER_MS } from '../../src-main/runs/proof-pace';

/** Levels 1..n of `of` starting at the given times (ms after the check began); the first refusal. */
function drive(of: number, starts: number[], budget = 120_000): { at: number; sentence: string } | null {
  const pace = createProofPace(0, budget);
  for (const [i, at] of starts.entries()) {
    const sentence = pace.level(i + 1, of, at);
    if (sentence) return { at: i + 1, sentence };
  }
  return null;
}

describe('the pace of a pack check', () => {
  it('400 levels of about a second each: refused once 3 s have gone, naming the slowest level', () => {
    // A second of start-up, then levels of 0.8 s, with level 3 the slowest (1.1 s).
    const starts = [1000, 1800, 2600, 3700, 4500, 5300];
    const r = drive(400, starts);
    expect(r).not.toBeNull();
    // Level 4 starts at 3.7 s: three levels done in 2.7 s, 397 left at 0.9 s.
    expect(r!.at).toBe(4);
    expect(r!.sentence).toBe(
      "the pack's levels are too large to prove in the time a check may take: level 3 took 1.1 s to prove, and at the pace of its first 3 levels all 400 would take about 361 s, more than the 120 s an import may take; nothing was stored",
    );
  });

  it('a pack that fits in the budget at its pace is never refused', () => {
    // 400 levels of 0.25 s: 100 s in all, under 120 s.
    const starts = Array.from({ length: 400 }, (_, i) => 500 + i * 250);
    expect(drive(400, starts)).toBeNull();
  });

  it('is not judged before PACE_AFTER_MS, nor on fewer than two levels', () => {
    // Two very slow levels, but only 2.9 s gone when the third starts.
    expect(drive(400, [0, 1400, PACE_AFTER_MS - 100])).toBeNull();
    // Level 2 starts after 10 s: one level done is not a pace.
    expect(drive(400, [0, 10_000])).toBeNull();
    // The third level starting after 10 s is judged: 2 done in 10 s, 398 left.
    expect(drive(400, [0, 5000, 10_000])?.at).toBe(3);
  });

  it('a second pass (import measures after proving) is paced from its own start', () => {
    const pace = createProofPace(0, 120_000);
    // Proving 100 levels took 60 s (0.6 s each): 60 s gone, no refusal along the way.
    for (let i = 0; i < 100; i++) expect(pace.level(i + 1, 100, i * 600)).toBeNull();
    expect(pace.level(null, 100, 60_000)).toBeNull();
    // Measuring at 0.1 s a level: 60 s + 10 s fits.
    for (let i = 0; i < 100; i++) expect(pace.level(i + 1, 100, 60_000 + i * 100)).toBeNull();
    // At 0.7 s a level it does not: 60 s gone plus 0.7 s for each of 100 levels.
    const slow = createProofPace(0, 120_000);
    for (let i = 0; i < 100; i++) slow.level(i + 1, 100, i * 600);
    slow.level(null, 100, 60_000);
    expect(slow.level(1, 100, 60_000)).toBeNull();
    expect(slow.level(2, 100, 60_700)).toBeNull();
    expect(slow.level(3, 100, 61_400)).toMatch(/all 100 would take about 130 s, more than the 120 s/);
  });

  it('no time budget (verify --no-limits) is never paced', () => {
    expect(drive(400, [0, 5000, 10_000], Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('one level past its own budget is named as too large to prove', () => {
    expect(levelTooLargeSentence(7, 15_000)).toBe(
      "level 7 is too large to prove: its proof took longer than 15 s, the most one level's check may take; nothing was stored",
    );
  });
});
