/**
 * A run's seed: one domain for every entry point — the API's arguments (runs.create,
 * experiments.create's seeds, experiments.adopt), the new-run form, the experiment form's seed
 * list ("1-8"), the CLI's --seed and --seeds, and a pack's envelope on import. A seed is a whole
 * number from 0 to 2,147,483,647 (the spec leaves the range open; the studio has always taken a
 * non-negative 31-bit seed, which every game's random stream reads exactly). Typed text is
 * plain decimal digits only: "1e3", "0x10", "-5", "7.0" or "12abc" are refused in a sentence
 * naming the field, never read as some other number.
 */
import { z } from 'zod';
import { numberTypeMessage } from './designer-errors';
import { readNumberList, type ListRead } from './number-list';

const SEED_MIN = 0;
export const SEED_MAX = 2 ** 31 - 1;
const range = `from ${SEED_MIN} to ${SEED_MAX.toLocaleString('en')}`;

/** A seed as a number (API arguments, a pack's envelope). */
export const seedSchema = z
  .number({ error: (iss) => numberTypeMessage(iss.input) })
  .int(`must be a whole number ${range}`)
  .min(SEED_MIN, `must be a whole number ${range}, not negative`)
  .max(SEED_MAX, `must be a whole number ${range}`);

export type SeedRead = { ok: true; value: number } | { ok: false; message: string };

/** A seed as typed (a form field, a CLI flag): plain digits in range, else why not (to follow the field's name). */
export function readSeed(text: string): SeedRead {
  const t = text.trim();
  if (t === '') return { ok: false, message: `is empty: write a whole number ${range}` };
  if (!/^\d+$/.test(t))
    return {
      ok: false,
      message: `must be a whole number ${range}, not “${t.length > 24 ? `${t.slice(0, 23)}…` : t}”`,
    };
  const value = Number(t);
  if (value > SEED_MAX)
    return {
      ok: false,
      message: `must be a whole number ${range}; ${t.length > 24 ? 'that' : t} is too large`,
    };
  return { ok: true, value };
}

/** A list of seeds as typed ("1-8", "3, 7, 11-13"), each in the seed domain, at most `most`. */
export function readSeedList(text: string, most: number): ListRead {
  return readNumberList(text, 'seed', { min: SEED_MIN, max: SEED_MAX, most });
}
