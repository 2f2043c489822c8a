/**
 * The one seed domain (src-shared/schema/seed.ts) on hostile input: typed text is plain
 * decimal digits from 0 to 2,147,483,647 ("1e3", "0x10", "-5", "7.0" refused in a sentence,
 * never read as another number); the number schema the API and a pack's envelope use refuses
 * negative, fractional and too-large seeds; seed lists read ranges in the same domain.
 * Properties run on the fixed fast-check seed (tests/setup/fast-check.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSeed, readSeedList, SEED_MAX, seedSchema } from '../../src-shared/schema/seed';
import { gameById } from '../../src-shared/games/index';
import { fcRuns } from '../helpers/fast-check';

const RANGE = 'from 0 to 2,147,483,647';

describe('readSeed (typed text)', () => {
  it('takes plain digits in the domain', () => {
    expect(readSeed('0')).toEqual({ ok: true, value: 0 });
    expect(readSeed(' 42 ')).toEqual({ ok: true, value: 42 });
    expect(readSeed('2147483647')).toEqual({ ok: true, value: SEED_MAX });
    expect(readSeed('007')).toEqual({ ok: true, value: 7 });
  });

  it.each([
    ['1e3', `must be a whole number ${RANGE}, not “1e3”`],
    ['0x10', `must be a whole number ${RANGE}, not “0x10”`],
    ['-5', `must be a whole number ${RANGE}, not “-5”`],
    ['7.0', `must be a whole number ${RANGE}, not “7.0”`],
    ['12abc', `must be a whole number ${RANGE}, not “12abc”`],
    ['Infinity', `must be a whole number ${RANGE}, not “Infinity”`],
    ['١٢', `must be a whole number ${RANGE}, not “١٢”`],
    ['', `is empty: write a whole number ${RANGE}`],
    ['   ', `is empty: write a whole number ${RANGE}`],
    ['2147483648', `must be a whole number ${RANGE}; 2147483648 is too large`],
    ['9'.repeat(40), `must be a whole number ${RANGE}; that is too large`],
    ['x'.repeat(40), `must be a whole number ${RANGE}, not “${'x'.repeat(23)}…”`],
  ])('refuses %s in a sentence', (text, message) => {
    expect(readSeed(text)).toEqual({ ok: false, message });
  });

  it('reads back every seed in the domain written as digits, and nothing else as a number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SEED_MAX }), (n) => {
        expect(readSeed(String(n))).toEqual({ ok: true, value: n });
      }),
      fcRuns(500),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const r = readSeed(text);
        if (r.ok) {
          expect(text.trim()).toMatch(/^\d+$/);
          expect(String(r.value)).toBe(String(Number(text.trim())));
          expect(seedSchema.safeParse(r.value).success).toBe(true);
        } else expect(r.message.length).toBeGreaterThan(10);
      }),
      fcRuns(500),
    );
  });
});

describe('seedSchema (numbers: API arguments, a pack envelope)', () => {
  it.each([
    [-1, `must be a whole number ${RANGE}, not negative`],
    [1.5, `must be a whole number ${RANGE}`],
    [2 ** 31, `must be a whole number ${RANGE}`],
  ])('refuses %s naming the domain', (seed, message) => {
    const r = seedSchema.safeParse(seed);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
  it('takes 0 and the largest', () => {
    expect(seedSchema.parse(0)).toBe(0);
    expect(seedSchema.parse(SEED_MAX)).toBe(SEED_MAX);
  });
});

describe('readSeedList (the experiment form, the CLI --seeds)', () => {
  it('reads ranges and lists in the domain, and names what is wrong', () => {
    expect(readSeedList('1-4, 9', 64)).toEqual({ ok: true, values: [1, 2, 3, 4, 9] });
    expect(readSeedList('2147483646-2147483647', 64)).toEqual({ ok: true, values: [2147483646, 2147483647] });
    expect(readSeedList('1e3', 64)).toEqual({
      ok: false,
      message: '“1e3” is not a seed: write whole numbers and ranges, e.g. 1-8 or 3, 5, 9',
    });
    expect(readSeedList('-3', 64)).toEqual({
      ok: false,
      message: '“-3” is not a seed: write whole numbers and ranges, e.g. 1-8 or 3, 5, 9',
    });
    expect(readSeedList('2147483648', 64)).toEqual({
      ok: false,
      message: 'seed 2147483648 is out of range: seeds go from 0 to 2147483647',
    });
    expect(readSeedList('', 64)).toEqual({ ok: false, message: 'needs at least one seed, e.g. 1-8' });
  });
});

describe('a pack with a seed outside the domain', () => {
  for (const id of ['carillon', 'apsis'] as const) {
    it(`${id}: is refused naming the seed`, () => {
      const game = gameById(id);
      const pack = JSON.parse(
        JSON.stringify(
          game.toPack({ seed: 7, rules: game.defaultRules, plan: game.defaultPlan, levels: [] } as never),
        ),
      ) as Record<string, unknown>;
      for (const seed of [-5, 1.5, 2 ** 31, '7']) {
        expect(() => game.parsePack({ ...pack, seed }), `seed ${String(seed)}`).toThrow(/seed/);
      }
      expect(() => game.parsePack({ ...pack, seed: 7 })).not.toThrow();
    });
  }
});
