/**
 * Reading a file someone named (a pack, a level): only a regular file is read, the same check
 * for the CLI and Electron's open dialog. The path is checked before it is opened, because
 * opening a FIFO for reading waits for a writer and would hang the process (Electron's main
 * thread); it is then opened non-blocking and checked again on the open descriptor, so a path
 * swapped in between is still refused. A folder, a device (/dev/zero never ends) or a pipe
 * gets a sentence instead of Node's error code or a read that never returns.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';

/** Why a file cannot be read, in words that follow "cannot read PATH: ". */
export class FileReadError extends Error {
  constructor(
    message: string,
    readonly kind: 'missing' | 'not-a-file' | 'unreadable' | 'too-large',
    /** For 'too-large': the file's size when opened (absent when it grew past the cap while read). */
    readonly bytes?: number,
  ) {
    super(message);
    this.name = 'FileReadError';
  }
}

const NOT_A_FILE = 'it is not a regular file (a device, a pipe or a socket)';

/** Why this path cannot be read as a file, or null. */
function whyNotAFile(path: string): FileReadError | null {
  let stat;
  try {
    stat = statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return new FileReadError('no such file', 'missing');
    if (code === 'EACCES') return new FileReadError('permission denied', 'unreadable');
    return new FileReadError('it cannot be opened', 'unreadable');
  }
  if (stat.isDirectory()) return new FileReadError('it is a folder, not a file', 'not-a-file');
  if (!stat.isFile()) return new FileReadError(NOT_A_FILE, 'not-a-file');
  return null;
}

/**
 * The file's text (UTF-8), at most `maxBytes` (null: no cap); throws FileReadError. Reads at
 * most one byte past the cap, so a file that grows while read is still refused.
 */
export function readRegularFile(path: string, maxBytes: number | null): string {
  const why = whyNotAFile(path);
  if (why) throw why;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new FileReadError(
      (e as NodeJS.ErrnoException).code === 'EACCES' ? 'permission denied' : 'it cannot be opened',
      'unreadable',
    );
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new FileReadError(NOT_A_FILE, 'not-a-file');
    if (maxBytes !== null && stat.size > maxBytes)
      throw new FileReadError(`it is over ${maxBytes} bytes`, 'too-large', stat.size);
    const cap = maxBytes ?? Number.MAX_SAFE_INTEGER;
    let buf = Buffer.alloc(Math.min(stat.size, cap) + 1);
    let got = 0;
    for (;;) {
      if (got === buf.length) {
        if (got > cap) throw new FileReadError(`it grew past ${cap} bytes while read`, 'too-large');
        // Grew since the stat (no cap): read on.
        const bigger = Buffer.alloc(buf.length * 2);
        buf.copy(bigger);
        buf = bigger;
      }
      const n = readSync(fd, buf, got, buf.length - got, null);
      if (n === 0) break;
      got += n;
      if (got > cap) throw new FileReadError(`it grew past ${cap} bytes while read`, 'too-large');
    }
    return buf.subarray(0, got).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
