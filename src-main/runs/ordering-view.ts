/** Ordering curves as the API serves them: level → candidate, difficulty, target, step. */
import type { OrderingKind, OrderingLevel, OrderingView } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/game';
import type { Db } from '../store/db';
import { loadOrdering } from '../store/orderings';
import { curvePoints } from '../store/candidate-lookup';

export function orderingView(db: Db, game: AnyGame, runId: number, kind: OrderingKind): OrderingView {
  const stored = loadOrdering(db, runId, kind);
  const storedLevels = stored?.levels ?? [];
  const points = curvePoints(db, storedLevels.flatMap((l) => (l.candidateId === null ? [] : [l.candidateId])));
  const levels: OrderingLevel[] = [];
  let prev: number | null = null;
  for (const l of storedLevels) {
    const c = l.candidateId === null ? undefined : points.get(l.candidateId);
    const difficulty = c?.difficulty ?? null;
    levels.push({
      level: l.level,
      candidateId: l.candidateId,
      slot: c?.slot ?? null,
      difficulty,
      target: l.target,
      step: difficulty !== null && prev !== null ? difficulty - prev : null,
      metrics: c ? c.metrics : {},
    });
    prev = difficulty;
  }
  return {
    runId,
    kind,
    computedAt: stored?.computedAt ?? null,
    difficulty: game.difficulty,
    levels,
    problems: stored?.problems ?? [],
    shortLevels: levels.filter((l) => l.candidateId === null).map((l) => l.level),
  };
}
