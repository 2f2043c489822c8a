/**
 * The red team's heavy data (issue 21), stored directly so a bench or test need not generate
 * it: a Carillon run whose one stretch of `levels` levels holds `count` candidates (copies of
 * 16 real levels, with spread-out difficulties) and a stored automatic order, and a run whose
 * one level asks for 18 taps (the slot a lone-dots level proves slowly in).
 */
import { carillonGame } from '../../src-shared/games/carillon/index';
import { insertCandidates, type NewCandidate } from '../store/candidates';
import type { Db } from '../store/db';
import { saveOrdering } from '../store/orderings';
import { insertRun } from '../store/runs';
import { candidateIdsInOrder } from '../store/candidate-lookup';

export function insertStageRun(db: Db, count: number, levels = 40): { runId: number; ids: number[] } {
  const game = carillonGame;
  const plan = [{ from: 1, to: levels, taps: 3, minDots: 10, maxDots: 14, tutorial: false }];
  const perSlot = Math.ceil(count / levels);
  const rules = { ...game.defaultRules, poolSize: perSlot };
  const runId = insertRun(
    db,
    {
      game: 'carillon',
      seed: 1,
      name: `${count} candidates in one stretch`,
      plan,
      rules,
      status: 'done',
      levels,
      candidatesTotal: count,
    },
    new Date().toISOString(),
  );
  const seeds = Array.from({ length: 16 }, (_, i) =>
    game.generate({ rules: game.defaultRules, plan, seed: 1, slot: 0, index: i }),
  ).filter((c) => c.level !== null);
  const rows: NewCandidate[] = [];
  for (let i = 0; i < count; i++) {
    const c = seeds[i % seeds.length]!;
    const metrics = { ...c.metrics, bits: (c.metrics.bits ?? 0) + (i % 997) / 100 };
    rows.push({
      slot: Math.floor(i / perSlot),
      index: i % perSlot,
      level: c.level,
      metrics,
      difficulty: metrics.bits,
      proof: { tries: c.tries },
    });
  }
  for (let i = 0; i < rows.length; i += 1000) insertCandidates(db, runId, rows.slice(i, i + 1000));
  const ids = candidateIdsInOrder(db, runId);
  saveOrdering(db, runId, 'automatic', {
    computedAt: new Date().toISOString(),
    problems: [],
    levels: Array.from({ length: levels }, (_, l) => ({
      level: l + 1,
      candidateId: ids[l * perSlot] ?? null,
      target: 2 + l * 0.5,
    })),
  });
  return { runId, ids };
}

export const HEAVY_TAPS = 18;

/** 18 small dots far apart: no ring reaches another, so every dot is its own tap. */
export const loneDotsLevel = {
  dots: Array.from({ length: HEAVY_TAPS }, (_, i) => ({
    x: 30 + (i % 6) * 100,
    y: 30 + Math.floor(i / 6) * 200,
    size: 'small' as const,
    color: 0,
  })),
};

/** A done Carillon run whose one level asks for 18 taps. */
export function insertEighteenTapRun(db: Db): number {
  return insertRun(
    db,
    {
      game: 'carillon',
      seed: 1,
      name: '18 taps',
      plan: [{ from: 1, to: 1, taps: HEAVY_TAPS, minDots: HEAVY_TAPS, maxDots: HEAVY_TAPS }],
      rules: carillonGame.defaultRules,
      status: 'done',
      levels: 1,
      candidatesTotal: 0,
    },
    new Date().toISOString(),
  );
}
