/**
 * Two processes on one database, nothing lost and no 500s (issue 21, items 4 and 5): two real
 * studio servers (child processes, each its own connection) steer one run at the same moment,
 * and race verdicts, tags and undo on it; a CLI `generate` writes a run beside a curating
 * server. Every call answers (no 5xx), both steers' exclusions hold, and every candidate's
 * verdict and tags are what the run's history says they are (no write lost or overwritten).
 * Before, steering kept only the later steer's exclusion, and curation calls failed with
 * "database is locked" as HTTP 500.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudio } from '../../src-main/studio';
import { localClient } from '../../src-main/local-client';
import { apiPost, startChildStudio, type ChildStudio } from '../security/harness';
import { projectRoot } from '../helpers/cli';
import { readRows } from '../helpers/rows';
import { tempDir } from '../helpers/temp';

const t = tempDir('studio-two-');
const dbPath = join(t.dir, 'studio.db');
let runId: number;
let ids: number[];
let shipped: number[];
let a: ChildStudio;
let b: ChildStudio;

beforeAll(async () => {
  mkdirSync(t.dir, { recursive: true });
  const service = openStudio({ dbPath, workers: 2, transport: 'cli' });
  const api = localClient(service);
  runId = (await api.call('runs.create', { game: 'carillon', seed: 11, levels: 8 })).id;
  const done = await service.engine.waitFor(runId);
  expect(done.status).toBe('done');
  shipped = (await api.call('orderings.get', { runId, kind: 'automatic' })).levels.map((l) => l.candidateId!);
  await service.close();
  ids = readRows<{ id: number }>(
    dbPath,
    'SELECT id FROM candidates WHERE run_id = ? AND level IS NOT NULL ORDER BY id',
    runId,
  ).map((r) => r.id);
  [a, b] = await Promise.all([startChildStudio({ dbPath }), startChildStudio({ dbPath })]);
}, 300_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  t.cleanup();
});

interface Answer {
  status: number;
  body: { ok: boolean; value?: unknown; error?: { code: string; message: string } };
}
async function post(s: ChildStudio, method: string, args: unknown): Promise<Answer> {
  const res = await apiPost(s, method, args);
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Each candidate's verdict and tags as the run's history (entries still in effect) says. */
function historyAgrees(): { mismatches: string[] } {
  const db = new Database(dbPath, { readonly: true });
  try {
    const expected = new Map<string, string>();
    const rows = db
      .prepare(
        `SELECT c.target_id, c.field, c.after FROM history h JOIN history_changes c ON c.entry_id = h.id
         WHERE h.run_id = ? AND h.undone = 0 AND c.target = 'candidate' AND c.field IN ('verdict', 'tags')
         ORDER BY h.id, c.seq`,
      )
      .all(runId) as { target_id: number; field: string; after: string }[];
    for (const r of rows) expected.set(`${r.target_id}.${r.field}`, r.after);
    const mismatches: string[] = [];
    for (const c of db.prepare('SELECT id, verdict, tags FROM candidates WHERE run_id = ?').all(runId) as {
      id: number;
      verdict: string;
      tags: string;
    }[]) {
      const v = expected.get(`${c.id}.verdict`);
      const tags = expected.get(`${c.id}.tags`);
      if (JSON.stringify(c.verdict) !== (v ?? '"none"'))
        mismatches.push(`${c.id} verdict ${c.verdict}, history ${v}`);
      if (JSON.stringify(JSON.parse(c.tags)) !== (tags ?? '[]'))
        mismatches.push(`${c.id} tags ${c.tags}, history ${tags}`);
    }
    return { mismatches };
  } finally {
    db.close();
  }
}

const storedSteering = (): { excluded: number[] } =>
  JSON.parse(
    readRows<{ steering: string }>(dbPath, 'SELECT steering FROM runs WHERE id = ?', runId)[0]!.steering,
  );

