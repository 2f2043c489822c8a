/**
 * Electron's main process (src-main/electron/main.ts) run under Node with a stubbed `electron`
 * module and a faked process.versions.electron: what it registers before and after `ready`,
 * the window's hardened options, the app:// handler, the IPC sender checks, the guards on
 * every webContents, the close guard's question, the refused permissions, the single-instance lock, and the store opened
 * with the Electron build of SQLite. No real Electron runs here (none can be installed).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiMethodNames } from '../../src-shared/api';
import { IPC_CALL_PREFIX } from '../../src-main/electron/ipc';
import {
  FILES_BACKUP_TO_CHOSEN,
  FILES_PLAYTEST_TO_CHOSEN,
  FILES_EXPORT_TO_CHOSEN,
  FILES_PICK_AND_IMPORT,
} from '../../src-main/electron/files';
import { betterSqliteDir, type NativeBindingChoice } from '../../src-main/store/native-binding';
import { tempDir } from '../helpers/temp';

const stub = vi.hoisted(() => {
  // vi.hoisted runs before the imports are bound, so only require reaches node:events here.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see the line above
  const { EventEmitter: Emitter } = require('node:events') as typeof import('node:events');
  const log: string[] = [];
  class FakeWebContents extends Emitter {
    openHandler: ((d: { url: string }) => { action: string }) | null = null;
    sent: [string, unknown][] = [];
    setWindowOpenHandler(h: (d: { url: string }) => { action: string }): void {
      this.openHandler = h;
    }
    send(channel: string, payload: unknown): void {
      this.sent.push([channel, payload]);
    }
    isDestroyed(): boolean {
      return false;
    }
  }
  const app = Object.assign(new Emitter(), {
    lock: true,
    userData: '',
    quit: () => log.push('app.quit'),
    requestSingleInstanceLock: () => (log.push('requestSingleInstanceLock'), app.lock),
    whenReady: () => (log.push('whenReady'), Promise.resolve()),
    getPath: (name: string) => (name === 'userData' ? app.userData : `/nowhere/${name}`),
  });
  class FakeBrowserWindow extends Emitter {
    static all: FakeBrowserWindow[] = [];
    static getAllWindows = () => FakeBrowserWindow.all;
    webContents = new FakeWebContents();
    url = '';
    focused = 0;
    constructor(public options: Record<string, unknown>) {
      super();
      FakeBrowserWindow.all.push(this);
      log.push('new BrowserWindow');
      // As Electron does for every webContents it creates.
      app.emit('web-contents-created', {}, this.webContents);
    }
    loadURL(url: string): Promise<void> {
      this.url = url;
      return Promise.resolve();
    }
    isMinimized(): boolean {
      return false;
    }
    restore(): void {}
    focus(): void {
      this.focused++;
    }
  }
  const handlers = new Map<string, (event: unknown, args: unknown) => Promise<unknown>>();
  const schemes = new Map<string, (request: Request) => Promise<Response>>();
  const permissions: {
    check?: (...a: unknown[]) => boolean;
    request?: (...a: unknown[]) => void;
    device?: (...a: unknown[]) => boolean;
  } = {};
  const opened: string[] = [];
  /** Main's questions (dialog.showMessageBoxSync) and the button the designer picks. */
  const asked: { title?: string; buttons?: string[] }[] = [];
  const answer = { button: 1 };
  return {
    asked,
    answer,
    log,
    app,
    FakeBrowserWindow,
    FakeWebContents,
    handlers,
    schemes,
    permissions,
    opened,
    module: {
      app,
      BrowserWindow: FakeBrowserWindow,
      ipcMain: {
        handle: (channel: string, fn: (event: unknown, args: unknown) => Promise<unknown>) =>
          void handlers.set(channel, fn),
      },
      protocol: {
        registerSchemesAsPrivileged: (schemes: unknown) =>
          log.push(`registerSchemesAsPrivileged ${JSON.stringify(schemes)}`),
        handle: (scheme: string, fn: (request: Request) => Promise<Response>) => void schemes.set(scheme, fn),
      },
      session: {
        defaultSession: {
          setPermissionCheckHandler: (h: (...a: unknown[]) => boolean) => void (permissions.check = h),
          setPermissionRequestHandler: (h: (...a: unknown[]) => void) => void (permissions.request = h),
          setDevicePermissionHandler: (h: (...a: unknown[]) => boolean) => void (permissions.device = h),
          webRequest: { onHeadersReceived: () => log.push('onHeadersReceived') },
        },
      },
      shell: { openExternal: async (url: string) => void opened.push(url) },
      // The pack-file dialogs (files.ts): cancelled unless a test says otherwise.
      dialog: {
        showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
        showSaveDialog: async () => ({ canceled: true, filePath: '' }),
        showMessageBoxSync: (_win: unknown, options: { title?: string; buttons?: string[] }) => {
          asked.push(options);
          return answer.button;
        },
      },
    },
  };
});

