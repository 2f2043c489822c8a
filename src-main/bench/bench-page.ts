/**
 * One Chromium page for a renderer bench: a temporary folder with the studio's database (seeded
 * first when asked), the studio behind the real local server, Debian's Chromium (playwright-core)
 * headless without GPU or background traffic, one page at 1440 × 900 opened on the studio, and
 * everything closed and removed afterwards, even when the bench fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openStudio, rendererDir } from '../studio';
import { openDatabase, type Db } from '../store/db';
import { startServer } from '../server/server';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BenchPage {
  page: Page;
  browser: Browser;
  /** The temporary folder (removed afterwards): packs written for the bench go here. */
  dir: string;
  /** The studio's address on the local server. */
  url: string;
}

export interface BenchPageOptions {
  /** Prefix of the temporary folder's name. */
  name: string;
  /** Writes fixtures into the database before the studio opens it. */
  seed?: (db: Db) => void;
  viewport?: { width: number; height: number };
  /** Runs before the studio's page loads (e.g. debug hooks). */
  beforeLoad?: (page: Page) => Promise<void>;
}

export async function withBenchPage<T>(
  options: BenchPageOptions,
  body: (b: BenchPage) => Promise<T>,
): Promise<T> {
  const { chromium } = await import('playwright-core');
  const dir = mkdtempSync(join(tmpdir(), `studio-bench-${options.name}-`));
  try {
    const dbPath = join(dir, 'studio.db');
    if (options.seed) {
      const db = openDatabase(dbPath);
      try {
        options.seed(db);
      } finally {
        db.close();
      }
    }
    const service = openStudio({ dbPath, workers: 1, transport: 'server' });
    try {
      const server = await startServer({ service, staticDir: rendererDir() });
      try {
        const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
        try {
          const page = await browser.newPage({ viewport: options.viewport ?? { width: 1440, height: 900 } });
          if (options.beforeLoad) await options.beforeLoad(page);
          await page.goto(server.url);
          return await body({ page, browser, dir, url: server.url });
        } finally {
          await browser.close();
        }
      } finally {
        await server.close();
      }
    } finally {
      await service.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The first level `make(index)` gives that `ok` accepts (index 0 to 63): the bench's boards of a wanted size. */
export function findLevel<T>(make: (index: number) => T | null, ok: (t: T) => boolean): T {
  for (let index = 0; index < 64; index++) {
    const t = make(index);
    if (t && ok(t)) return t;
  }
  throw new Error('bench: no level of the wanted size');
}
