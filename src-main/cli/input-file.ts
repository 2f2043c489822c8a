/**
 * Reading a file the typist named (a pack, a level): only a regular file is read (the check
 * Electron's open dialog shares, ../regular-file.ts). A folder, a device (/dev/zero never
 * ends) or a pipe is refused with a sentence instead of Node's error code or a read that
 * never returns.
 */
import { readRegularFile } from '../regular-file';

/** The file's text; throws an Error whose message says why not, in a sentence. */
export function readInputFile(path: string): string {
  return readRegularFile(path, null);
}
