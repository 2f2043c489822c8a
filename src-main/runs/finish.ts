/**
 * Ordering and packs from stored pools. The CLI and the studio both go through here, so a
 * pack exported from a run is the same bytes whichever way the run was made. Pairs the designer
 * marked fine (duplicate triage) go to the game's search, which then lets both ship.
 */
import type { OrderingKind } from '../../src-shared/api';
import type { FinePair, OrderingResult, PoolCandidate } from '../../src-shared/game';
import type { AnyGame } from '../../src-shared/games/index';
import { stringifyPack } from '../../src-shared/pack/pack-io';
import type { Db } from '../store/db';
import { handEditedOf, provenCandidates, provenCandidateTexts } from '../store/candidates';
import { keptPairs } from './kept-pairs';
import { levelsText } from '../../src-shared/ordering/level-ranges';
import { candidateLevels } from '../store/candidate-lookup';
import { loadOrdering, saveOrdering, type StoredOrdering } from '../store/orderings';
import type { WorkerPool } from '../jobs/pool';
import { loadFineMarks } from '../store/triage';
import { runMade } from '../store/runs';
import { ORDER_WORDS } from '../../src-shared/ordering/ships-now';
import { appliedTopUps } from '../store/top-ups';
import { packTopUp } from '../../src-shared/top-up';
import { changeRun } from '../store/run-changes';
import {
  blendObserved,
  packObservedBlend,
  type ObservedBlend,
} from '../../src-shared/ordering/observed-blend';
import { figuresByCandidate } from '../../src-shared/playtest/candidate-figures';
import { attemptFiguresOfRun } from '../store/playtest-attempts';

export interface RunSpec {
  id: number;
  seed: number;
  plan: unknown;
  rules: unknown;
}

/**
 * Runs a game's ordering search on pools (in a worker thread in the studio, so the API stays
 * responsive); `fine` names pairs of pool ids the designer marked fine (duplicate triage).
 * Each pool candidate's `level` is the level's JSON text as stored: the worker parses it.
 */
export type OrderRunner = (
  game: AnyGame,
  run: RunSpec,
  pools: PoolCandidate<unknown>[][],
  fine?: FinePair[],
  targetPools?: PoolCandidate<unknown>[][],
) => Promise<OrderingResult>;

/** The ordering search on one of the pool's worker threads; `targetPools`: every proven candidate, for the target line (Game.order). */
export function orderInWorkers(pool: WorkerPool, signal?: AbortSignal): OrderRunner {
  return (game, run, pools, fine, targetPools) =>
    pool.run(
      {
        kind: 'order',
        game: game.id,
        rules: run.rules,
        plan: run.plan,
        pools,
        levelsJson: true,
        ...(fine?.length ? { fine } : {}),
        ...(targetPools ? { targetPools } : {}),
      },
      signal,
    );
}

/** allPools with each level as its stored JSON text (for an OrderRunner); `figure` as in orderStoredPools. */
function allPoolTexts(
  db: Db,
  game: AnyGame,
  run: RunSpec,
  figure: (id: number, m: Record<string, number>) => Record<string, number>,
): PoolCandidate<unknown>[][] {
  const pools: PoolCandidate<unknown>[][] = game.poolSizes(run.plan, run.rules).map(() => []);
  for (const c of provenCandidateTexts(db, run.id, false))
    if (!c.draft && c.slot < pools.length)
      pools[c.slot]!.push({
        id: `${c.slot}:${c.index}`,
        slot: c.slot,
        index: c.index,
        level: c.levelJson,
        metrics: figure(c.id, c.metrics),
      });
  return pools;
}

/**
 * The blend of a run's players' figures into its proven candidates' difficulty, over every
 * proven candidate (so an approved order and its target line see the same figures). The
 * observed figure is the Players report's own (candidate-figures.ts), so the order and the
 * report agree on which levels players found harder.
 */
function observedBlendOf(db: Db, game: AnyGame, runId: number, minTesters: number): ObservedBlend {
  const seen = figuresByCandidate(attemptFiguresOfRun(db, runId));
  const cands = provenCandidateTexts(db, runId, false).flatMap((c) => {
    const model = c.metrics[game.difficulty];
    const o = seen.get(c.id);
    return !c.draft && o && typeof model === 'number' && Number.isFinite(model)
      ? [{ candidateId: c.id, model, testers: o.testers, observed: o.observed }]
      : [];
  });
  return { minTesters, figures: blendObserved(cands, minTesters) };
}

