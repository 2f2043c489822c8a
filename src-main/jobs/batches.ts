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
