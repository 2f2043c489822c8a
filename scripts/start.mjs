// `npm start`: build if needed, then open the studio in a window, saying which in one line:
//   - Electron's desktop app, where Electron and SQLite built for it are installed;
//   - else, where Chromium, Chrome or Edge is installed, the studio in an app window of that
//     browser (--app=URL) with its own profile under the studio's data folder, so nothing
//     opens in the designer's own browser; the server stops when that window closes;
//   - else (or with no display) the server alone, printing its URL.
// `npm start -- --serve` only serves. Other arguments go to the server (--db, --port,
// --workers, --log-api) or to Electron.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  appWindowArgs,
  appWindowProfile,
  electronApp,
  findBrowser,
  hasDisplay,
  studioDataDir,
} from './app-window.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = fileURLToPath(new URL('../out/main/server.js', import.meta.url));

const args = process.argv.slice(2);
const serveOnly = args.includes('--serve');
const passThrough = args.filter((a) => a !== '--serve');

const built = spawnSync(process.execPath, [fileURLToPath(new URL('./ensure-built.mjs', import.meta.url))], {
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

function chooseWindow() {
  if (serveOnly) return { mode: 'serve', line: 'Window: none (--serve); open the URL below in a browser.' };
  if (!hasDisplay())
    return {
      mode: 'serve',
      line: 'Window: none, no display (DISPLAY and WAYLAND_DISPLAY are unset); open the URL below in a browser.',
    };
  const electron = electronApp(root);
  if (electron.ok)
    return {
      mode: 'electron',
      binary: electron.binary,
      line: `Window: the Electron desktop app (Electron ${electron.version}).`,
    };
  const browser = findBrowser();
  if (browser)
    return {
      mode: 'app-window',
      browser,
      line: `Window: a ${browser} app window (${electron.why}); the server stops when it closes.`,
    };
  return {
    mode: 'serve',
    line: `Window: none (${electron.why}, and no Chromium, Chrome or Edge was found); open the URL below in a browser.`,
  };
}

const choice = chooseWindow();
console.log(choice.line);

let children = [];
const stopAll = (sig) => children.forEach((c) => c.exitCode === null && c.kill(sig));
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stopAll(sig));

if (choice.mode === 'electron') {
  const app = spawn(choice.binary, [root, ...passThrough], { stdio: 'inherit' });
  children = [app];
  app.on('exit', (code) => process.exit(code ?? 0));
} else {
  const server = spawn(process.execPath, [serverEntry, ...passThrough], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children = [server];
  server.on('exit', (code, signal) => {
    stopAll('SIGTERM');
    process.exit(code ?? (signal === 'SIGTERM' ? 0 : 1));
  });
  let pending = '';
  let opened = false;
  server.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    if (choice.mode !== 'app-window' || opened) return;
    pending += chunk.toString();
    const match = /Studio running at (\S+)/.exec(pending);
    if (match) {
      opened = true;
      openAppWindow(choice.browser, match[1], server);
    }
  });
}

function openAppWindow(browser, url, server) {
  const profile = appWindowProfile(studioDataDir());
  const window = spawn(browser, appWindowArgs(url, profile), { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(window);
  let tail = '';
  window.stderr.on('data', (c) => (tail = (tail + c.toString()).slice(-2000)));
  window.on('error', (e) => {
    console.log(`The app window could not start (${e.message}); the studio keeps serving at the URL above.`);
  });
  window.on('exit', (code) => {
    if (code)
      console.log(`The app window ended with code ${code}:\n${tail.trim().split('\n').slice(-5).join('\n')}`);
    console.log('The app window closed; stopping the server.');
    if (server.exitCode === null) server.kill('SIGTERM');
  });
}