vi.mock('electron', () => stub.module);

// The Electron build of SQLite cannot load into Node: note which file the store chose, then
// open the database with Node's build of the same better-sqlite3.
const chosen = vi.hoisted(() => [] as NativeBindingChoice[]);
vi.mock('../../src-main/store/native-binding', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src-main/store/native-binding')>();
  return {
    ...real,
    nativeBinding: () => {
      chosen.push(real.chooseNativeBinding());
      return real.chooseNativeBinding({
        ...process.versions,
        electron: undefined,
      } as unknown as NodeJS.ProcessVersions).file;
    },
  };
});

const flush = () => new Promise((r) => setTimeout(r, 20));
const tmp = tempDir('electron-main-');
const electronBefore = Object.getOwnPropertyDescriptor(process.versions, 'electron');

function fakeElectronRuntime(): void {
  Object.defineProperty(process.versions, 'electron', {
    value: '41.7.1',
    configurable: true,
    enumerable: true,
  });
}
afterAll(() => {
  if (electronBefore) Object.defineProperty(process.versions, 'electron', electronBefore);
  else Reflect.deleteProperty(process.versions, 'electron');
  tmp.cleanup();
});

beforeEach(() => {
  vi.resetModules();
  stub.log.length = 0;
  stub.handlers.clear();
  stub.schemes.clear();
  stub.opened.length = 0;
  stub.FakeBrowserWindow.all = [];
  stub.app.removeAllListeners();
  chosen.length = 0;
  Reflect.deleteProperty(process.env, 'ELECTRON_RENDERER_URL');
  fakeElectronRuntime();
});
afterEach(async () => {
  // Close the service the main process opened (its will-quit handler).
  stub.app.emit('will-quit');
  await flush();
});

async function startMain(userData: string) {
  mkdirSync(userData, { recursive: true }); // Electron creates its user-data folder itself
  stub.app.userData = userData;
  await import('../../src-main/electron/main');
  await flush();
  const win = stub.FakeBrowserWindow.all[0];
  if (!win) throw new Error('no window was created');
  return win;
}

function callEvent(sender: unknown, url: string | null, parent: unknown = null) {
  return { sender, senderFrame: url === null ? null : { url, parent } };
}

