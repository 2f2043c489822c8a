/** Option parsers shared by the CLI commands: each bad value is named in its error. */
import { InvalidArgumentError } from 'commander';
import { readSeed } from '../../src-shared/schema/seed';

export function intOption(name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      // With no upper bound of its own, the range's end is the largest exact number: not worth printing.
      const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
      throw new InvalidArgumentError(`${name} must be a whole number ${range}, got "${value}"`);
    }
    return n;
  };
}

/** --seed: the one seed reader (src-shared/schema/seed.ts): plain digits, 0 to 2,147,483,647 ("1e3" is refused). */
export function seedOption(name: string) {
  return (value: string): number => {
    const read = readSeed(value);
    if (!read.ok) throw new InvalidArgumentError(`${name} ${read.message}`);
    return read.value;
  };
}

/** "1-10,14" -> [1..10, 14]: levels as a designer types them (`name` is the flag, for its errors). */
export function parseLevelList(text: string, name: string): number[] {
  const out: number[] = [];
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(\d+)(?:\s*[-–]\s*(\d+))?$/.exec(part);
    if (!m) throw new InvalidArgumentError(`${name} takes levels like 1-10,14, not "${part}"`);
    const a = Number(m[1]),
      b = m[2] === undefined ? a : Number(m[2]);
    if (a < 1 || b < a || b - a > 100000)
      throw new InvalidArgumentError(`${name}: "${part}" is not a range of levels from 1 up`);
    for (let l = a; l <= b; l++) out.push(l);
  }
  return out;
}
