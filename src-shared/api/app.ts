/** The studio itself: what it is, and the games it ships. */
import type { z } from 'zod';
import type { FieldInfo, MetricInfo } from '../game';
import type { gameIdSchema } from '../games/index';
import { method, noArgs } from './method';

export interface AppInfo {
  name: string;
  version: string;
  transport: 'electron' | 'server' | 'cli';
  /** The database's file name only: absolute paths never reach the renderer. */
  dbName: string;
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
  /** Rules and plan fields in a designer's words (label and one-line explanation, by path). */
  fields: { rules: Record<string, FieldInfo>; plan: Record<string, FieldInfo> };
}

/** A consistent copy of the studio's database for a browser download (`app.backup`). */
export interface BackupDownload {
  fileName: string;
  bytes: number;
  schemaVersion: number;
  /** The copy's bytes, base64. */
  base64: string;
}

export const appMethods = {
  'app.info': method<AppInfo>()(noArgs, 'Name, version, transport, database file name and worker count.'),
  'games.list': method<GameInfo[]>()(noArgs, 'Every game the studio ships, with its default rules and plan.'),
  'app.backup': method<BackupDownload>()(
    noArgs,
    "A consistent copy of the studio's database (SQLite's online backup, safe while runs are going), for a browser download; at most 64 MB (a larger one: the CLI's backup).",
  ),
} as const;
