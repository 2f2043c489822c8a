/**
 * The preload bridge: exposes only the studio API (call + events) to the sandboxed renderer.
 * Channel names mirror ipc.ts; kept literal here because a sandboxed preload is one bundle.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

const CALL = 'studio:call:';
const EVENT = 'studio:event:';

contextBridge.exposeInMainWorld('studioBridge', {
  call: (method: string, args: unknown): Promise<unknown> => ipcRenderer.invoke(CALL + String(method), args),
  on: (event: string, handler: (payload: unknown) => void): (() => void) => {
    const channel = EVENT + String(event);
    const listener = (_e: IpcRendererEvent, payload: unknown): void => handler(payload);
    ipcRenderer.on(channel, listener);
    return () => ipcRenderer.removeListener(channel, listener);
  },
});
