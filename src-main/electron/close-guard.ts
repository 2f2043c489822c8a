/**
 * The window's close guard: while the renderer holds unsaved edits its beforeunload handler
 * refuses to unload (src-renderer/src/editor/drafts.svelte.ts), and Electron, which shows no
 * question of its own, emits will-prevent-unload. Main asks the designer in its own dialog;
 * "Close without saving" lets the window go (preventDefault on this event ignores the
 * renderer's refusal), "Stay" keeps it with the edits.
 */
import type { BrowserWindow, MessageBoxSyncOptions, WebContents } from 'electron';

/** The question, as main's dialog asks it. */
const CLOSE_QUESTION: MessageBoxSyncOptions = {
  type: 'question',
  buttons: ['Close without saving', 'Stay'],
  defaultId: 1,
  cancelId: 1,
  title: 'Unsaved edits',
  message: 'Some levels have unsaved edits.',
  detail:
    'They are listed under "Unsaved drafts" in the side bar. Closing now loses them; stay to save them first.',
};

export function guardClose(
  win: Pick<BrowserWindow, 'webContents'> & { webContents: Pick<WebContents, 'on'> },
  ask: (options: MessageBoxSyncOptions) => number,
): void {
  win.webContents.on('will-prevent-unload', (event) => {
    if (ask(CLOSE_QUESTION) === 0) event.preventDefault();
  });
}
