/**
 * A top-up left part-way (cancelled once it has stored candidates) can be dropped instead of
 * resumed: its candidates go and the run is what it was before it, row for row and its pack
 * byte for byte, with no top-up row left; refused, naming why and changing nothing, while the
 * run generates, when there is nothing to drop, or while a new candidate carries work. And a
 * top-up's undo is refused while any of its candidates is approved, noted, tagged, pinned or
 * edited from, whichever came first: the work (before the top-up's entry, which is recorded
 * when it ends) or the top-up (the work's entries after it, crossed by a jump).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { CarillonLevel } from '../../src-shared/games/carillon/index';
import { openTestStudio, type TestStudio } from '../helpers/studio';
import { refusal } from '../helpers/refusal';
import { readRows, rowSnapshot } from '../helpers/rows';

const studios: TestStudio[] = [];
afterAll(async () => {
  for (const s of studios) await s.close();
});

function studio(): TestStudio {
  const s = openTestStudio({ workers: 2, prefix: 'studio-topup-drop-' });
  studios.push(s);
  return s;
}

const tables = [
  'SELECT * FROM candidates WHERE run_id = ? ORDER BY id',
  'SELECT m.* FROM candidate_metrics m WHERE m.run_id = ? ORDER BY candidate_id, key',
  'SELECT kind, level, candidate_id, target FROM ordering_levels WHERE run_id = ? ORDER BY kind, level',
  'SELECT a_id, b_id, rule, transform, share FROM duplicate_pairs WHERE run_id = ? ORDER BY a_id, b_id',
  'SELECT candidates_total, report, status, error FROM runs WHERE id = ?',
  'SELECT * FROM run_topups WHERE run_id = ? ORDER BY id',
  'SELECT id, kind, label, undone FROM history WHERE run_id = ? ORDER BY id',
];

const packOf = async (s: TestStudio, runId: number): Promise<string> =>
  (await s.api.call('packs.export', { runId, kind: 'automatic' })).text;

/** Start a big top-up of one level and cancel it once it has stored candidates; the new ones, in index order. */
async function cancelledTopUp(
  s: TestStudio,
  runId: number,
  level: number,
): Promise<{ id: number; idx: number }[]> {
  const pool = readRows<{ n: number }>(
    s.dbPath,
    'SELECT COUNT(*) AS n FROM candidates WHERE run_id = ? AND slot = ?',
    runId,
    level - 1,
  )[0]!.n;
  let cancelled: Promise<void> | null = null;
  const off = s.service.on('run.progress', (p) => {
    if (p.runId === runId && p.stage === 'generate' && p.done > 0 && !cancelled)
      cancelled = s.service.engine.cancel(runId);
  });
  await s.api.call('runs.topUp', { runId, levels: [level], candidates: 300 });
  // Queued or running: nothing to drop yet, and nothing changes.
  const busy = await refusal(s.api.call('runs.dropTopUp', { runId }));
  expect(busy.code).toBe('conflict');
  expect(busy.message).toMatch(/still generating; cancel it first/);
  const ended = await s.service.engine.waitFor(runId);
  off();
  expect(ended.status).toBe('cancelled');
  const made = readRows<{ id: number; idx: number }>(
    s.dbPath,
    'SELECT id, idx FROM candidates WHERE run_id = ? AND slot = ? AND idx >= ? AND level IS NOT NULL ORDER BY idx',
    runId,
    level - 1,
    pool,
  );
  expect(made.length).toBeGreaterThan(4);
  return made;
}

/** Dot 1 moved onto dot 0: saved as a draft, edited from its candidate. */
const crowded = (l: CarillonLevel): CarillonLevel => ({
  ...l,
  dots: l.dots.map((d, i) => (i === 1 ? { ...d, x: l.dots[0]!.x + 3, y: l.dots[0]!.y } : d)),
});

describe('dropping a top-up left part-way', () => {
  it('puts the run back as it was before the top-up, row for row and its pack byte for byte', async () => {
    const s = studio();
    const runId = (await s.finishedRun({ game: 'carillon', seed: 21, levels: 6 })).id;
    const before = rowSnapshot(s.dbPath, tables, runId);
    const pack = await packOf(s, runId);
    const nothing = await refusal(s.api.call('runs.dropTopUp', { runId }));
    expect(nothing.message).toBe(`run ${runId} has no top-up left part-way to drop`);

    const made = await cancelledTopUp(s, runId, 3);
    const dropped = await s.api.call('runs.dropTopUp', { runId });
    expect(dropped.removed).toBeGreaterThanOrEqual(made.length);
    expect(dropped.run.status).toBe('done');
    expect(dropped.topUp).toMatchObject({ levels: [3], candidates: 300 });
    expect(rowSnapshot(s.dbPath, tables, runId)).toBe(before);
    expect(await packOf(s, runId)).toBe(pack);
    expect(await s.api.call('runs.topUps', { runId })).toEqual([]);
    // Dropped once: there is nothing left to drop, and nothing to resume into a top-up.
    expect((await refusal(s.api.call('runs.dropTopUp', { runId }))).code).toBe('conflict');
  });

  it('is refused while a new candidate is noted, naming it, and nothing changes; resume still finishes it', async () => {
    const s = studio();
    const runId = (await s.finishedRun({ game: 'carillon', seed: 8, levels: 6 })).id;
    const made = await cancelledTopUp(s, runId, 2);
    await s.api.call('candidates.setNote', { candidateId: made[1]!.id, note: 'keep this one' });
    const snap = rowSnapshot(s.dbPath, tables, runId);
    const e = await refusal(s.api.call('runs.dropTopUp', { runId }));
    expect(e.code).toBe('conflict');
    expect(e.message).toBe(
      `cannot drop the top-up of level 2: its candidate L2 · c${made[1]!.idx + 1} (noted) has been worked on; clear that first. Nothing changed`,
    );
    expect(rowSnapshot(s.dbPath, tables, runId)).toBe(snap);
    await s.api.call('runs.resume', { runId });
    expect((await s.service.engine.waitFor(runId)).status).toBe('done');
    expect((await s.api.call('runs.topUps', { runId }))[0]!.status).toBe('done');
  });
});

