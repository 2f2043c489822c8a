/**
 * Near-duplicate pairs an order ships on purpose: pairs the designer marked fine in triage
 * whose two candidates both ship in it (and, for an imported run, the pairs its pack kept),
 * with the one sentence the studio shows for each (Export page, Ordering page, CLI export).
 */
import type { KeptPair } from '../../src-shared/pack/kept-on-purpose';
import { candidateName } from '../../src-shared/vocabulary';
import { importedKeptPairs } from '../store/candidates';
import { slotIndexes } from '../store/candidate-lookup';
import type { Db } from '../store/db';
import type { StoredOrdering } from '../store/orderings';
import { loadFineMarks } from '../store/triage';

/** The run's pairs marked fine whose two candidates both ship in `levels`, earlier level first. */
export function keptPairs(db: Db, runId: number, levels: StoredOrdering['levels']): KeptPair[] {
  const levelOf = new Map(
    levels.flatMap((l) => (l.candidateId === null ? [] : [[l.candidateId, l.level] as const])),
  );
  const marks = loadFineMarks(db, runId).filter((m) => levelOf.has(m.a) && levelOf.has(m.b));
  const names = slotIndexes(
    db,
    marks.flatMap((m) => [m.a, m.b]),
  );
  const name = (id: number): string => candidateName(names.get(id)!.slot, names.get(id)!.index);
  const fromMarks = marks.map((m): KeptPair => {
    const [x, y] = levelOf.get(m.a)! < levelOf.get(m.b)! ? [m.a, m.b] : [m.b, m.a];
    return { levels: [levelOf.get(x)!, levelOf.get(y)!], candidates: [name(x), name(y)], by: m.by, at: m.at };
  });
  // An imported run has no triage of its own: its levels carry the pairs their pack kept.
  return [...fromMarks, ...importedKeptPairs(db, [...levelOf.keys()])].sort(
    (p, q) => p.levels[0] - q.levels[0] || p.levels[1] - q.levels[1],
  );
}

/** "levels 3 and 7 (L3 · c1, L7 · c4) are near-duplicates kept on purpose: marked fine by ana on 2026-11-30". */
export function keptLine(k: KeptPair): { levels: [number, number]; message: string } {
  return {
    levels: k.levels,
    message: `levels ${k.levels[0]} and ${k.levels[1]} (${k.candidates[0]}, ${k.candidates[1]}) are near-duplicates kept on purpose: marked fine by ${k.by} on ${k.at.slice(0, 10)}`,
  };
}