describe('Electron main process (stubbed electron)', () => {
  it('registers app:// as privileged and takes the single-instance lock before ready', async () => {
    await startMain(join(tmp.dir, 'order'));
    const ready = stub.log.indexOf('whenReady');
    const privileged = stub.log.findIndex((l) => l.startsWith('registerSchemesAsPrivileged'));
    expect(privileged).toBeGreaterThanOrEqual(0);
    expect(privileged).toBeLessThan(ready);
    expect(stub.log.indexOf('requestSingleInstanceLock')).toBeLessThan(ready);
    expect(JSON.parse(stub.log[privileged]!.slice('registerSchemesAsPrivileged '.length))).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ]);
  });

  it('creates the window with the hardened options and loads app://studio, not file://', async () => {
    const win = await startMain(join(tmp.dir, 'window'));
    const prefs = win.options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
    });
    expect(String(prefs['preload'])).toMatch(/[/\\]preload[/\\]preload\.cjs$/);
    expect(win.url).toBe('app://studio/index.html');
    // No dev server in play: no header rewriting for http responses either.
    expect(stub.log).not.toContain('onHeadersReceived');
  });

  it('serves the built renderer over app:// with a CSP header, and nothing outside it', async () => {
    await startMain(join(tmp.dir, 'protocol'));
    const handle = stub.schemes.get('app');
    expect(handle).toBeDefined();
    const index = await handle!(new Request('app://studio/index.html'));
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toMatch(/default-src 'self'.*script-src 'self';/);
    expect(await index.text()).toContain('<title>Level Studio</title>');
    for (const url of [
      'app://studio/..%2f..%2fpackage.json',
      'app://studio/%2e%2e/%2e%2e/package.json',
      'app://elsewhere/index.html',
      'app://studio/assets',
    ]) {
      expect((await handle!(new Request(url))).status, url).toBe(404);
    }
    expect(
      (await handle!(new Request('app://studio/index.html', { method: 'POST', body: 'x' }))).status,
    ).toBe(405);
  });

  it('opens the store in user data with the Electron build of SQLite', async () => {
    const userData = join(tmp.dir, 'store');
    await startMain(userData);
    expect(chosen).toEqual([
      {
        runtime: 'electron',
        file: join(betterSqliteDir(), 'build-electron', 'Release', 'better_sqlite3.node'),
        fix: 'npm run desktop:install',
      },
    ]);
    expect(existsSync(join(userData, 'studio.db'))).toBe(true);
  });

  it('registers one IPC handler per API method and answers only the studio’s own main frame', async () => {
    const win = await startMain(join(tmp.dir, 'ipc'));
    // One per API method, plus the four file requests whose dialogs main opens (import, export, playtest page, backup).
    expect([...stub.handlers.keys()].sort()).toEqual(
      [
        ...apiMethodNames.map((m) => IPC_CALL_PREFIX + m),
        FILES_PICK_AND_IMPORT,
        FILES_EXPORT_TO_CHOSEN,
        FILES_PLAYTEST_TO_CHOSEN,
        FILES_BACKUP_TO_CHOSEN,
      ].sort(),
    );
    const call = stub.handlers.get(IPC_CALL_PREFIX + 'games.list')!;
    const ok = (await call(callEvent(win.webContents, 'app://studio/index.html'), {})) as {
      ok: boolean;
      value: { id: string }[];
    };
    expect(ok.ok).toBe(true);
    expect(ok.value.map((g) => g.id).sort()).toEqual(['apsis', 'carillon']);

    const refused = {
      ok: false,
      error: { code: 'bad-argument', message: 'IPC call from an untrusted frame refused' },
    };
    const hostile = [
      callEvent(win.webContents, 'https://evil.example/'), // the window navigated away
      callEvent(win.webContents, 'app://studio/index.html', { url: 'app://studio/index.html' }), // a subframe
      callEvent(win.webContents, 'file:///work/out/renderer/index.html'),
      callEvent(win.webContents, 'app://studio.evil/index.html'),
      callEvent(win.webContents, null), // the frame is gone
      callEvent(new stub.FakeWebContents(), 'app://studio/index.html'), // another webContents
    ];
    for (const event of hostile) expect(await call(event, {})).toEqual(refused);
    for (const channel of [
      FILES_PICK_AND_IMPORT,
      FILES_EXPORT_TO_CHOSEN,
      FILES_PLAYTEST_TO_CHOSEN,
      FILES_BACKUP_TO_CHOSEN,
    ]) {
      const files = stub.handlers.get(channel)!;
      for (const event of hostile)
        expect(await files(event, { runId: 1, kind: 'automatic' })).toEqual(refused);
    }
    // The studio's own frame gets through: the open dialog (cancelled here) answers null; the
    // export reaches the service, which knows no run 1 in this fresh database.
    const own = (channel: string, args: unknown) =>
      stub.handlers.get(channel)!(callEvent(win.webContents, 'app://studio/index.html'), args);
    expect(await own(FILES_PICK_AND_IMPORT, {})).toEqual({ ok: true, value: null });
    expect(await own(FILES_EXPORT_TO_CHOSEN, { runId: 1, kind: 'automatic' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it('guards navigation, redirects, new windows and webviews on every webContents', async () => {
    const win = await startMain(join(tmp.dir, 'guards'));
    const other = new stub.FakeWebContents();
    stub.app.emit('web-contents-created', {}, other);
    for (const contents of [win.webContents, other]) {
      for (const event of ['will-navigate', 'will-redirect'] as const) {
        for (const [url, blocked] of [
          ['https://evil.example/', true],
          ['file:///etc/passwd', true],
          ['app://studio.evil/', true],
          ['http://127.0.0.1:5173/', true],
          ['app://studio/index.html#/runs', false],
        ] as const) {
          const e = { url, preventDefault: vi.fn() };
          contents.emit(event, e, url);
          expect(e.preventDefault.mock.calls.length, `${event} ${url}`).toBe(blocked ? 1 : 0);
        }
      }
      const webview = { preventDefault: vi.fn() };
      contents.emit('will-attach-webview', webview, {}, {});
      expect(webview.preventDefault).toHaveBeenCalledOnce();
      // New windows are always denied; no URL is on the external allowlist, so none opens.
      for (const url of [
        'https://example.com/',
        'http://example.com/',
        'file:///etc/passwd',
        'app://studio/index.html',
      ]) {
        expect(contents.openHandler!({ url })).toEqual({ action: 'deny' });
      }
    }
    expect(stub.opened).toEqual([]);
  });

  it('closing the window while the renderer refuses to unload (unsaved edits) asks; only "Close without saving" lets it go', async () => {
    const win = await startMain(join(tmp.dir, 'close'));
    for (const [button, closes] of [
      [1, false],
      [0, true],
    ] as const) {
      stub.answer.button = button;
      const e = { preventDefault: vi.fn() };
      win.webContents.emit('will-prevent-unload', e);
      expect(e.preventDefault.mock.calls.length).toBe(closes ? 1 : 0);
    }
    expect(stub.asked.map((q) => [q.title, q.buttons])).toEqual([
      ['Unsaved edits', ['Close without saving', 'Stay']],
      ['Unsaved edits', ['Close without saving', 'Stay']],
    ]);
  });

  it('denies every permission check and request', async () => {
    await startMain(join(tmp.dir, 'permissions'));
    for (const permission of [
      'media',
      'notifications',
      'clipboard-read',
      'geolocation',
      'openExternal',
      'fileSystem',
      'hid',
    ]) {
      expect(stub.permissions.check!(null, permission, 'app://studio', {})).toBe(false);
      const callback = vi.fn();
      stub.permissions.request!(null, permission, callback, {});
      expect(callback).toHaveBeenCalledWith(false);
    }
    expect(stub.permissions.device!({})).toBe(false);
  });

  it('a second instance focuses the first window; without the lock it quits at once', async () => {
    const win = await startMain(join(tmp.dir, 'single'));
    stub.app.emit('second-instance', {}, [], '');
    expect(win.focused).toBe(1);

    vi.resetModules();
    stub.log.length = 0;
    stub.FakeBrowserWindow.all = [];
    stub.handlers.clear();
    stub.app.removeAllListeners();
    stub.app.lock = false;
    try {
      await import('../../src-main/electron/main');
      await flush();
      expect(stub.log).toContain('app.quit');
      expect(stub.log).not.toContain('whenReady');
      expect(stub.FakeBrowserWindow.all).toHaveLength(0);
      expect(stub.handlers.size).toBe(0);
    } finally {
      stub.app.lock = true;
    }
  });
});
