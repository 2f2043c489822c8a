/**
 * Save a hand-edited level as a new candidate of its run's pool (issue 15). The level is read
 * and proved with the game's own code (Game.parseLevel, Game.prove: the same proof the editor
 * runs and verify is built on); it is stored with its claims rewritten from the proof, marked
 * hand-edited, linked to the candidate it came from, and as a draft when it breaks a hard rule
 * (orderings skip drafts and say so). Its near-duplicates are found against the same
 * neighbours the run's pass compares (its slot and the game's window around it), on the worker
 * pool, and stored with it. One history change, so undo removes it and redo restores it. A
 * level identical to a candidate of its pool is not stored again: the reply names that one.
 */
import { ApiError, type SavedEdit } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/games/index';
import { LevelFormatError, type LevelProof } from '../../src-shared/proof';
import { candidateName } from '../../src-shared/vocabulary';
import type { Db } from '../store/db';
import { historyState, recordChange } from '../store/history';
import {
  insertEditedCandidate,
  neighbourLevels,
  nextEditIndex,
  type CandidateSnapshot,
} from '../store/edited-candidates';
import { candidateRuns } from '../store/candidates';
import { slotIndexes } from '../store/candidate-lookup';
import type { WorkerPool } from '../jobs/pool';
import type { RunSpec } from './finish';
import { changeRun } from '../store/run-changes';
import { PROVE_BUDGET_MS, proveOnPool } from './prove-level';

export interface SaveEditedArgs {
  slot: number;
  /** The candidate the level was edited from (same run), if any. */
  from?: number;
  level: unknown;
}

/** Read a level sent by the editor, or refuse it naming each field (`level.dots.3.x: …`). */
function readLevel(game: AnyGame, raw: unknown): unknown {
  if (raw === undefined)
    throw new ApiError('bad-argument', 'the level is missing', [{ field: 'level', message: 'is required' }]);
  try {
    return game.parseLevel(raw);
  } catch (e) {
    if (e instanceof LevelFormatError) {
      const fields = e.fields.map((f) => ({
        field: f.field === '(arguments)' ? 'level' : `level.${f.field}`,
        message: f.message,
      }));
      throw new ApiError(
        'bad-argument',
        `the level is not a valid ${game.title} level: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`,
        fields,
      );
    }
    throw e;
  }
}

/** The slot must be one of the plan's levels. */
function checkSlot(game: AnyGame, plan: unknown, slot: number): void {
  const n = game.levelCount(plan);
  if (slot >= n)
    throw new ApiError(
      'bad-argument',
      `slot ${slot} is outside the run's plan (slots 0–${n - 1}, levels 1–${n})`,
      [{ field: 'slot', message: `must be at most ${n - 1}` }],
    );
}

/** Prove a level in a run's slot, on a worker within `budgetMs` (nothing is stored). */
export function proveInRun(
  pool: WorkerPool,
  game: AnyGame,
  run: RunSpec,
  slot: number,
  raw: unknown,
  budgetMs = PROVE_BUDGET_MS,
): Promise<LevelProof> {
  checkSlot(game, run.plan, slot);
  return proveOnPool(pool, game, run, slot, readLevel(game, raw), budgetMs);
}

/** The candidate among `pool` whose level is the same level as `level`, or null. */
function sameLevelIn<T extends { level: unknown }>(game: AnyGame, level: unknown, pool: T[]): T | null {
  const canonical = (l: unknown): string | null => {
    try {
      return JSON.stringify(game.parseLevel(l));
    } catch {
      return null; // a stored level the game no longer reads is no match
    }
  };
  const want = canonical(level);
  return want === null ? null : (pool.find((c) => canonical(c.level) === want) ?? null);
}

/**
 * The pairs the run's pass would find for a new level in `slot` (its window ahead, and every
 * earlier slot whose window reaches it), against the stored neighbours, on the pool. The
 * earlier of two (slot, then index; the new one comes after its slot's stored ones) is `a`.
 */
async function nearDuplicatesOf(
  db: Db,
  pool: WorkerPool,
  game: AnyGame,
  run: RunSpec,
  slot: number,
  level: unknown,
): Promise<CandidateSnapshot['pairs']> {
  const ahead = (s: number): number => game.dedupSlotsAhead?.(run.plan, s) ?? 2;
  const neighbours = neighbourLevels(
    db,
    run.id,
    (s) => (s >= slot && s <= slot + ahead(slot)) || (s < slot && slot <= s + ahead(s)),
  );
  const levels = [...neighbours.map((n) => n.level), level];
  const self = levels.length - 1;
  const found = neighbours.length
    ? await pool.run({ kind: 'dedup', game: game.id, rules: run.rules, levels, focus: [self] })
    : [];
  return found.map((p) => {
    const other = neighbours[p.a === self ? p.b : p.a]!;
    const otherFirst = other.slot <= slot;
    return {
      a: otherFirst ? other.id : 'self',
      b: otherFirst ? 'self' : other.id,
      rule: p.rule,
      transform: p.transform,
      share: p.share,
    };
  });
}

