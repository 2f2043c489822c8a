/** Splitting a plan's pools into worker jobs, in a fixed order independent of the worker count. */

export interface JobRef {
  slot: number;
  index: number;
}

/** Every (slot, index) a plan needs, slot by slot. */
export function allJobs(poolSizes: readonly number[]): JobRef[] {
  const jobs: JobRef[] = [];
  poolSizes.forEach((size, slot) => {
    for (let index = 0; index < size; index++) jobs.push({ slot, index });
  });
  return jobs;
}

/** Consecutive batches of at most `size` jobs (small batches keep progress smooth). */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Run fn over items with at most `limit` in flight; results keep the items' order.
 * Bounding what is queued keeps the pool's queue short, so a cancel takes effect at once.
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
