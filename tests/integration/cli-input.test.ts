/**
 * The CLI off the happy path (audit): a file argument that is not a regular file is refused
 * with a sentence (verify /dev/zero used to read for ever; a folder printed Node's EISDIR), and
 * a bad --out (the database itself, a folder) is refused before a whole set is generated, not
 * after it, with no run left behind. `serve` names the range of its options (--workers 99999
 * said "must be a whole number"; --workers 0 was taken).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRows } from '../helpers/rows';
import { tempDir } from '../helpers/temp';
import { cli, projectRoot as root } from '../helpers/cli';

const t = tempDir('studio-cli-input-');
afterAll(() => t.cleanup());

describe('cli input files', () => {
  it('refuses a device and a folder as a pack or a level, in a sentence', () => {
    const dev = cli('verify', '/dev/zero');
    expect(dev.status).toBe(1);
    expect(dev.stderr + dev.stdout).toMatch(/cannot read \/dev\/zero: it is not a regular file/);
    const folder = cli('verify', t.dir);
    expect(folder.status).toBe(1);
    expect(folder.stderr + folder.stdout).toMatch(/it is a folder, not a file/);
    expect(folder.stderr + folder.stdout).not.toMatch(/EISDIR/);
    const level = cli('prove', '--game', 'carillon', '/dev/zero');
    expect(level.status).toBe(2);
    expect(level.stderr + level.stdout).toMatch(
      /cannot read the level file \/dev\/zero: it is not a regular file/,
    );
  });

  it('names an option without an upper bound by its lower one only', () => {
    const r = cli(
      'generate',
      '--game',
      'carillon',
      '--seed',
      '3',
      '--levels',
      '0',
      '--out',
      join(t.dir, 'x.json'),
      '--db',
      join(t.dir, 'x.db'),
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/--levels must be a whole number of at least 1, got "0"/);
    expect(r.stderr).not.toMatch(/9007199254740991/);
  });

  it('--seed takes the one seed domain: "1e3", "-5" and 2^31 are refused naming the flag, nothing stored', () => {
    for (const [seed, why] of [
      ['1e3', 'not “1e3”'],
      ['-5', 'not “-5”'],
      ['2147483648', '2147483648 is too large'],
    ] as const) {
      const db = join(t.dir, `seed-${seed}.db`);
      const r = cli(
        'generate',
        '--game',
        'carillon',
        '--seed',
        seed,
        '--levels',
        '1',
        '--out',
        join(t.dir, 'seed.json'),
        '--db',
        db,
      );
      expect(r.status, seed).toBe(1);
      expect(r.stderr).toContain(
        `--seed must be a whole number from 0 to 2,147,483,647${why.startsWith('not') ? ', ' : '; '}${why}`,
      );
      expect(existsSync(db)).toBe(false);
    }
  });

  it('serve names the range of --workers and --port when refusing them', () => {
    const serve = (...args: string[]) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', join(root, 'src-main/server/main.ts'), '--db', join(t.dir, 'serve.db'), ...args],
        { cwd: root, encoding: 'utf8', timeout: 60_000 },
      );
    const many = serve('--workers', '99999');
    expect(many.status).toBe(1);
    expect(many.stderr).toMatch(/--workers must be a whole number from 1 to 64, got "99999"/);
    expect(serve('--workers', '0').stderr).toMatch(/--workers must be a whole number from 1 to 64, got "0"/);
    expect(serve('--port', '70000').stderr).toMatch(
      /--port must be a whole number from 0 to 65535, got "70000"/,
    );
    expect(serve('--port', '1e3').stderr).toMatch(/--port must be a whole number/);
  });

  it('refuses --out naming the database or a folder before generating, leaving no run', () => {
    const db = join(t.dir, 'studio.db');
    const onDb = cli(
      'generate',
      '--game',
      'carillon',
      '--seed',
      '3',
      '--levels',
      '2',
      '--out',
      db,
      '--db',
      db,
    );
    expect(onDb.status).toBe(1);
    expect(onDb.stderr).toMatch(/it is the studio's database/);
    expect(onDb.stderr).not.toMatch(/^run \d+ in/m);
    const wal = cli(
      'generate',
      '--game',
      'carillon',
      '--seed',
      '3',
      '--levels',
      '2',
      '--out',
      `${db}-wal`,
      '--db',
      db,
    );
    expect(wal.stderr).toMatch(/it is the studio's database/);
    const dir = join(t.dir, 'packs');
    mkdirSync(dir);
    const onDir = cli(
      'generate',
      '--game',
      'carillon',
      '--seed',
      '3',
      '--levels',
      '2',
      '--out',
      dir,
      '--db',
      db,
    );
    expect(onDir.status).toBe(1);
    expect(onDir.stderr).toMatch(/it is a folder; choose a file name/);
    expect(existsSync(db) ? readRows(db, 'select id from runs') : []).toEqual([]);
    // resume checks its --out first as well (before it looks for the run).
    const resume = cli('resume', '1', '--out', db, '--db', db);
    expect(resume.status).toBe(1);
    expect(resume.stderr).toMatch(/it is the studio's database/);
  });
});
