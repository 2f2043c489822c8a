/** Option parsers shared by the CLI commands: each bad value is named in its error. */
import { InvalidArgumentError } from 'commander';

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
