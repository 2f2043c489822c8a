/** Storing a checked pack as a read-only imported run: the run, its levels and its order, in one transaction. */
import type { GameId } from '../../src-shared/games/index';
import type { Db } from './db';
import { insertCandidates, type NewCandidate } from './candidates';
import { saveOrdering } from './orderings';
import { insertRun } from './runs';
import { writeTransaction } from './write-transaction';
import type { Provenance } from '../provenance';

export interface ImportedRun {
  game: GameId;
  seed: number;
  name: string;
  plan: unknown;
  rules: unknown;
  /** What made the pack, as it says (`studio.made`), or null. */
  made?: Provenance | null;
  /** The pack's levels in order, one candidate each (slot = level - 1). */
  candidates: NewCandidate[];
}

/** Store the run; its automatic order is the pack's own order. Returns the run id. */
export function storeImportedRun(db: Db, run: ImportedRun, now: string): number {
  return writeTransaction(db, () => {
    const id = insertRun(
      db,
      {
        game: run.game,
        seed: run.seed,
        name: run.name,
        plan: run.plan,
        rules: run.rules,
        status: 'imported',
        made: run.made ?? null,
        levels: run.candidates.length,
        candidatesTotal: run.candidates.length,
      },
      now,
    );
    insertCandidates(db, id, run.candidates);
    const ids = db.prepare('SELECT id FROM candidates WHERE run_id = ? ORDER BY slot').all(id) as {
      id: number;
    }[];
    saveOrdering(db, id, 'automatic', {
      computedAt: now,
      problems: [],
      levels: ids.map((r, i) => ({ level: i + 1, candidateId: r.id, target: null })),
    });
    db.prepare('UPDATE runs SET finished_at = ?, started_at = ? WHERE id = ?').run(now, now, id);
    return id;
  });
}
