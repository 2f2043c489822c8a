/**
 * Who may call the studio over IPC: the main frame of the studio's own window, showing the
 * studio's origin. Checked on every call (senderFrame, not only webContents), so a frame
 * that navigated elsewhere, or a subframe, is refused.
 */
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { originOf } from './app-protocol';

type CallEvent = Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>;

export function trustedSender(
  window: () => { webContents: WebContents } | null,
  origin: string,
): (event: CallEvent) => boolean {
  return (event) => {
    const win = window();
    if (!win || event.sender !== win.webContents) return false;
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    return originOf(frame.url) === origin;
  };
}
