/**
 * Replaying a solution through the timed chain rules (../../../src-shared/games/carillon/chain.ts):
 * "replaying the solution through the timed chain rules must clear the field" (spec, Solver). A
 * tap that is not a clean tap stops the replay with a sentence naming the tap by its number and
 * the dot; the position a caller replays from is its own and is not changed.
 */
import { describe, expect, it } from 'vitest';
import { buildField, members, replaySolution, setOf } from '../../../src-shared/games/carillon/index';
import { dot, rules } from './fixtures';

/** The spec's check field: the big dot's tap pops all three, a normal dot's the two normal dots. */
const f = buildField([dot(100, 480, 'big'), dot(280, 480, 'normal'), dot(400, 480, 'normal')], rules);

describe('replaying a solution', () => {
  it('names a dot that does not exist: negative, past the last dot, or not a whole number', () => {
    for (const bad of [-1, 3, 1.5]) {
      const r = replaySolution(f, [bad]);
      expect(r.error).toBe(`tap 1 names dot ${bad}, which does not exist`);
      expect(r).toMatchObject({ cleared: false, taps: 0, chains: [] });
    }
  });

  it('numbers the tap that goes wrong after taps that went right', () => {
    const unknown = replaySolution(f, [1, 9]);
    expect(unknown.error).toBe('tap 2 names dot 9, which does not exist');
    expect(unknown.taps).toBe(1);
    expect(members(unknown.live)).toEqual([0]);
    const popped = replaySolution(f, [1, 2]);
    expect(popped.error).toBe('tap 2 is on dot 2, which has already popped');
    expect(popped.taps).toBe(1);
  });

  it('a clean replay carries no error at all', () => {
    const r = replaySolution(f, [0]);
    expect(r.cleared).toBe(true);
    expect('error' in r).toBe(false);
    expect('error' in replaySolution(f, [1])).toBe(false);
  });

  it('replays from a given position without changing it', () => {
    const live = setOf(3, [0, 1]);
    const r = replaySolution(f, [0], live);
    expect(r.cleared).toBe(true);
    expect(r.chains[0]!.map((e) => e.dot)).toEqual([0, 1]);
    expect(members(live)).toEqual([0, 1]);
  });
});
