/** A note pointing at attempts (src-renderer/src/lib/note-links.ts). */
import { describe, expect, it } from 'vitest';
import { attemptLinks, withAttemptLink } from '../../src-renderer/src/lib/note-links';

const a = 'a'.repeat(64),
  b = '0123456789abcdef'.repeat(4);

describe('attempt links in a note', () => {
  it('are found anywhere in the text, once each, and only as whole ids', () => {
    expect(attemptLinks(`stuck here attempt:${a}; see also attempt:${b} and attempt:${a}`)).toEqual([a, b]);
    expect(attemptLinks(`attempt:${a.slice(1)} attempt:${a}f xattempt:${a}`)).toEqual([]);
    expect(attemptLinks('')).toEqual([]);
  });

  it('are added at the end, once', () => {
    expect(withAttemptLink('', a)).toBe(`attempt:${a}`);
    expect(withAttemptLink('Ana missed the chain  ', a)).toBe(`Ana missed the chain attempt:${a}`);
    const once = withAttemptLink('x', a);
    expect(withAttemptLink(once, a)).toBe(once);
    expect(() => withAttemptLink('x', 'zz')).toThrow(/not an attempt id/);
  });
});
