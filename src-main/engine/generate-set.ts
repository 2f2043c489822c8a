/**
 * The whole pipeline for one level set: grow and prove the pools on the worker pool, order
 * them, and build the pack. The result depends only on (game, seed, plan, rules): jobs draw
 * from (seed, slot, index) streams and pools are sorted before ordering.
 */
import { performance } from 'node:perf_hooks';
import type { AnyGame, OrderingResult, PoolCandidate } from '../../src-shared/game';
import { stringifyPack } from '../../src-shared/pack/pack-io';
import { allJobs, batches, mapLimited } from './jobs';
import type { WorkerPool } from './pool';
import type { GeneratedJob } from './tasks';

export interface SetProgress {
  stage: 'generate' | 'order' | 'pack';
  done: number;
  total: number;
}

export interface GeneratedSet {
  pools: PoolCandidate<unknown>[][];
  ordering: OrderingResult;
  pack: unknown;
  packText: string;
  candidates: number;
  failedJobs: number;
  tries: number;
  timings: { generateMs: number; orderMs: number; packMs: number };
}

export class OrderingFailedError extends Error {
  constructor(readonly ordering: OrderingResult) {
    super(
      `the pools cannot fill the plan:\n  ${ordering.problems.map((p) => `level ${p.level}: ${p.message}`).join('\n  ')}`,
    );
    this.name = 'OrderingFailedError';
  }
}

export async function generateSet(args: {
  game: AnyGame;
  seed: number;
  plan: unknown;
  rules: unknown;
  pool: WorkerPool;
  batchSize?: number;
  signal?: AbortSignal;
  onProgress?: (p: SetProgress) => void;
}): Promise<GeneratedSet> {
  const { game, seed, plan, rules, pool } = args;
  const sizes = game.poolSizes(plan, rules);
  const jobs = allJobs(sizes);
  const t0 = performance.now();
  let done = 0;
  args.onProgress?.({ stage: 'generate', done, total: jobs.length });
  const results = await mapLimited(batches(jobs, args.batchSize ?? 4), pool.size * 2, async (batch) => {
      const out = (await pool.run({ kind: 'generate', game: game.id, rules, plan, seed, jobs: batch }, args.signal)) as GeneratedJob[];
      done += out.length;
      args.onProgress?.({ stage: 'generate', done, total: jobs.length });
      return out;
  });
  const t1 = performance.now();
  const pools: PoolCandidate<unknown>[][] = sizes.map(() => []);
  let failedJobs = 0;
  let tries = 0;
  for (const job of results.flat().sort((a, b) => a.slot - b.slot || a.index - b.index)) {
    tries += job.candidate.tries;
    if (job.candidate.level === null) {
      failedJobs++;
      continue;
    }
    pools[job.slot]!.push({ id: `${job.slot}:${job.index}`, slot: job.slot, index: job.index, level: job.candidate.level, metrics: job.candidate.metrics });
  }
  args.onProgress?.({ stage: 'order', done: 0, total: 1 });
  const ordering = game.order({ rules, plan, pools });
  const t2 = performance.now();
  args.onProgress?.({ stage: 'order', done: 1, total: 1 });
  if (ordering.levels.some((id) => id === null)) throw new OrderingFailedError(ordering);
  const byId = new Map(pools.flat().map((c) => [c.id, c]));
  const levels = ordering.levels.map((id) => byId.get(id as string)!.level);
  const pack = game.toPack({ seed, rules, plan, levels });
  const packText = stringifyPack(pack);
  const t3 = performance.now();
  args.onProgress?.({ stage: 'pack', done: 1, total: 1 });
  return {
    pools,
    ordering,
    pack,
    packText,
    candidates: pools.reduce((a, p) => a + p.length, 0),
    failedJobs,
    tries,
    timings: { generateMs: t1 - t0, orderMs: t2 - t1, packMs: t3 - t2 },
  };
}
