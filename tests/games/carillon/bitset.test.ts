/**
 * Carillon's bit sets (../../../src-shared/games/carillon/bitset.ts): many sets side by side in
 * one flat array at offsets i·W, read with the default width (the rest of the array) or a given
 * one, and a Map key per set that is the same for equal sets and different for different ones
 * (the search memoises solved positions on it, so a collision would mark a position solved that
 * is not). Fields of 33 dots or more take two words a set, past 53 bits a string key.
 */
import { describe, expect, it } from 'vitest';
import { count, isEmpty, members, setKey, setOf } from '../../../src-shared/games/carillon/bitset';

const words = (...w: number[]) => Uint32Array.from(w);

describe('bit sets side by side in one array', () => {
  it('count, isEmpty and members read from an offset to the end of the array by default', () => {
    // Two sets of one word each: {0, 3} then {1}.
    const s = words(0b1001, 0b10);
    expect(count(s)).toBe(3);
    expect(count(s, 1)).toBe(1);
    expect(count(s, 0, 1)).toBe(2);
    expect(isEmpty(words(1, 0))).toBe(false);
    expect(isEmpty(words(1, 0), 1)).toBe(true);
    expect(isEmpty(words(0, 0, 5), 0, 2)).toBe(true);
    expect(members(s)).toEqual([0, 3, 33]);
    expect(members(s, 1)).toEqual([1]);
    expect(members(s, 0, 1)).toEqual([0, 3]);
  });

  it('counts every word of a wide set, the top bit included', () => {
    const s = setOf(96, [0, 31, 32, 63, 64, 95]);
    expect(count(s)).toBe(6);
    expect(count(words(0xffffffff, 0xffffffff))).toBe(64);
    expect(count(words(7, 0xffffffff, 1), 1, 2)).toBe(33);
    expect(count(words(0, 0), 0, 2)).toBe(0);
  });
});

describe('a Map key per set', () => {
  const TWO_32 = 4294967296;

  it('is the word itself for a one-word set, and the exact number for two words under 53 bits', () => {
    expect(setKey(words(5))).toBe(5);
    expect(setKey(words(9, 5), 1, 1)).toBe(5);
    // From an offset to the end of the array by default.
    expect(setKey(words(9, 5), 1)).toBe(5);
    expect(setKey(words(9, 5, 3), 1)).toBe(5 + 3 * TWO_32);
    expect(setKey(words(5, 3))).toBe(5 + 3 * TWO_32);
    expect(setKey(words(7, 7, 5, 3), 2, 2)).toBe(5 + 3 * TWO_32);
    expect(setKey(words(0xffffffff, 0x1fffff))).toBe(2 ** 53 - 1);
    expect(Number.isSafeInteger(setKey(words(0xffffffff, 0x1fffff)))).toBe(true);
  });

  it('is a string once two words pass 53 bits, and for wider sets', () => {
    expect(typeof setKey(words(0, 0x200000))).toBe('string');
    expect(typeof setKey(words(1, 0, 0))).toBe('string');
  });

  it('differs between different sets and agrees between equal ones, wherever they lie', () => {
    const sets = [
      words(1, 0),
      words(2, 0),
      words(0, 1),
      // Past 53 bits: a number would round 2^53 + 1 to 2^53.
      words(0, 0x200000),
      words(1, 0x200000),
      // Three words: the same digits cut differently ("1" + "10" and "11" + "0" in base 36).
      words(1, 36, 0),
      words(37, 0, 0),
      words(1, 0, 0),
      words(1, 0, 5),
      words(0, 0, 0),
    ];
    const keys = sets.map((s) => setKey(s));
    expect(new Set(keys).size).toBe(sets.length);
    // The same sets again, copied to an offset in a larger array of sets.
    sets.forEach((s, i) => {
      const flat = new Uint32Array(3 * s.length);
      flat.set(words(0xdead, 0xbeef, 0xf00d).subarray(0, s.length), 0);
      flat.set(s, s.length);
      flat.fill(0xffffffff, 2 * s.length);
      expect(setKey(flat, s.length, s.length)).toBe(keys[i]);
    });
  });
});
