/**
 * The studio's one contract: every request the renderer can make (name, argument schema,
 * reply type) and every event main can push. Both transports (Electron IPC and the local
 * server) are generated from this table, and arguments are validated with these schemas at
 * the boundary, so a bad argument from any transport gets the same error naming the field.
 */
import { z } from 'zod';
import type { MetricInfo } from './game';

// ---------- shared value schemas ----------

export const gameIdSchema = z.enum(['carillon', 'apsis']);
export const runIdSchema = z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be a positive run id');
export const runStatusSchema = z.enum(['queued', 'running', 'cancelled', 'interrupted', 'failed', 'done', 'imported']);

// ---------- reply types ----------

export interface AppInfo {
  name: string;
  version: string;
  transport: 'electron' | 'server';
  dbPath: string;
  workers: number;
  node: string;
  platform: string;
}

export interface GameInfo {
  id: z.infer<typeof gameIdSchema>;
  title: string;
  blurb: string;
  levelCount: number;
  /** The game's default rules object (plain JSON). */
  defaultRules: unknown;
  /** The game's default plan (plain JSON). */
  defaultPlan: unknown;
  /** Human-readable rows of the default plan, for display. */
  planRows: { levels: string; detail: string }[];
  metrics: MetricInfo[];
  difficulty: string;
}

export type RunStatus = z.infer<typeof runStatusSchema>;

export interface RunSummary {
  id: number;
  game: z.infer<typeof gameIdSchema>;
  seed: number;
  name: string;
  status: RunStatus;
  levels: number;
  candidatesDone: number;
  candidatesTotal: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  error: string | null;
}

export interface RunDetail extends RunSummary {
  plan: unknown;
  rules: unknown;
}

export interface RunProgress {
  runId: number;
  status: RunStatus;
  stage: string;
  done: number;
  total: number;
  /** Candidates per second over the recent window. */
  rate: number;
  /** Estimated seconds left, or null before a rate is known. */
  etaSeconds: number | null;
  stages: { name: string; done: number; total: number }[];
}

// ---------- the request table ----------

interface MethodSpec<A extends z.ZodType, R> {
  args: A;
  /** Phantom: carries the reply type only. */
  reply?: R;
  description: string;
}

function method<R>() {
  return <A extends z.ZodType>(args: A, description: string): MethodSpec<A, R> => ({ args, description });
}

const noArgs = z.object({}).strict();

export const apiMethods = {
  'app.info': method<AppInfo>()(noArgs, 'Name, version, transport, database path and worker count.'),
  'games.list': method<GameInfo[]>()(noArgs, 'Every game the studio ships, with its default rules and plan.'),
  'runs.list': method<RunSummary[]>()(
    z
      .object({
        game: gameIdSchema.optional(),
        status: runStatusSchema.optional(),
      })
      .strict(),
    'Runs, newest first, optionally filtered by game or status.',
  ),
  'runs.get': method<RunDetail>()(z.object({ runId: runIdSchema }).strict(), 'One run with its plan and rules.'),
} as const;

export type ApiMethodName = keyof typeof apiMethods;
export const apiMethodNames = Object.keys(apiMethods) as ApiMethodName[];

type SpecOf<K extends ApiMethodName> = (typeof apiMethods)[K];
export type ApiArgs<K extends ApiMethodName> = z.input<SpecOf<K>['args']>;
export type ApiParsedArgs<K extends ApiMethodName> = z.output<SpecOf<K>['args']>;
export type ApiReply<K extends ApiMethodName> = SpecOf<K> extends MethodSpec<z.ZodType, infer R> ? R : never;

/** What the service object implements: one async function per API method. */
export type ApiHandlers = { [K in ApiMethodName]: (args: ApiParsedArgs<K>) => Promise<ApiReply<K>> | ApiReply<K> };

// ---------- events main pushes ----------

export interface ApiEvents {
  'run.progress': RunProgress;
  'run.changed': { runId: number; status: RunStatus };
}
export type ApiEventName = keyof ApiEvents;
export const apiEventNames: ApiEventName[] = ['run.progress', 'run.changed'];

// ---------- errors and envelopes ----------

export type ApiErrorCode = 'bad-argument' | 'unknown-method' | 'not-found' | 'conflict' | 'internal';

export interface ApiErrorBody {
  code: ApiErrorCode;
  message: string;
  /** For bad arguments: each offending field with its problem. */
  fields?: { field: string; message: string }[];
}

export type ApiEnvelope<T> = { ok: true; value: T } | { ok: false; error: ApiErrorBody };

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
  toBody(): ApiErrorBody {
    return this.fields ? { code: this.code, message: this.message, fields: this.fields } : { code: this.code, message: this.message };
  }
}

/** Validate arguments for a method; throws ApiError('bad-argument') naming each field. */
export function parseArgs<K extends ApiMethodName>(name: K, raw: unknown): ApiParsedArgs<K> {
  const spec = apiMethods[name] as MethodSpec<z.ZodType, unknown> | undefined;
  if (!spec) throw new ApiError('unknown-method', `unknown API method "${String(name)}"`);
  const result = spec.args.safeParse(raw ?? {});
  if (result.success) return result.data as ApiParsedArgs<K>;
  const fields = result.error.issues.map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join('.') : '(arguments)';
    const message =
      issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
    return { field: path, message };
  });
  const text = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  throw new ApiError('bad-argument', `${name}: bad argument — ${text}`, fields);
}

export function isApiMethodName(name: string): name is ApiMethodName {
  return Object.prototype.hasOwnProperty.call(apiMethods, name);
}

/** The client side, whichever transport carries it. */
export interface StudioClient {
  call<K extends ApiMethodName>(name: K, args: ApiArgs<K>): Promise<ApiReply<K>>;
  on<E extends ApiEventName>(event: E, handler: (payload: ApiEvents[E]) => void): () => void;
  readonly transport: 'electron' | 'server';
}
