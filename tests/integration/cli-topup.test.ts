/**
 * `topup` through the CLI (issue 23): generate, top up twice, export; then the same in a fresh
 * database on another worker count: `cmp` finds the two packs identical. A top-up killed with
 * SIGKILL part way, then resumed, gives the same bytes, and dropped (`drop-topup`) gives the
 * plain run's pack again; `reproduce` replays the top-ups; bad input exits 2 naming the field,
 * with nothing stored.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';

const root = join(import.meta.dirname, '..', '..');
const cliArgs = ['--import', 'tsx', join(root, 'src-main/cli/main.ts')];
const t = tempDir('studio-cli-topup-');
afterAll(() => t.cleanup());

function cli(...args: string[]) {
  return spawnSync(process.execPath, [...cliArgs, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 240_000,
  });
}

function count(db: string, sql: string): number {
  try {
    const d = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (d.prepare(sql).get() as { n: number }).n;
    } finally {
      d.close();
    }
  } catch {
    return 0;
  }
}

const gen = ['--game', 'carillon', '--seed', '7', '--levels', '8'];
const first = ['--levels', '2-7', '--candidates', '60'];
const second = ['--levels', '4,8', '--candidates', '3', '--until-near', '0.5'];

/** Generate, top up twice, export; returns the pack's path. */
function made(name: string, workers: string): string {
  const db = join(t.dir, `${name}.db`);
  const out = join(t.dir, `${name}.json`);
  const g = cli(
    'generate',
    ...gen,
    '--workers',
    workers,
    '--db',
    db,
    '--out',
    join(t.dir, `${name}-plain.json`),
  );
  expect(g.status, g.stderr).toBe(0);
  for (const args of [first, second]) {
    const r = cli('topup', '1', ...args, '--workers', workers, '--db', db);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Top-up\s+levels .*: \d+ new candidates; /m);
  }
  const e = cli('export', '1', '--db', db, '--out', out);
  expect(e.status, e.stderr).toBe(0);
  return out;
}

/** Start the first top-up of run 1 in `db` and SIGKILL it part way; its lease is left stale. */
async function killedTopUp(db: string): Promise<void> {
  const base = count(db, 'SELECT COUNT(*) AS n FROM candidates');
  const child = spawn(process.execPath, [...cliArgs, 'topup', '1', ...first, '--workers', '2', '--db', db], {
    cwd: root,
    stdio: 'ignore',
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_c, signal) => resolve(signal)),
  );
  let seen = base;
  for (let i = 0; i < 1200 && seen < base + 40; i++) {
    await new Promise((r) => setTimeout(r, 25));
    seen = count(db, 'SELECT COUNT(*) AS n FROM candidates');
  }
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  const atKill = count(db, 'SELECT COUNT(*) AS n FROM candidates');
  expect(atKill).toBeGreaterThan(base);
  expect(atKill).toBeLessThan(base + 6 * 60);
  expect(count(db, "SELECT COUNT(*) AS n FROM run_topups WHERE status = 'pending'")).toBe(1);
  // Let the dead process's lease go stale rather than wait for it.
  const raw = new Database(db);
  raw.prepare('UPDATE runs SET heartbeat_at = heartbeat_at - 20000').run();
  raw.close();
}

describe('topup on the command line', () => {
  let reference: string;

  it('reproduces: the same top-ups on a fresh database give a pack cmp finds identical', () => {
    reference = made('a', '2');
    const again = made('b', '1');
    const c = spawnSync('cmp', [reference, again], { encoding: 'utf8' });
    expect(c.status, c.stdout).toBe(0);
    // And `reproduce` makes the run and its top-ups again.
    const r = cli('reproduce', '1', '--db', join(t.dir, 'a.db'), '--workers', '2');
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/run 1 reproduces/);
  }, 600_000);

  it('a top-up killed with SIGKILL, resumed, gives the same bytes', async () => {
    const db = join(t.dir, 'killed.db');
    const g = cli(
      'generate',
      ...gen,
      '--workers',
      '2',
      '--db',
      db,
      '--out',
      join(t.dir, 'killed-plain.json'),
    );
    expect(g.status, g.stderr).toBe(0);
    await killedTopUp(db);
    const resumed = cli('resume', '1', '--db', db, '--workers', '2');
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(count(db, "SELECT COUNT(*) AS n FROM run_topups WHERE status = 'done'")).toBe(1);
    const r2 = cli('topup', '1', ...second, '--workers', '1', '--db', db);
    expect(r2.status, r2.stderr).toBe(0);
    const out = join(t.dir, 'killed.json');
    expect(cli('export', '1', '--db', db, '--out', out).status).toBe(0);
    const c = spawnSync('cmp', [reference, out], { encoding: 'utf8' });
    expect(c.status, c.stdout).toBe(0);
  }, 600_000);

  it("a top-up killed part way can be dropped instead: the pack is the plain run's bytes again", async () => {
    const db = join(t.dir, 'dropped.db');
    const plain = join(t.dir, 'dropped-plain.json');
    const g = cli('generate', ...gen, '--workers', '2', '--db', db, '--out', plain);
    expect(g.status, g.stderr).toBe(0);
    await killedTopUp(db);
    const d = cli('drop-topup', '1', '--db', db);
    expect(d.status, d.stderr).toBe(0);
    expect(d.stdout).toMatch(
      /^run 1 in .*: dropped top-up 1 \(levels 2–7, 60 candidates each\), \d+ candidates removed; the run is done as before it$/m,
    );
    expect(count(db, 'SELECT COUNT(*) AS n FROM run_topups')).toBe(0);
    const out = join(t.dir, 'dropped.json');
    expect(cli('export', '1', '--db', db, '--out', out).status).toBe(0);
    const c = spawnSync('cmp', [plain, out], { encoding: 'utf8' });
    expect(c.status, c.stdout).toBe(0);
    const again = cli('drop-topup', '1', '--db', db);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/^error: Run 1 has no top-up left part-way to drop/);
  }, 600_000);

  it('refuses bad input naming the field, exits 2 and stores nothing', { timeout: 300_000 }, () => {
    const db = join(t.dir, 'a.db');
    const before = count(db, 'SELECT COUNT(*) AS n FROM run_topups');
    const outside = cli('topup', '1', '--levels', '7-9', '--candidates', '4', '--db', db);
    expect(outside.status).toBe(2);
    expect(outside.stderr).toMatch(
      /^error: levels: level 9 is outside the plan of run 1 \(levels 1–8\); nothing was stored/m,
    );
    const zero = cli('topup', '1', '--levels', '3', '--candidates', '0', '--db', db);
    expect(zero.status).toBe(2);
    expect(zero.stderr).toMatch(/^error: candidates: must be at least 1; nothing was stored/m);
    const typo = cli('topup', '1', '--levels', 'three', '--candidates', '4', '--db', db);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/--levels takes levels like 1-10,14/);
    expect(count(db, 'SELECT COUNT(*) AS n FROM run_topups')).toBe(before);
    expect(before).toBe(2);
  });
});
