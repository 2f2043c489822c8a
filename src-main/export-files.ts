/**
 * Writing a built export (runs/packs.ts buildExport) to a path chosen on the main side: a
 * CLI argument or Electron's save dialog, never the renderer. One file is written atomically;
 * the per-level layout is written as a whole folder, atomically (atomic-write.ts). Nothing is
 * ever written over the studio's database or its -wal/-shm/-journal files, by name, through
 * a symlink or by a folder that holds them; and a per-level export only replaces a folder
 * that holds nothing but an earlier per-level pack.
 */
import * as nodeFs from 'node:fs';
import { basename, dirname, extname, join, relative, resolve, isAbsolute } from 'node:path';
import type { ExportResult } from '../src-shared/api';
import { checkPathText, WriteError, writeFileAtomic, writeFolderAtomic, type WriteFs } from './atomic-write';

/** An absolute path with every existing part resolved through symlinks. */
function realish(path: string): string {
  const abs = resolve(path);
  try {
    return nodeFs.realpathSync(abs);
  } catch {
    const parent = dirname(abs);
    return parent === abs ? abs : join(realish(parent), basename(abs));
  }
}

/** The database and its companion files, each by its given and its real path. */
function databaseFiles(dbPath: string): string[] {
  const out = new Set<string>();
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    out.add(resolve(dbPath + suffix));
    out.add(realish(dbPath + suffix));
  }
  return [...out];
}

function sameFile(a: string, b: string): boolean {
  try {
    const sa = nodeFs.statSync(a);
    const sb = nodeFs.statSync(b);
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    return false;
  }
}

/** Refuse a target that is, or (for a folder) holds, the studio's database or a companion file. */
function refuseDatabaseTarget(target: string, dbPath: string, layout: 'file' | 'per-level'): void {
  const asked = [resolve(target), realish(target)];
  const db = databaseFiles(dbPath);
  for (const file of db) {
    const hit =
      layout === 'file'
        ? asked.includes(file) || sameFile(target, file)
        : asked.some((dir) => {
            const rel = relative(dir, file);
            return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
          });
    if (hit) {
      const what = layout === 'file' ? 'is' : 'holds';
      throw new WriteError(
        `cannot write ${resolve(target)}: it ${what} the studio's database (${basename(file)}); choose another ${layout === 'file' ? 'file' : 'folder'}`,
        resolve(target),
      );
    }
  }
}

/** The per-level folder for a target: `x.json` means the folder `x` beside it. */
function perLevelFolder(target: string): string {
  return resolve(extname(target) === '.json' ? join(dirname(target), basename(target, '.json')) : target);
}

const PACK_FILE = /^(index|level-\d+)\.json$/;

/** A per-level export may replace only a folder that holds an earlier per-level pack. */
function checkReplaceableFolder(dir: string): void {
  let entries: nodeFs.Dirent[];
  try {
    const stat = nodeFs.lstatSync(dir);
    if (stat.isSymbolicLink())
      throw new WriteError(
        `cannot write the per-level pack to ${dir}: it is a symbolic link; choose a real folder`,
        dir,
      );
    if (!stat.isDirectory())
      throw new WriteError(
        `cannot write the per-level pack to ${dir}: it is a file, not a folder; choose a folder name`,
        dir,
      );
    entries = nodeFs.readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    if (e instanceof WriteError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new WriteError(`cannot write the per-level pack to ${dir}: the folder cannot be read`, dir);
  }
  const foreign = entries.filter((d) => !(d.isFile() && PACK_FILE.test(d.name)));
  if (foreign.length > 0) {
    const names = foreign
      .slice(0, 3)
      .map((d) => d.name)
      .join(', ');
    throw new WriteError(
      `cannot write the per-level pack to ${dir}: the folder holds other things than a per-level pack (${names}${foreign.length > 3 ? ', …' : ''}); choose a new or empty folder`,
      dir,
    );
  }
}

export interface Written {
  /** The file, or the per-level folder, written. */
  path: string;
  /** Every file written, absolute. */
  files: string[];
  bytes: number;
}

/**
 * The checks a one-file target can pass before anything is built: its text, not the database,
 * not a folder. The CLI runs them before a whole set is generated, so a bad --out is refused
 * at once instead of after the run.
 */
export function checkFileTarget(target: string, dbPath: string): string {
  checkPathText(target);
  const abs = resolve(target);
  refuseDatabaseTarget(abs, dbPath, 'file');
  if (nodeFs.existsSync(abs) && nodeFs.statSync(abs).isDirectory())
    throw new WriteError(`cannot write ${abs}: it is a folder; choose a file name`, abs);
  return abs;
}

/** Write a built export to `target` (for per-level, the folder; `x.json` means folder `x`). */
export function writeExportTo(
  result: ExportResult,
  target: string,
  dbPath: string,
  fs: WriteFs = nodeFs,
): Written {
  checkPathText(target);
  if (result.layout === 'file') {
    const abs = checkFileTarget(target, dbPath);
    const path = writeFileAtomic(abs, result.text, fs);
    return { path, files: [path], bytes: result.bytes };
  }
  const dir = perLevelFolder(target);
  refuseDatabaseTarget(dir, dbPath, 'per-level');
  checkReplaceableFolder(dir);
  const path = writeFolderAtomic(dir, result.files, fs);
  return { path, files: result.files.map((f) => join(path, f.name)), bytes: result.bytes };
}
