/** The Ordering page's blend choice (src-renderer/src/ordering/blend-choice.ts). */
import { describe, expect, it } from 'vitest';
import type { OrderingView } from '../../src-shared/api';
import {
  blendArgs,
  blendLine,
  blendNote,
  blendThreshold,
} from '../../src-renderer/src/ordering/blend-choice';

const view = (observedBlend: OrderingView['observedBlend']) => ({ observedBlend }) as OrderingView;

describe('the blend choice', () => {
  it('is off unless ticked, and takes only a whole threshold of 1 to 1000', () => {
    expect(blendArgs(false, 3)).toEqual({});
    expect(blendArgs(true, '5')).toEqual({ blend: { minTesters: 5 } });
    expect(blendArgs(true, '0')).toEqual({});
    for (const bad of ['', '2.5', '-1', 'x', '1001']) expect(blendThreshold(bad)).toBeNull();
    expect(blendThreshold(' 12 ')).toBe(12);
  });

  it('says what the recompute did', () => {
    expect(blendLine(null, view(null))).toBeNull();
    expect(blendLine(4, view(null))).toBe(
      'No two candidates have 4 testers or more yet: the approved order is on the model alone.',
    );
    const blended = view({
      minTesters: 3,
      candidates: 12,
      levels: [
        { level: 1, model: 2, blended: 2, testers: 3 },
        { level: 2, model: 3, blended: 4.5, testers: 5 },
        { level: 3, model: 5, blended: 4, testers: 3 },
      ],
    });
    expect(blendLine(3, blended)).toBeNull();
    expect(blendNote(blended)).toBe(
      'This order ran on difficulty blended with players’ for 12 candidates with 3 testers or more (the figure moved at levels 2–3); the pack records the blend.',
    );
    expect(
      blendNote(
        view({ minTesters: 1, candidates: 2, levels: [{ level: 4, model: 1, blended: 1, testers: 1 }] }),
      ),
    ).toBe(
      'This order ran on difficulty blended with players’ for 2 candidates with 1 tester or more (no shipped level’s figure moved); the pack records the blend.',
    );
    expect(blendNote(view(null))).toBeNull();
  });
});
