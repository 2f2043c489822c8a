// The project's postinstall step, and `npm run desktop:install` to retry it.
//
// Where Electron's binary is absent and can be fetched, install it with Electron's own
// installer (node_modules/electron/install.js). Then place a better-sqlite3 binary built for
// that Electron version BESIDE Node's build, in better-sqlite3/build-electron/Release: from
// better-sqlite3's prebuilt binaries (prebuild-install --runtime electron), or failing that
// from a node-gyp build against Electron's headers in a scratch copy. Node's own build in
// better-sqlite3/build/Release is never touched, so the CLI, the server and the tests keep it.
//
// It never fails the install. Each download host (or the proxy) is probed first, bounded to
// ~2 s, and every step runs under a time bound and is killed past it; where the download
// cannot happen, one line says so. npm's `allowScripts` keeps Electron's own script from
// running unbounded during the install; this step runs that same installer, with bounds.
//
// Opt out with STUDIO_NO_ELECTRON=1; ELECTRON_SKIP_BINARY_DOWNLOAD is honoured as Electron's
// own installer honours it. STUDIO_INSTALL_TIMEOUT_MS caps every step (for slow links or tests).
// Self-contained (no imports from the project) because it runs before anything is built.
import { spawn } from 'node:child_process';
import { lookup } from 'node:dns';
import { connect } from 'node:net';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROBE_MS = 2000;
const STEP_MS = { electron: 10 * 60_000, prebuilt: 2 * 60_000, gyp: 15 * 60_000 };
const RETRY = 'npm run desktop:install';
const FALLBACK = '`npm start` opens a Chromium app window instead, or prints the URL';

const DEFAULT_ELECTRON_HOST = 'https://github.com/electron/electron/releases/';
const DEFAULT_PREBUILT_HOST = 'https://github.com/WiseLibs/better-sqlite3/releases/download/';
const DEFAULT_HEADERS_URL = 'https://electronjs.org/headers';

const truthy = (v) => v !== undefined && v !== '' && v !== '0' && v.toLowerCase?.() !== 'false';

export function stepTimeout(step, env) {
  const cap = Number(env.STUDIO_INSTALL_TIMEOUT_MS);
  return Number.isFinite(cap) && cap > 0 ? cap : STEP_MS[step];
}

export function proxyFor(env) {
  return (
    env.npm_config_https_proxy ||
    env.https_proxy ||
    env.HTTPS_PROXY ||
    env.npm_config_proxy ||
    env.http_proxy ||
    env.HTTP_PROXY ||
    null
  );
}

/** The hosts each step downloads from, honouring the mirrors each tool itself reads. */
export function downloadUrls(env) {
  return {
    electron: env.ELECTRON_MIRROR || env.npm_config_electron_mirror || DEFAULT_ELECTRON_HOST,
    prebuilt:
      env.npm_config_better_sqlite3_binary_host_mirror ||
      env.npm_config_better_sqlite3_binary_host ||
      DEFAULT_PREBUILT_HOST,
    headers: env.npm_config_disturl || env.npm_config_dist_url || DEFAULT_HEADERS_URL,
  };
}

/** A DNS lookup and a TCP connect to the host (or to the proxy), together bounded to `ms`. */
export function probe(url, env, ms = PROBE_MS) {
  const proxy = proxyFor(env);
  let target;
  try {
    target = new URL(proxy ?? url);
  } catch {
    return Promise.resolve({
      ok: false,
      why: `${proxy ? 'the proxy' : 'the download address'} "${proxy ?? url}" is not a URL`,
    });
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const port = Number(target.port) || (target.protocol === 'http:' ? 80 : 443);
  const what = proxy ? `the proxy ${host}:${port}` : `${host}:${port}`;
  return new Promise((resolve) => {
    let socket = null;
    let done = false;
    const finish = (ok, why) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket?.destroy();
      resolve({ ok, why });
    };
    const timer = setTimeout(() => finish(false, `${what} did not answer within ${ms / 1000} s`), ms);
    lookup(host, (err, address) => {
      if (done) return;
      if (err) return finish(false, `${host} does not resolve (${err.code ?? err.message})`);
      socket = connect({ host: address, port });
      socket.once('connect', () => finish(true, ''));
      socket.once('error', (e) => finish(false, `${what} refused the connection (${e.code ?? e.message})`));
    });
  });
}

