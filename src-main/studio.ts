/** Wiring: open the database, start the pool, build the service. Shared by every entry. */
import { resolve } from 'node:path';
import { createPool } from './jobs/pool';
import { openDatabase } from './store/db';
import { backupBeforeMigration } from './store/backups';
import type { LeaseTiming } from './store/leases';
import { studioService, packageVersion, type Service } from './service';
import type { ImportLimits } from '../src-shared/pack/import-limits';

export interface StudioOptions {
  dbPath: string;
  workers?: number;
  transport: 'electron' | 'server' | 'cli';
  /** Run lease timings (tests shorten them). */
  lease?: Partial<LeaseTiming>;
  /** Lower import limits (tests); default IMPORT_LIMITS. */
  importLimits?: ImportLimits;
  /** How long a prove may take on its worker (tests lower it). */
  proveBudgetMs?: number;
  /** Who decisions are recorded as (tests); default the OS user running main. */
  designer?: string;
  /** How often runs other processes make are looked for, ms (tests shorten it). */
  elsewhereMs?: number;
}

export function openStudio(opts: StudioOptions): Service {
  const dbPath = resolve(opts.dbPath);
  const db = openDatabase(dbPath);
  const pool = createPool(opts.workers ? { workers: opts.workers } : {});
  return studioService({
    db,
    dbPath,
    pool,
    transport: opts.transport,
    version: packageVersion(import.meta.url),
    ...(opts.lease ? { lease: opts.lease } : {}),
    ...(opts.importLimits ? { importLimits: opts.importLimits } : {}),
    ...(opts.designer ? { designer: opts.designer } : {}),
    ...(opts.proveBudgetMs ? { proveBudgetMs: opts.proveBudgetMs } : {}),
    ...(opts.elsewhereMs ? { elsewhereMs: opts.elsewhereMs } : {}),
  });
}

/**
 * The studio as the app, the server and the CLI start it: a database due a schema migration is
 * first copied with SQLite's online backup (store/backups.ts), then opened.
 */
export async function startStudio(opts: StudioOptions): Promise<Service> {
  const copy = await backupBeforeMigration(resolve(opts.dbPath));
  if (copy) console.warn(`backed up the database before upgrading its schema: ${copy}`);
  return openStudio(opts);
}

export { rendererDir } from './paths';
