import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';

const root = join(import.meta.dirname, '..', '..');
const cliArgs = ['--import', 'tsx', join(root, 'src-main/cli/main.ts')];
const t = tempDir('studio-crash-');
afterAll(() => t.cleanup());

function cli(...args: string[]) {
  return spawnSync(process.execPath, [...cliArgs, ...args], { cwd: root, encoding: 'utf8', timeout: 240_000 });
}

function storedCandidates(db: string): number {
  try {
    const d = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (d.prepare('SELECT COUNT(*) AS n FROM candidates').get() as { n: number }).n;
    } finally {
      d.close();
    }
  } catch {
    return 0; // not created yet, or the schema is still being written
  }
}

describe('a run killed with SIGKILL mid-run', () => {
  it('is marked interrupted on the next open, and resume + export give the same bytes as an uninterrupted generate', async () => {
    const args = ['--game', 'apsis', '--seed', '5', '--levels', '60', '--workers', '2'];
    const reference = join(t.dir, 'reference.json');
    const ok = cli('generate', ...args, '--db', join(t.dir, 'reference.db'), '--out', reference);
    expect(ok.status, ok.stderr).toBe(0);

    const db = join(t.dir, 'killed.db');
    const child = spawn(process.execPath, [...cliArgs, 'generate', ...args, '--db', db, '--out', join(t.dir, 'never.json')], { cwd: root, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Kill it once some, but not all, candidates are stored.
    const total = 60 * 12;
    let seen = 0;
    for (let i = 0; i < 600 && seen < 60; i++) {
      await new Promise((r) => setTimeout(r, 25));
      seen = storedCandidates(db);
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const atKill = storedCandidates(db);
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(total);

    const list = cli('runs', '--db', db);
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^\s+1\s+apsis\s+5\s+60\s+interrupted/m);

    const resumed = cli('resume', '1', '--db', db);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(new RegExp(`resuming run 1: ${atKill}/${total} candidates stored`));
    const out = join(t.dir, 'resumed.json');
    const exported = cli('export', '1', '--db', db, '--out', out);
    expect(exported.status, exported.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(reference, 'utf8'));
  });
});
