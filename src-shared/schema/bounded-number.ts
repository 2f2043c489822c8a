/**
 * A number a designer types into rules: bounded on both sides, with messages in words
 * ("must be at most 4000"), shared by every game's rules schema.
 */
import { z } from 'zod';

export function boundedNumber(o: { int?: boolean; above?: number; min?: number; max: number }): z.ZodNumber {
  let s = z.number({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a number') });
  if (o.int) s = s.int('must be a whole number');
  if (o.above !== undefined) s = s.gt(o.above, `must be more than ${o.above}`);
  if (o.min !== undefined) s = s.min(o.min, `must be at least ${o.min}`);
  return s.max(o.max, `must be at most ${o.max}`);
}
