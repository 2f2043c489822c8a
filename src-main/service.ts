/**
 * The service: one studio's API over its store and engine, as every transport (Electron IPC,
 * the local server's HTTP and WebSocket, the in-process client) calls it through `dispatch`.
 * This file only wires it: the handlers live in service/, one module per domain, the checks
 * they share in service/guards.ts, and the call itself in service/dispatch.ts.
 */
import { readFileSync } from 'node:fs';
import type { ApiEnvelope, ApiEventName, ApiEvents, ApiHandlers } from '../src-shared/api';
import { designerName } from './designer';
import { createExperimentRunner } from './experiments/runner';
import { createEventHub } from './jobs/listeners';
import { createRunEngine, type RunEngine } from './runs/run-engine';
import { createRunTurns } from './runs/run-turns';
import { createReproductions, lentPool } from './runs/reproductions';
import { openDatabase } from './store/db';
import { followRunsElsewhere } from './runs/runs-elsewhere';
import type { HandlerContext, ServiceOptions } from './service/context';
import { dispatcher } from './service/dispatch';
import { apiHandlers } from './service/handlers';
import { finishDeletes } from './store/run-delete';

export type { ServiceOptions } from './service/context';

export interface Service {
  handlers: ApiHandlers;
  /** The database file (main side only: never sent to the renderer); export writers refuse it. */
  readonly dbPath: string;
  engine: RunEngine;
  /** Validate and run one call; never throws, always answers with an envelope. */
  dispatch(method: string, rawArgs: unknown): Promise<ApiEnvelope<unknown>>;
  on<E extends ApiEventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
  emit<E extends ApiEventName>(event: E, payload: ApiEvents[E]): void;
  close(): Promise<void>;
}

export function studioService(options: ServiceOptions): Service {
  const { db, pool } = options;
  // Every listener (transports, the CLI, the experiment runner) is guarded where it is called:
  // one that throws is logged once, and the run carries on (jobs/listeners.ts).
  const events = createEventHub<ApiEvents>();
  const engine = createRunEngine({
    db,
    pool,
    onProgress: (p) => events.emit('run.progress', p),
    onChanged: (runId, status) => events.emit('run.changed', { runId, status }),
    ...(options.lease ? { lease: options.lease } : {}),
  });
  // An experiment's runs are ordinary runs on this engine; the runner adds up their progress.
  const experiments = createExperimentRunner({
    db,
    engine: () => engine,
    pool,
    onProgress: (p) => events.emit('experiment.progress', p),
    onChanged: (experimentId, status) => events.emit('experiment.changed', { experimentId, status }),
  });
  events.on('run.progress', (p) => experiments.onRunProgress(p));
  events.on('run.changed', ({ runId, status }) => experiments.onRunChanged(runId, status));
  // Runs another process makes or changes on this database reach the pages as they happen
  // (SQLite's change signal, runs/runs-elsewhere.ts); a CLI command has no page to tell.
  const elsewhere =
    options.transport === 'cli'
      ? null
      : followRunsElsewhere({
          db,
          isOwn: (runId) => engine.isActive(runId),
          report: (runs) => events.emit('runs.changedElsewhere', { runs }),
          ...(options.elsewhereMs ? { intervalMs: options.elsewhereMs } : {}),
        });
  if (elsewhere) events.on('run.changed', ({ runId, status }) => elsewhere.noteOwn(runId, status));

  const ctx: HandlerContext = {
    db,
    pool,
    engine,
    experiments,
    events,
    turns: createRunTurns(),
    // A run made again to check it reproduces shares this studio's workers, in a scratch database.
    reproductions: createReproductions({
      db,
      open: (scratchPath) =>
        studioService({
          db: openDatabase(scratchPath),
          dbPath: scratchPath,
          pool: lentPool(pool),
          // 'cli': a scratch studio follows no other process's runs and serves no page.
          transport: 'cli',
          version: options.version,
        }),
      emit: (job) => events.emit('run.reproduce', job),
    }),
    imports: new Map(),
    designer: options.designer ?? designerName(),
    options,
  };
  const handlers = apiHandlers(ctx);
  // Runs a closed or crashed studio left half-deleted are finished in the background.
  finishDeletes(db);

  return {
    handlers,
    dbPath: options.dbPath,
    engine,
    dispatch: dispatcher(handlers),
    on: (event, listener) => events.on(event, listener),
    emit: (event, payload) => events.emit(event, payload),
    close: async () => {
      elsewhere?.stop();
      for (const abort of ctx.imports.values()) abort.abort();
      await ctx.reproductions.close();
      await engine.close();
      await pool.close();
      db.close();
    },
  };
}

/** The package version, read once (works from source and from the built bundle). */
export function packageVersion(fromUrl: string): string {
  for (const rel of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, fromUrl), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'level-studio' && pkg.version) return pkg.version;
    } catch {
      // try the next candidate location
    }
  }
  return '0.0.0';
}
