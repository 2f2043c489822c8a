/**
 * What a level of an order could swap to: the candidates of the level's pool (slot level−1),
 * each with the curve rules it would break there beside the neighbours the order has now and
 * its distance to the level's target (src-shared/ordering/fit.ts), best fit first. Candidates
 * the steering may not ship (excluded; rejected; drafts; not approved when it steers over approved
 * ones only; not proven) are left out and counted.
 */
import type { OrderingKind, SwapOption, SwapOptions } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/game';
import { compareFit, fitAt } from '../../src-shared/ordering/fit';
import type { Db } from '../store/db';
import { listCandidates } from '../store/candidates';
import { emptySteering, loadSteering } from '../store/steering';
import { orderingView } from './ordering-view';

export function swapOptions(db: Db, game: AnyGame, runId: number, kind: OrderingKind, level: number): SwapOptions {
  const view = orderingView(db, game, runId, kind);
  if (level > view.levels.length) {
    throw new RangeError(view.levels.length === 0 ? `the ${kind} order of run ${runId} has not been computed` : `level ${level} is not a level of the ${kind} order (1–${view.levels.length})`);
  }
  const steering = loadSteering(db, runId) ?? emptySteering();
  const here = view.levels[level - 1]!;
  const diffs = view.levels.map((l) => l.difficulty);
  const shippedAt = new Map(view.levels.flatMap((l) => (l.candidateId === null ? [] : [[l.candidateId, l.level] as const])));
  const pinnedAt = new Map(steering.pins.map((p) => [p.candidateId, p.level]));
  const excluded = new Set(steering.excluded);
  const approvedOnly = kind === 'approved' || (kind === 'steered' && steering.approved);
  const pool = listCandidates(db, { runId, slot: level - 1, offset: 0, limit: 2000, withLevels: true });
  const fits: { option: SwapOption; fit: ReturnType<typeof fitAt>; key: number }[] = [];
  let leftOut = 0;
  for (const c of pool.items) {
    const d = c.metrics[game.difficulty];
    if (c.level === null || d === undefined || excluded.has(c.id) || c.verdict === 'rejected' || c.draft || (approvedOnly && c.verdict !== 'approved')) { leftOut++; continue; }
    const fit = fitAt(diffs, level, d, here.target, view.curveRules);
    fits.push({
      fit,
      key: c.index,
      option: {
        candidateId: c.id,
        slot: c.slot,
        index: c.index,
        difficulty: d,
        verdict: c.verdict,
        level: c.level,
        breaks: fit.breaks.map((b) => ({ ...b })),
        off: fit.off,
        shippedAt: shippedAt.get(c.id) ?? null,
        pinnedAt: pinnedAt.get(c.id) ?? null,
      },
    });
  }
  fits.sort((a, b) => compareFit(a.fit, b.fit) || a.key - b.key);
  return { runId, kind, level, current: here.candidateId, target: here.target, options: fits.map((f) => f.option), leftOut };
}
