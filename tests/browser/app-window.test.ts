/**
 * `npm start` on a machine with Chromium but no Electron (this one): under Xvfb it opens the
 * studio in a Chromium app window, and closing that window stops the server. Without a
 * display, or with --serve, it prints the URL. Needs Debian's xvfb, imagemagick and xdotool
 * (`.ci/run` installs them). The screenshot is kept in test-results/app-window.png.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RESULTS } from './chromium';
import { tempDir } from '../helpers/temp';

const TOOLS = { 'xvfb-run': 'xvfb', import: 'imagemagick', xdotool: 'xdotool', chromium: 'chromium' };

function requireTools(): void {
  const missing = Object.entries(TOOLS).filter(([bin]) => {
    try {
      execFileSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    throw new Error(
      `This test needs ${missing.map(([b]) => b).join(', ')}: "sudo apt-get install -y ${missing.map(([, p]) => p).join(' ')}" (.ci/run does it).`,
    );
  }
}

interface Started {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

const running: Started[] = [];
afterEach(() => {
  for (const s of running.splice(0)) {
    if (s.child.exitCode === null && s.child.pid) {
      try {
        process.kill(-s.child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }
});

function start(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, {
    cwd: process.cwd(),
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (text += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const s = { child, out: () => text, exited };
  running.push(s);
  return s;
}

async function waitFor<T>(
  what: string,
  probe: () => T | null | undefined,
  s: Started | null,
  ms = 90_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > until)
      throw new Error(`timed out waiting for ${what}; output so far:\n${s?.out() ?? ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect({ host: '127.0.0.1', port });
    sock.once('connect', () => (sock.destroy(), resolve(true)));
    sock.once('error', () => resolve(false));
  });
}

function baseEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, STUDIO_DATA_DIR: dataDir };
  delete env['DISPLAY'];
  delete env['WAYLAND_DISPLAY'];
  delete env['STUDIO_BROWSER'];
  return env;
}

describe('npm start', () => {
  it('opens the studio in a Chromium app window under Xvfb, and stops the server when it closes', async () => {
    requireTools();
    const { dir, cleanup } = tempDir('app-window-');
    try {
      const s = start(
        'xvfb-run',
        [
          '-a',
          '-s',
          '-screen 0 1440x900x24',
          'sh',
          '-c',
          'echo "X display=$DISPLAY auth=$XAUTHORITY"; exec npm start -- --db "$0" --log-api --workers 1',
          join(dir, 'studio.db'),
        ],
        baseEnv(dir),
      );
      const [, display, auth] = await waitFor(
        'the X display',
        () => /X display=(\S+) auth=(\S+)/.exec(s.out()),
        s,
      );
      const x = { ...process.env, DISPLAY: display, XAUTHORITY: auth };

      expect(await waitFor('the window mode line', () => /^Window: .*$/m.exec(s.out())?.[0], s)).toMatch(
        /^Window: a \S*chromium app window \(Electron is not installed\); the server stops when it closes\.$/,
      );
      const url = await waitFor('the URL', () => /Studio running at (\S+)/.exec(s.out())?.[1], s);
      const port = Number(new URL(url).port);

      // The first screen's own API calls, which only the served renderer makes (the token is
      // printed only here), answered from that window.
      await waitFor(
        'the first screen’s API calls',
        () => /api games\.list ok/.test(s.out()) && /api runs\.list ok/.test(s.out()),
        s,
      );

      // The window: mapped, titled by the studio's page, owned by a Chromium started as an app
      // window on this URL with its profile under the studio's data folder.
      // Chromium may replace its first X window while starting, so each step looks it up afresh.
      const studioWindow = (): { id: string; pid: number } | null => {
        try {
          const id = execFileSync('xdotool', ['search', '--onlyvisible', '--name', '^Level Studio$'], {
            env: x,
            encoding: 'utf8',
          })
            .trim()
            .split('\n')[0]!;
          const pid = Number(
            execFileSync('xdotool', ['getwindowpid', id], { env: x, encoding: 'utf8' }).trim(),
          );
          return Number.isInteger(pid) && pid > 0 ? { id, pid } : null;
        } catch {
          return null;
        }
      };
      const { pid } = await waitFor('the app window', studioWindow, s);
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline).toContain(`--app=${url}`);
      expect(cmdline).toContain(`--user-data-dir=${join(dir, 'app-window')}`);
      expect(existsSync(join(dir, 'app-window', 'Local State'))).toBe(true);

      // Photograph the whole X display once the first screen has painted: a blank or
      // half-drawn display has a handful of colours, the studio's screen hundreds.
      mkdirSync(RESULTS, { recursive: true });
      const shot = join(RESULTS, 'app-window.png');
      const measure = (): number[] => {
        rmSync(shot, { force: true });
        execFileSync('import', ['-window', 'root', shot], { env: x });
        return execFileSync('identify', ['-format', '%w %h %k', shot], { encoding: 'utf8' })
          .trim()
          .split(' ')
          .map(Number);
      };
      const [w, h, colours] = await waitFor(
        'a painted first screen',
        () => {
          const m = measure();
          return m[2]! > 200 ? m : null;
        },
        s,
        30_000,
      );
      expect([w, h]).toEqual([1440, 900]);
      expect(colours).toBeGreaterThan(200);

      // Close the window as a designer would (Ctrl+W); the server must stop with it.
      let code: number | null | string = 'still running';
      for (let attempt = 0; attempt < 3 && code === 'still running'; attempt++) {
        const win = await waitFor('the app window', studioWindow, s, 10_000);
        try {
          execFileSync('xdotool', ['key', '--window', win.id, 'ctrl+w'], { env: x, stdio: 'ignore' });
        } catch {
          // The window went between the look-up and the key press: look it up again.
        }
        code = await Promise.race([
          s.exited,
          new Promise<string>((r) => setTimeout(() => r('still running'), 10_000)),
        ]);
      }
      expect(code).toBe(0);
      expect(s.out()).toContain('The app window closed; stopping the server.');
      expect(await portOpen(port)).toBe(false);
    } finally {
      cleanup();
    }
  });

  it('prints the URL when there is no display, and with --serve only serves', async () => {
    const { dir, cleanup } = tempDir('no-display-');
    try {
      const headless = start(
        process.execPath,
        ['scripts/start.mjs', '--db', join(dir, 'a.db'), '--workers', '1'],
        baseEnv(dir),
      );
      await waitFor(
        'the URL',
        () => /Studio running at http:\/\/127\.0\.0\.1:\d+\/\?token=\w+/.test(headless.out()),
        headless,
      );
      expect(headless.out()).toContain(
        'Window: none, no display (DISPLAY and WAYLAND_DISPLAY are unset); open the URL below in a browser.',
      );

      const served = start(
        process.execPath,
        ['scripts/start.mjs', '--serve', '--db', join(dir, 'b.db'), '--workers', '1'],
        { ...baseEnv(dir), DISPLAY: ':0' },
      );
      const url = await waitFor('the URL', () => /Studio running at (\S+)/.exec(served.out())?.[1], served);
      expect(served.out()).toContain('Window: none (--serve); open the URL below in a browser.');
      // No window and no profile: nothing was opened.
      expect(existsSync(join(dir, 'app-window'))).toBe(false);

      for (const s of [headless, served]) s.child.kill('SIGTERM');
      expect(await Promise.all([headless.exited, served.exited])).toEqual([0, 0]);
      expect(await portOpen(Number(new URL(url).port))).toBe(false);
    } finally {
      cleanup();
    }
  });
});
