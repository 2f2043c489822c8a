/**
 * Electron main's file dialogs, the only way the desktop app reads or writes a pack file.
 * Main opens the open and save dialogs itself, so a path never comes from the renderer: the
 * renderer asks (through the preload's `studioFiles`) with a run, an order and a layout, or
 * with nothing at all. These two channels are not part of the API table; their arguments are
 * checked as strictly (a `path` is an unknown field). The file read is capped in bytes and
 * must be a regular file, checked before it is opened; the write goes through export-files.ts (atomic, never the database).
 */
import { basename, join } from 'node:path';
import type {
  BrowserWindow,
  Dialog,
  IpcMain,
  IpcMainInvokeEvent,
  OpenDialogOptions,
  SaveDialogOptions,
} from 'electron';
import { z } from 'zod';
import {
  ApiError,
  BadArgument,
  errorBodyFor,
  importIdSchema,
  parseArgs,
  type ApiEnvelope,
  type ExportResult,
  type ImportResult,
  type SavedBackup,
  type SavedPack,
  type SavedPlaytest,
  type PlaytestExportResult,
} from '../../src-shared/api';
import { formatMegabytes, IMPORT_LIMITS } from '../../src-shared/pack/import-limits';
import { WriteError, writeFileAtomic } from '../atomic-write';
import { checkFileTarget, writeExportTo } from '../export-files';
import { backupDatabase, backupFileName } from '../store/backups';
import { FileReadError, readRegularFile } from '../regular-file';
import type { Service } from '../service';
import { fileNameLabel } from '../../src-shared/schema/label-text';

export const FILES_PICK_AND_IMPORT = 'studio:files:pickAndImport';
export const FILES_EXPORT_TO_CHOSEN = 'studio:files:exportToChosenFile';
export const FILES_BACKUP_TO_CHOSEN = 'studio:files:backupToChosenFile';
export const FILES_PLAYTEST_TO_CHOSEN = 'studio:files:exportPlaytestToChosenFile';

export interface FileHandlerDeps {
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>;
  /** The window the dialogs belong to. */
  window: () => BrowserWindow | null;
  /** Where the save dialog starts (the designer's documents folder). */
  defaultFolder: () => string;
  /** The same sender check as the API's IPC handlers. */
  isTrusted: (event: IpcMainInvokeEvent) => boolean;
  /** Byte cap of a pack file read (default IMPORT_LIMITS.maxBytes). */
  maxBytes?: number;
}

const pickArgs = z.object({ importId: importIdSchema.optional() }).strict();
/** "Back up database…" takes nothing: main asks where, in its own save dialog. */
const backupArgs = z.object({}).strict();

/** A bridge call's failure as an envelope; a bad argument is headed with the call's name, as dispatch heads one. */
function failure(e: unknown, call: string): ApiEnvelope<never> {
  if (e instanceof ApiError) return { ok: false, error: errorBodyFor(call, e) };
  if (e instanceof WriteError) return { ok: false, error: { code: 'conflict', message: e.message } };
  return { ok: false, error: { code: 'internal', message: e instanceof Error ? e.message : String(e) } };
}

/**
 * Read a chosen pack file: a regular file, at most maxBytes, as UTF-8 text. The path is
 * checked before it is opened (../regular-file.ts, the CLI's check too): opening a FIFO would
 * block main until something wrote to it.
 * @public Exported for tests/security/files-fifo.test.ts, which imports it in a child process
 * (knip cannot see that import).
 */
export function readPackFile(path: string, maxBytes: number): string {
  try {
    return readRegularFile(path, maxBytes);
  } catch (e) {
    if (!(e instanceof FileReadError)) throw e;
    if (e.kind === 'missing' || e.kind === 'unreadable')
      throw new ApiError(
        'bad-argument',
        `cannot read ${path}: ${e.message === 'permission denied' ? e.message : 'it cannot be opened'}`,
      );
    if (e.kind === 'not-a-file')
      throw new ApiError('bad-argument', `cannot import ${path}: it is not a regular file`);
    throw new ApiError(
      'bad-argument',
      e.bytes !== undefined
        ? `cannot import ${path}: it is ${formatMegabytes(e.bytes)}; a pack may be at most ${formatMegabytes(maxBytes)}`
        : `cannot import ${path}: it is larger than ${formatMegabytes(maxBytes)}, the most a pack may be`,
    );
  }
}

