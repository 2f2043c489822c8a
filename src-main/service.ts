/**
 * The service object: implements every API method over the store and the engine.
 * Transports (Electron IPC, local server) call `dispatch`, which validates arguments first.
 */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import {
  ApiError,
  type ApiEnvelope,
  type ApiEventName,
  type ApiEvents,
  type ApiHandlers,
  type AppInfo,
  type GameInfo,
  isApiMethodName,
  parseArgs,
} from '../src-shared/api';
import { games } from '../src-shared/games/index';
import type { Db } from './store/db';
import { getRun, listRuns } from './store/runs';
import type { WorkerPool } from './engine/pool';

export interface ServiceContext {
  db: Db;
  dbPath: string;
  pool: WorkerPool;
  transport: AppInfo['transport'];
  version: string;
}

export interface Service {
  handlers: ApiHandlers;
  /** Validate and run one call; never throws, always answers with an envelope. */
  dispatch(method: string, rawArgs: unknown): Promise<ApiEnvelope<unknown>>;
  on<E extends ApiEventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
  emit<E extends ApiEventName>(event: E, payload: ApiEvents[E]): void;
  close(): Promise<void>;
}

export function gameInfos(): GameInfo[] {
  return games.map((g) => ({
    id: g.id,
    title: g.title,
    blurb: g.blurb,
    levelCount: g.levelCount(g.defaultPlan),
    defaultRules: g.defaultRules,
    defaultPlan: g.defaultPlan,
    planRows: g.describePlan ? g.describePlan(g.defaultPlan) : [],
    metrics: g.metrics,
    difficulty: g.difficulty,
  }));
}

export function createService(ctx: ServiceContext): Service {
  const events = new EventEmitter();
  events.setMaxListeners(100);

  const handlers: ApiHandlers = {
    'app.info': () => ({
      name: 'Level Studio',
      version: ctx.version,
      transport: ctx.transport,
      dbPath: ctx.dbPath,
      workers: ctx.pool.size,
      node: process.versions.node,
      platform: process.platform,
    }),
    'games.list': () => gameInfos(),
    'runs.list': (args) => listRuns(ctx.db, args),
    'runs.get': ({ runId }) => {
      const run = getRun(ctx.db, runId);
      if (!run) throw new ApiError('not-found', `run ${runId} does not exist`);
      return run;
    },
  };

  const dispatch = async (method: string, rawArgs: unknown): Promise<ApiEnvelope<unknown>> => {
    try {
      if (!isApiMethodName(method)) throw new ApiError('unknown-method', `unknown API method "${method}"`);
      const args = parseArgs(method, rawArgs);
      const handler = handlers[method] as (a: unknown) => unknown;
      return { ok: true, value: await handler(args) };
    } catch (e) {
      if (e instanceof ApiError) return { ok: false, error: e.toBody() };
      const message = e instanceof Error ? e.message : String(e);
      return { ok: false, error: { code: 'internal', message } };
    }
  };

  return {
    handlers,
    dispatch,
    on: (event, listener) => {
      events.on(event, listener);
      return () => events.off(event, listener);
    },
    emit: (event, payload) => events.emit(event, payload),
    close: async () => {
      await ctx.pool.close();
      ctx.db.close();
    },
  };
}

/** The package version, read once (works from source and from the built bundle). */
export function packageVersion(fromUrl: string): string {
  for (const rel of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, fromUrl), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'level-studio' && pkg.version) return pkg.version;
    } catch {
      // try the next candidate location
    }
  }
  return '0.0.0';
}
