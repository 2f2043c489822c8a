/**
 * Damaged, empty, missing and read-only database files at start (issue 21, item 8). A file with
 * one damaged page in the middle is refused by name with how to copy it, and not one byte of it
 * changes; a 0-byte file is named, never rebuilt into an empty studio; a missing file is a new
 * studio, unless its journal is still there; a read-only file or folder is refused at start,
 * naming it. Before, the damaged file was served and written to, the empty one silently
 * rebuilt, and the read-only one answered every write with a 500.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/store/db';
import { migrations } from '../../src-main/store/migrations';
import { cli, projectRoot } from '../helpers/cli';
import { seedBigRun } from '../helpers/big-run';
import { tempDir } from '../helpers/temp';

let cleanup = (): void => undefined;
afterEach(() => cleanup());
function folder(): string {
  const t = tempDir('studio-files-');
  cleanup = t.cleanup;
  return t.dir;
}
const hash = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/** A real studio database with a 2,000-candidate run, closed (its journal folded back in). */
function realDatabase(dir: string): string {
  const path = join(dir, 'studio.db');
  openDatabase(path).close();
  seedBigRun(path, 2_000);
  openDatabase(path).close();
  return path;
}

describe('the database file at start', () => {
  it('a file with one damaged page in the middle is refused by name, with the backup command, and left unchanged', () => {
    const path = realDatabase(folder());
    const size = statSync(path).size;
    const pageSize = readFileSync(path).readUInt16BE(16);
    const pages = size / pageSize;
    expect(pages).toBeGreaterThan(50);
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, Math.floor(pages / 2) * pageSize);
    closeSync(fd);
    const before = hash(path);
    expect(() => openDatabase(path)).toThrow(
      new RegExp(
        `cannot open the database ${path.replace(/[.\\/]/g, '\\$&')}: it is damaged .*npm run cli -- backup`,
      ),
    );
    // The CLI refuses it in the same words, and the file is byte for byte what it was.
    const r = cli('runs', '--db', path);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`cannot open the database ${path}: it is damaged`);
    expect(hash(path)).toBe(before);
    expect(statSync(path).size).toBe(size);
  }, 120_000);

  it('a 0-byte file is named and left empty, never rebuilt into a new studio', () => {
    const path = join(folder(), 'studio.db');
    writeFileSync(path, '');
    expect(() => openDatabase(path)).toThrow(
      `cannot open the database ${path}: it is an empty file (0 bytes)`,
    );
    const r = cli('runs', '--db', path);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('it is an empty file (0 bytes)');
    expect(statSync(path).size).toBe(0);
  }, 60_000);

  it('a missing file at a new path is a new studio; one missing beside its journal is named', () => {
    const dir = folder();
    const path = join(dir, 'new.db');
    const db = openDatabase(path);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    db.close();
    const moved = join(dir, 'moved.db');
    writeFileSync(`${moved}-wal`, 'x');
    expect(() => openDatabase(moved)).toThrow(`the file is missing but its journal ${moved}-wal is there`);
    expect(existsSync(moved)).toBe(false);
    expect(() => openDatabase(join(dir, 'no-such-folder', 'studio.db'))).toThrow(
      /its folder .*no-such-folder does not exist/,
    );
  });

  it('a read-only file, and a file in a read-only folder, are refused at start, naming them', () => {
    const dir = folder();
    const path = realDatabase(dir);
    const before = hash(path);
    // Root may write to any file, so the studio is opened as another user when the tests run as root.
    const asRoot = process.getuid?.() === 0;
    const open = (): string => {
      if (!asRoot) {
        try {
          openDatabase(path).close();
          return 'opened';
        } catch (e) {
          return (e as Error).message;
        }
      }
      const r = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(projectRoot, 'tests/helpers/open-database-child.ts'), path],
        {
          cwd: projectRoot,
          encoding: 'utf8',
          uid: 65534,
          gid: 65534,
          env: { ...process.env, HOME: dir, TMPDIR: dir },
          timeout: 60_000,
        },
      );
      return `${r.stdout}${r.stderr}`.trim();
    };
    chmodSync(dir, 0o777);
    chmodSync(path, 0o444);
    expect(open()).toContain(`cannot open the database ${path}: the file is read-only`);
    chmodSync(path, 0o666);
    chmodSync(dir, 0o555);
    expect(open()).toContain(`cannot open the database ${path}: its folder ${dir} is read-only`);
    expect(hash(path)).toBe(before);
    chmodSync(dir, 0o777);
    expect(open()).toBe('opened');
    chmodSync(dir, 0o700);
  }, 120_000);
});