/** A run's proven candidates as the game's pools (ids `slot:index`, as the pipeline uses), for the target line. */
export function allPools(db: Db, game: AnyGame, run: RunSpec): PoolCandidate<unknown>[][] {
  const pools: PoolCandidate<unknown>[][] = game.poolSizes(run.plan, run.rules).map(() => []);
  for (const c of provenCandidates(db, run.id, false))
    if (!c.draft && c.slot < pools.length)
      pools[c.slot]!.push({
        id: `${c.slot}:${c.index}`,
        slot: c.slot,
        index: c.index,
        level: c.level,
        metrics: c.metrics,
      });
  return pools;
}

/** The run's pairs marked fine, in the pools' ids (pairs with a candidate outside the pools drop out). */
export function finePoolPairs(db: Db, runId: number, poolId: ReadonlyMap<number, string>): FinePair[] {
  const out: FinePair[] = [];
  for (const m of loadFineMarks(db, runId)) {
    const a = poolId.get(m.a),
      b = poolId.get(m.b);
    if (a !== undefined && b !== undefined) out.push([a, b]);
  }
  return out;
}

/** Order a run's stored pools (all proven candidates, or the approved ones only); drafts never ship (ordering-view.ts says so). */
export async function orderStoredPools(
  db: Db,
  game: AnyGame,
  run: RunSpec,
  kind: OrderingKind,
  order: OrderRunner,
  opts: { store?: boolean; blend?: { minTesters: number } } = {},
): Promise<{ stored: StoredOrdering; result: OrderingResult }> {
  // With a blend, the game's own order runs on the blended figures (observed-blend.ts); off, the
  // metrics go through untouched, so the order is the same bytes as ever.
  const blend = opts.blend ? observedBlendOf(db, game, run.id, opts.blend.minTesters) : undefined;
  const blended = new Map(blend?.figures.map((f) => [f.candidateId, f.blended]));
  const figure = (id: number, m: Record<string, number>): Record<string, number> => {
    const b = blended.get(id);
    return b === undefined ? m : { ...m, [game.difficulty]: b };
  };
  const sizes = game.poolSizes(run.plan, run.rules);
  const pools: PoolCandidate<unknown>[][] = sizes.map(() => []);
  const dbId = new Map<string, number>(),
    poolId = new Map<number, string>();
  // Levels as their stored text: the runner's worker parses them (the main thread never does).
  for (const c of provenCandidateTexts(db, run.id, kind === 'approved')) {
    if (c.draft) continue;
    // The same ids the pipeline has always used, so the ordering never depends on database ids.
    const id = `${c.slot}:${c.index}`;
    dbId.set(id, c.id);
    poolId.set(c.id, id);
    if (c.slot < pools.length)
      pools[c.slot]!.push({
        id,
        slot: c.slot,
        index: c.index,
        level: c.levelJson,
        metrics: figure(c.id, c.metrics),
      });
  }
  // An order of approved candidates aims at the line drawn from every proven one, as the automatic order does.
  const result = await order(
    game,
    run,
    pools,
    finePoolPairs(db, run.id, poolId),
    kind === 'approved' ? allPoolTexts(db, game, run, figure) : undefined,
  );
  const stored: StoredOrdering = {
    computedAt: new Date().toISOString(),
    problems: result.problems.map((p) => ({ level: p.level, message: p.message })),
    levels: result.levels.map((id, i) => ({
      level: i + 1,
      candidateId: id === null ? null : (dbId.get(id) ?? null),
      target: result.targets[i] ?? null,
    })),
    // Recorded only when a figure moved: a blend with no candidate at the threshold is the model's order.
    ...(blend && blend.figures.length > 0 ? { observedBlend: blend } : {}),
  };
  if (opts.store !== false) saveOrdering(db, run.id, kind, stored);
  return { stored, result };
}

/**
 * Order a finished run's stored pools again (the approved order) and store it only if no other
 * change landed on the run while the worker ordered, from this process or another studio or CLI
 * (store/run-changes.ts); else order again on what is stored now. Without it, a verdict another
 * process set meanwhile was missing from the stored order.
 */
