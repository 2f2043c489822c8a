/** The store's SQLite binary per runtime (src-main/store/native-binding.ts), Electron faked. */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { betterSqliteDir, chooseNativeBinding, loadNativeBinding } from '../../src-main/store/native-binding';
import { openDatabase } from '../../src-main/store/db';
import { tempDir } from '../helpers/temp';

const nodeVersions = process.versions;
const electronVersions = { ...process.versions, electron: '41.7.1' } as NodeJS.ProcessVersions;

describe('SQLite binding choice', () => {
  it('picks Node’s build under Node and the build-electron copy under Electron', () => {
    const dir = betterSqliteDir();
    expect(chooseNativeBinding(nodeVersions)).toEqual({
      runtime: 'node',
      file: join(dir, 'build', 'Release', 'better_sqlite3.node'),
      fix: 'npm rebuild better-sqlite3',
    });
    expect(chooseNativeBinding(electronVersions)).toEqual({
      runtime: 'electron',
      file: join(dir, 'build-electron', 'Release', 'better_sqlite3.node'),
      fix: 'npm run desktop:install',
    });
  });

  it('loads the chosen file and opens a working database through it', () => {
    const { dir, cleanup } = tempDir();
    try {
      // A package folder whose Electron slot holds a binary this process can load.
      mkdirSync(join(dir, 'pkg', 'build-electron', 'Release'), { recursive: true });
      copyFileSync(
        chooseNativeBinding(nodeVersions).file,
        join(dir, 'pkg', 'build-electron', 'Release', 'better_sqlite3.node'),
      );
      const { choice, addon } = loadNativeBinding(electronVersions, join(dir, 'pkg'));
      expect(choice.file).toBe(join(dir, 'pkg', 'build-electron', 'Release', 'better_sqlite3.node'));
      const db = new Database(':memory:', { nativeBinding: addon as never });
      expect(db.prepare('select 41 + 1 as n').get()).toEqual({ n: 42 });
      db.close();
    } finally {
      cleanup();
    }
  });

  it('names the missing file and the command that fixes it', () => {
    const { dir, cleanup } = tempDir();
    try {
      expect(() => loadNativeBinding(electronVersions, dir)).toThrow(
        `SQLite's binary for Electron 41.7.1 is missing: ${join(dir, 'build-electron', 'Release', 'better_sqlite3.node')}. Run "npm run desktop:install" in the studio's folder to put it there.`,
      );
      expect(() => loadNativeBinding(nodeVersions, dir)).toThrow(`Run "npm rebuild better-sqlite3"`);
    } finally {
      cleanup();
    }
  });

  it('says a binary built for another runtime is one, with the file and the fix', () => {
    const { dir, cleanup } = tempDir();
    try {
      const file = join(dir, 'build-electron', 'Release', 'better_sqlite3.node');
      mkdirSync(join(dir, 'build-electron', 'Release'), { recursive: true });
      // Node's real build marked as 32-bit (ELF class byte): the loader refuses it as built elsewhere.
      const bytes = readFileSync(chooseNativeBinding(nodeVersions).file);
      bytes[4] = 1;
      writeFileSync(file, bytes);
      expect(() => loadNativeBinding(electronVersions, dir)).toThrow(
        new RegExp(
          `^SQLite's binary ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} was built for another runtime than Electron 41\\.7\\.1 \\(.*\\)\\. Run "npm run desktop:install"`,
        ),
      );
      // Node's wording for an ABI mismatch (from a build for Electron loaded by Node).
      const abi = () => {
        throw new Error(
          `The module '${file}'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 145. This version of Node.js requires\nNODE_MODULE_VERSION 115.`,
        );
      };
      expect(() => loadNativeBinding(nodeVersions, join(dir, 'node'), abi)).toThrow(/missing/);
      mkdirSync(join(dir, 'build', 'Release'), { recursive: true });
      writeFileSync(join(dir, 'build', 'Release', 'better_sqlite3.node'), '');
      expect(() => loadNativeBinding(nodeVersions, dir, abi)).toThrow(
        /was built for another runtime than Node .*NODE_MODULE_VERSION.*Run "npm rebuild better-sqlite3"/,
      );
    } finally {
      cleanup();
    }
  });

  it('the store opens its database with Node’s binding under Node', () => {
    const { dir, cleanup } = tempDir();
    try {
      const db = openDatabase(join(dir, 'studio.db'));
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.close();
    } finally {
      cleanup();
    }
  });
});