describe('two studio servers on one database', () => {
  it('two steers at once from two servers both hold (no lost update), in every round', async () => {
    for (const [round, gap] of [0, 150, 0].entries()) {
      expect((await post(a, 'orderings.steer', { runId, clear: true })).status).toBe(200);
      const x = shipped[1 + round]!,
        y = shipped[5 + round]!;
      const [ra, rb] = await Promise.all([
        post(a, 'orderings.steer', { runId, exclude: [x] }),
        sleep(gap).then(() => post(b, 'orderings.steer', { runId, exclude: [y] })),
      ]);
      expect([ra.status, rb.status, ra.body.error, rb.body.error]).toEqual([200, 200, undefined, undefined]);
      expect(storedSteering().excluded.sort()).toEqual([x, y].sort());
      // The history holds both steers, and the stored order ships neither excluded candidate.
      const order = readRows<{ candidate_id: number }>(
        dbPath,
        "SELECT candidate_id FROM ordering_levels WHERE run_id = ? AND kind = 'steered'",
        runId,
      ).map((r) => r.candidate_id);
      expect(order).not.toContain(x);
      expect(order).not.toContain(y);
    }
  }, 240_000);

  it('verdicts, tags, undo and redo racing from two servers: every call answers, history and rows agree', async () => {
    const statuses: number[] = [];
    const errors: string[] = [];
    const drive = async (s: ChildStudio, mine: number[], calls: number, kind: 'verdict' | 'tags') => {
      for (let i = 0; i < calls; i++) {
        const id = mine[i % mine.length]!;
        const r =
          i % 5 === 4
            ? await post(s, 'history.undo', { runId })
            : i % 7 === 6
              ? await post(s, 'history.redo', { runId })
              : kind === 'verdict'
                ? await post(s, 'candidates.setVerdict', {
                    candidateIds: [id],
                    verdict: i % 2 ? 'approved' : 'rejected',
                  })
                : await post(s, 'candidates.setTags', {
                    candidateIds: [id],
                    tags: [`t${i % 3}`],
                    mode: 'add',
                  });
        statuses.push(r.status);
        // An undo or redo with nothing left is a conflict in a sentence, not a failure.
        if (r.status >= 500 || (!r.body.ok && r.body.error?.code !== 'conflict'))
          errors.push(`${r.status} ${r.body.error?.message}`);
      }
    };
    await Promise.all([
      drive(a, ids.slice(0, 20), 60, 'verdict'),
      drive(b, ids.slice(20, 40), 60, 'tags'),
      drive(a, ids.slice(40, 60), 60, 'tags'),
      drive(b, ids.slice(60, 80), 60, 'verdict'),
    ]);
    expect(errors).toEqual([]);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(historyAgrees().mismatches).toEqual([]);
    expect(a.alive() && b.alive()).toBe(true);
  }, 240_000);

  it('a CLI generate beside a curating server: the run is stored whole and every curation call answers', async () => {
    const out = join(t.dir, 'cli-pack.json');
    const proc = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(projectRoot, 'src-main/cli/main.ts'),
        'generate',
        '--game',
        'carillon',
        '--seed',
        '5',
        '--levels',
        '6',
        '--out',
        out,
        '--db',
        dbPath,
        '--workers',
        '1',
      ],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    let running = true;
    void exited.then(() => (running = false));
    const errors: string[] = [];
    let calls = 0;
    // Two curating loops on each server while the CLI writes its batches.
    const curate = async (s: ChildStudio, offset: number) => {
      for (let i = offset; running && i < offset + 200; i++) {
        const id = ids[i % ids.length]!;
        const r =
          i % 3 === 2
            ? await post(s, 'history.undo', { runId })
            : await post(s, 'candidates.setVerdict', {
                candidateIds: [id],
                verdict: i % 2 ? 'approved' : 'none',
              });
        calls++;
        if (r.status >= 500 || (!r.body.ok && r.body.error?.code !== 'conflict'))
          errors.push(`${r.status} ${r.body.error?.message}`);
      }
    };
    await Promise.all([curate(a, 0), curate(a, 25), curate(b, 50), curate(b, 75)]);
    expect(await exited, stderr).toBe(0);
    expect(calls).toBeGreaterThan(5);
    expect(errors).toEqual([]);
    expect(historyAgrees().mismatches).toEqual([]);
    const cliRun = readRows<{ status: string; n: number; total: number }>(
      dbPath,
      'SELECT r.status, r.candidates_total AS total, (SELECT COUNT(*) FROM candidates c WHERE c.run_id = r.id) AS n FROM runs r WHERE r.id <> ? ORDER BY r.id DESC LIMIT 1',
      runId,
    )[0]!;
    expect(cliRun.status).toBe('done');
    expect(cliRun.n).toBe(cliRun.total);
  }, 300_000);
});
