/**
 * What every handler module is built from: the store, the engine, the event hub and the rest
 * of one service's state. The service (../service.ts) makes one and hands it to each module.
 */
import type { ApiEvents, ApiHandlers, ApiMethodName, AppInfo } from '../../src-shared/api';
import type { ImportLimits } from '../../src-shared/pack/import-limits';
import type { ExperimentRunner } from '../experiments/runner';
import type { EventHub } from '../jobs/listeners';
import type { WorkerPool } from '../jobs/pool';
import type { RunEngine } from '../runs/run-engine';
import type { Reproductions } from '../runs/reproductions';
import type { RunTurns } from '../runs/run-turns';
import type { Db } from '../store/db';
import type { LeaseTiming } from '../store/leases';

/** What a transport's entry (studio.ts, the tests) opens a service with. */
export interface ServiceOptions {
  db: Db;
  dbPath: string;
  pool: WorkerPool;
  transport: AppInfo['transport'];
  version: string;
  /** Run lease timings (tests shorten them). */
  lease?: Partial<LeaseTiming>;
  /** Import limits (tests lower them); default IMPORT_LIMITS. */
  importLimits?: ImportLimits;
  /** How long candidates.prove and saveEdited may prove a level on a worker; default PROVE_BUDGET_MS. */
  proveBudgetMs?: number;
  /** Who decisions are recorded as (duplicate triage); default the OS user running main. */
  designer?: string;
  /** How often runs made by other processes are looked for (ms); default ELSEWHERE_POLL_MS (tests shorten it). */
  elsewhereMs?: number;
}

export interface HandlerContext {
  db: Db;
  pool: WorkerPool;
  engine: RunEngine;
  /** An experiment's runs are ordinary runs on `engine`; the runner adds up their progress. */
  experiments: ExperimentRunner;
  events: EventHub<ApiEvents>;
  /**
   * A run's changes take turns (runs/run-turns.ts): a change that comes while a steer, the
   * approved order or a saved edit of the run computes waits for it, so it never acts on what
   * that one is about to overwrite.
   */
  turns: RunTurns;
  /** Reproduce checks (runs.reproduce): under way, and the last one per run. */
  reproductions: Reproductions;
  /** Imports in flight, by importId, so packs.cancelImport can stop one (and close stops all). */
  imports: Map<string, AbortController>;
  /** Who decisions are recorded as. */
  designer: string;
  options: ServiceOptions;
}

/** One domain's slice of the API handlers: the methods named `<domain>.…`. */
export type HandlersOf<D extends string> = {
  [K in ApiMethodName as K extends `${D}.${string}` ? K : never]: ApiHandlers[K];
};
