/**
 * Browser mode's download of a per-level export. The server writes the per-level layout into
 * a folder on its own disk (`src-main/engine/packs.ts`), but its reply carries only the whole
 * pack's text and the paths it wrote. So the renderer lays the same files out again from that
 * text with the one shared layout (`src-shared/pack/per-level.ts`), checks that the names
 * match the files the server reports, and zips them under the folder's name.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ExportResult } from '../../../src-shared/api';
import { perLevelFiles, type PackFile } from '../../../src-shared/pack/per-level';

export type { PackFile };

/** The files of the per-level layout, index.json first, built from the whole pack's text. */
export function perLevelFilesOfText(packText: string): PackFile[] {
  return perLevelFiles(JSON.parse(packText));
}

/** The last part of a path on the studio's machine (POSIX or Windows separators). */
export function baseName(path: string): string {
  return path.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? path;
}

/**
 * The zip of a per-level export: the folder the server wrote (named as on its disk) holding the
 * same files. Refuses when the rebuilt names differ from the files the server reports.
 */
export function perLevelZip(res: Pick<ExportResult, 'path' | 'files' | 'text'>): { fileName: string; bytes: Uint8Array; files: PackFile[] } {
  const files = perLevelFilesOfText(res.text);
  const rebuilt = files.map((f) => f.name);
  const written = res.files.map(baseName);
  if (rebuilt.length !== written.length || rebuilt.some((n, i) => n !== written[i])) {
    throw new Error(`the studio wrote ${written.length} files (${written.slice(0, 3).join(', ')}…) but the browser rebuilt ${rebuilt.length} (${rebuilt.slice(0, 3).join(', ')}…); nothing was downloaded`);
  }
  const folder = baseName(res.path) || 'pack';
  const inner: Zippable = {};
  for (const f of files) inner[f.name] = strToU8(f.text);
  return { fileName: `${folder}.zip`, bytes: zipSync({ [folder]: inner }, { level: 6 }), files };
}
