/**
 * Browser mode's download of a per-level export: the files the API built (index.json and one
 * level-NNN.json per level, see src-main/runs/packs.ts) zipped under the folder's name.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ExportResult } from '../../../src-shared/api';

export function perLevelZip(res: Pick<ExportResult, 'fileName' | 'files'>): {
  fileName: string;
  bytes: Uint8Array;
} {
  if (res.files.length === 0) throw new Error('the per-level pack has no files');
  const folder = res.fileName || 'pack';
  const inner: Zippable = {};
  for (const f of res.files) inner[f.name] = strToU8(f.text);
  return { fileName: `${folder}.zip`, bytes: zipSync({ [folder]: inner }, { level: 6 }) };
}