export function registerFileHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  service: Service,
  deps: FileHandlerDeps,
): string[] {
  const refused = {
    ok: false,
    error: { code: 'bad-argument', message: 'IPC call from an untrusted frame refused' },
  } as const;

  ipcMain.handle(
    FILES_PICK_AND_IMPORT,
    async (event, raw: unknown): Promise<ApiEnvelope<ImportResult | null>> => {
      if (!deps.isTrusted(event)) return refused;
      try {
        const parsed = pickArgs.safeParse(raw ?? {});
        if (!parsed.success) {
          const unknown = parsed.error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys : []));
          throw new BadArgument(
            undefined,
            unknown.length
              ? `unknown field(s): ${unknown.join(', ')}`
              : 'importId: must be 1-64 letters, digits, - or _',
          );
        }
        const options: OpenDialogOptions = {
          title: 'Import a level pack',
          properties: ['openFile'],
          filters: [
            { name: 'Level pack', extensions: ['json'] },
            { name: 'All files', extensions: ['*'] },
          ],
        };
        const win = deps.window();
        const chosen = win
          ? await deps.dialog.showOpenDialog(win, options)
          : await deps.dialog.showOpenDialog(options);
        const path = chosen.canceled ? undefined : chosen.filePaths[0];
        if (!path) return { ok: true, value: null };
        const text = readPackFile(path, deps.maxBytes ?? IMPORT_LIMITS.maxBytes);
        const { importId } = parsed.data;
        return (await service.dispatch('packs.import', {
          text,
          name: fileNameLabel(basename(path), 120),
          ...(importId ? { importId } : {}),
        })) as ApiEnvelope<ImportResult>;
      } catch (e) {
        return failure(e, 'pickAndImport');
      }
    },
  );

  ipcMain.handle(
    FILES_EXPORT_TO_CHOSEN,
    async (event, raw: unknown): Promise<ApiEnvelope<SavedPack | null>> => {
      if (!deps.isTrusted(event)) return refused;
      try {
        // The API's own schema: strict, so a `path` from the renderer is refused by name.
        const args = parseArgs('packs.export', raw);
        const built = await service.dispatch('packs.export', args);
        if (!built.ok) return built;
        const result = built.value as ExportResult;
        const options: SaveDialogOptions = {
          title:
            result.layout === 'file' ? 'Export the pack' : 'Export the pack as a folder (one file per level)',
          defaultPath: join(deps.defaultFolder(), result.fileName),
          buttonLabel: 'Export',
          properties: ['createDirectory', 'showOverwriteConfirmation'],
          ...(result.layout === 'file' ? { filters: [{ name: 'Level pack', extensions: ['json'] }] } : {}),
        };
        const win = deps.window();
        const chosen = win
          ? await deps.dialog.showSaveDialog(win, options)
          : await deps.dialog.showSaveDialog(options);
        if (chosen.canceled || !chosen.filePath) return { ok: true, value: null };
        const written = writeExportTo(result, chosen.filePath, service.dbPath);
        return {
          ok: true,
          value: {
            path: written.path,
            fileCount: written.files.length,
            bytes: written.bytes,
            keptOnPurpose: result.keptOnPurpose,
          },
        };
      } catch (e) {
        return failure(e, 'packs.export');
      }
    },
  );
  ipcMain.handle(
    FILES_PLAYTEST_TO_CHOSEN,
    async (event, raw: unknown): Promise<ApiEnvelope<SavedPlaytest | null>> => {
      if (!deps.isTrusted(event)) return refused;
      try {
        // The API's own schema: strict, so a `path` from the renderer is refused by name.
        const args = parseArgs('packs.exportPlaytest', raw);
        const options: SaveDialogOptions = {
          title: 'Export the playtest page',
          defaultPath: join(deps.defaultFolder(), 'playtest.html'),
          buttonLabel: 'Export',
          properties: ['createDirectory', 'showOverwriteConfirmation'],
          filters: [{ name: 'Playtest page', extensions: ['html'] }],
        };
        const win = deps.window();
        // Asked first: a cancelled dialog records no export.
        const chosen = win
          ? await deps.dialog.showSaveDialog(win, options)
          : await deps.dialog.showSaveDialog(options);
        if (chosen.canceled || !chosen.filePath) return { ok: true, value: null };
        const abs = checkFileTarget(chosen.filePath, service.dbPath);
        const built = await service.dispatch('packs.exportPlaytest', args);
        if (!built.ok) return built;
        const result = built.value as PlaytestExportResult;
        const path = writeFileAtomic(abs, result.html);
        return {
          ok: true,
          value: { path, bytes: result.bytes, exportId: result.exportId, levels: result.levels },
        };
      } catch (e) {
        return failure(e, 'packs.exportPlaytest');
      }
    },
  );
  ipcMain.handle(
    FILES_BACKUP_TO_CHOSEN,
    async (event, raw: unknown): Promise<ApiEnvelope<SavedBackup | null>> => {
      if (!deps.isTrusted(event)) return refused;
      try {
        const parsed = backupArgs.safeParse(raw ?? {});
        if (!parsed.success) {
          const unknown = parsed.error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys : []));
          throw new BadArgument(
            undefined,
            unknown.length ? `unknown field(s): ${unknown.join(', ')}` : 'it takes no arguments',
          );
        }
        const options: SaveDialogOptions = {
          title: 'Back up the database',
          defaultPath: join(deps.defaultFolder(), backupFileName(service.dbPath)),
          buttonLabel: 'Back up',
          properties: ['createDirectory', 'showOverwriteConfirmation'],
          filters: [{ name: 'Studio database', extensions: ['db'] }],
        };
        const win = deps.window();
        const chosen = win
          ? await deps.dialog.showSaveDialog(win, options)
          : await deps.dialog.showSaveDialog(options);
        if (chosen.canceled || !chosen.filePath) return { ok: true, value: null };
        // The dialog asked before replacing a file; the database and its journal are refused.
        const r = await backupDatabase(service.dbPath, chosen.filePath, { replace: true }).catch(
          (e: unknown) => {
            throw new ApiError('conflict', e instanceof Error ? e.message : String(e));
          },
        );
        return { ok: true, value: { path: r.path, bytes: r.bytes } };
      } catch (e) {
        return failure(e, 'backupToChosenFile');
      }
    },
  );
  return [FILES_PICK_AND_IMPORT, FILES_EXPORT_TO_CHOSEN, FILES_PLAYTEST_TO_CHOSEN, FILES_BACKUP_TO_CHOSEN];
}
