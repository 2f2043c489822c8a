/**
 * Atomic writes that leave nothing half-done: a file is written to a temporary file in the
 * same folder and renamed over the target; a folder is written as a temporary sibling folder
 * and renamed into place as a whole (the old folder is moved aside first and removed only
 * once the new one is in place, or moved back if that fails). On any failure the old file or
 * folder stays whole, no temporary file or folder is left, and the error is a sentence that
 * names the path the caller asked for, never the hidden temporary name.
 */
import * as nodeFs from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** The few fs calls the writers make; tests swap one in to fail part-way (a full disk). */
export type WriteFs = Pick<
  typeof nodeFs,
  'mkdirSync' | 'writeFileSync' | 'renameSync' | 'rmSync' | 'existsSync'
>;

export class WriteError extends Error {
  constructor(
    message: string,
    readonly target: string,
  ) {
    super(message);
    this.name = 'WriteError';
  }
}

/** Refuse a path with a NUL byte up front (node would otherwise answer with its own wording). */
export function checkPathText(path: string, what = 'the path'): void {
  if (path.includes('\0'))
    throw new WriteError(
      `${what} "${path.replace(/\0/g, '\\0')}" contains a NUL byte; choose another name`,
      path,
    );
  if (path.trim() === '') throw new WriteError(`${what} is empty; choose a file name`, path);
}

/** Why a write failed, as a designer's sentence naming the asked-for target. */
function writeFailure(target: string, e: unknown, what = 'write'): WriteError {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  const reasons: Record<string, string> = {
    EACCES: 'permission denied (the folder is read-only for the studio)',
    EPERM: 'the operation is not permitted there (the folder is read-only or protected)',
    EROFS: 'the disk is mounted read-only',
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    EFBIG: 'the file would be larger than this system allows',
    ENAMETOOLONG: 'the name is too long',
    ENOTDIR: 'a part of the path is a file, not a folder',
    EISDIR: 'it is a folder',
    ENOENT: 'its folder could not be created',
    EEXIST: 'something already stands in the way',
    EBUSY: 'it is in use',
    EXDEV: 'it is on another disk than its temporary copy',
  };
  const reason =
    (code && reasons[code]) ?? `the system refused (${code ?? (e instanceof Error ? e.message : String(e))})`;
  return new WriteError(`cannot ${what} ${target}: ${reason}`, target);
}

let counter = 0;
function tempName(target: string, suffix: string): string {
  counter += 1;
  return join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.${counter}.${suffix}`);
}

/** Write one file atomically. Returns the absolute path written. */
export function writeFileAtomic(path: string, data: string | Uint8Array, fs: WriteFs = nodeFs): string {
  checkPathText(path);
  const target = resolve(path);
  try {
    fs.mkdirSync(dirname(target), { recursive: true });
  } catch (e) {
    throw writeFailure(target, e);
  }
  const tmp = tempName(target, 'tmp');
  try {
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, target);
  } catch (e) {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // the temporary file could not even be removed; the sentence below still names the target
    }
    throw writeFailure(target, e);
  }
  return target;
}

/**
 * Write a whole folder of files atomically: a temporary sibling folder holds every file, then
 * it replaces the target folder in two renames (old aside, new in). Returns the folder's
 * absolute path. Names must be plain file names (no separators).
 */
export function writeFolderAtomic(
  path: string,
  files: readonly { name: string; text: string }[],
  fs: WriteFs = nodeFs,
): string {
  checkPathText(path);
  const target = resolve(path);
  for (const f of files) {
    if (f.name !== basename(f.name) || f.name === '.' || f.name === '..' || f.name.includes('\0'))
      throw new WriteError(`cannot write ${target}: "${f.name}" is not a plain file name`, target);
  }
  try {
    fs.mkdirSync(dirname(target), { recursive: true });
  } catch (e) {
    throw writeFailure(target, e);
  }
  const tmp = tempName(target, 'tmp');
  const old = tempName(target, 'old');
  const drop = (p: string): void => {
    try {
      fs.rmSync(p, { recursive: true, force: true });
    } catch {
      // best effort: the error the caller sees is the write's
    }
  };
  try {
    fs.mkdirSync(tmp);
    for (const f of files) fs.writeFileSync(join(tmp, f.name), f.text);
  } catch (e) {
    drop(tmp);
    throw writeFailure(target, e);
  }
  const hadOld = fs.existsSync(target);
  try {
    if (hadOld) fs.renameSync(target, old);
  } catch (e) {
    drop(tmp);
    throw writeFailure(target, e, 'replace');
  }
  try {
    fs.renameSync(tmp, target);
  } catch (e) {
    if (hadOld) {
      try {
        fs.renameSync(old, target);
      } catch {
        drop(tmp);
        throw new WriteError(
          `cannot replace ${target}: the new folder could not be moved in and the old one is kept as ${old}`,
          target,
        );
      }
    }
    drop(tmp);
    throw writeFailure(target, e, 'replace');
  }
  if (hadOld) drop(old);
  return target;
}
