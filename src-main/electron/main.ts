/**
 * Electron's main process: one hardened window over the shared service.
 * - one instance at a time (a second start focuses the first window);
 * - the renderer over the privileged app:// scheme with a CSP header (app-protocol.ts);
 *   the dev server only in a dev build (renderer-url.ts);
 * - every webContents guarded against navigation, redirects, new windows and <webview>, and
 *   links to the system browser only from an allowlist (web-guards.ts);
 * - every permission refused (session-lockdown.ts);
 * - every IPC call's sender frame checked against the studio's origin (sender-check.ts);
 * - pack files only through main's own open/save dialogs, never a renderer path (files.ts);
 * - closing with unsaved edits asks first, in main's own dialog (close-guard.ts);
 * - SQLite opened with the build for Electron (store/native-binding.ts), in user data.
 */
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStudio, rendererDir } from '../studio';
import { contentSecurityPolicy } from '../csp';
import { appSchemePrivileges, APP_SCHEME, createAppHandler } from './app-protocol';
import { forwardEvents, registerIpcHandlers } from './ipc';
import { registerFileHandlers } from './files';
import { devRendererUrl, rendererEntry } from './renderer-url';
import { trustedSender } from './sender-check';
import { denyAllPermissions } from './session-lockdown';
import { guardWebContents } from './web-guards';
import { guardClose } from './close-guard';

const here = fileURLToPath(new URL('.', import.meta.url));
const entry = rendererEntry(import.meta.env.DEV ? devRendererUrl(process.env) : null);
let window: BrowserWindow | null = null;

/** The options every studio window is created with (tested). */
export function windowOptions(preload: string): Electron.BrowserWindowConstructorOptions {
  return {
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title: 'Level Studio',
    backgroundColor: '#15171c',
    show: false,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow(windowOptions(join(here, '../preload/preload.cjs')));
  win.once('ready-to-show', () => win.show());
  // Unsaved edits: closing asks first (close-guard.ts).
  guardClose(win, (options) => dialog.showMessageBoxSync(win, options));
  void win.loadURL(entry.url);
  return win;
}

function focusWindow(): void {
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.focus();
}

// Before `ready`: the scheme's privileges (standard, secure) can only be set now.
protocol.registerSchemesAsPrivileged([appSchemePrivileges]);

if (!app.requestSingleInstanceLock()) {
  // Another studio owns this user-data folder (and its database); it gets focus instead.
  app.quit();
} else {
  app.on('second-instance', focusWindow);
  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents, { origin: entry.origin, openExternal: (url) => shell.openExternal(url) });
  });
  void app.whenReady().then(async () => {
    denyAllPermissions(session.defaultSession);
    protocol.handle(APP_SCHEME, createAppHandler(rendererDir(), contentSecurityPolicy(false)));
    if (entry.dev) {
      // The dev server's responses get the (dev) CSP as a header too.
      session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
        callback({
          responseHeaders: {
            ...details.responseHeaders,
            'Content-Security-Policy': [contentSecurityPolicy(true)],
          },
        });
      });
    }

    // A database due a migration is backed up first (studio.ts).
    const service = await startStudio({
      dbPath: join(app.getPath('userData'), 'studio.db'),
      transport: 'electron',
    });
    const isTrusted = trustedSender(() => window, entry.origin);
    registerIpcHandlers(ipcMain, service, isTrusted);
    // Pack files: main opens the open and save dialogs; no path comes from the renderer (files.ts).
    registerFileHandlers(ipcMain, service, {
      dialog,
      window: () => window,
      defaultFolder: () => app.getPath('documents'),
      isTrusted,
    });
    window = createWindow();
    forwardEvents(service, () => window?.webContents ?? null);

    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) window = createWindow();
    });
    app.on('window-all-closed', () => {
      if (process.platform !== 'darwin') app.quit();
    });
    app.on('will-quit', () => {
      void service.close();
    });
  });
}
