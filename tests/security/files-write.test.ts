/**
 * Issue 9, files: where the CLI and Electron's main process write (export-files.ts and
 * atomic-write.ts). Nothing is ever written over the database or its -wal/-shm files; an export
 * that fails part-way leaves the old file or folder whole and no temporary file behind, with a
 * sentence naming the asked-for path; the per-level layout is replaced as a whole. Also the
 * import worker's own limits (time budget, heap cap) with lowered figures.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportResult, RunSummary } from '../../src-shared/api';
import { carillonGame } from '../../src-shared/games/carillon/index';
import { IMPORT_LIMITS } from '../../src-shared/pack/import-limits';
import type { WriteFs } from '../../src-main/atomic-write';
import { writeExportTo } from '../../src-main/export-files';
import { importPackText } from '../../src-main/runs/packs';
import { openDatabase } from '../../src-main/store/db';
import { openStudio } from '../../src-main/studio';
import { localClient } from '../../src-main/local-client';
import { tempDir } from '../helpers/temp';
import { carillonPackText, dbState } from './files-fixtures';

const root = join(import.meta.dirname, '..', '..');
const t = tempDir('studio-sec-write-');
// World-writable, so the CLI can run unprivileged in it (see "read-only folder" below).
chmodSync(t.dir, 0o777);
const dbPath = join(t.dir, 'studio.db');
let big: ExportResult; // 3 levels
let small: ExportResult; // 2 levels
let bigRun: RunSummary;

function cli(args: string[], opts: { unprivileged?: boolean } = {}): { status: number | null; out: string } {
  // Root ignores file modes, so a read-only folder is only read-only to another user.
  const asNobody =
    opts.unprivileged && process.getuid?.() === 0
      ? { uid: 65534, gid: 65534, env: { ...process.env, HOME: t.dir } }
      : {};
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src-main/cli/main.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    ...asNobody,
  });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

beforeAll(async () => {
  const service = openStudio({ dbPath, workers: 1, transport: 'cli' });
  const api = localClient(service);
  try {
    bigRun = await api.call('runs.create', { game: 'carillon', seed: 7, levels: 3 });
    const smallRun = await api.call('runs.create', { game: 'carillon', seed: 8, levels: 2 });
    await service.engine.waitFor(bigRun.id);
    await service.engine.waitFor(smallRun.id);
    big = await api.call('packs.export', { runId: bigRun.id, kind: 'automatic', layout: 'per-level' });
    small = await api.call('packs.export', { runId: smallRun.id, kind: 'automatic', layout: 'per-level' });
  } finally {
    await service.close();
  }
  // The CLI may run as another user below: let it open the database.
  openDatabase(dbPath).close();
  for (const f of readdirSync(t.dir)) chmodSync(join(t.dir, f), 0o666);
});
afterAll(() => t.cleanup());

/** A folder's files and their bytes. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((n) => [n, readFileSync(join(dir, n), 'utf8')]),
  );
}

/** An fs whose writes fail with ENOSPC after `okWrites` files, the failing one half written. */
function fullDiskAfter(okWrites: number): WriteFs {
  let writes = 0;
  return {
    ...fs,
    writeFileSync: ((path: fs.PathOrFileDescriptor, data: string | NodeJS.ArrayBufferView) => {
      writes += 1;
      if (writes > okWrites) {
        fs.writeFileSync(path, String(data).slice(0, 10));
        throw Object.assign(new Error(`ENOSPC: no space left on device, write '${String(path)}'`), {
          code: 'ENOSPC',
        });
      }
      fs.writeFileSync(path, data);
    }) as typeof fs.writeFileSync,
  };
}

describe('nothing is ever written over the database', () => {
  it('the CLI refuses --out naming the database, its -wal or -shm, a link to it, or a folder holding it', () => {
    const before = dbState(dbPath);
    symlinkSync(dbPath, join(t.dir, 'innocent.json'));
    const cases: [string[], RegExp][] = [
      [['--out', dbPath], /studio\.db\)/],
      [['--out', `${dbPath}-wal`], /studio\.db-wal\)/],
      [['--out', `${dbPath}-shm`], /studio\.db-shm\)/],
      [['--out', join(t.dir, 'innocent.json')], /studio\.db\)/],
      [['--out', join(t.dir, 'sub', '..', 'studio.db')], /studio\.db\)/],
      [['--out', t.dir, '--per-level'], /holds the studio's database/],
    ];
    for (const [args, named] of cases) {
      const r = cli(['export', String(bigRun.id), '--db', dbPath, ...args]);
      expect(r.status, r.out).not.toBe(0);
      expect(r.out).toMatch(/cannot write .*: it (is|holds) the studio's database/);
      expect(r.out).toMatch(named);
    }
    expect(dbState(dbPath)).toEqual(before);
    expect(before.integrity).toBe('ok');
    expect(fs.lstatSync(join(t.dir, 'innocent.json')).isSymbolicLink()).toBe(true);
  });

  it('the writer refuses the same through a relative path', () => {
    const cwd = process.cwd();
    process.chdir(t.dir);
    try {
      expect(() => writeExportTo({ ...big, layout: 'file', files: [] }, 'studio.db', dbPath)).toThrow(
        /it is the studio's database \(studio\.db\)/,
      );
      expect(() => writeExportTo(big, '.', dbPath)).toThrow(/holds the studio's database/);
    } finally {
      process.chdir(cwd);
    }
    expect(dbState(dbPath).integrity).toBe('ok');
  });
});

