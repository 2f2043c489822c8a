/**
 * Where an exported playtest page goes: in Electron, main builds it and writes it where its
 * save dialog says (`studioFiles.exportPlaytestToChosenFile`); in a browser it is downloaded.
 */
import type { PlaytestExportArgs, StudioClient } from '../../../src-shared/api';
import { unwrap } from '../lib/errors';
import { downloadBlob } from '../lib/download';
import { filesBridge } from './pack-files';

export interface PlaytestOutcome {
  /** Where Electron wrote it, or null (downloaded). */
  path: string | null;
  downloaded: string | null;
  bytes: number;
  levels: number;
  exportId: string;
}

/** null: the save dialog was cancelled (nothing is recorded then). */
export async function exportPlaytest(
  client: StudioClient,
  args: PlaytestExportArgs,
): Promise<PlaytestOutcome | null> {
  const bridge = filesBridge();
  if (bridge) {
    const saved = unwrap(await bridge.exportPlaytestToChosenFile(args));
    return (
      saved && {
        path: saved.path,
        downloaded: null,
        bytes: saved.bytes,
        levels: saved.levels,
        exportId: saved.exportId,
      }
    );
  }
  const r = await client.call('packs.exportPlaytest', args);
  downloadBlob(r.fileName, new Blob([r.html], { type: 'text/html' }));
  return { path: null, downloaded: r.fileName, bytes: r.bytes, levels: r.levels, exportId: r.exportId };
}