describe("a top-up's undo is refused while its candidates carry work, in either order", () => {
  /** Approve, note, tag, pin and edit from five of `made`; the names the refusal must give. */
  async function workOn(s: TestStudio, runId: number, level: number, made: { id: number; idx: number }[]) {
    const [a, n, t, p, e] = made as [
      (typeof made)[0],
      (typeof made)[0],
      (typeof made)[0],
      (typeof made)[0],
      (typeof made)[0],
    ];
    await s.api.call('candidates.setVerdict', { candidateIds: [a.id], verdict: 'approved' });
    await s.api.call('candidates.setNote', { candidateId: n.id, note: 'a good one' });
    await s.api.call('candidates.setTags', { candidateIds: [t.id], tags: ['keep'] });
    await s.api.call('orderings.steer', { runId, pin: [{ level, candidateId: p.id }] });
    const parent = await s.api.call('candidates.get', { candidateId: e.id });
    const saved = await s.api.call('candidates.saveEdited', {
      runId,
      slot: level - 1,
      from: e.id,
      level: crowded(parent.level as CarillonLevel),
    });
    expect(saved.draft).toBe(true);
    const name = (c: { idx: number }) => `L${level} · c${c.idx + 1}`;
    return [
      `${name(a)} (approved)`,
      `${name(n)} (noted)`,
      `${name(t)} (tagged)`,
      `${name(p)} (pinned, in the steered order)`,
      `${name(e)} (edited from)`,
    ];
  }

  it('work before the top-up ends (its entry after the work): undo is refused naming every one', async () => {
    const s = studio();
    const runId = (await s.finishedRun({ game: 'carillon', seed: 21, levels: 6 })).id;
    const made = await cancelledTopUp(s, runId, 3);
    const names = await workOn(s, runId, 3, made);
    await s.api.call('runs.resume', { runId });
    expect((await s.service.engine.waitFor(runId)).status).toBe('done');
    const h = await s.api.call('history.list', { runId, limit: 1 });
    expect(h.entries[0]!.kind).toBe('topup');
    const snap = rowSnapshot(s.dbPath, tables, runId);
    const e = await refusal(s.api.call('history.undo', { runId }));
    expect(e.code).toBe('conflict');
    for (const n of names) expect(e.message).toContain(n);
    expect(e.message).toMatch(
      /5 of its candidates .* have been worked on; clear those first\. Nothing changed$/,
    );
    expect(rowSnapshot(s.dbPath, tables, runId)).toBe(snap);
  });

  it('work after the top-up (its entries after the top-up’s): a jump back past it is refused naming every one', async () => {
    const s = studio();
    const runId = (await s.finishedRun({ game: 'carillon', seed: 21, levels: 6 })).id;
    const pool = readRows<{ n: number }>(
      s.dbPath,
      'SELECT COUNT(*) AS n FROM candidates WHERE run_id = ? AND slot = 2',
      runId,
    )[0]!.n;
    await s.api.call('runs.topUp', { runId, levels: [3], candidates: 12 });
    expect((await s.service.engine.waitFor(runId)).status).toBe('done');
    const topUpEntry = (await s.api.call('history.list', { runId, limit: 1 })).entries[0]!;
    expect(topUpEntry.kind).toBe('topup');
    const made = readRows<{ id: number; idx: number }>(
      s.dbPath,
      'SELECT id, idx FROM candidates WHERE run_id = ? AND slot = 2 AND idx >= ? AND level IS NOT NULL ORDER BY idx',
      runId,
      pool,
    );
    const names = await workOn(s, runId, 3, made);
    const before = (await s.api.call('history.list', { runId, limit: 50 })).entries.find(
      (x) => x.id < topUpEntry.id,
    );
    const snap = rowSnapshot(s.dbPath, tables, runId);
    const e = await refusal(s.api.call('history.jump', { runId, entryId: before?.id ?? 0 }));
    expect(e.code).toBe('conflict');
    expect(e.message).toMatch(/^cannot undo “Topped up 12 candidates in L3/);
    for (const n of names) expect(e.message).toContain(n);
    expect(rowSnapshot(s.dbPath, tables, runId)).toBe(snap);

    // Undone step by step, the work goes first (newest first); then the top-up undoes.
    for (let i = 0; i < 5; i++)
      expect((await s.api.call('history.undo', { runId })).entries[0]!.kind).not.toBe('topup');
    const last = await s.api.call('history.undo', { runId });
    expect(last.entries[0]!.kind).toBe('topup');
    expect((await s.api.call('runs.topUps', { runId }))[0]!.status).toBe('undone');
  });
});