describe('an export that fails part-way leaves the old pack whole and nothing behind', () => {
  it('a read-only folder: the CLI names the asked-for file, the old file stays, no temporary file', () => {
    const dir = join(t.dir, 'readonly');
    mkdirSync(dir);
    const target = join(dir, 'pack.json');
    writeFileSync(target, 'OLD PACK');
    chownSync(dir, 0, 0);
    chmodSync(dir, 0o555);
    chmodSync(target, 0o444);
    try {
      const r = cli(['export', String(bigRun.id), '--db', dbPath, '--out', target], { unprivileged: true });
      expect(r.status, r.out).not.toBe(0);
      expect(r.out).toContain(`cannot write ${target}: permission denied`);
      expect(r.out).not.toMatch(/\.tmp/);
      expect(readFileSync(target, 'utf8')).toBe('OLD PACK');
      expect(readdirSync(dir)).toEqual(['pack.json']);
      const perLevel = cli(
        ['export', String(bigRun.id), '--db', dbPath, '--per-level', '--out', join(dir, 'levels')],
        { unprivileged: true },
      );
      expect(perLevel.status, perLevel.out).not.toBe(0);
      expect(perLevel.out).toContain(`cannot write ${join(dir, 'levels')}: permission denied`);
      expect(readdirSync(dir)).toEqual(['pack.json']);
    } finally {
      chmodSync(dir, 0o755);
    }
  });

  it('one file: a full disk mid-write keeps the old file and leaves no temporary file', () => {
    const dir = join(t.dir, 'single');
    mkdirSync(dir);
    const target = join(dir, 'pack.json');
    writeFileSync(target, 'OLD PACK');
    expect(() =>
      writeExportTo({ ...big, layout: 'file', files: [] }, target, dbPath, fullDiskAfter(0)),
    ).toThrow(`cannot write ${target}: the disk is full`);
    expect(readdirSync(dir)).toEqual(['pack.json']);
    expect(readFileSync(target, 'utf8')).toBe('OLD PACK');
    // And with room, it is replaced.
    writeExportTo({ ...big, layout: 'file', files: [] }, target, dbPath);
    expect(readFileSync(target, 'utf8')).toBe(big.text);
    expect(readdirSync(dir)).toEqual(['pack.json']);
  });

  it('per level: a full disk at the third file keeps the old folder whole and leaves nothing', () => {
    const parent = join(t.dir, 'per-level');
    mkdirSync(parent);
    const target = join(parent, 'pack');
    writeExportTo(big, target, dbPath);
    const old = snapshot(target);
    expect(Object.keys(old)).toEqual(['index.json', 'level-001.json', 'level-002.json', 'level-003.json']);
    let message = '';
    try {
      writeExportTo(small, target, dbPath, fullDiskAfter(2));
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe(`cannot write ${target}: the disk is full`);
    expect(snapshot(target)).toEqual(old);
    expect(readdirSync(parent)).toEqual(['pack']);
  });

  it('per level: a failure while moving the new folder in puts the old one back', () => {
    const parent = join(t.dir, 'per-level-rename');
    mkdirSync(parent);
    const target = join(parent, 'pack');
    writeExportTo(big, target, dbPath);
    const old = snapshot(target);
    let renames = 0;
    const failSecondRename: WriteFs = {
      ...fs,
      renameSync: ((a: fs.PathLike, b: fs.PathLike) => {
        renames += 1;
        if (renames === 2) throw Object.assign(new Error('EXDEV'), { code: 'EXDEV' });
        fs.renameSync(a, b);
      }) as typeof fs.renameSync,
    };
    expect(() => writeExportTo(small, target, dbPath, failSecondRename)).toThrow(`cannot replace ${target}:`);
    expect(snapshot(target)).toEqual(old);
    expect(readdirSync(parent)).toEqual(['pack']);
  });

  it('per level: a new export replaces the folder as a whole (no level file of the old one stays)', () => {
    const target = join(t.dir, 'whole', 'pack.json'); // x.json means the folder x
    const folder = join(t.dir, 'whole', 'pack');
    writeExportTo(big, target, dbPath);
    expect(readdirSync(folder)).toHaveLength(4);
    const written = writeExportTo(small, target, dbPath);
    expect(written.path).toBe(folder);
    expect(snapshot(folder)).toEqual(Object.fromEntries(small.files.map((f) => [f.name, f.text])));
    expect(readdirSync(join(t.dir, 'whole'))).toEqual(['pack']);
  });

  it('per level: a folder holding anything but a per-level pack is not replaced', () => {
    const folder = join(t.dir, 'mine');
    mkdirSync(folder);
    writeFileSync(join(folder, 'notes.txt'), 'keep me');
    expect(() => writeExportTo(big, folder, dbPath)).toThrow(
      `cannot write the per-level pack to ${folder}: the folder holds other things than a per-level pack (notes.txt); choose a new or empty folder`,
    );
    expect(snapshot(folder)).toEqual({ 'notes.txt': 'keep me' });
  });

  it('a NUL byte in the path gets a sentence, not a system error about a temporary file', () => {
    expect(() =>
      writeExportTo({ ...big, layout: 'file', files: [] }, join(t.dir, 'a\0b.json'), dbPath),
    ).toThrow(/^the path ".*a\\0b\.json" contains a NUL byte; choose another name$/);
    expect(readdirSync(t.dir).some((n) => n.includes('.tmp'))).toBe(false);
  });
});

describe('the import worker holds its own limits', () => {
  it('past its time budget the worker is stopped and nothing is stored', async () => {
    const db = openDatabase(join(t.dir, 'budget.db'));
    try {
      const before = dbState(join(t.dir, 'budget.db'));
      await expect(
        importPackText(db, {
          text: carillonPackText(100, 40),
          limits: { ...IMPORT_LIMITS, timeBudgetMs: 300 },
        }),
      ).rejects.toThrow(
        'the pack took longer than 0.3 s to check, the most an import may take; nothing was stored',
      );
      expect(dbState(join(t.dir, 'budget.db'))).toEqual(before);
    } finally {
      db.close();
    }
  });

  it('a level whose proof runs past its own budget is refused, named, and nothing is stored', async () => {
    const path = join(t.dir, 'level-budget.db');
    const db = openDatabase(path);
    try {
      const before = dbState(path);
      // Level 2 is 24 isolated dots in a 24-tap slot: its fewest-taps search takes about a
      // second, far past a 100 ms budget; level 1 (three dots, one tap) proves in milliseconds.
      const spots = Array.from({ length: 24 }, (_, k) => ({
        x: 70 + 130 * (k % 5),
        y: 70 + 130 * Math.floor(k / 5),
      }));
      const pack = {
        format: 'carillon-pack',
        version: 1,
        seed: 1,
        rules: carillonGame.defaultRules,
        plan: [
          { from: 1, to: 1, taps: 1, minDots: 3, maxDots: 3, tutorial: true },
          { from: 2, to: 2, taps: 24, minDots: 24, maxDots: 24, tutorial: false },
        ],
        levels: [
          {
            level: 1,
            taps: 1,
            bits: 0,
            tutorial: true,
            dots: [
              { x: 304, y: 616, size: 'small', color: 3 },
              { x: 240, y: 610, size: 'normal', color: 2 },
              { x: 233, y: 688, size: 'normal', color: 1 },
            ],
            solution: [0],
          },
          {
            level: 2,
            taps: 24,
            bits: 0,
            tutorial: false,
            dots: spots.map((p, k) => ({ ...p, size: 'small', color: k % 7 })),
            solution: spots.map((_, k) => k),
          },
        ],
      };
      await expect(
        importPackText(db, { text: JSON.stringify(pack), limits: { ...IMPORT_LIMITS, levelBudgetMs: 100 } }),
      ).rejects.toThrow(
        "level 2 is too large to prove: its proof took longer than 0.1 s, the most one level's check may take; nothing was stored",
      );
      expect(dbState(path)).toEqual(before);
    } finally {
      db.close();
    }
  });

  it('past its heap cap the worker dies alone, with a sentence', async () => {
    const db = openDatabase(join(t.dir, 'heap.db'));
    try {
      // 20 MB of small objects needs far more than a 16 MB heap.
      const text = carillonPackText(1, 10).replace(
        '"levels":',
        `"padding":[${Array.from({ length: 1_000_000 }, (_, i) => `{"a":${i}}`).join(',')}],"levels":`,
      );
      await expect(importPackText(db, { text, limits: { ...IMPORT_LIMITS, maxHeapMb: 16 } })).rejects.toThrow(
        'the pack needs more memory to check than an import may use (16 MB); nothing was stored',
      );
      expect(existsSync(join(t.dir, 'heap.db'))).toBe(true);
      expect(dbState(join(t.dir, 'heap.db')).counts['runs']).toBe(0);
    } finally {
      db.close();
    }
  });
});
