/**
 * The pool's picture cache (src-renderer/src/pools/thumb-cache.ts): a picture is found again
 * only for the same level drawn at the same size, theme and rules; the least recently used go
 * first past the byte budget, and are closed when they go.
 */
import { describe, expect, it } from 'vitest';
import { ThumbCache, type ThumbPicture } from '../../src-renderer/src/pools/thumb-cache';

/** A stand-in picture that records being closed (ImageBitmap.close frees its pixels). */
function picture(): ThumbPicture & { closed: boolean } {
  const p = {
    closed: false,
    close() {
      p.closed = true;
    },
  };
  return p as unknown as ThumbPicture & { closed: boolean };
}

describe('thumbnail picture cache', () => {
  const theme = { bg: '#000' },
    rules = { width: 640 };

  it('gives a picture back only for the same level, size, theme and rules', () => {
    const c = new ThumbCache();
    const level = { dots: [] },
      p = picture();
    c.set(level, 146, 219, theme, rules, p);
    expect(c.get(level, 146, 219, theme, rules)).toBe(p);
    // An equal-looking copy of the level is another level (a reloaded pool draws again).
    expect(c.get({ dots: [] }, 146, 219, theme, rules)).toBeNull();
    expect(c.get(level, 147, 219, theme, rules)).toBeNull();
    expect(c.get(level, 146, 220, theme, rules)).toBeNull();
    expect(c.get(level, 146, 219, { bg: '#000' }, rules)).toBeNull();
    expect(c.get(level, 146, 219, theme, { width: 640 })).toBeNull();
  });

  it('keeps one picture per level: a redraw at another size replaces and closes the old one', () => {
    const c = new ThumbCache();
    const level = {},
      small = picture(),
      big = picture();
    c.set(level, 100, 150, theme, rules, small);
    c.set(level, 320, 480, theme, rules, big);
    expect(small.closed).toBe(true);
    expect(big.closed).toBe(false);
    expect(c.size).toBe(1);
    expect(c.get(level, 320, 480, theme, rules)).toBe(big);
  });

  it('drops the least recently used pictures past its byte budget, closing them', () => {
    // Room for three 10 × 10 pictures (400 bytes each).
    const c = new ThumbCache(1200);
    const levels = [{}, {}, {}, {}],
      pics = levels.map(() => picture());
    for (let i = 0; i < 3; i++) c.set(levels[i], 10, 10, theme, rules, pics[i]!);
    // Using the first makes the second the least recently used.
    expect(c.get(levels[0], 10, 10, theme, rules)).toBe(pics[0]);
    c.set(levels[3], 10, 10, theme, rules, pics[3]!);
    expect(c.size).toBe(3);
    expect(pics[1]!.closed).toBe(true);
    expect(c.get(levels[1], 10, 10, theme, rules)).toBeNull();
    for (const i of [0, 2, 3]) {
      expect(pics[i]!.closed).toBe(false);
      expect(c.get(levels[i], 10, 10, theme, rules)).toBe(pics[i]);
    }
  });

  it('keeps the newest picture even when it alone is over the budget', () => {
    const c = new ThumbCache(100);
    const old = picture(),
      huge = picture();
    c.set({}, 4, 4, theme, rules, old);
    const level = {};
    c.set(level, 50, 50, theme, rules, huge);
    expect(old.closed).toBe(true);
    expect(c.get(level, 50, 50, theme, rules)).toBe(huge);
  });
});
