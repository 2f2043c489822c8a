/**
 * Reading a file the typist named (a pack, a level): only a regular file is read. A folder, a
 * device (/dev/zero never ends) or a pipe is refused with a sentence instead of Node's error
 * code or a read that never returns.
 */
import { readFileSync, statSync } from 'node:fs';

/** Why this path cannot be read as a file, or null (a missing file is left to the read's own error). */
function notAFile(path: string): string | null {
  let stat;
  try {
    stat = statSync(path);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : null;
  }
  if (stat.isDirectory()) return 'it is a folder, not a file';
  if (!stat.isFile()) return 'it is not a regular file (a device, a pipe or a socket)';
  return null;
}

/** The file's text; throws an Error whose message says why not, in a sentence. */
export function readInputFile(path: string): string {
  const why = notAFile(path);
  if (why) throw new Error(why);
  return readFileSync(path, 'utf8');
}
