/**
 * Two processes on one run, for the changes that compute away from the database (issue 21,
 * item 4): saving an edited candidate (its near-duplicates are found on a worker) and computing
 * the approved order (on a worker). Each is now stored only if no other change landed on the run
 * while it computed, in any process (store/run-changes.ts), and computed again otherwise.
 *
 * The first three tests hold this studio's worker at the moment the change has read the run,
 * let a real second server change the run, then let the worker go: without the
 * compare-and-swap the saved edit missed its near-duplicate saved meanwhile, the approved order
 * missed the verdict set meanwhile, and a level both servers saved was stored twice (the
 * identical-level lookup ran before the compare-and-swap). The last test races two real servers
 * freely: every call answers (no 500), and no pair or verdict is lost.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerTask } from '../../src-main/jobs/tasks';
import { createPool, type WorkerPool } from '../../src-main/jobs/pool';
import { localClient } from '../../src-main/local-client';
import { studioService, type Service } from '../../src-main/service';
import { openDatabase } from '../../src-main/store/db';
import { openStudio } from '../../src-main/studio';
import { apiPost, startChildStudio, type ChildStudio } from '../security/harness';
import { readRows } from '../helpers/rows';
import { tempDir } from '../helpers/temp';

const t = tempDir('studio-two-edits-');
const dbPath = join(t.dir, 'studio.db');
let runId: number;
let b: ChildStudio;
let a: Service;
let gate: Gate;

/** A pool whose next task of one kind waits at a gate until the test lets it go. */
interface Gate {
  pool: WorkerPool;
  /** Hold the next `kind` task: `reached` once it arrives (the change has read the run), then `release()`. */
  hold(kind: WorkerTask['kind']): { reached: Promise<void>; release: () => void };
}

function gatedPool(inner: WorkerPool): Gate {
  let held: { kind: string; arrive: () => void; open: Promise<void> } | null = null;
  return {
    pool: {
      get size() {
        return inner.size;
      },
      get stopped() {
        return inner.stopped;
      },
      threadIds: () => inner.threadIds(),
      close: () => inner.close(),
      run: (async (task: WorkerTask, signal?: AbortSignal, budgetMs?: number) => {
        if (held && held.kind === task.kind) {
          const h = held;
          held = null;
          h.arrive();
          await h.open;
        }
        return inner.run(task, signal, budgetMs);
      }) as WorkerPool['run'],
    },
    hold(kind) {
      let arrive!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((r) => (arrive = r));
      const open = new Promise<void>((r) => (release = r));
      held = { kind, arrive, open };
      return { reached, release };
    },
  };
}

