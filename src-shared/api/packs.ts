/** Packs: build one for export, import one (and cancel an import). */
import { z } from 'zod';
import type { PackFile } from '../pack/per-level';
import { labelSchema } from '../schema/label-text';
import type { ApiEnvelope } from './errors';
import { method } from './method';
import type { RunSummary } from './runs';
import { importIdSchema, orderingKindSchema, runIdSchema, type OrderingKind } from './values';

/**
 * A pack built for export. The API writes nothing: browser mode downloads it, Electron's main
 * process writes it where its save dialog says, the CLI where --out says.
 */
export interface ExportResult {
  layout: 'file' | 'per-level';
  /** The name to save under: the pack's file name, or the per-level folder's name. */
  fileName: string;
  /** The whole pack as one JSON text. */
  text: string;
  /** UTF-8 bytes of `text`. */
  bytes: number;
  /** Per-level layout: index.json then one level-NNN.json per level (empty for one file). */
  files: PackFile[];
  /** Near-duplicate pairs that ship on purpose (marked fine in triage): named, never a problem. */
  keptOnPurpose: { levels: [number, number]; message: string }[];
}

/** What Electron's main process wrote after its save dialog (the path the designer chose). */
export interface SavedPack {
  path: string;
  fileCount: number;
  bytes: number;
  /** As ExportResult's: near-duplicate pairs shipped on purpose. */
  keptOnPurpose: ExportResult['keptOnPurpose'];
}

/**
 * Electron only: the preload's `window.studioFiles`. Main opens the save and open dialogs
 * itself, so no path ever comes from the renderer; null means the designer cancelled.
 */
export interface FilesBridge {
  pickAndImport(args: { importId?: string }): Promise<ApiEnvelope<ImportResult | null>>;
  exportToChosenFile(args: {
    runId: number;
    kind: OrderingKind;
    layout: 'file' | 'per-level';
    allowBreaks?: boolean;
  }): Promise<ApiEnvelope<SavedPack | null>>;
  /** "Export playtest…": main builds the page, asks where in its save dialog, and writes it. */
  exportPlaytestToChosenFile(args: PlaytestExportArgs): Promise<ApiEnvelope<SavedPlaytest | null>>;
  /** "Back up database…": main's save dialog, then SQLite's online backup to the chosen file. */
  backupToChosenFile(): Promise<ApiEnvelope<SavedBackup | null>>;
}

/** What Electron's main process wrote after its "Back up database…" save dialog. */
export interface SavedBackup {
  path: string;
  bytes: number;
}

/** A playtest page built for export (docs/playtests.md): one self-contained HTML file; the API writes nothing. */
export interface PlaytestExportResult {
  fileName: string;
  html: string;
  /** UTF-8 bytes of `html`. */
  bytes: number;
  /** The export's id: in the page and in every results file it saves. */
  exportId: string;
  levels: number;
}

/** What Electron's main process wrote after its "Export playtest…" save dialog. */
export interface SavedPlaytest {
  path: string;
  bytes: number;
  exportId: string;
  levels: number;
}

export interface ImportResult {
  run: RunSummary;
  levels: number;
}

const testersSchema = z.object({
  /** Each tester plays this many levels, drawn from the seed and their name. */
  subset: z.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000').optional(),
  /** Each tester plays in an order drawn from the seed and their name. */
  shuffle: z.boolean().optional(),
  /** The draw's seed (stored with the export); drawn at random when left out. */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});

const exportPlaytestArgs = z
  .object({ runId: runIdSchema, kind: orderingKindSchema, testers: testersSchema.optional() })
  .strict();
export type PlaytestExportArgs = z.input<typeof exportPlaytestArgs>;

export const packMethods = {
  'packs.export': method<ExportResult>()(
    z
      .object({
        runId: runIdSchema,
        kind: orderingKindSchema,
        layout: z.enum(['file', 'per-level']).default('file'),
        /** Ship a steered order that breaks the game's rules anyway; the pack records the breaks. */
        allowBreaks: z.boolean().default(false),
      })
      .strict(),
    'Build the pack (one file, or one file per level plus an index) for download; writes nothing.',
  ),
  'packs.exportPlaytest': method<PlaytestExportResult>()(
    exportPlaytestArgs,
    'Build the playtest page of an order (one self-contained HTML file, no solutions or metrics) and record the export; writes no file.',
  ),
  'packs.import': method<ImportResult>()(
    z
      .object({
        text: z.string({ error: 'must be text' }).min(1, 'must not be empty'),
        name: labelSchema(120).optional(),
        importId: importIdSchema.optional(),
      })
      .strict(),
    "Check a pack's text in a worker (size limits, schema, proof), and store it as a read-only imported run.",
  ),
  'packs.cancelImport': method<{ cancelled: boolean }>()(
    z.object({ importId: importIdSchema }).strict(),
    'Stop the import (a pack or a playtest results file) started with this importId; nothing of it is stored.',
  ),
} as const;
