/**
 * Hand-edited levels through the API (issue 15): candidates.prove answers the game's proof and
 * names a malformed field; candidates.saveEdited stores a new candidate of the same pool,
 * linked to the one it came from, with its near-duplicates found; a level breaking a hard rule
 * is saved as a draft that the orderings skip and name; the save is one history change that
 * undo removes and redo restores; a level identical to one of its pool points at that
 * candidate and stores nothing; a hand-edited level ships in a steered pack, which records
 * it in its metadata and verifies clean. Apsis too: a copy finds its parent, an overlap makes a draft.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CandidateDetail,
  CandidatePage,
  DuplicatePairView,
  HistoryStep,
  SavedEdit,
} from '../../src-shared/api';
import { carillonGame, type CarillonLevel } from '../../src-shared/games/carillon/index';
import { candidateName } from '../../src-shared/vocabulary';
import type { ApsisLevel } from '../../src-shared/games/apsis/index';
import { refusal, refusalOf } from '../helpers/refusal';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ prefix: 'studio-edited-' });
let runId: number;
let pool: CandidatePage['items'];
/** The candidate the automatic order ships as level 3, and its slot (the edits start from it). */
let shipped: CandidateDetail;
let slot: number;
/** The steered pack with a hand-edited level in it, as exported. */
let steeredPack: string;

/** The level mirrored left to right: every rule still holds, and it is a near-duplicate of the original. */
const mirrored = (l: CarillonLevel): CarillonLevel => ({
  ...l,
  dots: l.dots.map((d) => ({ ...d, x: 640 - d.x })),
});
/** Dot 1 moved onto dot 0: closer than the spacing allows. */
const crowded = (l: CarillonLevel): CarillonLevel => ({
  ...l,
  dots: l.dots.map((d, i) => (i === 1 ? { ...d, x: l.dots[0]!.x + 3, y: l.dots[0]!.y } : d)),
});

beforeAll(async () => {
  runId = (await studio.finishedRun({ game: 'carillon', seed: 21, levels: 4 })).id;
  const auto = await studio.api.call('orderings.get', { runId, kind: 'automatic' });
  shipped = await studio.api.call('candidates.get', { candidateId: auto.levels[2]!.candidateId! });
  slot = shipped.slot;
  // The shipped one first.
  pool = (await studio.api.call('candidates.list', { runId, slot })).items.sort(
    (a, b) => Number(b.id === shipped.id) - Number(a.id === shipped.id),
  );
}, 240_000);

describe('candidates.prove', () => {
  it("answers the game's proof of a level in a run's slot, naming each broken rule", async () => {
    const level = pool[0]!.level as CarillonLevel;
    const clean = await studio.api.call('candidates.prove', { runId, slot, level });
    const { jobMs: _ms, ...measured } = pool[0]!.metrics;
    expect(clean).toMatchObject({ ok: true, violations: [], metrics: measured });
    const bad = await studio.api.call('candidates.prove', { runId, slot, level: crowded(level) });
    expect(bad.ok).toBe(false);
    expect(bad.violations.find((v) => v.rule === 'spacing')).toMatchObject({
      name: 'Spacing between dots',
      elements: [0, 1],
      mark: { kind: 'gap', a: 0, b: 1 },
    });
  });

  it('refuses a malformed level naming the field, and a slot outside the plan', async () => {
    const r = await refusal(
      studio.api.call('candidates.prove', {
        runId,
        slot: 0,
        level: { dots: [{ x: 'left', y: 3, size: 'big', color: 0 }] },
      }),
    );
    expect(r.code).toBe('bad-argument');
    expect(r.fields).toEqual([{ field: 'level.dots.0.x', message: 'must be a number' }]);
    expect(r.message).not.toMatch(/invalid_type|expected/);
    const missing = await refusalOf(studio.service, 'candidates.prove', { runId, slot: 0 });
    expect(missing.fields).toEqual([{ field: 'level', message: 'is required' }]);
    const far = await refusal(studio.api.call('candidates.prove', { runId, slot: 4, level: pool[0]!.level }));
    expect(far.fields).toEqual([{ field: 'slot', message: 'must be at most 3' }]);
  });
});

