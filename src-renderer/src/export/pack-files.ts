/**
 * Where an exported pack goes and where an imported one comes from. The API never takes a
 * path: in Electron, main opens the save and open dialogs (`window.studioFiles`, from the
 * preload); in a browser, the pack is downloaded and a pack file is read from <input type=file>.
 */
import type { FilesBridge, ImportResult, OrderingKind, StudioClient } from '../../../src-shared/api';
import { formatMegabytes, IMPORT_LIMITS } from '../../../src-shared/pack/import-limits';
import { fileNameLabel } from '../../../src-shared/schema/label-text';
import { unwrap } from '../lib/errors';
import { downloadText, downloadZip } from '../lib/download';
import { perLevelZip } from './per-level';

declare global {
  interface Window {
    /** Electron's preload: the pack-file requests whose dialogs main opens; absent in browser mode. */
    studioFiles?: FilesBridge;
  }
}

export function filesBridge(): FilesBridge | null {
  return window.studioFiles ?? null;
}

export interface ExportOutcome {
  /** The path the designer chose in Electron's save dialog, or null (browser download). */
  path: string | null;
  /** The name the browser was handed, or null (Electron). */
  downloaded: string | null;
  fileCount: number;
  bytes: number;
  /** Near-duplicate pairs the pack ships on purpose (marked fine in triage), in words. */
  kept: string[];
}

/**
 * Export a run's pack: Electron's save dialog, or a browser download. null: cancelled.
 * `allowBreaks`: the designer confirmed shipping a steered order that breaks the game's rules.
 */
export async function exportPack(
  client: StudioClient,
  args: { runId: number; kind: OrderingKind; layout: 'file' | 'per-level'; allowBreaks?: boolean },
): Promise<ExportOutcome | null> {
  const bridge = filesBridge();
  if (bridge) {
    const saved = unwrap(await bridge.exportToChosenFile(args));
    return (
      saved && {
        path: saved.path,
        downloaded: null,
        fileCount: saved.fileCount,
        bytes: saved.bytes,
        kept: saved.keptOnPurpose.map((k) => k.message),
      }
    );
  }
  const res = await client.call('packs.export', args);
  const kept = res.keptOnPurpose.map((k) => k.message);
  if (res.layout === 'per-level') {
    const zip = perLevelZip(res);
    downloadZip(zip.fileName, zip.bytes);
    return { path: null, downloaded: zip.fileName, fileCount: res.files.length, bytes: res.bytes, kept };
  }
  downloadText(res.fileName, res.text);
  return { path: null, downloaded: res.fileName, fileCount: 1, bytes: res.bytes, kept };
}

/** Browser mode: import a chosen file's text (refused here first when over the byte cap). */
export async function importPackFile(
  client: StudioClient,
  file: File,
  importId: string,
): Promise<ImportResult> {
  if (file.size > IMPORT_LIMITS.maxBytes) {
    throw new Error(
      `${file.name} is ${formatMegabytes(file.size)}; a pack may be at most ${formatMegabytes(IMPORT_LIMITS.maxBytes)}`,
    );
  }
  const text = await file.text();
  return client.call('packs.import', { text, name: fileNameLabel(file.name, 120), importId });
}

/** Electron: main's open dialog, then the same import. null: cancelled. */
export async function pickAndImport(importId: string): Promise<ImportResult | null> {
  const bridge = filesBridge();
  if (!bridge) throw new Error('no file bridge in this window');
  return unwrap(await bridge.pickAndImport({ importId }));
}
