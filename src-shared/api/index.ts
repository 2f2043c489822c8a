/**
 * The studio's one contract: every request the renderer can make (name, argument schema,
 * reply type) and every event main can push. Both transports (Electron IPC and the local
 * server) are generated from this table, and arguments are validated with these schemas at
 * the boundary, so a bad argument from any transport gets the same error naming the field.
 *
 * The table is one table, assembled here from one schema file per domain (runs.ts,
 * candidates.ts, …); a new method goes in its domain's file, and its handler in the matching
 * src-main/service/ module.
 */
import type { z } from 'zod';
import { designerErrorMap, designerIssues } from '../schema/designer-errors';
import { appMethods } from './app';
import { candidateMethods } from './candidates';
import { duplicateMethods } from './duplicates';
import { ApiError, BadArgument } from './errors';
import type { ApiEventName, ApiEvents } from './events';
import { experimentMethods } from './experiments';
import { historyMethods } from './history';
import type { MethodSpec } from './method';
import { orderingMethods } from './orderings';
import { packMethods } from './packs';
import { playtestMethods } from './playtests';
import { presetMethods } from './presets';
import { runMethods } from './runs';
import { settingsMethods } from './settings';

export type { PlanMark } from '../game';
export type { RunReport } from '../run-report';
export type { CurationChange, HistoryEntry, HistoryState, HistoryStep, RowChange } from '../history';
export type * from '../experiments/types';
export * from './values';
export * from './errors';
export * from './events';
export * from './app';
export * from './runs';
export * from './candidates';
export * from './orderings';
export * from './duplicates';
export * from './packs';
export * from './experiments';
export * from './playtests';

// ---------- the request table ----------

export const apiMethods = {
  ...appMethods,
  ...runMethods,
  ...candidateMethods,
  ...historyMethods,
  ...orderingMethods,
  ...duplicateMethods,
  ...packMethods,
  ...playtestMethods,
  ...experimentMethods,
  ...presetMethods,
  ...settingsMethods,
} as const;

export type ApiMethodName = keyof typeof apiMethods;
export const apiMethodNames = Object.keys(apiMethods) as ApiMethodName[];

type SpecOf<K extends ApiMethodName> = (typeof apiMethods)[K];
export type ApiArgs<K extends ApiMethodName> = z.input<SpecOf<K>['args']>;
export type ApiParsedArgs<K extends ApiMethodName> = z.output<SpecOf<K>['args']>;
// ---------- arguments as a form holds them (polish) ----------

/**
 * Arguments as a form holds them: every number may still be the text the designer typed
 * ("12a", "1e999"). The forms send such text on, and the API's check refuses it in a sentence
 * naming the field, so a form needs no second reader of its own (StudioClient.submit).
 */
export type AsTyped<T> = T extends number
  ? number | string
  : T extends readonly (infer U)[]
    ? AsTyped<U>[]
    : T extends object
      ? { [P in keyof T]: AsTyped<T[P]> }
      : T;

export type ApiReply<K extends ApiMethodName> = SpecOf<K> extends MethodSpec<z.ZodType, infer R> ? R : never;

/** What the service object implements: one async function per API method. */
export type ApiHandlers = {
  [K in ApiMethodName]: (args: ApiParsedArgs<K>) => Promise<ApiReply<K>> | ApiReply<K>;
};

/** Validate arguments for a method; throws a BadArgument naming each field (the call's answer heads it with the method's name). */
export function parseArgs<K extends ApiMethodName>(name: K, raw: unknown): ApiParsedArgs<K> {
  const spec = apiMethods[name] as MethodSpec<z.ZodType, unknown> | undefined;
  if (!spec) throw new ApiError('unknown-method', `unknown API method "${String(name)}"`);
  const result = spec.args.safeParse(raw ?? {}, { error: designerErrorMap });
  if (result.success) return result.data as ApiParsedArgs<K>;
  throw new BadArgument(designerIssues(result.error, { schema: spec.args }));
}

export function isApiMethodName(name: string): name is ApiMethodName {
  return Object.prototype.hasOwnProperty.call(apiMethods, name);
}

/**
 * The client side, whichever transport carries it: the renderer's (Electron IPC or the local
 * server's WebSocket) or, in the CLI and the tests, the service in the same process
 * (src-main/local-client.ts). A failed call rejects with the API's error sentence.
 */
export interface StudioClient {
  call<K extends ApiMethodName>(name: K, args: ApiArgs<K>): Promise<ApiReply<K>>;
  /**
   * A form's arguments as the designer typed them (AsTyped): the same call, for the forms that
   * leave reading their number fields to the API, which names each field it cannot read.
   */
  submit<K extends ApiMethodName>(name: K, args: AsTyped<ApiArgs<K>>): Promise<ApiReply<K>>;
  on<E extends ApiEventName>(event: E, handler: (payload: ApiEvents[E]) => void): () => void;
  readonly transport: 'electron' | 'server' | 'local';
}
