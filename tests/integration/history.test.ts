/**
 * One history for every curation change: a mixed sequence (approve, tag, note, bulk reject,
 * untag) is undone step by step and redone step by step, comparing the database rows with
 * the state after each action; jump-back, restart, the dropped redo branch, and the
 * migration of the older verdict-only undo log.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurationChange, StudioClient } from '../../src-shared/api';
import { openStudio } from '../../src-main/studio';
import type { Service } from '../../src-main/service';
import { localClient } from '../../src-main/local-client';
import { migrate } from '../../src-main/store/db';
import { migrations } from '../../src-main/store/migrations';
import { refusal } from '../helpers/refusal';
import { readRows } from '../helpers/rows';
import { tempDir } from '../helpers/temp';

const t = tempDir('studio-history-');
const dbPath = join(t.dir, 'studio.db');
let service: Service;
/** The typed API over `service` (reopened by the restart test below). */
let api: StudioClient;
let runId: number;

function open(workers: number): void {
  service = openStudio({ dbPath, workers, transport: 'server' });
  api = localClient(service);
}

type Rows = { id: number; verdict: string; tags: string; note: string }[];

/** The curated columns of every candidate of the run, read straight from SQLite. */
const rows = (): Rows =>
  readRows(dbPath, 'SELECT id, verdict, tags, note FROM candidates WHERE run_id = ? ORDER BY id', runId);

beforeAll(async () => {
  open(2);
  const run = await api.call('runs.create', { game: 'carillon', seed: 11, levels: 3 });
  runId = run.id;
  expect((await service.engine.waitFor(runId)).status).toBe('done');
});
afterAll(async () => {
  await service.close();
  t.cleanup();
});

