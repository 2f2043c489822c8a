// What `npm start` needs to choose its window: a display, Electron (with SQLite built for it),
// or a Chromium, Chrome or Edge for an app window with its own profile in the studio's data
// folder. Pure look-ups, no side effects besides creating the profile folder.
import { existsSync, mkdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, hostname } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

const APP_NAME = 'level-studio'; // package.json's name, which Electron uses for its user-data folder

/** On Linux and the BSDs a window needs X11 or Wayland; macOS and Windows always have one. */
export function hasDisplay(env = process.env, platform = process.platform) {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** The studio's data folder: STUDIO_DATA_DIR, else the folder Electron uses as user data. */
export function studioDataDir(env = process.env, platform = process.platform) {
  if (env.STUDIO_DATA_DIR) return env.STUDIO_DATA_DIR;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME);
  if (platform === 'win32') return join(env.APPDATA || join(homedir(), 'AppData', 'Roaming'), APP_NAME);
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), APP_NAME);
}

/**
 * Electron's binary and the SQLite build for it, or why the desktop app cannot start.
 * Reads the layout scripts/desktop-install.mjs leaves.
 */
export function electronApp(root) {
  const require = createRequire(join(root, 'package.json'));
  let binary;
  let version;
  try {
    binary = require('electron'); // the package's index returns the binary's path, or throws
    version = require('electron/package.json').version;
  } catch {
    return { ok: false, why: 'Electron is not installed' };
  }
  if (typeof binary !== 'string' || !existsSync(binary))
    return { ok: false, why: 'Electron is not installed' };
  let stamp;
  try {
    const sqliteDir = dirname(require.resolve('better-sqlite3/package.json'));
    stamp = JSON.parse(readFileSync(join(sqliteDir, 'build-electron', 'electron.json'), 'utf8'));
    if (!existsSync(join(sqliteDir, 'build-electron', 'Release', 'better_sqlite3.node'))) stamp = null;
  } catch {
    stamp = null;
  }
  if (stamp?.electron !== version) {
    return {
      ok: false,
      why: `Electron ${version} is installed but SQLite built for it is not (run "npm run desktop:install")`,
    };
  }
  return { ok: true, binary, version };
}

function onPath(name, env) {
  for (const dir of (env.PATH || '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, name);
    if (existsSync(file)) return file;
  }
  return null;
}

/** Chromium, Chrome or Edge: STUDIO_BROWSER first, then the usual places per platform. */
export function findBrowser(env = process.env, platform = process.platform) {
  if (env.STUDIO_BROWSER) return existsSync(env.STUDIO_BROWSER) ? env.STUDIO_BROWSER : null;
  if (platform === 'darwin') {
    const apps = [
      'Google Chrome.app/Contents/MacOS/Google Chrome',
      'Chromium.app/Contents/MacOS/Chromium',
      'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
    for (const base of ['/Applications', join(homedir(), 'Applications')]) {
      for (const app of apps) if (existsSync(join(base, app))) return join(base, app);
    }
    return null;
  }
  if (platform === 'win32') {
    const bases = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(Boolean);
    const exes = [
      'Google\\Chrome\\Application\\chrome.exe',
      'Microsoft\\Edge\\Application\\msedge.exe',
      'Chromium\\Application\\chrome.exe',
    ];
    for (const base of bases) for (const exe of exes) if (existsSync(join(base, exe))) return join(base, exe);
    return null;
  }
  const names = [
    'chromium',
    'chromium-browser',
    'google-chrome',
    'google-chrome-stable',
    'microsoft-edge',
    'microsoft-edge-stable',
  ];
  for (const name of names) {
    const found = onPath(name, env);
    if (found) return found;
  }
  return null;
}

/** A profile folder of the studio's own; a second `npm start` gets a second one, since a
 * browser handed a profile already in use gives the window to that process and exits. */
export function appWindowProfile(dataDir) {
  for (let n = 1; ; n++) {
    const dir = join(dataDir, n === 1 ? 'app-window' : `app-window-${n}`);
    if (!profileInUse(dir)) {
      mkdirSync(dir, { recursive: true });
      return dir;
    }
  }
}

function profileInUse(dir) {
  let target;
  try {
    target = readlinkSync(join(dir, 'SingletonLock')); // "<host>-<pid>", as Chromium writes it
  } catch {
    return false;
  }
  const dash = target.lastIndexOf('-');
  const pid = Number(target.slice(dash + 1));
  if (target.slice(0, dash) !== hostname() || !Number.isInteger(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The app window's flags: no tabs, no first-run pages, the studio's own profile. */
export function appWindowArgs(url, profile, { root = process.getuid?.() === 0 } = {}) {
  return [
    `--app=${url}`,
    `--user-data-dir=${profile}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-sync',
    '--window-size=1440,900',
    // Chromium refuses to start as root unless its sandbox is off (containers, CI).
    ...(root ? ['--no-sandbox'] : []),
  ];
}