describe('candidates.saveEdited', () => {
  let edited: SavedEdit;
  let draft: SavedEdit;

  it('stores a new candidate of the same pool, hand-edited, linked to its parent, with its near-duplicates', async () => {
    const parent = pool[0]!;
    edited = await studio.api.call('candidates.saveEdited', {
      runId,
      slot,
      from: parent.id,
      level: mirrored(parent.level as CarillonLevel),
    });
    expect(edited.draft).toBe(false);
    expect(edited.proof.ok).toBe(true);
    expect(edited.entry?.kind).toBe('edit');
    expect(edited.entry?.label).toBe(
      `Saved ${candidateName(slot, (await studio.api.call('candidates.get', { candidateId: edited.candidateId })).index)}, edited from ${candidateName(slot, parent.index)}`,
    );
    const row = await studio.api.call('candidates.get', { candidateId: edited.candidateId });
    expect(row).toMatchObject({ slot, handEdited: true, draft: false, parentId: parent.id, verdict: 'none' });
    expect(row.index).toBeGreaterThanOrEqual(pool.length);
    const { jobMs: _ms, ...measured } = parent.metrics;
    expect(row.metrics).toEqual(measured);
    // Its mirror image is found as a near-duplicate of the parent, and stored among the run's pairs.
    expect(edited.duplicates.map((d) => d.candidateId)).toContain(parent.id);
    const pairs = await studio.api.call('duplicates.list', { runId });
    expect(
      pairs.some(
        (p) => [p.a.id, p.b.id].includes(edited.candidateId) && [p.a.id, p.b.id].includes(parent.id),
      ),
    ).toBe(true);
    // A candidate like any other: listed in its pool.
    const listed = (await studio.api.call('candidates.list', { runId, slot })).items;
    expect(listed.map((c) => c.id)).toContain(edited.candidateId);
    // It is not one of the run's jobs: the run's progress still counts its own.
    const summary = (await studio.api.call('runs.list', {})).find((r) => r.id === runId)!;
    expect(summary.candidatesDone).toBe(summary.candidatesTotal);
  });

  it('a level identical to a candidate of its pool points at that candidate and stores nothing', async () => {
    const before = await studio.api.call('history.list', { runId, limit: 1 });
    const total = (await studio.api.call('candidates.list', { runId, limit: 1 })).total;
    // The edited level saved again, its claims stale (the proof restates them): the same level.
    const again = await studio.api.call('candidates.saveEdited', {
      runId,
      slot,
      from: pool[0]!.id,
      level: { ...mirrored(pool[0]!.level as CarillonLevel), taps: 99, bits: 0 },
    });
    const row = await studio.api.call('candidates.get', { candidateId: edited.candidateId });
    expect(again).toMatchObject({
      existing: true,
      candidateId: edited.candidateId,
      name: candidateName(slot, row.index),
      changed: 0,
      entry: null,
    });
    // A generated candidate's own level, unedited: that candidate.
    const own = await studio.api.call('candidates.saveEdited', {
      runId,
      slot,
      from: pool[2]!.id,
      level: pool[2]!.level,
    });
    expect(own).toMatchObject({
      existing: true,
      candidateId: pool[2]!.id,
      name: candidateName(slot, pool[2]!.index),
    });
    expect((await studio.api.call('candidates.list', { runId, limit: 1 })).total).toBe(total);
    expect((await studio.api.call('history.list', { runId, limit: 1 })).undo?.id).toBe(before.undo?.id);
    // The same level in another slot's pool is not that candidate: it is stored there.
    const other = (await studio.api.call('candidates.list', { runId })).items.find((c) => c.slot !== slot)!;
    const moved = await studio.api.call('candidates.saveEdited', {
      runId,
      slot: other.slot,
      level: pool[2]!.level,
    });
    expect(moved.existing).toBe(false);
    expect(moved.candidateId).not.toBe(pool[2]!.id);
    await studio.api.call('history.undo', { runId });
  });

  it('saves a level that breaks a hard rule as a draft, which every ordering skips and names', async () => {
    draft = await studio.api.call('candidates.saveEdited', {
      runId,
      slot,
      from: pool[1]!.id,
      level: crowded(pool[1]!.level as CarillonLevel),
    });
    expect(draft.draft).toBe(true);
    expect(draft.entry?.label).toMatch(
      new RegExp(
        `^Saved the draft L${slot + 1} · c\\d+, edited from ${candidateName(slot, pool[1]!.index)} \\(breaks Spacing between dots`,
      ),
    );
    expect((await studio.api.call('candidates.get', { candidateId: draft.candidateId })).draft).toBe(true);
    const name = candidateName(
      slot,
      (await studio.api.call('candidates.get', { candidateId: draft.candidateId })).index,
    );
    const auto = await studio.api.call('orderings.get', { runId, kind: 'automatic' });
    expect(auto.problems).toContainEqual({
      level: slot + 1,
      message: expect.stringMatching(
        new RegExp(`^${name} is a draft \\(it breaks Spacing between dots.*\\) and never ships`),
      ),
    });
    // Approved, it is still never ordered.
    await studio.api.call('candidates.setVerdict', {
      candidateIds: [
        ...(await studio.api.call('candidates.list', { runId, limit: 500 })).items.map((c) => c.id),
      ],
      verdict: 'approved',
    });
    const approved = await studio.api.call('orderings.computeApproved', { runId });
    expect(approved.levels.map((l) => l.candidateId)).not.toContain(draft.candidateId);
    expect(approved.problems.some((p) => p.message.startsWith(`${name} is a draft`))).toBe(true);
    // Pinning it cannot ship it either.
    const pinned = await refusal(
      studio.api.call('orderings.steer', { runId, pin: [{ level: 3, candidateId: draft.candidateId }] }),
    );
    expect(pinned.code).toBe('conflict');
    expect(pinned.message).toMatch(
      new RegExp(`level 3 is pinned to ${name}, a draft that breaks a hard rule and never ships`),
    );
    await studio.api.call('candidates.setVerdict', {
      candidateIds: [
        ...(await studio.api.call('candidates.list', { runId, limit: 500 })).items.map((c) => c.id),
      ],
      verdict: 'none',
    });
  });

  it('ships a hand-edited level in a pack that records it and verifies clean', async () => {
    // Its mirror image in place of the level-3 candidate it came from (the rest locked as the
    // automatic order ships them): the steered order keeps every rule.
    await studio.api.call('orderings.steer', { runId, clear: true });
    const steer = await studio.api.call('orderings.steer', {
      runId,
      lock: [1, 2, 4],
      pin: [{ level: 3, candidateId: edited.candidateId }],
      exclude: [shipped.id],
    });
    expect(steer.ordering.levels[2]!.candidateId).toBe(edited.candidateId);
    expect(steer.breaks).toEqual([]);
    const out = await studio.api.call('packs.export', { runId, kind: 'steered' });
    const pack = JSON.parse(out.text) as { studio: { handEdited: unknown[] } };
    expect(pack.studio).toEqual({
      // What made the run (every pack carries it), then the hand-edited levels.
      made: expect.objectContaining({ generator: expect.objectContaining({ game: 'carillon' }) }),
      handEdited: [
        {
          level: 3,
          candidate: expect.stringMatching(new RegExp(`^L${slot + 1} · c\\d+$`)),
          from: candidateName(slot, shipped.index),
        },
      ],
    });
    // verify reads it like any other level: the pack is clean.
    expect(carillonGame.verifyPack(carillonGame.parsePack(pack))).toEqual([]);
    // The automatic pack (no hand-edited level in it) carries no such metadata: only what made the run.
    const auto = JSON.parse(
      (await studio.api.call('packs.export', { runId, kind: 'automatic' })).text,
    ) as Record<string, unknown>;
    expect(Object.keys(auto.studio as object)).toEqual(['made']);
    // An imported copy of it is read-only: nothing can be saved into it.
    const imported = await studio.api.call('packs.import', { text: out.text });
    const refused = await refusal(
      studio.api.call('candidates.saveEdited', { runId: imported.run.id, slot: 0, level: pool[0]!.level }),
    );
    expect(refused.code).toBe('conflict');
    steeredPack = out.text;
  });

  it('reads the hand-edited mark back on import: export → import → export writes the same bytes', async () => {
    const imported = await studio.api.call('packs.import', { text: steeredPack, name: 'edited.json' });
    const levels = (
      await studio.api.call('candidates.list', { runId: imported.run.id, limit: 50 })
    ).items.sort((a, b) => a.slot - b.slot);
    expect(levels.map((c) => c.handEdited)).toEqual([false, false, true, false]);
    expect(levels[2]).toMatchObject({ draft: false, parentId: null });
    // Every level of the pack counts as done (the hand-edited one too).
    expect(imported.run).toMatchObject({ candidatesDone: 4, candidatesTotal: 4 });
    const again = await studio.api.call('packs.export', { runId: imported.run.id, kind: 'automatic' });
    expect(again.text).toBe(steeredPack);
  });

  it('refuses a pack whose hand-edited list is malformed, naming the entry, and stores nothing', async () => {
    const runsBefore = (await studio.api.call('runs.list', {})).length;
    const pack = JSON.parse(steeredPack) as { studio: { handEdited: unknown[] } };
    const cases: [unknown, { field: string; message: string }[]][] = [
      [
        { handEdited: [{ level: 9, candidate: 'L3 · c1', from: null }] },
        [{ field: 'studio.handEdited.0.level', message: 'must be a level of the pack (1 to 4)' }],
      ],
      [
        {
          handEdited: [
            { level: 3, candidate: 'L3 · c1' },
            { level: 3, candidate: 7, from: 'x'.repeat(41) },
          ],
        },
        [
          { field: 'studio.handEdited.1.level', message: 'names level 3 a second time' },
          {
            field: 'studio.handEdited.1.candidate',
            message: "must be the candidate's name (at most 40 characters)",
          },
          {
            field: 'studio.handEdited.1.from',
            message: 'must be the name of the candidate it was edited from (at most 40 characters), or null',
          },
        ],
      ],
      [
        { handEdited: 'level 3' },
        [{ field: 'studio.handEdited', message: 'must be a list of {level, candidate, from}' }],
      ],
      [
        'edited',
        [{ field: 'studio', message: "must be an object (the studio's notes beside the game's fields)" }],
      ],
    ];
    for (const [notes, fields] of cases) {
      const r = await refusal(
        studio.api.call('packs.import', { text: JSON.stringify({ ...pack, studio: notes }) }),
      );
      expect(r.code).toBe('bad-argument');
      expect(r.message).toMatch(
        /^the pack's list of hand-edited levels \(studio\.handEdited\) cannot be read/,
      );
      expect(r.fields).toEqual(fields);
    }
    expect((await studio.api.call('runs.list', {})).length).toBe(runsBefore);
  });

  it('undo removes the saved candidate, redo puts it back with the same id and pairs', async () => {
    // Undo the steering, the approvals and the draft first (one history, newest first).
    const candidateId = edited.candidateId;
    const pairsBefore = (await studio.api.call('duplicates.list', { runId })).filter((p) =>
      [p.a.id, p.b.id].includes(candidateId),
    );
    let step: HistoryStep;
    do step = await studio.api.call('history.undo', { runId });
    while (step.entries[0]!.kind !== 'edit' || step.changes[0]!.id !== candidateId);
    const gone = await refusal(studio.api.call('candidates.get', { candidateId }));
    expect(gone.code).toBe('not-found');
    expect(
      (await studio.api.call('duplicates.list', { runId })).filter((p) =>
        [p.a.id, p.b.id].includes(candidateId),
      ),
    ).toEqual([]);
    await studio.api.call('history.redo', { runId });
    expect(await studio.api.call('candidates.get', { candidateId })).toMatchObject({
      id: candidateId,
      handEdited: true,
      parentId: pool[0]!.id,
    });
    const pairsAfter = (await studio.api.call('duplicates.list', { runId })).filter((p) =>
      [p.a.id, p.b.id].includes(candidateId),
    );
    const plain = (p: DuplicatePairView) => [p.a.id, p.b.id, p.rule, p.transform, p.share];
    expect(pairsAfter.map(plain)).toEqual(pairsBefore.map(plain));
  });

  it('refuses a parent from another run, an unknown parent and a malformed level, storing nothing', async () => {
    const before = (await studio.api.call('candidates.list', { runId, limit: 1 })).total;
    const other = await studio.api.call('runs.create', { game: 'carillon', seed: 22, levels: 1 });
    await studio.service.engine.waitFor(other.id);
    const foreign = (await studio.api.call('candidates.list', { runId: other.id, limit: 1 })).items[0]!;
    const r1 = await refusal(
      studio.api.call('candidates.saveEdited', { runId, slot, from: foreign.id, level: pool[0]!.level }),
    );
    expect(r1.fields).toEqual([{ field: 'from', message: `not a candidate of run ${runId}` }]);
    const r2 = await refusal(
      studio.api.call('candidates.saveEdited', { runId, slot, from: 999999, level: pool[0]!.level }),
    );
    expect(r2.code).toBe('not-found');
    const r3 = await refusal(
      studio.api.call('candidates.saveEdited', {
        runId,
        slot,
        level: { dots: [{ x: 1, y: 2, size: 'huge', color: 0 }] },
      }),
    );
    expect(r3.fields?.[0]?.field).toBe('level.dots.0.size');
    expect((await studio.api.call('candidates.list', { runId, limit: 1 })).total).toBe(before);
  });
});

