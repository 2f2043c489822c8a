/**
 * How a run's near-duplicate pass is split into worker tasks (src-main/runs/near-duplicates.ts):
 * every focus slot once, in order; tasks as large as keep every worker busy, so the levels a
 * task's window reaches past its end, which the next task sends again, are few; and the pairs
 * found are the same however the run is split, and the same as comparing every level at once.
 */
import { describe, expect, it } from 'vitest';
import { gameById } from '../../src-shared/games/index';
import runTask from '../../src-main/jobs/worker';
import { insertGeneratedRun } from '../../src-main/bench/fixtures';
import { openDatabase } from '../../src-main/store/db';
import { provenCandidateTexts } from '../../src-main/store/candidates';
import { chunkTarget, focusChunks, passTasks } from '../../src-main/runs/near-duplicates';
import type { DedupTask } from '../../src-main/jobs/tasks';

type Pair = { a: number; b: number; rule: string; transform: string; share: number };

describe('near-duplicate tasks', () => {
  it('cut the slots in order, each slot once, each task at least its target but the last', () => {
    const slots = Array.from({ length: 37 }, (_, i) => ({ slot: i * 2, count: 1 + (i % 5) }));
    for (const target of [1, 7, 96, 1000]) {
      const chunks = focusChunks(slots, target);
      expect(chunks.flat()).toEqual(slots.map((s) => s.slot));
      const size = (c: number[]): number => c.reduce((n, s) => n + slots.find((x) => x.slot === s)!.count, 0);
      for (const c of chunks.slice(0, -1)) expect(size(c)).toBeGreaterThanOrEqual(target);
    }
    expect(focusChunks([], 96)).toEqual([]);
    // Two tasks per worker, never under 96 candidates.
    expect([chunkTarget(1916, 2), chunkTarget(1916, 1), chunkTarget(100, 2), chunkTarget(1916, 0)]).toEqual([
      479, 958, 96, 958,
    ]);
  });

  it('find the same pairs however the run is split, as comparing all its levels at once; few levels sent twice', () => {
    const db = openDatabase(':memory:');
    const game = gameById('carillon');
    // 40 slots of 16 real candidates.
    const { runId } = insertGeneratedRun(db, 'carillon', 640);
    const run = { id: runId, plan: game.defaultPlan, rules: game.defaultRules };
    const pairsOf = (workers: number): { pairs: string[]; sent: number; tasks: number } => {
      const tasks = passTasks(db, game, run, workers);
      const pairs = tasks.flatMap((t) =>
        (runTask(t.task) as Pair[]).map(
          (p) => `${t.ids[p.a]}-${t.ids[p.b]} ${p.rule} ${p.transform} ${p.share}`,
        ),
      );
      return { pairs: pairs.sort(), sent: tasks.reduce((n, t) => n + t.ids.length, 0), tasks: tasks.length };
    };
    // Every level in one task, compared within 2 slots (Carillon's window).
    const cands = provenCandidateTexts(db, runId).sort((x, y) => x.slot - y.slot || x.id - y.id);
    const ids = cands.map((c) => c.id);
    const all: DedupTask = {
      kind: 'dedup',
      game: 'carillon',
      rules: run.rules,
      levelsJson: cands.map((c) => c.levelJson),
      slots: cands.map((c) => c.slot),
      reach: Object.fromEntries(cands.map((c) => [c.slot, c.slot + 2])),
    };
    const whole = (runTask(all) as Pair[])
      .map((p) => `${ids[p.a]}-${ids[p.b]} ${p.rule} ${p.transform} ${p.share}`)
      .sort();
    expect(ids).toHaveLength(640);
    expect(whole.length).toBeGreaterThan(0);
    const split = [1, 2, 3, 1000].map(pairsOf);
    for (const s of split) expect(s.pairs).toEqual(whole);
    // Two workers: 4 tasks of 10 slots, 3 × 2 slots sent twice (tasks of 96 candidates: 7 tasks, 832 levels).
    expect([split[1]!.tasks, split[1]!.sent]).toEqual([4, 736]);
    expect([split[3]!.tasks, split[3]!.sent]).toEqual([7, 832]);
    db.close();
  });
});
