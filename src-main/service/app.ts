/** app.info, app.backup and games.list: the studio itself (and a copy of its database) and the games it ships. */
import { basename } from 'node:path';
import { ApiError, type GameInfo } from '../../src-shared/api';
import { backupForDownload } from '../store/backups';
import { games } from '../../src-shared/games/index';
import { JOB_MS_METRIC } from '../runs/metrics';
import type { HandlersOf, HandlerContext } from './context';

export function gameInfos(): GameInfo[] {
  return games.map((g) => ({
    id: g.id,
    title: g.title,
    blurb: g.blurb,
    levelCount: g.levelCount(g.defaultPlan),
    defaultRules: g.defaultRules,
    defaultPlan: g.defaultPlan,
    planRows: g.describePlan ? g.describePlan(g.defaultPlan) : [],
    metrics: [...g.metrics, JOB_MS_METRIC],
    difficulty: g.difficulty,
    fields: g.fields ?? { rules: {}, plan: {} },
  }));
}

export function appHandlers({ options, pool }: HandlerContext): HandlersOf<'app' | 'games'> {
  return {
    'app.info': () => ({
      name: 'Level Studio',
      version: options.version,
      transport: options.transport,
      dbName: basename(options.dbPath),
      workers: pool.size,
      node: process.versions.node,
      platform: process.platform,
    }),
    'games.list': () => gameInfos(),
    'app.backup': async () => {
      const copy = await backupForDownload(options.dbPath).catch((e: unknown) => {
        throw e instanceof ApiError
          ? e
          : new ApiError('conflict', e instanceof Error ? e.message : String(e));
      });
      const { data, ...rest } = copy;
      return { ...rest, base64: data.toString('base64') };
    },
  };
}