describe('Apsis: saved edits', () => {
  it('a copy is saved with its parent found as a copy; an arrow overlapping another makes a draft', async () => {
    const run = await studio.api.call('runs.create', { game: 'apsis', seed: 23, levels: 2 });
    expect((await studio.service.engine.waitFor(run.id)).status).toBe('done');
    const parent = (await studio.api.call('candidates.list', { runId: run.id, slot: 1 })).items[0]!;
    const level = parent.level as ApsisLevel;
    // Turned by 30° round the sun: a copy under rotation (the very same level would point at its parent).
    const turned = { ...level, arrows: level.arrows.map((x) => ({ ...x, angle: (x.angle + 30) % 360 })) };
    const copy = await studio.api.call('candidates.saveEdited', {
      runId: run.id,
      slot: 1,
      from: parent.id,
      level: turned,
    });
    expect(copy.existing).toBe(false);
    expect(copy.draft).toBe(false);
    expect(copy.duplicates).toContainEqual(expect.objectContaining({ candidateId: parent.id, rule: 'copy' }));
    const a = level.arrows[0]!;
    const crowded = { ...level, arrows: [...level.arrows, { ...a, angle: (a.angle + 2) % 360 }] };
    const proof = await studio.api.call('candidates.prove', { runId: run.id, slot: 1, level: crowded });
    expect(proof.violations).toContainEqual(
      expect.objectContaining({
        rule: 'fit',
        name: 'Spacing between arrows',
        elements: [0, level.arrows.length],
      }),
    );
    const draft = await studio.api.call('candidates.saveEdited', {
      runId: run.id,
      slot: 1,
      from: parent.id,
      level: crowded,
    });
    expect(draft.draft).toBe(true);
    expect(
      (await studio.api.call('orderings.get', { runId: run.id, kind: 'automatic' })).problems.some(
        (p) => p.level === 2 && /is a draft \(it breaks Spacing between arrows/.test(p.message),
      ),
    ).toBe(true);
  });
});
