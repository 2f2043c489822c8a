/**
 * The content hash of each game's folder: half of a game's generator version (the other half
 * is its `dataVersion`). Computed by the build (electron.vite.config.ts hands it to the bundle
 * as `__STUDIO_GAME_HASHES__`), and at load time when the studio runs from source (tests run
 * source through vitest, where no build defined it), both by this one function, so the two agree
 * for the same files. Files are taken in sorted order with `\r\n` read as `\n`, so a checkout's
 * line endings do not change the hash.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The folders that hold games: the shipped ones and the test build's (tests/fixtures/games/). */
const GAME_ROOTS = ['src-shared/games', 'tests/fixtures/games'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []))
    .sort();
}

/** sha256 over one folder's files (paths relative to it, then contents), as hex. */
function folderHash(dir: string): string {
  const h = createHash('sha256');
  for (const file of filesUnder(dir)) {
    h.update(relative(dir, file).split('\\').join('/'));
    h.update('\0');
    h.update(readFileSync(file, 'utf8').replace(/\r\n/g, '\n'));
    h.update('\0');
  }
  return h.digest('hex');
}

/** Every game folder's hash under the repository root, by folder name (= the game's id). */
export function gameHashes(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of GAME_ROOTS) {
    const base = join(root, r);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const dir = join(base, name);
      if (statSync(dir).isDirectory() && !(name in out)) out[name] = folderHash(dir);
    }
  }
  return out;
}
