/**
 * The preload bridge: exposes only the studio API (call + events) to the sandboxed renderer,
 * and the two pack-file requests whose dialogs main opens (files.ts); neither takes a path.
 * Channel names mirror ipc.ts and files.ts; kept literal here because a sandboxed preload is one bundle.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

const CALL = 'studio:call:';
const EVENT = 'studio:event:';
const FILES = 'studio:files:';

contextBridge.exposeInMainWorld('studioBridge', {
  call: (method: string, args: unknown): Promise<unknown> => ipcRenderer.invoke(CALL + String(method), args),
  on: (event: string, handler: (payload: unknown) => void): (() => void) => {
    const channel = EVENT + String(event);
    const listener = (_e: IpcRendererEvent, payload: unknown): void => handler(payload);
    ipcRenderer.on(channel, listener);
    return () => ipcRenderer.removeListener(channel, listener);
  },
});

contextBridge.exposeInMainWorld('studioFiles', {
  pickAndImport: (args: { importId?: string }): Promise<unknown> =>
    ipcRenderer.invoke(`${FILES}pickAndImport`, {
      ...(args?.importId ? { importId: String(args.importId) } : {}),
    }),
  exportToChosenFile: (args: {
    runId: number;
    kind: string;
    layout: string;
    allowBreaks?: boolean;
  }): Promise<unknown> =>
    ipcRenderer.invoke(`${FILES}exportToChosenFile`, {
      runId: args?.runId,
      kind: args?.kind,
      layout: args?.layout,
      ...(args?.allowBreaks === true ? { allowBreaks: true } : {}),
    }),
  exportPlaytestToChosenFile: (args: {
    runId: number;
    kind: string;
    testers?: { subset?: number; shuffle?: boolean; seed?: number };
  }): Promise<unknown> =>
    ipcRenderer.invoke(`${FILES}exportPlaytestToChosenFile`, {
      runId: args?.runId,
      kind: args?.kind,
      ...(args?.testers ? { testers: args.testers } : {}),
    }),
  backupToChosenFile: (): Promise<unknown> => ipcRenderer.invoke(`${FILES}backupToChosenFile`, {}),
});
