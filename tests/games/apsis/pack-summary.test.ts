/**
 * Apsis's pack summary (Game.summarize: the CLI's generate and verify, Compare's rows) and
 * quality figures on hand-made packs: reads of level 1 and the last level, the largest step
 * and where it lands, the longest run of equal reads, the closest pair; and the dashes of a
 * short or empty pack. Reads are the spec's Σ rounds: one free arrow reads 1; chainLevel (one
 * arrow blocking another) reads 1 + 2 = 3.
 */
import { describe, expect, it } from 'vitest';
import {
  apsisGame,
  apsisQualityFigures,
  defaultApsisPlan,
  defaultApsisRules as rules,
  truncatePlan,
  type ApsisLevel,
} from '../../../src-shared/games/apsis/index';
import { chainLevel } from './fixtures';

const plan = truncatePlan(defaultApsisPlan, 3);
const toPack = (levels: ApsisLevel[]) => apsisGame.toPack({ seed: 7, rules, plan, levels });
const one: ApsisLevel = { orbits: 3, arrows: [chainLevel.arrows[0]!] };
const apart: ApsisLevel = {
  orbits: 3,
  arrows: [
    { orbit: 1, angle: 90, heading: 'ccw', length: 'short' },
    { orbit: 3, angle: 200, heading: 'cw', length: 'short' },
  ],
};

describe('Apsis pack summary and figures', () => {
  it('three levels reading 1, 3, 2: the step of 2 onto level 2, the last level, the closest pair', () => {
    const pack = toPack([one, chainLevel, apart]);
    expect(pack.levels.map((l) => l.reads)).toEqual([1, 3, 2]);
    expect(apsisGame.summarize(pack)).toEqual([
      { label: 'Levels', value: '3' },
      { label: 'Level 1', value: '1 read' },
      { label: 'Last level', value: '2 reads (level 3)' },
      { label: 'Largest step', value: '2 reads, level 1 → 2' },
      { label: 'Longest run of equal reads', value: '1 level' },
      // Level 1's one arrow is one of level 2's two.
      { label: 'Closest pair', value: 'levels 1 & 2: 50% of arrows shared' },
    ]);
    expect(apsisQualityFigures(pack)).toMatchObject({
      levels: 3,
      largestStep: 2,
      largestStepAt: 2,
      longestEqualRun: 1,
      closestShare: 0.5,
      closestPair: { a: 1, b: 2 },
      firstReads: 1,
      lastReads: 2,
    });
  });

  it('two equal levels: a step of 0 reads, a run of 2 levels, the pair sharing every arrow', () => {
    const lines = apsisGame.summarize(toPack([one, one]));
    expect(lines.slice(2)).toEqual([
      { label: 'Last level', value: '1 read (level 2)' },
      { label: 'Largest step', value: '0 reads, level 1 → 2' },
      { label: 'Longest run of equal reads', value: '2 levels' },
      { label: 'Closest pair', value: 'levels 1 & 2: 100% of arrows shared' },
    ]);
  });

  it('one level has no step and no pair; an empty pack shows dashes and zeros', () => {
    expect(apsisGame.summarize(toPack([one])).slice(1)).toEqual([
      { label: 'Level 1', value: '1 read' },
      { label: 'Last level', value: '1 read (level 1)' },
      { label: 'Largest step', value: '—' },
      { label: 'Longest run of equal reads', value: '1 level' },
      { label: 'Closest pair', value: '—' },
    ]);
    expect(apsisGame.summarize(toPack([]))).toEqual([
      { label: 'Levels', value: '0' },
      { label: 'Level 1', value: '—' },
      { label: 'Last level', value: '—' },
      { label: 'Largest step', value: '—' },
      { label: 'Longest run of equal reads', value: '0 levels' },
      { label: 'Closest pair', value: '—' },
    ]);
    expect(apsisQualityFigures(toPack([]))).toEqual({
      levels: 0,
      largestStep: 0,
      largestStepAt: 0,
      longestEqualRun: 0,
      closestShare: 0,
      closestPair: null,
      firstReads: 0,
      lastReads: 0,
    });
  });
});