export async function saveEdited(
  db: Db,
  pool: WorkerPool,
  game: AnyGame,
  run: RunSpec,
  args: SaveEditedArgs,
  now: string,
  budgetMs = PROVE_BUDGET_MS,
): Promise<SavedEdit> {
  checkSlot(game, run.plan, args.slot);
  let parent: { slot: number; index: number } | null = null;
  if (args.from !== undefined) {
    const owner = candidateRuns(db, [args.from]).get(args.from);
    if (owner === undefined)
      throw new ApiError('not-found', `candidate ${args.from} does not exist`, [
        { field: 'from', message: 'unknown candidate id' },
      ]);
    if (owner !== run.id)
      throw new ApiError(
        'bad-argument',
        `candidate ${args.from} belongs to run ${owner}, not run ${run.id}`,
        [{ field: 'from', message: `not a candidate of run ${run.id}` }],
      );
    parent = slotIndexes(db, [args.from]).get(args.from)!;
  }
  // On a worker, within the budget: past it, nothing below runs and nothing is stored.
  const proof = await proveOnPool(pool, game, run, args.slot, readLevel(game, args.level), budgetMs);
  const level = proof.level;
  const metrics = proof.metrics ?? {};

  const slot = args.slot;
  // A level identical to one already in its pool (the game's canonical level JSON: read by
  // parseLevel, claims restated by the proof) is that candidate: nothing is stored. Looked up
  // inside the compare-and-swap below (before the pairs are computed, and again in the write's
  // own transaction), so two processes saving the same level at once store it once.
  const sameNow = (): { id: number; slot: number; index: number } | null =>
    sameLevelIn(
      game,
      level,
      neighbourLevels(db, run.id, (s) => s === slot),
    );
  const poolSize = game.poolSizes(run.plan, run.rules)[slot] ?? 0;
  let candidateId = 0;
  let index = 0;
  const broken = [...new Set(proof.violations.map((v) => v.name))];
  // Its near-duplicates are computed away from the database (on the pool), so the candidate is
  // stored only if no other change landed on the run meanwhile, from this process or another
  // studio or CLI; else they are computed again against what is stored now (store/run-changes.ts).
  // Without it, an edit another process saved in the same slot meanwhile was never compared.
  const stored = await changeRun(
    db,
    run.id,
    async () => {
      const same = sameNow();
      return same
        ? { same, pairs: [] }
        : { same: null, pairs: await nearDuplicatesOf(db, pool, game, run, slot, level) };
    },
    (prepared) => {
      const same = prepared.same ?? sameNow();
      if (same) return { same };
      const pairs = prepared.pairs;
      const snapshot: CandidateSnapshot = {
        runId: run.id,
        slot,
        // Read in the write's transaction: another process's edit may have taken the next index.
        index: (index = nextEditIndex(db, run.id, slot, poolSize)),
        level,
        metrics,
        difficulty: metrics[game.difficulty] ?? null,
        proof: {
          handEdited: true,
          from: args.from ?? null,
          draft: !proof.ok,
          broken: proof.violations.map((v) => ({ rule: v.rule, name: v.name, message: v.message })),
        },
        verdict: 'none',
        note: '',
        tags: [],
        handEdited: true,
        draft: !proof.ok,
        parentId: args.from ?? null,
        pairs,
      };
      const recorded = recordChange(
        db,
        run.id,
        now,
        {
          kind: 'edit',
          label: (scope) =>
            `Saved ${proof.ok ? '' : 'the draft '}${scope}${parent ? `, edited from ${candidateName(parent.slot, parent.index)}` : ', a new level'}${broken.length ? ` (breaks ${broken.slice(0, 3).join(', ')}${broken.length > 3 ? ', …' : ''})` : ''}`,
        },
        () => {
          const r = insertEditedCandidate(db, snapshot);
          candidateId = r.id;
          return [r.change];
        },
      );
      return { ...recorded, pairs, same: null };
    },
  );
  if (stored.same) {
    const state = historyState(db, run.id);
    return {
      ...state,
      changed: 0,
      changes: [],
      entry: null,
      undoable: state.undo !== null,
      candidateId: stored.same.id,
      name: candidateName(stored.same.slot, stored.same.index),
      existing: true,
      draft: !proof.ok,
      proof,
      duplicates: [],
    };
  }
  const { changes, entry, pairs } = stored;
  const state = historyState(db, run.id);
  return {
    ...state,
    changed: entry ? entry.rows : 0,
    changes,
    entry,
    undoable: state.undo !== null,
    candidateId,
    name: candidateName(slot, index),
    existing: false,
    draft: !proof.ok,
    proof,
    duplicates: pairs.map((p) => ({
      candidateId: (p.a === 'self' ? p.b : p.a) as number,
      rule: p.rule,
      transform: p.transform,
      share: p.share,
    })),
  };
}
