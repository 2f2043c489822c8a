/**
 * The postinstall step (scripts/desktop-install.mjs) run as npm runs it, a child process, in
 * a fake project whose Electron installer, prebuild-install and node-gyp are stubs that
 * succeed, fail or hang. The download hosts are pointed at a local listener through the same
 * mirror settings the real tools read, so the connectivity probe passes; a closed port makes
 * it fail. Every case must exit 0 and leave Node's build untouched.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';

type Mode = 'succeed' | 'fail' | 'hang';
const ELECTRON_VERSION = '41.7.1';
const NODE_BUILD = 'node build bytes';
const SCRIPT = join(process.cwd(), 'scripts', 'desktop-install.mjs');

// Each stub notes that it ran (and its pid), then does what its mode says.
function stub(marker: string, mode: Mode, succeed: string): string {
  return `const fs = require('fs');
fs.writeFileSync(${JSON.stringify(marker)}, String(process.pid));
${mode === 'succeed' ? succeed : mode === 'fail' ? "console.error('HTTPError: Response code 404 (Not Found)'); process.exit(1);" : 'setInterval(() => {}, 1000);'}
`;
}

interface FakeProject {
  root: string;
  marks: string;
  cleanup(): void;
}

function fakeProject(modes: { electron: Mode; prebuilt: Mode; gyp: Mode }): FakeProject {
  const { dir: root, cleanup } = tempDir('desktop-install-');
  const nm = join(root, 'node_modules');
  const marks = join(root, 'marks');
  mkdirSync(marks);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'fake-studio', version: '1.0.0' }));
  mkdirSync(join(root, 'scripts'));
  copyFileSync(SCRIPT, join(root, 'scripts', 'desktop-install.mjs'));

  const electron = join(nm, 'electron');
  mkdirSync(electron, { recursive: true });
  writeFileSync(
    join(electron, 'package.json'),
    JSON.stringify({ name: 'electron', version: ELECTRON_VERSION }),
  );
  writeFileSync(
    join(electron, 'install.js'),
    stub(
      join(marks, 'electron'),
      modes.electron,
      `fs.mkdirSync(__dirname + '/dist', { recursive: true });
fs.writeFileSync(__dirname + '/dist/electron', 'electron binary');
fs.writeFileSync(__dirname + '/dist/version', 'v${ELECTRON_VERSION}');
fs.writeFileSync(__dirname + '/path.txt', 'electron');`,
    ),
  );

  const sqlite = join(nm, 'better-sqlite3');
  mkdirSync(join(sqlite, 'build', 'Release'), { recursive: true });
  writeFileSync(join(sqlite, 'package.json'), JSON.stringify({ name: 'better-sqlite3', version: '12.11.1' }));
  writeFileSync(join(sqlite, 'build', 'Release', 'better_sqlite3.node'), NODE_BUILD);
  writeFileSync(join(sqlite, 'binding.gyp'), '{}');

  // prebuild-install and node-gyp both leave build/Release/better_sqlite3.node in their cwd.
  const lay = (what: string) => `fs.mkdirSync('build/Release', { recursive: true });
fs.writeFileSync('build/Release/better_sqlite3.node', '${what} ' + process.argv.slice(2).join(' '));`;
  const prebuild = join(nm, 'prebuild-install');
  mkdirSync(prebuild, { recursive: true });
  writeFileSync(
    join(prebuild, 'package.json'),
    JSON.stringify({ name: 'prebuild-install', version: '7.1.3' }),
  );
  writeFileSync(join(prebuild, 'bin.js'), stub(join(marks, 'prebuilt'), modes.prebuilt, lay('prebuilt')));
  writeFileSync(join(root, 'node-gyp-stub.js'), stub(join(marks, 'gyp'), modes.gyp, lay('node-gyp')));
  return { root, marks, cleanup };
}

let listener: Server;
let openUrl = '';

beforeAll(async () => {
  listener = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  openUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});
afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

function run(
  project: FakeProject,
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; lines: string[] }> {
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: project.root,
    ELECTRON_MIRROR: openUrl,
    npm_config_better_sqlite3_binary_host: openUrl,
    npm_config_disturl: openUrl,
    npm_config_node_gyp: join(project.root, 'node-gyp-stub.js'),
    STUDIO_INSTALL_TIMEOUT_MS: '1500',
    ...extraEnv,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(project.root, 'scripts', 'desktop-install.mjs')], {
      cwd: project.root,
      env,
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    // The bound under test: every case must end long before this.
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the install step did not end within 30 s; output so far:\n${out}`));
    }, 30_000);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, lines: out.split('\n').filter(Boolean) });
    });
  });
}

function layout(root: string) {
  const sqlite = join(root, 'node_modules', 'better-sqlite3');
  const electronBuild = join(sqlite, 'build-electron', 'Release', 'better_sqlite3.node');
  return {
    electronBinary: existsSync(join(root, 'node_modules', 'electron', 'dist', 'electron')),
    electronBuild: existsSync(electronBuild) ? readFileSync(electronBuild, 'utf8') : null,
    stamp: existsSync(join(sqlite, 'build-electron', 'electron.json'))
      ? JSON.parse(readFileSync(join(sqlite, 'build-electron', 'electron.json'), 'utf8'))
      : null,
    nodeBuild: readFileSync(join(sqlite, 'build', 'Release', 'better_sqlite3.node'), 'utf8'),
    leftovers: readdirSync(sqlite).filter((n) => n.startsWith('.build-electron')),
  };
}

const ran = (p: FakeProject, step: string) => existsSync(join(p.marks, step));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('desktop install step (postinstall)', () => {
  it('installs Electron and places the prebuilt Electron SQLite build beside Node’s', async () => {
    const p = fakeProject({ electron: 'succeed', prebuilt: 'succeed', gyp: 'fail' });
    try {
      const r = await run(p);
      expect(r.code).toBe(0);
      const l = layout(p.root);
      expect(l.electronBinary).toBe(true);
      expect(l.electronBuild).toBe(`prebuilt --runtime electron --target ${ELECTRON_VERSION} --verbose`);
      expect(l.stamp).toEqual({ electron: ELECTRON_VERSION, source: 'prebuilt' });
      expect(l.nodeBuild).toBe(NODE_BUILD);
      expect(l.leftovers).toEqual([]);
      expect(ran(p, 'gyp')).toBe(false);
      expect(r.lines.join('\n')).toContain(`Electron ${ELECTRON_VERSION} installed`);

      // A second run finds everything in place and downloads nothing.
      for (const step of ['electron', 'prebuilt']) writeFileSync(join(p.marks, step), '');
      const again = await run(p, { ELECTRON_MIRROR: 'http://127.0.0.1:1/' });
      expect(again.code).toBe(0);
      expect(again.lines).toEqual([
        `desktop setup: Electron ${ELECTRON_VERSION} and SQLite built for it are in place.`,
      ]);
    } finally {
      p.cleanup();
    }
  });

  it('falls back to a node-gyp build against Electron’s headers when no prebuilt binary exists', async () => {
    const p = fakeProject({ electron: 'succeed', prebuilt: 'fail', gyp: 'succeed' });
    try {
      const r = await run(p);
      expect(r.code).toBe(0);
      const l = layout(p.root);
      expect(l.electronBuild).toBe(
        `node-gyp rebuild --release --runtime=electron --target=${ELECTRON_VERSION} --dist-url=${openUrl}`,
      );
      expect(l.stamp).toEqual({ electron: ELECTRON_VERSION, source: 'node-gyp' });
      expect(l.nodeBuild).toBe(NODE_BUILD);
      expect(l.leftovers).toEqual([]);
    } finally {
      p.cleanup();
    }
  });

  it('exits 0 with one line when Electron’s installer fails, placing no Electron build', async () => {
    const p = fakeProject({ electron: 'fail', prebuilt: 'succeed', gyp: 'succeed' });
    try {
      const r = await run(p);
      expect(r.code).toBe(0);
      expect(r.lines).toHaveLength(1);
      expect(r.lines[0]).toMatch(/installer failed: HTTPError: Response code 404/);
      expect(r.lines[0]).toContain('npm run desktop:install');
      const l = layout(p.root);
      expect([l.electronBinary, l.electronBuild, l.nodeBuild, l.leftovers]).toEqual([
        false,
        null,
        NODE_BUILD,
        [],
      ]);
      expect(ran(p, 'prebuilt')).toBe(false);
    } finally {
      p.cleanup();
    }
  });

  it('kills a hanging Electron download at its bound and exits 0 with one line', async () => {
    const p = fakeProject({ electron: 'hang', prebuilt: 'succeed', gyp: 'succeed' });
    try {
      const r = await run(p);
      expect(r.code).toBe(0);
      expect(r.lines).toHaveLength(1);
      expect(r.lines[0]).toContain('did not finish within 1.5 s');
      const pid = Number(readFileSync(join(p.marks, 'electron'), 'utf8'));
      expect(alive(pid)).toBe(false);
      expect(layout(p.root).electronBuild).toBeNull();
    } finally {
      p.cleanup();
    }
  });

  it('kills a hanging SQLite download, and when the build fails too, keeps Node’s build and exits 0', async () => {
    const p = fakeProject({ electron: 'succeed', prebuilt: 'hang', gyp: 'fail' });
    try {
      const r = await run(p);
      expect(r.code).toBe(0);
      const last = r.lines.at(-1) ?? '';
      expect(last).toContain('is installed, but SQLite for it is not');
      expect(last).toContain('prebuilt binary: no answer within 1.5 s');
      expect(last).toContain('HTTPError');
      expect(alive(Number(readFileSync(join(p.marks, 'prebuilt'), 'utf8')))).toBe(false);
      const l = layout(p.root);
      expect([l.electronBinary, l.electronBuild, l.nodeBuild, l.leftovers]).toEqual([
        true,
        null,
        NODE_BUILD,
        [],
      ]);
    } finally {
      p.cleanup();
    }
  });

  it('says in one line that the download host is unreachable, without running any installer', async () => {
    const p = fakeProject({ electron: 'succeed', prebuilt: 'succeed', gyp: 'succeed' });
    try {
      const closed = 'http://127.0.0.1:1/';
      const r = await run(p, { ELECTRON_MIRROR: closed });
      expect(r.code).toBe(0);
      expect(r.lines).toHaveLength(1);
      expect(r.lines[0]).toMatch(
        /cannot download Electron 41\.7\.1 from here \(127\.0\.0\.1:1 refused the connection/,
      );
      // An unresolvable host fails as fast, naming it.
      const dns = await run(p, { ELECTRON_MIRROR: 'https://electron-mirror.invalid/' });
      expect(dns.lines[0]).toMatch(/electron-mirror\.invalid does not resolve/);
      // A proxy is probed instead of the host when one is set.
      const proxied = await run(p, { https_proxy: closed, ELECTRON_MIRROR: openUrl });
      expect(proxied.lines[0]).toContain('the proxy 127.0.0.1:1 refused the connection');
      expect(['electron', 'prebuilt', 'gyp'].some((s) => ran(p, s))).toBe(false);
      expect(layout(p.root).nodeBuild).toBe(NODE_BUILD);
    } finally {
      p.cleanup();
    }
  });

  it('honours STUDIO_NO_ELECTRON and ELECTRON_SKIP_BINARY_DOWNLOAD', async () => {
    const p = fakeProject({ electron: 'succeed', prebuilt: 'succeed', gyp: 'succeed' });
    try {
      const off = await run(p, { STUDIO_NO_ELECTRON: '1' });
      expect(off.code).toBe(0);
      expect(off.lines).toEqual([expect.stringContaining('skipped (STUDIO_NO_ELECTRON is set)')]);
      const skip = await run(p, { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
      expect(skip.code).toBe(0);
      expect(skip.lines).toEqual([expect.stringContaining('ELECTRON_SKIP_BINARY_DOWNLOAD is set')]);
      expect(['electron', 'prebuilt', 'gyp'].some((s) => ran(p, s))).toBe(false);
    } finally {
      p.cleanup();
    }
  });
});
