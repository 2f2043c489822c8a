/**
 * The figures of a Carillon pack (carillonQuality) and its summary lines (summarizePack: the
 * CLI's generate and verify, Compare's rows): level 1, level 30 and hardest bits, the largest
 * step and where it lands, the closest pair; and what a short or empty pack shows instead.
 */
import { describe, expect, it } from 'vitest';
import {
  carillonQuality,
  defaultCarillonPlan,
  defaultCarillonRules,
  summarizePack,
  type CarillonPack,
  type Dot,
} from '../../../src-shared/games/carillon/index';
import { dot } from './fixtures';

const level = (n: number, bits: number, dots: Dot[]) => ({
  level: n,
  taps: 1,
  bits,
  tutorial: false,
  dots,
  solution: [0],
});
const pack = (levels: ReturnType<typeof level>[]): CarillonPack =>
  ({
    format: 'carillon-pack',
    version: 1,
    seed: 7,
    rules: defaultCarillonRules,
    plan: defaultCarillonPlan,
    levels,
  }) as CarillonPack;

// The spec's three-dot field and its mirror image left to right (the same picture), and another field.
const A = [dot(100, 480, 'big'), dot(280, 480, 'normal'), dot(400, 480, 'normal')];
const mirrored = A.map((p) => ({ ...p, x: 640 - p.x }));
const B = [dot(100, 100, 'big'), dot(500, 800, 'normal'), dot(300, 300, 'normal'), dot(320, 600, 'small')];

describe('Carillon pack figures and summary', () => {
  it('three levels: level 1, the hardest and the largest step, and the closest pair as a near-duplicate', () => {
    const p = pack([level(1, 0, B), level(2, 2.5, A), level(3, 1.25, mirrored)]);
    const q = carillonQuality(p);
    expect(q).toMatchObject({
      levels: 3,
      level1: 0,
      level30: null,
      hardest: 2.5,
      hardestLevel: 2,
      largestJump: 2.5,
      largestJumpLevel: 2,
      closestShare: 1,
      closestRule: 'same-picture',
      closestLevels: [2, 3],
    });
    const lines = summarizePack(p);
    expect(lines.slice(0, 4)).toEqual([
      { label: 'Levels', value: '3' },
      { label: 'Level 1', value: '0.00 bits' },
      { label: 'Hardest', value: '2.50 bits (level 2)' },
      { label: 'Largest step', value: '2.50 bits, level 1 → 2' },
    ]);
    expect(lines[4]!.label).toBe('Closest pair');
    expect(lines[4]!.value).toBe(`levels 2 & 3: NEAR-DUPLICATE (same-picture) under ${q.closestTransform}`);
    expect(lines).toHaveLength(5);
  });

  it('a closest pair that is no near-duplicate shows its share as a percentage, as every screen does', () => {
    const p = pack([level(1, 0, B), level(2, 1, A)]);
    const q = carillonQuality(p);
    expect(q.closestRule).toBeNull();
    expect(q.closestLevels).toEqual([1, 2]);
    expect(summarizePack(p).at(-1)).toEqual({
      label: 'Closest pair',
      value: `levels 1 & 2: ${Math.round(q.closestShare * 100)} % of dots shared under ${q.closestTransform}`,
    });
  });

  it('the first of equal hardest levels is named; level 30 is shown once a pack reaches it', () => {
    const fields = Array.from({ length: 31 }, (_, i) => [dot(60 + i * 16, 100 + i * 20, 'normal')]);
    const bits = Array.from({ length: 31 }, (_, i) => (i === 12 || i === 20 ? 5 : i * 0.1));
    const p = pack(fields.map((f, i) => level(i + 1, bits[i]!, f)));
    const q = carillonQuality(p);
    expect(q.hardest).toBe(5);
    expect(q.hardestLevel).toBe(13);
    expect(q.level30).toBeCloseTo(2.9, 12);
    expect(q.largestJumpLevel).toBe(13);
    const lines = summarizePack(p);
    expect(lines.map((l) => l.label)).toEqual([
      'Levels',
      'Level 1',
      'Level 30',
      'Hardest',
      'Largest step',
      'Closest pair',
    ]);
    expect(lines[2]!.value).toBe('2.90 bits');
    expect(lines[3]!.value).toBe('5.00 bits (level 13)');
    // 29 levels: no level-30 line.
    expect(summarizePack(pack(p.levels.slice(0, 29))).map((l) => l.label)).not.toContain('Level 30');
  });

  it('one level has no step and no pair; an empty pack shows dashes', () => {
    const one = pack([level(1, 0.75, A)]);
    expect(carillonQuality(one)).toMatchObject({
      levels: 1,
      hardest: 0.75,
      hardestLevel: 1,
      largestJump: 0,
      largestJumpLevel: 0,
      closestLevels: null,
      closestShare: 0,
      closestRule: null,
      closestTransform: '',
    });
    expect(summarizePack(one)).toEqual([
      { label: 'Levels', value: '1' },
      { label: 'Level 1', value: '0.75 bits' },
      { label: 'Hardest', value: '0.75 bits (level 1)' },
      { label: 'Largest step', value: '—' },
      { label: 'Closest pair', value: '—' },
    ]);
    expect(carillonQuality(pack([]))).toMatchObject({ levels: 0, level1: null, hardest: 0, hardestLevel: 0 });
    expect(summarizePack(pack([]))).toEqual([
      { label: 'Levels', value: '0' },
      { label: 'Level 1', value: '—' },
      { label: 'Closest pair', value: '—' },
    ]);
  });
});