interface Answer {
  status: number;
  body: { ok: boolean; value?: unknown; error?: { code: string; message: string } };
}
async function post(s: ChildStudio, method: string, args: unknown): Promise<Answer> {
  const res = await apiPost(s, method, args);
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** The stored level text of a run's candidate. */
const levelOf = (id: number): unknown =>
  JSON.parse(readRows<{ level: string }>(dbPath, 'SELECT level FROM candidates WHERE id = ?', id)[0]!.level);

/**
 * The level with its first two dots recoloured to stand for k (1..48): colour is a note that
 * near-duplicates ignore, so every variant is a copy of the others ("same picture"), while no
 * two are the same level (saving the very same level again names the stored one, issue 22).
 */
function variant(level: unknown, k: number): unknown {
  const l = level as { dots: { color: number }[] };
  const colors = 7; // the default rules' notes (the run below keeps them)
  const dots = l.dots.map((d, i) =>
    i === 0
      ? { ...d, color: (d.color + k) % colors }
      : i === 1
        ? { ...d, color: (d.color + Math.floor(k / colors)) % colors }
        : d,
  );
  return { ...l, dots };
}

/** The stored near-duplicate pairs between two candidates (either way round). */
const pairsBetween = (x: number, y: number): number =>
  readRows<{ n: number }>(
    dbPath,
    'SELECT COUNT(*) AS n FROM duplicate_pairs WHERE (a_id = ? AND b_id = ?) OR (a_id = ? AND b_id = ?)',
    x,
    y,
    y,
    x,
  )[0]!.n;

beforeAll(async () => {
  mkdirSync(t.dir, { recursive: true });
  const service = openStudio({ dbPath, workers: 2, transport: 'cli' });
  runId = (await localClient(service).call('runs.create', { game: 'carillon', seed: 23, levels: 6 })).id;
  expect((await service.engine.waitFor(runId)).status).toBe('done');
  await service.close();
  b = await startChildStudio({ dbPath });
  gate = gatedPool(createPool({ workers: 1 }));
  a = studioService({ db: openDatabase(dbPath), dbPath, pool: gate.pool, transport: 'cli', version: 'test' });
}, 300_000);

afterAll(async () => {
  await Promise.all([b?.stop(), a?.close()]);
  t.cleanup();
});

describe('changes computed on a worker, with a second server changing the run meanwhile', () => {
  it('a saved edit finds the near-duplicate another server saved while its pairs were computed', async () => {
    const original = readRows<{ id: number }>(
      dbPath,
      'SELECT id FROM candidates WHERE run_id = ? AND slot = 2 AND level IS NOT NULL ORDER BY idx LIMIT 1',
      runId,
    )[0]!.id;
    const level = levelOf(original);
    const held = gate.hold('dedup');
    const mine = localClient(a).call('candidates.saveEdited', {
      runId,
      slot: 2,
      from: original,
      level: variant(level, 1),
    });
    await held.reached;
    // A copy of it (one note differs), saved in the same slot by the other server while this one compares.
    const theirs = await post(b, 'candidates.saveEdited', {
      runId,
      slot: 2,
      from: original,
      level: variant(level, 2),
    });
    expect(theirs.status).toBe(200);
    held.release();
    const saved = await mine;
    const theirId = (theirs.body.value as { candidateId: number }).candidateId;
    expect(saved.candidateId).not.toBe(theirId);
    // Both copies of the level are paired with each other, and each with the original.
    expect(pairsBetween(saved.candidateId, theirId)).toBe(1);
    expect(saved.duplicates.map((d) => d.candidateId)).toContain(theirId);
    expect(pairsBetween(saved.candidateId, original)).toBe(1);
    expect(pairsBetween(theirId, original)).toBe(1);
    // Two indexes of one slot, one history entry each.
    const idx = readRows<{ idx: number }>(
      dbPath,
      'SELECT idx FROM candidates WHERE id IN (?, ?) ORDER BY idx',
      saved.candidateId,
      theirId,
    ).map((r) => r.idx);
    expect(new Set(idx).size).toBe(2);
  }, 120_000);

  it('a level another server saved while this one compared it is that candidate: stored once, not twice', async () => {
    const original = readRows<{ id: number }>(
      dbPath,
      'SELECT id FROM candidates WHERE run_id = ? AND slot = 3 AND level IS NOT NULL ORDER BY idx LIMIT 1',
      runId,
    )[0]!.id;
    const same = variant(levelOf(original), 3);
    const count = (): number =>
      readRows<{ n: number }>(
        dbPath,
        'SELECT COUNT(*) AS n FROM candidates WHERE run_id = ? AND slot = 3',
        runId,
      )[0]!.n;
    const before = count();
    const held = gate.hold('dedup');
    const mine = localClient(a).call('candidates.saveEdited', {
      runId,
      slot: 3,
      from: original,
      level: same,
    });
    // This server has proved the level and looked for it in the pool (not there yet): it now compares.
    await held.reached;
    const theirs = await post(b, 'candidates.saveEdited', { runId, slot: 3, from: original, level: same });
    expect(theirs.status).toBe(200);
    const their = theirs.body.value as { candidateId: number; existing: boolean };
    expect(their.existing).toBe(false);
    held.release();
    const saved = await mine;
    // The level is stored once: this save names the candidate the other server stored.
    expect(saved.existing).toBe(true);
    expect(saved.candidateId).toBe(their.candidateId);
    expect(saved.entry).toBeNull();
    expect(count()).toBe(before + 1);
  }, 120_000);

  it('the approved order holds a verdict another server set while it was ordering', async () => {
    const x = readRows<{ id: number }>(
      dbPath,
      "SELECT candidate_id AS id FROM ordering_levels WHERE run_id = ? AND kind = 'automatic' ORDER BY level LIMIT 1",
      runId,
    )[0]!.id;
    expect(
      readRows(dbPath, "SELECT id FROM candidates WHERE run_id = ? AND verdict = 'approved'", runId),
    ).toEqual([]);
    const held = gate.hold('order');
    const mine = localClient(a).call('orderings.computeApproved', { runId });
    await held.reached;
    const verdict = await post(b, 'candidates.setVerdict', { candidateIds: [x], verdict: 'approved' });
    expect(verdict.status).toBe(200);
    held.release();
    const view = await mine;
    expect(view.levels.map((l) => l.candidateId)).toContain(x);
    const stored = readRows<{ candidate_id: number | null }>(
      dbPath,
      "SELECT candidate_id FROM ordering_levels WHERE run_id = ? AND kind = 'approved'",
      runId,
    ).map((r) => r.candidate_id);
    expect(stored).toContain(x);
  }, 120_000);
});

describe('two servers racing edits and the approved order on one run', () => {
  it('every call answers, every copy is paired with every other, and the last approved order holds every verdict', async () => {
    const c = await startChildStudio({ dbPath });
    try {
      const original = readRows<{ id: number }>(
        dbPath,
        'SELECT id FROM candidates WHERE run_id = ? AND slot = 4 AND level IS NOT NULL ORDER BY idx LIMIT 1',
        runId,
      )[0]!.id;
      const level = levelOf(original);
      const approve = readRows<{ id: number }>(
        dbPath,
        "SELECT id FROM candidates WHERE run_id = ? AND level IS NOT NULL AND hand_edited = 0 AND verdict = 'none' ORDER BY id LIMIT 12",
        runId,
      ).map((r) => r.id);
      const failures: string[] = [];
      const saved: number[] = [];
      const check = (r: Answer): Answer => {
        if (r.status >= 500 || !r.body.ok) failures.push(`${r.status} ${r.body.error?.message}`);
        return r;
      };
      await Promise.all([
        (async () => {
          for (let i = 0; i < 4; i++) {
            const r = check(
              await post(b, 'candidates.saveEdited', {
                runId,
                slot: 4,
                from: original,
                level: variant(level, 1 + i),
              }),
            );
            if (r.body.ok) saved.push((r.body.value as { candidateId: number }).candidateId);
          }
        })(),
        (async () => {
          for (let i = 0; i < 4; i++) {
            const r = check(
              await post(c, 'candidates.saveEdited', {
                runId,
                slot: 4,
                from: original,
                level: variant(level, 5 + i),
              }),
            );
            if (r.body.ok) saved.push((r.body.value as { candidateId: number }).candidateId);
          }
        })(),
        (async () => {
          for (const id of approve) {
            check(await post(b, 'candidates.setVerdict', { candidateIds: [id], verdict: 'approved' }));
            check(await post(c, 'orderings.computeApproved', { runId }));
          }
        })(),
      ]);
      expect(failures).toEqual([]);
      expect(saved).toHaveLength(8);
      // Eight copies of one level (differing only in notes) in one slot: each pair of them is stored once.
      for (let i = 0; i < saved.length; i++)
        for (let j = i + 1; j < saved.length; j++) expect(pairsBetween(saved[i]!, saved[j]!)).toBe(1);
      // The last approved order was computed after the last verdict: it is what computing now gives.
      const last = (await post(c, 'orderings.get', { runId, kind: 'approved' })).body.value as {
        levels: { candidateId: number | null }[];
      };
      const again = (await post(b, 'orderings.computeApproved', { runId })).body.value as {
        levels: { candidateId: number | null }[];
      };
      expect(last.levels.map((l) => l.candidateId)).toEqual(again.levels.map((l) => l.candidateId));
    } finally {
      await c.stop();
    }
  }, 300_000);
});
