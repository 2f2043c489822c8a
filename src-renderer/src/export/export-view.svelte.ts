/** The Export screen's state: the handlers the page registers while it is on screen (./export-actions.ts runs them). */

interface ExportPageHandlers {
  write(): void;
  computeApproved(): void;
  copyPath(): void;
  /** Why the pack cannot be written now (null: it can). */
  readonly writeBlocked: string | null;
  readonly computeBlocked: string | null;
  /** The folder or file last written this session, if any. */
  readonly lastPath: string | null;
}

/** "Export playtest…" while its part of the page is on screen (../export/PlaytestExport.svelte). */
interface PlaytestHandlers {
  write(): void;
  readonly blocked: string | null;
}

class ExportUi {
  page = $state<ExportPageHandlers | null>(null);
  playtest = $state<PlaytestHandlers | null>(null);
}
export const exportUi = new ExportUi();