/** Run a command in its own process group, killed with its children past `ms`. */
export function runBounded(command, args, { cwd, env, ms }) {
  return new Promise((resolve) => {
    const posix = process.platform !== 'win32';
    let child;
    try {
      child = spawn(command, args, {
        cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: posix,
        windowsHide: true,
      });
    } catch (e) {
      resolve({ ok: false, timedOut: false, output: String(e?.message ?? e) });
      return;
    }
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const kill = () => {
      try {
        if (posix) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, ms);
    child.once('error', (e) => keep(String(e.message)));
    child.once('close', (code) => {
      clearTimeout(timer);
      if (posix) kill(); // grandchildren left behind in the group go too
      resolve({ ok: !timedOut && code === 0, timedOut, output });
    });
  });
}

function lastLine(text) {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return (lines.at(-1) ?? 'no output').slice(0, 200);
}

function packageDir(root, name) {
  try {
    return dirname(createRequire(join(root, 'package.json')).resolve(`${name}/package.json`));
  } catch {
    return null;
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Electron's binary as node_modules/electron/index.js finds it, or null when absent. */
export function electronBinary(electronDir, env) {
  try {
    const rel = readFileSync(join(electronDir, 'path.txt'), 'utf8');
    const file = env.ELECTRON_OVERRIDE_DIST_PATH
      ? join(env.ELECTRON_OVERRIDE_DIST_PATH, rel)
      : join(electronDir, 'dist', rel);
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** The layout the store's native-binding module reads (src-main/store/native-binding.ts). */
export function electronBindingPaths(sqliteDir) {
  const dir = join(sqliteDir, 'build-electron');
  return { dir, file: join(dir, 'Release', 'better_sqlite3.node'), stamp: join(dir, 'electron.json') };
}

function nodeGypScript(root, env) {
  if (env.npm_config_node_gyp && existsSync(env.npm_config_node_gyp)) return env.npm_config_node_gyp;
  const local = packageDir(root, 'node-gyp');
  if (local) return join(local, 'bin', 'node-gyp.js');
  // npm's own copy, next to node: <prefix>/lib/node_modules/npm/node_modules/node-gyp.
  const bundled = join(
    dirname(process.execPath),
    '..',
    'lib',
    'node_modules',
    'npm',
    'node_modules',
    'node-gyp',
    'bin',
    'node-gyp.js',
  );
  return existsSync(bundled) ? bundled : null;
}

/** Fetch or build better-sqlite3 for Electron `version` into build-electron/. Returns a reason on failure. */
async function placeElectronSqlite({ root, env, sqliteDir, version, say }) {
  const paths = electronBindingPaths(sqliteDir);
  if (existsSync(paths.file) && readJson(paths.stamp)?.electron === version) {
    say(`Electron ${version} and SQLite built for it are in place.`);
    return null;
  }
  const staging = join(sqliteDir, `.build-electron-staging-${process.pid}`);
  const fresh = join(sqliteDir, `.build-electron-new-${process.pid}`);
  const urls = downloadUrls(env);
  const reasons = [];
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    copyFileSync(join(sqliteDir, 'package.json'), join(staging, 'package.json'));
    const built = join(staging, 'build', 'Release', 'better_sqlite3.node');
    let source = null;

    const prebuildDir = packageDir(sqliteDir, 'prebuild-install');
    const prebuiltReach = prebuildDir
      ? await probe(urls.prebuilt, env)
      : { ok: false, why: 'prebuild-install is not installed' };
    if (prebuiltReach.ok) {
      const ms = stepTimeout('prebuilt', env);
      const r = await runBounded(
        process.execPath,
        [join(prebuildDir, 'bin.js'), '--runtime', 'electron', '--target', version, '--verbose'],
        { cwd: staging, env, ms },
      );
      if (r.ok && existsSync(built)) source = 'prebuilt';
      else
        reasons.push(
          `prebuilt binary: ${r.timedOut ? `no answer within ${ms / 1000} s` : lastLine(r.output)}`,
        );
    } else reasons.push(`prebuilt binary: ${prebuiltReach.why}`);

    if (!source) {
      const gyp = nodeGypScript(root, env);
      const headersReach = gyp
        ? await probe(urls.headers, env)
        : { ok: false, why: 'node-gyp is not installed' };
      if (headersReach.ok) {
        for (const part of ['binding.gyp', 'src', 'deps']) {
          if (existsSync(join(sqliteDir, part)))
            cpSync(join(sqliteDir, part), join(staging, part), { recursive: true });
        }
        const ms = stepTimeout('gyp', env);
        const args = [
          gyp,
          'rebuild',
          '--release',
          '--runtime=electron',
          `--target=${version}`,
          `--dist-url=${urls.headers}`,
        ];
        const r = await runBounded(process.execPath, args, { cwd: staging, env, ms });
        if (r.ok && existsSync(built)) source = 'node-gyp';
        else
          reasons.push(
            `build against Electron's headers: ${r.timedOut ? `not done within ${ms / 1000} s` : lastLine(r.output)}`,
          );
      } else reasons.push(`build against Electron's headers: ${headersReach.why}`);
    }
    if (!source) return reasons.join('; ');

    // Swap the new folder in whole, so a half-written binary is never where the store looks.
    rmSync(fresh, { recursive: true, force: true });
    mkdirSync(join(fresh, 'Release'), { recursive: true });
    renameSync(built, join(fresh, 'Release', 'better_sqlite3.node'));
    writeFileSync(
      join(fresh, 'electron.json'),
      JSON.stringify({ electron: version, source }, null, 2) + '\n',
    );
    rmSync(paths.dir, { recursive: true, force: true });
    renameSync(fresh, paths.dir);
    say(`SQLite for Electron ${version} placed beside Node's build (${source}): ${paths.file}`);
    return null;
  } catch (e) {
    return `could not lay out the binary (${e?.message ?? e})`;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(fresh, { recursive: true, force: true });
  }
}

/** The whole step. Never throws; prints one line per outcome. */
export async function installDesktop({ root, env = process.env, log = (line) => console.log(line) }) {
  const say = (message) => log(`desktop setup: ${message}`);
  try {
    if (truthy(env.STUDIO_NO_ELECTRON)) {
      say(`skipped (STUDIO_NO_ELECTRON is set); ${FALLBACK}.`);
      return;
    }
    const electronDir = packageDir(root, 'electron');
    const sqliteDir = packageDir(root, 'better-sqlite3');
    if (!electronDir || !sqliteDir) {
      say(`Electron or better-sqlite3 is not installed (dev dependencies omitted?); ${FALLBACK}.`);
      return;
    }
    const version = readJson(join(electronDir, 'package.json'))?.version;
    if (!electronBinary(electronDir, env)) {
      if (truthy(env.ELECTRON_SKIP_BINARY_DOWNLOAD)) {
        say(`Electron's binary not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD is set); ${FALLBACK}.`);
        return;
      }
      const reach = await probe(downloadUrls(env).electron, env);
      if (!reach.ok) {
        say(
          `cannot download Electron ${version} from here (${reach.why}); ${FALLBACK}. Once online: ${RETRY}`,
        );
        return;
      }
      const installerEnv = { ...env };
      const proxy = proxyFor(env);
      // @electron/get uses a proxy only when told to.
      if (proxy)
        Object.assign(installerEnv, {
          ELECTRON_GET_USE_PROXY: '1',
          GLOBAL_AGENT_HTTPS_PROXY: env.GLOBAL_AGENT_HTTPS_PROXY ?? proxy,
        });
      const ms = stepTimeout('electron', env);
      const r = await runBounded(process.execPath, [join(electronDir, 'install.js')], {
        cwd: electronDir,
        env: installerEnv,
        ms,
      });
      if (!r.ok || !electronBinary(electronDir, env)) {
        const why = r.timedOut ? `did not finish within ${ms / 1000} s` : `failed: ${lastLine(r.output)}`;
        say(`Electron ${version}'s installer ${why}; ${FALLBACK}. Retry: ${RETRY}`);
        return;
      }
      say(`Electron ${version} installed.`);
    }
    const failed = await placeElectronSqlite({ root, env, sqliteDir, version, say });
    if (failed)
      say(
        `Electron ${version} is installed, but SQLite for it is not (${failed}); ${FALLBACK}. Retry: ${RETRY}`,
      );
  } catch (e) {
    say(`stopped early (${e?.message ?? e}); ${FALLBACK}. Retry: ${RETRY}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  await installDesktop({ root });
  // A DNS lookup still pending in libuv's pool must not hold the install open.
  process.exit(0);
}
