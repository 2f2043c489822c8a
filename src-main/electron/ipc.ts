/**
 * The Electron transport: one ipcMain.handle per API method, generated from the API table,
 * and events forwarded with webContents.send. Every call's sender frame is checked first.
 * Thin on purpose: validation and work happen in the service.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { apiEventNames, apiMethodNames } from '../../src-shared/api';
import type { Service } from '../service';

export const IPC_CALL_PREFIX = 'studio:call:';
const IPC_EVENT_PREFIX = 'studio:event:';

/** The channel names registered, one per API method (tested against the API's method list). */
export function ipcChannels(): string[] {
  return apiMethodNames.map((m) => IPC_CALL_PREFIX + m);
}

/** `isTrusted` sees the whole event: the sender and its frame (sender-check.ts). */
export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  service: Service,
  isTrusted: (event: IpcMainInvokeEvent) => boolean,
): string[] {
  const channels: string[] = [];
  for (const method of apiMethodNames) {
    const channel = IPC_CALL_PREFIX + method;
    ipcMain.handle(channel, async (event, args: unknown) => {
      if (!isTrusted(event)) {
        return {
          ok: false,
          error: { code: 'bad-argument', message: 'IPC call from an untrusted frame refused' },
        };
      }
      return service.dispatch(method, args);
    });
    channels.push(channel);
  }
  return channels;
}

export function forwardEvents(service: Service, target: () => WebContents | null): () => void {
  const offs = apiEventNames.map((event) =>
    service.on(event, (payload) => {
      const wc = target();
      if (wc && !wc.isDestroyed()) wc.send(IPC_EVENT_PREFIX + event, payload);
    }),
  );
  return () => offs.forEach((off) => off());
}
