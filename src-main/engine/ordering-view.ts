/** Ordering curves as the API serves them: level → candidate, difficulty, target, step. */
import type { OrderingKind, OrderingLevel, OrderingView } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/game';
import type { Db } from '../store/db';
import { loadOrdering } from '../store/orderings';

export function orderingView(db: Db, game: AnyGame, runId: number, kind: OrderingKind): OrderingView {
  const stored = loadOrdering(db, runId, kind);
  const get = db.prepare('SELECT slot, difficulty, metrics FROM candidates WHERE id = ?');
  const levels: OrderingLevel[] = [];
  let prev: number | null = null;
  for (const l of stored?.levels ?? []) {
    const c = l.candidateId === null ? undefined : (get.get(l.candidateId) as { slot: number; difficulty: number | null; metrics: string } | undefined);
    const difficulty = c?.difficulty ?? null;
    levels.push({
      level: l.level,
      candidateId: l.candidateId,
      slot: c?.slot ?? null,
      difficulty,
      target: l.target,
      step: difficulty !== null && prev !== null ? difficulty - prev : null,
      metrics: c ? (JSON.parse(c.metrics) as Record<string, number>) : {},
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
