import { describe, expect, it } from 'vitest';
import {
  bestPicture,
  buildField,
  closestPairs,
  dupSignature,
  duplicatePairs,
  findIsomorphismFor,
  nearDuplicate,
  transformPoint,
  TRANSFORMS,
  type CarillonLevel,
  type Dot,
} from './nd-helpers';
import { dot, rules, shipSubset } from './fixtures';

const lvl = (dots: Dot[]): CarillonLevel => ({ taps: 1, tutorial: false, bits: 0, dots, solution: [] });
const moved = (l: CarillonLevel, f: (d: Dot, i: number) => Dot): CarillonLevel => ({
  ...l,
  dots: l.dots.map((d, i) => f({ ...d }, i)),
});

describe('transforms', () => {
  it('are the eight symmetries about the field centre', () => {
    const images = TRANSFORMS.map((t) => transformPoint(t, 100, 200, 640, 960).join(','));
    expect(new Set(images).size).toBe(8);
    expect(transformPoint('identity', 100, 200, 640, 960)).toEqual([100, 200]);
    expect(transformPoint('rot180', 100, 200, 640, 960)).toEqual([540, 760]);
    expect(transformPoint('mirror-x', 100, 200, 640, 960)).toEqual([540, 200]);
    expect(transformPoint('mirror-y', 100, 200, 640, 960)).toEqual([100, 760]);
    expect(transformPoint('rot90', 320, 480, 640, 960)).toEqual([320, 480]);
    for (const t of TRANSFORMS) {
      // Distances are kept (so reach graphs are kept).
      const [ax, ay] = transformPoint(t, 10, 20, 640, 960),
        [bx, by] = transformPoint(t, 110, 70, 640, 960);
      expect(Math.hypot(ax - bx, ay - by)).toBeCloseTo(Math.hypot(100, 50), 10);
    }
  });
});

describe('every transform is tried', () => {
  // An irregular level inside the central 640×640 square, so every turn keeps it in the field.
  const base = lvl([
    dot(200, 300, 'big'),
    dot(350, 320, 'normal'),
    dot(420, 450, 'small'),
    dot(260, 520, 'normal'),
    dot(480, 650, 'small'),
    dot(150, 700, 'big'),
    dot(330, 610, 'small'),
  ]);
  for (const t of TRANSFORMS) {
    it(`a copy under ${t} with one dot nudged is the same picture under ${t}`, () => {
      const copy = lvl(
        base.dots.map((d, i) => {
          const [x, y] = transformPoint(t, d.x, d.y, 640, 960);
          return i === 2 ? { ...d, x: x + 9, y: y - 6 } : { ...d, x, y };
        }),
      );
      expect(nearDuplicate(base, copy, rules)).toMatchObject({
        rule: 'same-picture',
        transform: t,
        share: 1,
      });
      const pic = bestPicture(dupSignature(base.dots, rules), dupSignature(copy.dots, rules), rules);
      expect(pic).toMatchObject({ transform: t, share: 1 });
    });
  }
});

