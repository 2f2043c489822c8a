/**
 * Closures as bit sets (../../../src-shared/games/carillon/closure.ts) in fields of more than
 * 32 dots, two words a set: "after earlier taps, a tap pops its full-field closure minus what
 * is already gone (store each closure once as a bit set; later chains are one AND-NOT)"
 * (spec, What a tap pops). Each dot's closure must be read at its own offset, word by word.
 */
import { describe, expect, it } from 'vitest';
import {
  afterTap,
  computeClosures,
  fullSet,
  members,
  poppedBy,
  setOf,
} from '../../../src-shared/games/carillon/index';

/** 40 dots, no arrows but 0→33 and 1→34: closure(0) = {0, 33}, closure(1) = {1, 34}. */
const N = 40;
const out = Array.from({ length: N }, (_, v) => (v === 0 ? [33] : v === 1 ? [34] : []));
const everyDotBut = (...gone: number[]) =>
  Array.from({ length: N }, (_, i) => i).filter((i) => !gone.includes(i));

describe('closures of a two-word field', () => {
  const cl = computeClosures(N, out);
  const W = 2;

  it('each dot reaches itself and what its arrows reach, in its own two words', () => {
    expect(cl).toHaveLength(N * W);
    expect(members(cl, 0, W)).toEqual([0, 33]);
    expect(members(cl, W, W)).toEqual([1, 34]);
    expect(members(cl, 39 * W, W)).toEqual([39]);
  });

  it('a tap pops its closure AND what is live, and leaves the live set AND-NOT its closure', () => {
    const full = fullSet(N);
    expect(members(poppedBy(cl, W, 1, full))).toEqual([1, 34]);
    expect(members(afterTap(cl, W, 1, full))).toEqual(everyDotBut(1, 34));
    expect(members(afterTap(cl, W, 0, full))).toEqual(everyDotBut(0, 33));
    expect(members(afterTap(cl, W, 39, full))).toEqual(everyDotBut(39));
    // After the first tap, the second pops only what is still standing.
    const live = setOf(N, everyDotBut(34));
    expect(members(poppedBy(cl, W, 1, live))).toEqual([1]);
    expect(members(afterTap(cl, W, 0, afterTap(cl, W, 1, full)))).toEqual(everyDotBut(0, 1, 33, 34));
  });

  it('the live set it is given is left as it was', () => {
    const full = fullSet(N);
    afterTap(cl, W, 1, full);
    expect(members(full)).toEqual(everyDotBut());
  });
});
