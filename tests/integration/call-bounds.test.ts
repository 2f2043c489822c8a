/**
 * The heavy calls are bounded (issue 21, "The main thread stays free"; src-shared/api/call-bounds.ts):
 * swapOptions weighs at most MAX_SWAP_WEIGHED candidates of a stage (the current pick, its own
 * pool, then the nearest pools) and counts the rest; history.jump refuses to cross more than
 * MAX_JUMP_ENTRIES changes or MAX_JUMP_ROWS rows, changing nothing; replies of undo, redo and
 * jump carry at most MAX_REPLY_CHANGES row changes; setTags writes more than TAG_STEP_CANDIDATES
 * candidates in steps that let other calls in, recorded as one change. Each refusal is a sentence.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_JUMP_ENTRIES,
  MAX_JUMP_ROWS,
  MAX_REPLY_CHANGES,
  MAX_SWAP_WEIGHED,
  TAG_STEP_CANDIDATES,
} from '../../src-shared/api/call-bounds';
import { insertStageRun } from '../../src-main/bench/heavy-fixtures';
import { setVerdicts } from '../../src-main/store/candidates';
import { openDatabase } from '../../src-main/store/db';
import { recordChange } from '../../src-main/store/history';
import { refusal } from '../helpers/refusal';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ prefix: 'studio-call-bounds-' });

function stageRun(count: number, levels: number): { runId: number; ids: number[] } {
  const db = openDatabase(studio.dbPath);
  try {
    return insertStageRun(db, count, levels);
  } finally {
    db.close();
  }
}

describe('orderings.swapOptions', () => {
  it('weighs at most MAX_SWAP_WEIGHED candidates of a large stage, nearest pools first, and counts the rest', async () => {
    const levels = 10;
    const count = MAX_SWAP_WEIGHED + 1000;
    const perSlot = Math.ceil(count / levels);
    const { runId, ids } = stageRun(count, levels);
    const level = 5;
    const s = await studio.api.call('orderings.swapOptions', { runId, kind: 'automatic', level });
    expect(s.stage).toEqual({ first: 1, last: levels });
    expect(s.unweighed).toBe(count - MAX_SWAP_WEIGHED);
    expect(s.leftOut + s.more + s.options.length).toBe(MAX_SWAP_WEIGHED);
    expect(s.options.length).toBeLessThanOrEqual(41);
    // The current pick is among the options, with its level.
    expect(s.current).toBe(ids[(level - 1) * perSlot]);
    expect(s.options.some((o) => o.candidateId === s.current)).toBe(true);
    for (const o of s.options) expect(o.level).not.toBeNull();
    // What was weighed: the level's own pool and the pools next to it, never the farthest.
    const slots = new Set(s.options.map((o) => o.slot));
    expect([...slots].every((sl) => Math.abs(sl - (level - 1)) <= 3)).toBe(true);
  });

  it('weighs every candidate of a small stage', async () => {
    const { runId } = stageRun(400, 4);
    const s = await studio.api.call('orderings.swapOptions', { runId, kind: 'automatic', level: 2 });
    expect(s.unweighed).toBe(0);
    expect(s.leftOut + s.more + s.options.length).toBe(400);
  });
});

describe('candidates.setTags', () => {
  let run: { runId: number; ids: number[] };
  beforeAll(() => {
    run = stageRun(1200, 4);
  });
  const tags = Array.from({ length: 20 }, (_, i) => `t${i}`);

  it('tags 1,200 candidates × 20 tags (once refused: past 20,000 pairs) in steps, as one change undo takes back whole', async () => {
    const ids = run.ids.slice(0, 1200);
    expect(ids.length).toBeGreaterThan(2 * TAG_STEP_CANDIDATES);
    const order: string[] = [];
    // A call made while the tags are written is answered before they are all in: the steps let it in.
    const tagging = studio.api
      .call('candidates.setTags', { candidateIds: ids, tags, mode: 'add' })
      .then((r) => (order.push('setTags'), r));
    const info = studio.api.call('app.info', {}).then(() => order.push('app.info'));
    const [done] = await Promise.all([tagging, info]);
    expect(order).toEqual(['app.info', 'setTags']);
    expect(done.changed).toBe(1200);
    // The reply carries MAX_REPLY_CHANGES of the 1,200 row changes and counts the rest.
    expect(done.changes).toHaveLength(MAX_REPLY_CHANGES);
    expect(done.changesLeftOut).toBe(1200 - MAX_REPLY_CHANGES);
    expect(done.entry).toMatchObject({ kind: 'tag', rows: 1200 });
    expect(done.entry!.label).toMatch(/^Tagged .+ “t0”, “t1”/);
    const entries = (await studio.api.call('history.list', { runId: run.runId })).entries;
    expect(entries.filter((e) => e.id === done.entry!.id)).toHaveLength(1);
    for (const id of [ids[0]!, ids[700]!, ids[1199]!])
      expect((await studio.api.call('candidates.get', { candidateId: id })).tags).toHaveLength(20);
    const undone = await studio.api.call('history.undo', { runId: run.runId });
    expect(undone.changed).toBe(1200);
    for (const id of [ids[0]!, ids[700]!, ids[1199]!])
      expect((await studio.api.call('candidates.get', { candidateId: id })).tags).toEqual([]);
  });

  it('stops between steps when another connection changed the run, keeping what it wrote as one change', async () => {
    const ids = run.ids.slice(0, 1200);
    const tagging = studio.api.call('candidates.setTags', { candidateIds: ids, tags: ['half'], mode: 'add' });
    // Wait, a turn at a time, for the first step to be in: the next step waits a turn after it.
    const other = openDatabase(studio.dbPath);
    const firstStep = other.prepare(
      "SELECT rows FROM history WHERE run_id = ? AND kind = 'tag' AND label LIKE '%“half”%' AND undone = 0",
    );
    for (let i = 0; i < 50 && firstStep.pluck().get(run.runId) === undefined; i++)
      await new Promise<void>((r) => setImmediate(r));
    expect(firstStep.pluck().get(run.runId)).toBe(TAG_STEP_CANDIDATES);
    // Another process's change lands while the first step is in and the next waits.
    recordChange(
      other,
      run.runId,
      new Date().toISOString(),
      { kind: 'verdict', label: (s) => `Approved ${s}` },
      () => setVerdicts(other, [run.ids[1199]!], 'approved'),
    );
    other.close();
    const e = await refusal(tagging);
    expect(e.code).toBe('conflict');
    expect(e.message).toBe(
      `run ${run.runId} was changed in another studio or CLI while this change was written: it stopped after ${TAG_STEP_CANDIDATES} candidates, kept as one change (undo takes it back); make the rest of it again`,
    );
    expect((await studio.api.call('candidates.get', { candidateId: ids[0]! })).tags).toEqual(['half']);
    expect(
      (await studio.api.call('candidates.get', { candidateId: ids[TAG_STEP_CANDIDATES]! })).tags,
    ).toEqual([]);
    // The other change is undone first, then the tags, whole.
    await studio.api.call('history.undo', { runId: run.runId });
    const undone = await studio.api.call('history.undo', { runId: run.runId });
    expect(undone.changed).toBe(TAG_STEP_CANDIDATES);
    expect((await studio.api.call('candidates.get', { candidateId: ids[0]! })).tags).toEqual([]);
  });

  it('the undo reply carries at most MAX_REPLY_CHANGES row changes', async () => {
    const ids = run.ids.slice(0, 1000);
    const done = await studio.api.call('candidates.setTags', { candidateIds: ids, tags, mode: 'add' });
    expect(done.changed).toBe(ids.length);
    const verdicts = await studio.api.call('candidates.setVerdict', {
      candidateIds: run.ids.slice(0, 1200),
      verdict: 'approved',
    });
    expect(verdicts.changed).toBe(1200);
    const undone = await studio.api.call('history.undo', { runId: run.runId });
    expect(undone.changes).toHaveLength(MAX_REPLY_CHANGES);
    expect(undone.changesLeftOut).toBe(1200 - MAX_REPLY_CHANGES);
    expect(undone.changed).toBe(1200);
    // The undo itself was whole.
    expect((await studio.api.call('candidates.get', { candidateId: run.ids[1199]! })).verdict).toBe('none');
  });
});

describe('history.jump', () => {
  it(`refuses to cross more than ${MAX_JUMP_ENTRIES} changes, changing nothing, and goes as far as that`, async () => {
    const { runId, ids } = stageRun(MAX_JUMP_ENTRIES + 1, 1);
    for (let i = 0; i <= MAX_JUMP_ENTRIES; i++)
      await studio.api.call('candidates.setVerdict', { candidateIds: [ids[i]!], verdict: 'approved' });
    const before = await studio.api.call('history.list', { runId, limit: 1000 });
    expect(before.total).toBe(MAX_JUMP_ENTRIES + 1);
    const e = await refusal(studio.api.call('history.jump', { runId, entryId: 0 }));
    expect(e.code).toBe('bad-argument');
    expect(e.message).toBe(
      `going back before the first change would undo or redo ${MAX_JUMP_ENTRIES + 1} changes, more than the ${MAX_JUMP_ENTRIES} one jump may; jump to a nearer change first and go on from there. Nothing changed`,
    );
    expect(await studio.api.call('history.list', { runId, limit: 1000 })).toEqual(before);
    expect((await studio.api.call('candidates.get', { candidateId: ids[MAX_JUMP_ENTRIES]! })).verdict).toBe(
      'approved',
    );
    // To the oldest change: exactly MAX_JUMP_ENTRIES undone, then the last step to 0 is allowed.
    const oldest = before.entries[before.entries.length - 1]!;
    const far = await studio.api.call('history.jump', { runId, entryId: oldest.id });
    expect(far.entries).toHaveLength(MAX_JUMP_ENTRIES);
    const first = await studio.api.call('history.jump', { runId, entryId: 0 });
    expect(first.entries).toHaveLength(1);
    expect((await studio.api.call('candidates.get', { candidateId: ids[0]! })).verdict).toBe('none');
  });

  it(`refuses to change more than ${MAX_JUMP_ROWS} rows in one jump`, async () => {
    const half = MAX_JUMP_ROWS / 2 + 1;
    const { runId, ids } = stageRun(half, 10);
    await studio.api.call('candidates.setVerdict', { candidateIds: ids, verdict: 'approved' });
    await studio.api.call('candidates.setVerdict', { candidateIds: ids, verdict: 'rejected' });
    const e = await refusal(studio.api.call('history.jump', { runId, entryId: 0 }));
    expect(e.message).toBe(
      `going back before the first change would change ${(half * 2).toLocaleString('en-US')} rows, more than the 20,000 one jump may; jump to a nearer change first and go on from there. Nothing changed`,
    );
    expect((await studio.api.call('candidates.get', { candidateId: ids[0]! })).verdict).toBe('rejected');
  });
});
