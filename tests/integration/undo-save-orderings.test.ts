/**
 * Undoing the save of a hand-edited candidate that ships in a stored order (here the approved
 * order, computed after the save: orders are not history entries) leaves that order whole: the
 * level it filled reads empty, named in the order's problems, and the approved pack is refused
 * naming it until the order is recomputed. Redo puts the candidate back there. Undo then redo
 * leaves every row as it was, read straight from SQLite.
 */
import { describe, expect, it } from 'vitest';
import type { CandidateDetail } from '../../src-shared/api';
import type { CarillonLevel } from '../../src-shared/games/carillon/index';
import { candidateName } from '../../src-shared/vocabulary';
import { refusal } from '../helpers/refusal';
import { readRows, rowSnapshot } from '../helpers/rows';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ workers: 2 });

/** The level mirrored left to right: every rule still holds, the same difficulty. */
const mirrored = (l: CarillonLevel): CarillonLevel => ({
  ...l,
  dots: l.dots.map((d) => ({ ...d, x: 640 - d.x })),
});

/** Every row a save, its undo and the orders touch. */
const ROWS = [
  'SELECT * FROM candidates WHERE run_id = ? ORDER BY id',
  'SELECT * FROM candidate_metrics WHERE run_id = ? ORDER BY candidate_id, key',
  'SELECT run_id, a_id, b_id, rule, transform, share FROM duplicate_pairs WHERE run_id = ? ORDER BY a_id, b_id',
  'SELECT * FROM ordering_levels WHERE run_id = ? ORDER BY kind, level',
  'SELECT * FROM orderings WHERE run_id = ? ORDER BY kind',
];

describe('undo of a save whose candidate ships in the approved order', () => {
  it('empties that level with a problem naming it; redo puts it back; the rows match exactly', async () => {
    const run = await studio.finishedRun({ game: 'carillon', seed: 44, levels: 4 });
    const runId = run.id;
    const auto = await studio.api.call('orderings.get', { runId, kind: 'automatic' });
    const shipped: CandidateDetail = await studio.api.call('candidates.get', {
      candidateId: auto.levels[2]!.candidateId!,
    });
    const saved = await studio.api.call('candidates.saveEdited', {
      runId,
      slot: shipped.slot,
      from: shipped.id,
      level: mirrored(shipped.level as CarillonLevel),
    });
    expect(saved.draft).toBe(false);
    const name = candidateName(
      shipped.slot,
      (await studio.api.call('candidates.get', { candidateId: saved.candidateId })).index,
    );
    // Approve the automatic order's other levels and the edit in place of level 3's candidate.
    const approve = auto.levels.map((l) => (l.level === 3 ? saved.candidateId : l.candidateId!));
    await studio.api.call('candidates.setVerdict', { candidateIds: approve, verdict: 'approved' });
    const approved = await studio.api.call('orderings.computeApproved', { runId });
    expect(approved.levels.map((l) => l.candidateId)).toEqual(approve);
    expect(approved.shortLevels).toEqual([]);
    const computed = rowSnapshot(studio.dbPath, ROWS, runId);

    // One history: the approvals first, then the save.
    expect((await studio.api.call('history.undo', { runId })).entries[0]!.kind).not.toBe('edit');
    const beforeUndo = rowSnapshot(studio.dbPath, ROWS, runId);
    const undo = await studio.api.call('history.undo', { runId });
    expect(undo.entries[0]!.kind).toBe('edit');

    // The order keeps its four levels; level 3 is empty and says why.
    const rows = readRows<{ level: number; candidate_id: number | null }>(
      studio.dbPath,
      "SELECT level, candidate_id FROM ordering_levels WHERE run_id = ? AND kind = 'approved' ORDER BY level",
      runId,
    );
    expect(rows.map((r) => r.level)).toEqual([1, 2, 3, 4]);
    expect(rows.map((r) => r.candidate_id)).toEqual([approve[0], approve[1], null, approve[3]]);
    const view = await studio.api.call('orderings.get', { runId, kind: 'approved' });
    expect(view.shortLevels).toEqual([3]);
    expect(view.problems).toContainEqual({
      level: 3,
      message: `${name} left this order when its save was undone: level 3 is empty until the order is recomputed`,
    });
    const refused = await refusal(studio.api.call('packs.export', { runId, kind: 'approved' }));
    expect(refused.message).toMatch(/cannot fill level 3 .*left this order when its save was undone/);
    // The automatic order never held it, and is untouched.
    expect(
      (await studio.api.call('orderings.get', { runId, kind: 'automatic' })).levels.map((l) => l.candidateId),
    ).toEqual(auto.levels.map((l) => l.candidateId));

    // Redo: the candidate is back in level 3, every row as before the undo.
    await studio.api.call('history.redo', { runId });
    expect(rowSnapshot(studio.dbPath, ROWS, runId)).toBe(beforeUndo);
    await studio.api.call('history.redo', { runId });
    expect(rowSnapshot(studio.dbPath, ROWS, runId)).toBe(computed);
    const exported = await studio.api.call('packs.export', { runId, kind: 'approved' });
    expect(
      (JSON.parse(exported.text) as { studio?: { handEdited?: { level: number }[] } }).studio?.handEdited,
    ).toEqual([{ level: 3, candidate: name, from: candidateName(shipped.slot, shipped.index) }]);

    // A jump back over both and forward again: the same rows again, twice over.
    const first = (await studio.api.call('history.list', { runId, limit: 10 })).entries.at(-1)!;
    await studio.api.call('history.jump', { runId, entryId: 0 });
    expect(
      readRows(
        studio.dbPath,
        "SELECT candidate_id FROM ordering_levels WHERE run_id = ? AND kind = 'approved' AND level = 3",
        runId,
      ),
    ).toEqual([{ candidate_id: null }]);
    await studio.api.call('history.jump', { runId, entryId: first.id });
    await studio.api.call('history.redo', { runId });
    expect(rowSnapshot(studio.dbPath, ROWS, runId)).toBe(computed);
  });
});
