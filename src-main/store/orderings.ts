/** Stored orderings: per run and kind, level → candidate with its target. */
import type { OrderingKind } from '../../src-shared/api';
import type { ObservedBlend } from '../../src-shared/ordering/observed-blend';
import type { OrderState } from '../../src-shared/ordering/ships-now';
import type { Db } from './db';
import { writeTransaction } from './write-transaction';

export interface StoredOrdering {
  computedAt: string;
  problems: { level: number; message: string; rule?: string; from?: number; to?: number; by?: number }[];
  levels: { level: number; candidateId: number | null; target: number | null }[];
  /** Computed with players' observed difficulty blended in (absent: on the model alone). */
  observedBlend?: ObservedBlend;
}

export function saveOrdering(db: Db, runId: number, kind: OrderingKind, o: StoredOrdering): void {
  writeTransaction(db, () => {
    db.prepare('DELETE FROM orderings WHERE run_id = ? AND kind = ?').run(runId, kind);
    db.prepare(
      'INSERT INTO orderings (run_id, kind, computed_at, problems, observed_blend) VALUES (?, ?, ?, ?, ?)',
    ).run(
      runId,
      kind,
      o.computedAt,
      JSON.stringify(o.problems),
      o.observedBlend ? JSON.stringify(o.observedBlend) : null,
    );
    const ins = db.prepare(
      'INSERT INTO ordering_levels (run_id, kind, level, candidate_id, target) VALUES (?, ?, ?, ?, ?)',
    );
    for (const l of o.levels) ins.run(runId, kind, l.level, l.candidateId, l.target);
  });
}

/** Replace a stored order's problems (its levels unchanged). */
export function setOrderingProblems(
  db: Db,
  runId: number,
  kind: OrderingKind,
  problems: StoredOrdering['problems'],
): void {
  db.prepare('UPDATE orderings SET problems = ? WHERE run_id = ? AND kind = ?').run(
    JSON.stringify(problems),
    runId,
    kind,
  );
}

export function deleteOrdering(db: Db, runId: number, kind: OrderingKind): void {
  db.prepare('DELETE FROM orderings WHERE run_id = ? AND kind = ?').run(runId, kind);
}

export function loadOrdering(db: Db, runId: number, kind: OrderingKind): StoredOrdering | null {
  const head = db
    .prepare('SELECT computed_at, problems, observed_blend FROM orderings WHERE run_id = ? AND kind = ?')
    .get(runId, kind) as { computed_at: string; problems: string; observed_blend: string | null } | undefined;
  if (!head) return null;
  const levels = db
    .prepare(
      'SELECT level, candidate_id AS candidateId, target FROM ordering_levels WHERE run_id = ? AND kind = ? ORDER BY level',
    )
    .all(runId, kind) as { level: number; candidateId: number | null; target: number | null }[];
  return {
    computedAt: head.computed_at,
    problems: JSON.parse(head.problems) as StoredOrdering['problems'],
    levels,
    ...(head.observed_blend ? { observedBlend: JSON.parse(head.observed_blend) as ObservedBlend } : {}),
  };
}

/** What is stored of each of a run's orders: computed, and filling every level (for shipsNow). */
export function storedOrderStates(db: Db, runId: number): Partial<Record<OrderingKind, OrderState>> {
  const rows = db
    .prepare(
      'SELECT o.kind AS kind, COUNT(l.level) - COUNT(l.candidate_id) AS short FROM orderings o LEFT JOIN ordering_levels l ON l.run_id = o.run_id AND l.kind = o.kind WHERE o.run_id = ? GROUP BY o.kind',
    )
    .all(runId) as { kind: OrderingKind; short: number }[];
  return Object.fromEntries(rows.map((r) => [r.kind, { computed: true, complete: r.short === 0 }]));
}