describe('run history', () => {
  const states: Rows[] = [];
  const labels: string[] = [];
  let entryIds: number[] = [];

  it('records each action of a mixed sequence with exactly the rows it changed', async () => {
    const page = await api.call('candidates.list', { runId, limit: 2000, withLevels: false });
    const proven = page.items.filter((c) => c.failure === null);
    const slot0 = proven.filter((c) => c.slot === 0);
    const [a, b, c] = slot0;
    expect(c).toBeDefined();
    const second = proven.find((x) => x.slot === 1)!;
    states.push(rows());

    const actions: (() => Promise<CurationChange>)[] = [
      () => api.call('candidates.setVerdict', { candidateIds: [a!.id], verdict: 'approved' }),
      () =>
        api.call('candidates.setTags', {
          candidateIds: [a!.id, b!.id, c!.id, second.id],
          tags: ['hard'],
          mode: 'add',
        }),
      () => api.call('candidates.setNote', { candidateId: b!.id, note: 'nice seam' }),
      // Bulk reject the whole first pool, the approved candidate included.
      () => api.call('candidates.setVerdict', { candidateIds: slot0.map((x) => x.id), verdict: 'rejected' }),
      () => api.call('candidates.setTags', { candidateIds: [a!.id, c!.id], tags: ['hard'], mode: 'remove' }),
    ];
    for (const act of actions) {
      const before = rows();
      const res = await act();
      const after = rows();
      states.push(after);
      // The reply's changes are exactly the rows whose columns differ, with before and after.
      const diff = after.filter((r, i) => JSON.stringify(r) !== JSON.stringify(before[i]));
      expect(res.changed).toBe(diff.length);
      expect([...new Set(res.changes.map((ch) => ch.id))].sort((x, y) => x - y)).toEqual(
        diff.map((r) => r.id),
      );
      for (const ch of res.changes) {
        const col = (rs: Rows) => {
          const r = rs.find((x) => x.id === ch.id)!;
          return ch.field === 'tags' ? JSON.parse(r.tags) : r[ch.field as 'verdict' | 'note'];
        };
        expect(ch.before).toEqual(col(before));
        expect(ch.after).toEqual(col(after));
      }
      expect(res.entry).not.toBeNull();
      expect(res.undo?.id).toBe(res.entry!.id);
      expect(res.redo).toBeNull();
      labels.push(res.entry!.label);
    }
    expect(labels[0]).toBe(`Approved L1 · c${a!.index + 1}`);
    expect(labels[1]).toBe(`Tagged 4 candidates in L1–L2 “hard”`);
    expect(labels[2]).toBe(`Noted L1 · c${b!.index + 1}`);
    expect(labels[3]).toMatch(/^Rejected \d+ candidates in L1$/);
    expect(labels[4]).toMatch(/^Removed “hard” from L1 · c\d+ and L1 · c\d+$/);
    // Every state differs from the one before it.
    for (let i = 1; i < states.length; i++) expect(states[i]).not.toEqual(states[i - 1]);

    const list = await api.call('history.list', { runId });
    expect(list.total).toBe(5);
    expect(list.entries.map((e) => e.label)).toEqual([...labels].reverse());
    expect(list.entries.map((e) => e.kind)).toEqual(['untag', 'verdict', 'note', 'tag', 'verdict']);
    for (const e of list.entries) {
      expect(e.undone).toBe(false);
      expect(Number.isNaN(Date.parse(e.createdAt))).toBe(false);
      expect(e.scope.length).toBeGreaterThan(0);
    }
    entryIds = list.entries.map((e) => e.id).reverse();
  });

  it('undoes it all, one exact change at a time, naming each, then redoes it all', async () => {
    for (let k = 5; k >= 1; k--) {
      const step = await api.call('history.undo', { runId });
      expect(step.entries.map((e) => e.label)).toEqual([labels[k - 1]]);
      expect(rows()).toEqual(states[k - 1]);
      expect(step.undo?.label ?? null).toBe(k >= 2 ? labels[k - 2] : null);
      expect(step.redo?.label).toBe(labels[k - 1]);
    }
    const none = await service.dispatch('history.undo', { runId });
    expect(none).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringContaining('no change to undo') },
    });
    expect(rows()).toEqual(states[0]);

    for (let k = 1; k <= 5; k++) {
      const step = await api.call('history.redo', { runId });
      expect(step.entries.map((e) => e.label)).toEqual([labels[k - 1]]);
      expect(rows()).toEqual(states[k]);
    }
    const noRedo = await service.dispatch('history.redo', { runId });
    expect(noRedo).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(rows()).toEqual(states[5]);
  });

  it('jumps back to any change and forward again', async () => {
    const back = await api.call('history.jump', { runId, entryId: entryIds[1]! });
    expect(back.entries.map((e) => e.label)).toEqual([labels[4], labels[3], labels[2]]);
    expect(rows()).toEqual(states[2]);
    await api.call('history.jump', { runId, entryId: 0 });
    expect(rows()).toEqual(states[0]);
    const fwd = await api.call('history.jump', { runId, entryId: entryIds[3]! });
    expect(fwd.entries.map((e) => e.label)).toEqual(labels.slice(0, 4));
    expect(rows()).toEqual(states[4]);
    await api.call('history.jump', { runId, entryId: entryIds[4]! });
    expect(rows()).toEqual(states[5]);
    // An entry of no run, or of another run, changes nothing.
    const bad = await service.dispatch('history.jump', { runId, entryId: 999_999 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'not-found', fields: [{ field: 'entryId' }] } });
    expect(rows()).toEqual(states[5]);
  });

  it('survives a restart, and a new change after an undo ends the redo branch', async () => {
    await api.call('history.undo', { runId });
    await service.close();
    open(1);
    const list = await api.call('history.list', { runId });
    expect(list.total).toBe(5);
    expect(list.redo?.label).toBe(labels[4]);
    expect(list.undo?.label).toBe(labels[3]);
    expect(rows()).toEqual(states[4]);
    const step = await api.call('history.undo', { runId });
    expect(step.entries[0]!.label).toBe(labels[3]);
    expect(rows()).toEqual(states[3]);

    const someone = states[3]!.find((r) => r.verdict === 'none')!;
    const res = await api.call('candidates.setVerdict', { candidateIds: [someone.id], verdict: 'approved' });
    expect(res.redo).toBeNull();
    const after = await api.call('history.list', { runId });
    expect(after.total).toBe(4);
    expect(after.entries.every((e) => !e.undone)).toBe(true);
  });

  it('records nothing for an action that changes nothing, and refuses bad input with nothing changed', async () => {
    const before = rows();
    const total = (await api.call('history.list', { runId })).total;
    const someone = before.find((r) => r.verdict === 'approved')!;
    const res = await api.call('candidates.setVerdict', { candidateIds: [someone.id], verdict: 'approved' });
    expect(res).toMatchObject({ changed: 0, changes: [], entry: null });
    await refusal(api.call('candidates.setTags', { candidateIds: [someone.id, 999_999], tags: ['x'] }));
    expect(rows()).toEqual(before);
    expect((await api.call('history.list', { runId })).total).toBe(total);
  });
});