describe('near-duplicates', () => {
  const { shipped } = shipSubset(30);
  const levels = shipped.filter((l): l is CarillonLevel => l !== null);

  it('no two levels of a generated set are near-duplicates (every pair)', () => {
    expect(levels.length).toBe(30);
    expect(duplicatePairs(levels, rules)).toEqual([]);
    const close = closestPairs(levels, rules, 5);
    expect(close.length).toBe(5);
    for (const p of close) expect(p.duplicate).toBeNull();
    expect(close[0]!.share).toBeGreaterThanOrEqual(close[4]!.share);
  });

  const base = levels[24]!; // a 3-tap level

  it('catches a mirrored copy (colour ignored)', () => {
    const copy = moved(base, (d) => ({ ...d, x: 640 - d.x, color: (d.color + 3) % 7 }));
    const d = nearDuplicate(base, copy, rules);
    expect(d).toMatchObject({ rule: 'same-picture', transform: 'mirror-x', share: 1 });
    expect(d!.matched!.length).toBe(base.dots.length);
  });

  it('catches a copy turned half a turn, with its dots in another order', () => {
    const copy = lvl(base.dots.map((d) => ({ ...d, x: 640 - d.x, y: 960 - d.y })).reverse());
    const d = nearDuplicate(base, copy, rules);
    expect(d).toMatchObject({ rule: 'same-picture', transform: 'rot180', share: 1 });
    const n = base.dots.length;
    for (const [i, j] of d!.matched!) expect(j).toBe(n - 1 - i);
  });

  it('catches a quarter-turned copy of a field inside the central square', () => {
    const a = lvl([
      dot(200, 300, 'big'),
      dot(420, 300, 'normal'),
      dot(460, 520, 'normal'),
      dot(300, 640, 'small'),
      dot(230, 500, 'small'),
    ]);
    const b = lvl(a.dots.map((d) => ({ ...d, x: 320 - (d.y - 480), y: 480 + (d.x - 320) })));
    expect(nearDuplicate(a, b, rules)).toMatchObject({ rule: 'same-picture', transform: 'rot90' });
    expect(nearDuplicate(b, a, rules)).toMatchObject({ rule: 'same-picture', transform: 'rot270' });
  });

  it('catches a copy with one dot nudged, and one with a few dots moved away', () => {
    const nudged = moved(base, (d, i) => (i === 3 ? { ...d, x: d.x + 12, y: d.y - 9 } : d));
    expect(nearDuplicate(base, nudged, rules)).toMatchObject({ rule: 'same-picture', transform: 'identity' });
    const n = base.dots.length;
    const few = moved(base, (d, i) => (i < Math.floor(n / 2) - 1 ? { ...d, x: d.x + 200 } : d));
    expect(nearDuplicate(base, few, rules)?.rule).toBe('same-picture');
  });

  it('catches the same graph redrawn (turned by 30°: no picture match, same chains)', () => {
    const c = Math.cos(Math.PI / 6),
      s = Math.sin(Math.PI / 6);
    const copy = moved(base, (d) => {
      const u = d.x - 320,
        v = d.y - 480;
      return { ...d, x: Math.round(320 + c * u - s * v), y: Math.round(480 + s * u + c * v) };
    });
    expect(findIsomorphismFor(base, copy)).not.toBeNull();
    const d = nearDuplicate(base, copy, rules);
    expect(d).toMatchObject({ rule: 'same-chains', transform: 'graph' });
    // The share is the picture's (matched dots over the larger level's, best transform), not 1:
    // turned by 30°, at most half the dots line up (else it would be the same picture).
    const pic = bestPicture(dupSignature(base.dots, rules), dupSignature(copy.dots, rules), rules);
    expect(d!.share).toBe(pic?.share ?? 0);
    expect(d!.share).toBeLessThanOrEqual(rules.pictureShare);
    expect(d!.matched).toHaveLength(base.dots.length); // the graph's vertex map, for highlighting
    expect(duplicatePairs([base, copy], rules)).toMatchObject([
      { a: 0, b: 1, share: d!.share, duplicate: d },
    ]);
  });

  it('same chains drawn apart share nothing: share 0 (was reported as 100 %)', () => {
    // A big dot reaching a normal one, twice over: one level on the left, the other far right
    // and lower, so no transform lines up a single same-sized pair of dots.
    const a = lvl([dot(100, 100, 'big'), dot(250, 100, 'normal')]);
    const b = lvl([dot(540, 700, 'normal'), dot(540, 550, 'big')]);
    expect(findIsomorphismFor(a, b)).not.toBeNull();
    expect(nearDuplicate(a, b, rules)).toMatchObject({ rule: 'same-chains', transform: 'graph', share: 0 });
  });

  it('catches the answer in the same place (starts pair, a third to a half of the dots pair)', () => {
    const a = lvl([
      dot(100, 100, 'big'),
      dot(250, 100, 'normal'),
      dot(100, 250, 'normal'),
      dot(250, 250, 'small'),
    ]);
    const b = lvl([
      dot(100, 100, 'big'),
      dot(250, 100, 'normal'),
      dot(100, 350, 'normal'),
      dot(330, 100, 'small'),
    ]);
    expect(nearDuplicate(a, b, rules)).toMatchObject({
      rule: 'same-answer',
      transform: 'identity',
      share: 0.5,
    });
    // Move the chain start away: no longer the same answer.
    const c = lvl([dot(100, 400, 'big'), ...b.dots.slice(1)]);
    expect(nearDuplicate(a, c, rules)).toBeNull();
  });

  it('does not call different levels of the set duplicates, nor a level vs a far smaller one', () => {
    expect(nearDuplicate(levels[10]!, levels[29]!, rules)).toBeNull();
    expect(nearDuplicate(base, lvl(base.dots.slice(0, 3)), rules)).toBeNull();
    expect(buildField(base.dots, rules).n).toBe(base.dots.length);
  });
});
