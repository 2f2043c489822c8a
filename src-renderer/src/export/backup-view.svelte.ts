/**
 * "Back up database…": a consistent copy of the studio's database. In Electron, main opens its
 * own save dialog and writes the copy (the renderer sends no path); in a browser the copy is
 * downloaded (`app.backup` answers it as base64). One at a time.
 */
import type { Action } from '../lib/action-kit';
import { downloadBlob } from '../lib/download';
import { unwrap } from '../lib/errors';
import { studio } from '../lib/studio.svelte';
import { formatBytes } from './download';
import { filesBridge } from './pack-files';

class BackupUi {
  busy = $state(false);
  /** What the last backup wrote, in a sentence (null: none yet, or cancelled). */
  message = $state<string | null>(null);

  async run(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.message = null;
    try {
      const bridge = filesBridge();
      if (bridge) {
        const saved = unwrap(await bridge.backupToChosenFile());
        this.message = saved
          ? `Backed up the database to ${saved.path} (${formatBytes(saved.bytes)}).`
          : null;
      } else {
        const copy = await studio.client.call('app.backup', {});
        const bytes = Uint8Array.from(atob(copy.base64), (c) => c.charCodeAt(0));
        downloadBlob(copy.fileName, new Blob([bytes], { type: 'application/vnd.sqlite3' }));
        this.message = `Downloaded a copy of the database as ${copy.fileName} (${formatBytes(copy.bytes)}).`;
      }
    } catch (e) {
      studio.report('Could not back up the database', e);
    } finally {
      this.busy = false;
    }
  }
}
export const backupUi = new BackupUi();

export const backupActions: Action[] = [
  {
    id: 'studio.backup',
    title: 'Back up database…',
    group: 'Studio',
    unavailable: () => (backupUi.busy ? 'a backup is being written' : null),
    perform: () => void backupUi.run(),
  },
];
