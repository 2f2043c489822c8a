/**
 * What a level of an order could swap to: the candidates of the level's pool (slot level−1) and
 * of the other pools of its stage (every game ships a stage's candidates anywhere in the stage,
 * so these are what the level may hold), each with the curve rules it would break there beside the neighbours the order has now and
 * its distance to the level's target (src-shared/ordering/fit.ts), best fit first. Candidates
 * the steering may not ship (excluded; rejected; drafts; not approved when it steers over approved
 * ones only; not proven) are left out and counted.
 */
import type { OrderingKind, SwapOption, SwapOptions } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/games/index';
import { compareFitRank, fitAt, fitRank, type FitRank } from '../../src-shared/ordering/fit';
import type { Db } from '../store/db';
import { MAX_SWAP_WEIGHED } from '../../src-shared/api/call-bounds';
import { candidateLevels, swapCandidates } from '../store/swap-candidates';
import { emptySteering, loadSteering } from '../store/steering';
import { getRun } from '../store/runs';
import { orderingView } from './ordering-view';

/** At most this many options are sent (a stage holds a hundred or more candidates). */
const MAX_OPTIONS = 40;

export function swapOptions(
  db: Db,
  game: AnyGame,
  runId: number,
  kind: OrderingKind,
  level: number,
): SwapOptions {
  const view = orderingView(db, game, runId, kind);
  if (level > view.levels.length) {
    throw new RangeError(
      view.levels.length === 0
        ? `the ${kind} order of run ${runId} has not been computed`
        : `level ${level} is not a level of the ${kind} order (1–${view.levels.length})`,
    );
  }
  const steering = loadSteering(db, runId) ?? emptySteering();
  const here = view.levels[level - 1]!;
  const diffs = view.levels.map((l) => l.difficulty);
  const shippedAt = new Map(
    view.levels.flatMap((l) => (l.candidateId === null ? [] : [[l.candidateId, l.level] as const])),
  );
  const pinnedAt = new Map(steering.pins.map((p) => [p.candidateId, p.level]));
  const excluded = new Set(steering.excluded);
  const approvedOnly = kind === 'approved' || (kind === 'steered' && steering.approved);
  const run = getRun(db, runId);
  const stage = (run ? game.stages(run.plan) : []).find((st) => st.first <= level && level <= st.last) ?? {
    first: level,
    last: level,
  };
  // At most MAX_SWAP_WEIGHED candidates, light (no levels): the current pick, its own pool, then
  // the nearest pools. Levels are read only for the options sent.
  const { items, total } = swapCandidates(db, {
    runId,
    firstSlot: stage.first - 1,
    lastSlot: stage.last - 1,
    ownSlot: level - 1,
    current: here.candidateId,
    limit: MAX_SWAP_WEIGHED,
  });
  const fits: { option: Omit<SwapOption, 'level'>; rank: FitRank; key: number }[] = [];
  let leftOut = 0;
  for (const c of items) {
    const d = c.difficulty ?? undefined;
    if (
      !c.proven ||
      d === undefined ||
      excluded.has(c.id) ||
      c.verdict === 'rejected' ||
      c.draft ||
      (approvedOnly && c.verdict !== 'approved')
    ) {
      leftOut++;
      continue;
    }
    const fit = fitAt(diffs, level, d, here.target, view.curveRules);
    fits.push({
      rank: fitRank(fit),
      // Ties: the level's own pool first, then by pool and place.
      key: (c.slot === level - 1 ? 0 : 1) * 1e9 + c.slot * 1e4 + c.index,
      option: {
        candidateId: c.id,
        slot: c.slot,
        index: c.index,
        difficulty: d,
        verdict: c.verdict,
        breaks: fit.breaks.map((b) => ({ ...b })),
        off: fit.off,
        shippedAt: shippedAt.get(c.id) ?? null,
        pinnedAt: pinnedAt.get(c.id) ?? null,
      },
    });
  }
  fits.sort((a, b) => compareFitRank(a.rank, b.rank) || a.key - b.key);
  // The best fits are what a designer picks from; the rest of a large stage is counted, not sent.
  const picked = fits.slice(0, MAX_OPTIONS).map((f) => f.option);
  const current = here.candidateId;
  if (current !== null && !picked.some((o) => o.candidateId === current)) {
    const cur = fits.find((f) => f.option.candidateId === current);
    if (cur) picked.push(cur.option);
  }
  const levels = candidateLevels(
    db,
    picked.map((o) => o.candidateId),
  );
  const shown: SwapOption[] = picked.map((o) => ({ ...o, level: levels.get(o.candidateId) ?? null }));
  return {
    runId,
    kind,
    level,
    stage: { first: stage.first, last: stage.last },
    current,
    target: here.target,
    options: shown,
    leftOut,
    more: fits.length - shown.length,
    unweighed: total - items.length,
  };
}
