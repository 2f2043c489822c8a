/**
 * closestPair (the experiments' closest shipped pair) is exactly closestPairs(…, 1)[0] — the
 * quality figure — only faster: checked on pools of real candidates (near-duplicates among
 * them), with exact and mirrored copies and nudged copies added, and on sets of one or two.
 */
import { describe, expect, it } from 'vitest';
import {
  carillonGame,
  closestPair,
  closestPairs,
  defaultCarillonRules,
  transformPoint,
  type CarillonLevel,
} from '../../../src-shared/games/carillon/index';

function candidates(seed: number, slots: number[], perSlot: number): CarillonLevel[] {
  const out: CarillonLevel[] = [];
  for (const slot of slots)
    for (let index = 0; index < perSlot; index++) {
      const c = carillonGame.generate({
        rules: defaultCarillonRules,
        plan: carillonGame.defaultPlan,
        seed,
        slot,
        index,
      });
      if (c.level) out.push(c.level);
    }
  return out;
}

const mirrored = (l: CarillonLevel): CarillonLevel => ({
  ...l,
  dots: l.dots.map((d) => {
    const [x, y] = transformPoint(
      'mirror-x',
      d.x,
      d.y,
      defaultCarillonRules.width,
      defaultCarillonRules.height,
    );
    return { ...d, x, y };
  }),
});
const nudged = (l: CarillonLevel, by: number): CarillonLevel => ({
  ...l,
  dots: l.dots.map((d, i) => (i % 3 === 0 ? { ...d, x: d.x + by } : d)),
});

describe('closestPair', () => {
  it('agrees with closestPairs on pools of real candidates, seeds it was not tuned on', () => {
    for (const [seed, slots] of [
      [5, [10, 11, 12]],
      [2718, [30, 31]],
      [99, [60, 61]],
    ] as const) {
      const levels = candidates(seed, [...slots], 10);
      expect(levels.length).toBeGreaterThan(10);
      expect(closestPair(levels, defaultCarillonRules)).toEqual(
        closestPairs(levels, defaultCarillonRules, 1)[0],
      );
    }
  });

  it('agrees when the set holds copies: exact, mirrored, nudged', () => {
    const levels = candidates(17, [40, 41], 8);
    const withCopies = [...levels, mirrored(levels[3]!), nudged(levels[6]!, 30), levels[1]!];
    const top = closestPairs(withCopies, defaultCarillonRules, 1)[0]!;
    expect(top.duplicate).not.toBeNull();
    expect(closestPair(withCopies, defaultCarillonRules)).toEqual(top);
    const nudgedOnly = [...levels, nudged(levels[2]!, 60)];
    expect(closestPair(nudgedOnly, defaultCarillonRules)).toEqual(
      closestPairs(nudgedOnly, defaultCarillonRules, 1)[0],
    );
  });

  it('has no pair in a set of one, and the only pair in a set of two', () => {
    const levels = candidates(8, [20], 2);
    expect(closestPair(levels.slice(0, 1), defaultCarillonRules)).toBeNull();
    expect(closestPair(levels.slice(0, 2), defaultCarillonRules)).toEqual(
      closestPairs(levels.slice(0, 2), defaultCarillonRules, 1)[0],
    );
  });
});