describe('sorting by shipped level', () => {
  it("lists the automatic order's levels in number order, then what does not ship", async () => {
    for (const dir of ['asc', 'desc'] as const) {
      const page = await api.call('candidates.list', {
        runId,
        sort: { key: 'level', dir },
        limit: 2000,
        withLevels: false,
      });
      const levels = page.items.map((c) => c.shippedAs.automatic);
      const shipped = levels.filter((l): l is number => l !== null);
      expect(shipped.length).toBe(3);
      expect(shipped).toEqual(dir === 'asc' ? [1, 2, 3] : [3, 2, 1]);
      // Candidates that do not ship come after every shipped one.
      expect(levels.slice(0, 3).every((l) => l !== null)).toBe(true);
      expect(levels.slice(3).every((l) => l === null)).toBe(true);
    }
  });
});

describe('migration of the verdict-only undo log', () => {
  it('carries verdict changes still in effect into the history', () => {
    const m = tempDir('studio-history-mig-');
    try {
      const db = new Database(join(m.dir, 'old.db'));
      db.pragma('foreign_keys = ON');
      for (let v = 0; v < 3; v++) db.exec(migrations[v]!);
      db.pragma('user_version = 3');
      db.prepare(
        "INSERT INTO runs (id, game, seed, plan, rules, status, levels, created_at) VALUES (1, 'apsis', 1, '[]', '{}', 'done', 1, 'then')",
      ).run();
      for (let i = 0; i < 3; i++)
        db.prepare(
          "INSERT INTO candidates (id, run_id, slot, idx, level, verdict) VALUES (?, 1, 0, ?, '{}', 'approved')",
        ).run(i + 1, i);
      // Action 1 approved three candidates (still in effect); action 2 was undone.
      db.prepare(
        "INSERT INTO verdict_actions (id, run_id, verdict, created_at) VALUES (1, 1, 'approved', 't1'), (2, 1, 'rejected', 't2')",
      ).run();
      db.prepare(
        "INSERT INTO verdict_history (action_id, candidate_id, previous) VALUES (1, 1, 'none'), (1, 2, 'none'), (1, 3, 'rejected'), (2, 1, 'approved')",
      ).run();
      db.prepare('UPDATE verdict_actions SET undone = 1 WHERE id = 2').run();
      expect(migrate(db)).toBe(migrations.length);
      const entries = db.prepare('SELECT id, kind, label, rows, undone FROM history').all();
      expect(entries).toEqual([
        { id: 1, kind: 'verdict', label: 'Approved 3 candidates', rows: 3, undone: 0 },
      ]);
      const changes = db
        .prepare('SELECT target_id, field, before, after FROM history_changes ORDER BY seq')
        .all();
      expect(changes).toEqual([
        { target_id: 1, field: 'verdict', before: '"none"', after: '"approved"' },
        { target_id: 2, field: 'verdict', before: '"none"', after: '"approved"' },
        { target_id: 3, field: 'verdict', before: '"rejected"', after: '"approved"' },
      ]);
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'verdict_%'").all()).toEqual([]);
      db.close();
    } finally {
      m.cleanup();
    }
  });
});
