/** Worker-thread entry: runs shared game code on plain-data tasks. */
import { performance } from 'node:perf_hooks';
import { streamFor } from '../../src-shared/random/prng';
import { gameById } from '../../src-shared/games/index';
import { steerOrdering } from '../../src-shared/ordering/steering';
import { approvedFirstOrdering } from '../../src-shared/ordering/approved-first';
import { verifyOrder } from './verify-order';
import type { PoolCandidate } from '../../src-shared/game';
import type { GeneratedJob, SteerTaskResult, WorkerTask } from './tasks';

export function checksum(seed: number, count: number): number {
  const rng = streamFor(seed, 0, 0);
  let sum = 0;
  for (let i = 0; i < count; i++) sum = (sum + rng.u32()) % 1_000_000_007;
  return sum;
}

/** A steered recompute, whole (the game's search and the fill around the fixed levels; approved first too). */
async function steer(task: Extract<WorkerTask, { kind: 'steer' }>): Promise<SteerTaskResult> {
  const game = gameById(task.game);
  const apart = new Set<string>();
  for (const [a, b] of task.apart) {
    apart.add(`${a}|${b}`);
    apart.add(`${b}|${a}`);
  }
  const args = {
    pools: task.pools,
    levelCount: task.levelCount,
    steering: task.steering,
    rules: game.curveRules?.(task.rules) ?? { maxStep: null, maxEqualRun: null },
    difficulty: (c: PoolCandidate<unknown>) => c.metrics[game.difficulty] ?? 0,
    order: (pools: PoolCandidate<unknown>[][]) =>
      game.order({
        rules: task.rules,
        plan: task.plan,
        pools,
        ...(task.fine?.length ? { fine: task.fine } : {}),
        ...(task.targetPools ? { targetPools: task.targetPools } : {}),
      }),
    separate: (a: string, b: string) => apart.has(`${a}|${b}`),
    stages: game.stages(task.plan),
  };
  const first = task.approvedFirst;
  if (!first) return steerOrdering(args);
  return approvedFirstOrdering({
    ...args,
    approved: first.approved,
    targets: first.targets,
    check: verifyOrder(
      game,
      { rules: task.rules, plan: task.plan, pools: task.pools, fine: task.fine },
      first.seed,
    ),
  });
}

export default function runTask(task: WorkerTask): unknown {
  switch (task.kind) {
    case 'checksum':
      return checksum(task.seed, task.count);
    case 'generate': {
      const game = gameById(task.game);
      const out: GeneratedJob[] = [];
      for (const job of task.jobs) {
        const t0 = performance.now();
        const { level, ...candidate } = game.generate({
          rules: task.rules,
          plan: task.plan,
          seed: task.seed,
          slot: job.slot,
          index: job.index,
        });
        const ms = performance.now() - t0;
        // The level leaves as the JSON text the store keeps: written here, in parallel, not on the main thread.
        out.push({
          slot: job.slot,
          index: job.index,
          candidate,
          levelJson: level === null ? null : JSON.stringify(level),
          ms,
        });
      }
      return out;
    }
    case 'dedup': {
      const game = gameById(task.game);
      const levels: unknown[] =
        'levelsJson' in task ? task.levelsJson.map((t) => JSON.parse(t) as unknown) : task.levels;
      let include: (a: number, b: number) => boolean;
      if ('focus' in task) {
        const focus = new Set(task.focus);
        include = (a, b) => focus.has(a) || focus.has(b);
      } else {
        const { slots, reach } = task;
        // Levels come in slot order, so a < b means slots[a] <= slots[b].
        include = (a, b) => {
          const last = reach[slots[a]!];
          return last !== undefined && slots[b]! <= last;
        };
      }
      return game.duplicatePairs(levels, task.rules, include).map((p) => ({
        a: p.a,
        b: p.b,
        rule: p.duplicate.rule,
        transform: p.duplicate.transform,
        share: p.duplicate.share,
      }));
    }
    case 'order': {
      const parsed = (pools: PoolCandidate<unknown>[][]): PoolCandidate<unknown>[][] =>
        task.levelsJson
          ? pools.map((p) => p.map((c) => ({ ...c, level: JSON.parse(c.level as string) as unknown })))
          : pools;
      return gameById(task.game).order({
        rules: task.rules,
        plan: task.plan,
        pools: parsed(task.pools),
        ...(task.fine?.length ? { fine: task.fine } : {}),
        ...(task.targetPools ? { targetPools: parsed(task.targetPools) } : {}),
      });
    }
    case 'steer':
      return steer(task);
    case 'prove':
      return gameById(task.game).prove(task.level, task.rules, { plan: task.plan, slot: task.slot });
    case 'closest':
      return gameById(task.game).closestPair?.(task.levels, task.rules) ?? null;
    default: {
      const never: never = task;
      throw new Error(`unknown worker task ${JSON.stringify(never)}`);
    }
  }
}