export function reorderStoredPools(
  db: Db,
  game: AnyGame,
  run: RunSpec,
  kind: OrderingKind,
  order: OrderRunner,
  blend?: { minTesters: number },
): Promise<{ stored: StoredOrdering; result: OrderingResult }> {
  return changeRun(
    db,
    run.id,
    () => orderStoredPools(db, game, run, kind, order, { store: false, ...(blend ? { blend } : {}) }),
    (prepared) => {
      saveOrdering(db, run.id, kind, prepared.stored);
      return prepared;
    },
  );
}

export class PackNotReadyError extends Error {
  constructor(
    message: string,
    readonly missingLevels: number[],
  ) {
    super(message);
    this.name = 'PackNotReadyError';
  }
}

/** The pack of a stored ordering, as text. Refuses an ordering with unfilled levels. */
export function packFromStored(
  db: Db,
  game: AnyGame,
  run: RunSpec,
  kind: OrderingKind,
): { pack: unknown; text: string } {
  const stored = loadOrdering(db, run.id, kind);
  if (!stored)
    throw new PackNotReadyError(
      `run ${run.id} has no ${ORDER_WORDS[kind]} ordering yet${kind === 'approved' || kind === 'approved-first' ? ' (compute it first)' : kind === 'steered' ? ' (steer it first)' : ' (the run has not finished)'}`,
      [],
    );
  const missing = stored.levels.filter((l) => l.candidateId === null).map((l) => l.level);
  if (missing.length > 0) {
    const why = stored.problems
      .slice(0, 5)
      .map((p) => `level ${p.level}: ${p.message}`)
      .join('; ');
    throw new PackNotReadyError(
      `the ${ORDER_WORDS[kind]} ordering of run ${run.id} cannot fill ${levelsText(missing)}${why ? ` (${why})` : ''}`,
      missing,
    );
  }
  const ids = stored.levels.map((l) => l.candidateId!);
  const levels = candidateLevels(db, game, ids);
  let pack = game.toPack({ seed: run.seed, rules: run.rules, plan: run.plan, levels }) as object;
  // What made the run (studio version, game generator version), beside the game's fields: the
  // same the run records, so the pack says which generator its levels came from.
  const made = runMade(db, run.id);
  if (made)
    pack = {
      ...pack,
      studio: { made: { studio: made.studio, generator: { game: game.id, ...made.generator } } },
    };
  // The top-ups applied to the run, in order: what to apply to a fresh run of the same seed, plan
  // and rules to make this pack again. Packs of runs without one are unchanged.
  const topUps = appliedTopUps(db, run.id);
  if (topUps.length > 0)
    pack = {
      ...pack,
      studio: {
        ...((pack as { studio?: object }).studio ?? {}),
        topUps: topUps.map((t) => packTopUp(t, t.outcome)),
      },
    };
  // An order computed with players' difficulty blended in says so, with the figures each shipped
  // level's candidate ran on: its pack is not the seed's alone (docs/playtests.md).
  if (stored.observedBlend)
    pack = {
      ...pack,
      studio: {
        ...((pack as { studio?: object }).studio ?? {}),
        observedBlend: packObservedBlend(stored.observedBlend, stored.levels),
      },
    };
  // Hand-edited levels are recorded beside the game's fields (every pack envelope allows
  // extra fields); verify reads them like any other level. Packs without one are unchanged.
  const edited = handEditedOf(db, ids);
  if (edited.size > 0) {
    const handEdited = stored.levels.flatMap((l) => {
      const e = edited.get(l.candidateId!);
      return e ? [{ level: l.level, candidate: e.candidate, from: e.from }] : [];
    });
    pack = { ...pack, studio: { ...((pack as { studio?: object }).studio ?? {}), handEdited } };
  }
  // Near-duplicate pairs the designer marked fine that both ship: kept on purpose, so verify,
  // export and import report them as such instead of as problems (kept-on-purpose.ts).
  const keptOnPurpose = keptPairs(db, run.id, stored.levels);
  if (keptOnPurpose.length > 0)
    pack = { ...pack, studio: { ...((pack as { studio?: object }).studio ?? {}), keptOnPurpose } };
  return { pack, text: stringifyPack(pack) };
}
