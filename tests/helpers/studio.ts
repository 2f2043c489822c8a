/**
 * A real studio for a test file: a temporary database, the service over it with a small real
 * worker pool, and the typed in-process client (src-main/local-client.ts), so tests call the
 * API with the same argument and reply types as the renderer. `useTestStudio` opens one
 * before the file's tests and closes it (and removes its folder) after them.
 */
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ApiArgs, RunSummary, StudioClient } from '../../src-shared/api';
import type { ImportLimits } from '../../src-shared/pack/import-limits';
import { localClient } from '../../src-main/local-client';
import type { Service } from '../../src-main/service';
import type { LeaseTiming } from '../../src-main/store/leases';
import { openStudio } from '../../src-main/studio';
import { tempDir } from './temp';

export interface TestStudioOptions {
  /** Worker threads (default 2). */
  workers?: number;
  importLimits?: ImportLimits;
  lease?: Partial<LeaseTiming>;
  /** Prefix of the temporary folder's name. */
  prefix?: string;
  /** How long a prove may take on its worker (default PROVE_BUDGET_MS). */
  proveBudgetMs?: number;
  /** Who the studio records as deciding (default: the OS user). */
  designer?: string;
}

export interface TestStudio {
  service: Service;
  /** The API, typed per method, through service.dispatch (arguments checked as the transports check them). */
  api: StudioClient;
  /** The temporary folder (for files a test writes) and the database in it. */
  dir: string;
  dbPath: string;
  /** Create a run and wait for it; throws naming the status unless it ends done. */
  finishedRun(args: ApiArgs<'runs.create'>): Promise<RunSummary>;
  /** Close the service and remove the folder. */
  close(): Promise<void>;
}

export function openTestStudio(opts: TestStudioOptions = {}): TestStudio {
  const t = tempDir(opts.prefix ?? 'studio-test-');
  const dbPath = join(t.dir, 'studio.db');
  const service = openStudio({
    dbPath,
    workers: opts.workers ?? 2,
    transport: 'server',
    ...(opts.importLimits ? { importLimits: opts.importLimits } : {}),
    ...(opts.lease ? { lease: opts.lease } : {}),
    ...(opts.designer ? { designer: opts.designer } : {}),
    ...(opts.proveBudgetMs ? { proveBudgetMs: opts.proveBudgetMs } : {}),
  });
  const api = localClient(service);
  return {
    service,
    api,
    dir: t.dir,
    dbPath,
    async finishedRun(args) {
      const run = await api.call('runs.create', args);
      const done = await service.engine.waitFor(run.id);
      if (done.status !== 'done')
        throw new Error(
          `${args.game} run ${run.id} (seed ${args.seed}) ended ${done.status}${done.error ? `: ${done.error}` : ''}`,
        );
      return done;
    },
    async close() {
      await service.close();
      t.cleanup();
    },
  };
}

/**
 * One studio for the whole test file: opened in beforeAll, closed in afterAll. The object
 * returned is filled in when it opens; reading it outside a test or hook throws.
 */
export function useTestStudio(opts: TestStudioOptions = {}): TestStudio {
  let current: TestStudio | null = null;
  const open = (): TestStudio => {
    if (!current) throw new Error('the test studio is open only inside the tests and hooks of its file');
    return current;
  };
  beforeAll(() => {
    current = openTestStudio(opts);
  });
  afterAll(async () => {
    await current?.close();
    current = null;
  });
  return {
    get service() {
      return open().service;
    },
    get api() {
      return open().api;
    },
    get dir() {
      return open().dir;
    },
    get dbPath() {
      return open().dbPath;
    },
    finishedRun: (args) => open().finishedRun(args),
    close: () => open().close(),
  };
}
