/**
 * Chromium for the browser tests: Debian's Chromium launched headless, the real studio served
 * to one page of it (studioInBrowser), and one such studio for a whole test file
 * (useStudioInBrowser).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { StudioClient } from '../../src-shared/api';
import { startServer, type StudioServer } from '../../src-main/server/server';
import { rendererDir } from '../../src-main/studio';
import { openTestStudio, type TestStudio } from '../helpers/studio';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const RESULTS = join(process.cwd(), 'test-results');

/**
 * An optional knob for hunting timing races, off by default: STUDIO_CPU_THROTTLE=4 makes each
 * page's CPU that many times slower (Chrome DevTools' CPU throttling), as on a slow, loaded
 * machine. The README's commands need no variable; a race the throttle shows is fixed at its
 * root, never by a wait.
 */
function cpuThrottle(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env['STUDIO_CPU_THROTTLE'];
  if (raw === undefined || raw === '' || raw === '1') return null;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 1 || rate > 20) {
    throw new Error(
      `STUDIO_CPU_THROTTLE must be a slow-down from 1 to 20 (4 is a slow laptop), not “${raw}”.`,
    );
  }
  return rate;
}

/** A new page of the browser, its CPU slowed when STUDIO_CPU_THROTTLE asks for it (see cpuThrottle). */
export async function openPage(
  browser: Browser,
  options: Parameters<Browser['newPage']>[0] = {},
): Promise<Page> {
  const page = await browser.newPage(options);
  const rate = cpuThrottle();
  if (rate !== null) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  }
  return page;
}

/**
 * Debian's Chromium, headless, with the flags this machine's closed network needs.
 * playwright-core gives every launch a fresh temporary user-data dir of its own.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}. Install Debian's package: "sudo apt-get update && sudo apt-get install -y chromium" (or set CHROMIUM_PATH).`,
    );
  }
  mkdirSync(RESULTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface BrowserStudioOptions {
  /** Worker threads (default 1). */
  workers?: number;
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
  /** Uncaught page exceptions and console errors are pushed here. */
  errors: string[];
  /** Another build of the renderer to serve (default: the built renderer). */
  staticDir?: string;
}

export interface BrowserStudio {
  /** The service, its typed client (ctx.api) and its temporary database. */
  ctx: TestStudio;
  server: StudioServer;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/**
 * The real studio for a browser test: a service over a temporary database with real
 * workers, the local server over the BUILT renderer, and one Chromium page whose errors
 * (uncaught exceptions and console errors) are collected into `errors`.
 */
export async function studioInBrowser(opts: BrowserStudioOptions): Promise<BrowserStudio> {
  const ctx = openTestStudio({ workers: opts.workers ?? 1 });
  // The built renderer, or another build of it (the test build with the test-only games).
  const server = await startServer({ service: ctx.service, staticDir: opts.staticDir ?? rendererDir() });
  const browser = await launchChromium();
  const page = await openPage(browser, {
    viewport: opts.viewport ?? { width: 1440, height: 900 },
    acceptDownloads: opts.acceptDownloads ?? true,
  });
  page.on('pageerror', (e) => opts.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') opts.errors.push(m.text());
  });
  return {
    ctx,
    server,
    browser,
    page,
    close: async () => {
      await browser.close();
      await server.close();
      await ctx.close();
    },
  };
}

/** A browser studio for a whole test file: the studio's parts and its typed API client. */
export interface OpenBrowserStudio {
  readonly ctx: TestStudio;
  /** The API in-process, typed per method (the page talks to the same service through the server). */
  readonly api: StudioClient;
  readonly server: StudioServer;
  readonly browser: Browser;
  readonly page: Page;
}

/**
 * One browser studio for the whole test file: opened in a beforeAll registered before the
 * file's own hooks (so they can make runs in it), closed in afterAll. Reading a part outside
 * a test or hook throws.
 */
export function useStudioInBrowser(opts: BrowserStudioOptions): OpenBrowserStudio {
  let current: BrowserStudio | null = null;
  const open = (): BrowserStudio => {
    if (!current) throw new Error('the browser studio is open only inside the tests and hooks of its file');
    return current;
  };
  beforeAll(async () => {
    current = await studioInBrowser(opts);
  });
  afterAll(async () => {
    await current?.close();
    current = null;
  });
  return {
    get ctx() {
      return open().ctx;
    },
    get api() {
      return open().ctx.api;
    },
    get server() {
      return open().server;
    },
    get browser() {
      return open().browser;
    },
    get page() {
      return open().page;
    },
  };
}
