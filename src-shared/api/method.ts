/** One method of the API table: its argument schema, its reply type (phantom) and what it does. */
import { z } from 'zod';

export interface MethodSpec<A extends z.ZodType, R> {
  args: A;
  /** Phantom: carries the reply type only. */
  reply?: R;
  description: string;
}

export function method<R>() {
  return <A extends z.ZodType>(args: A, description: string): MethodSpec<A, R> => ({ args, description });
}

export const noArgs = z.object({}).strict();
