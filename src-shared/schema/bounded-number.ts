/**
 * A number a designer types into rules or a plan: bounded on both sides, with messages in
 * words ("must be at most 4000", "must be a finite number"), shared by every game's schemas.
 */
import { z } from 'zod';
import { numberTypeMessage } from './designer-errors';

export function boundedNumber(o: { int?: boolean; above?: number; min?: number; max: number }): z.ZodNumber {
  let s = z.number({ error: (iss) => numberTypeMessage(iss.input) });
  if (o.int) s = s.int('must be a whole number');
  if (o.above !== undefined) s = s.gt(o.above, `must be more than ${o.above}`);
  if (o.min !== undefined) s = s.min(o.min, `must be at least ${o.min}`);
  return s.max(o.max, `must be at most ${o.max}`);
}
