/**
 * "Export playtest…" (docs/playtests.md): a run's stored order as one self-contained HTML
 * page testers open offline. The page holds each level as the game's blindLevel strips it
 * (no solution, metrics or hints), the export's id and the pack text's checksum; the export is
 * recorded so results that come back find their candidates.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { ApiError, type OrderingKind, type PlaytestExportResult } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/games/index';
import { sha256Hex } from '../../src-shared/playtest/checksum';
import {
  PLAYTEST_PACK_FORMAT,
  PLAYTEST_PAGE_FORMAT,
  type PlaytestPack,
} from '../../src-shared/playtest/page-data';
import type { PlaytestExport } from '../../src-shared/playtest/types';
import { candidateLevels } from '../store/candidate-lookup';
import type { Db } from '../store/db';
import { loadOrdering } from '../store/orderings';
import { recordPlaytestExport } from '../store/playtest-exports';
import { playtestPageAssets, playtestPageHtml, type PageAssets } from '../playtest/page-html';
import { packFromStored, type RunSpec } from './finish';

export interface TesterOptions {
  subset?: number;
  shuffle?: boolean;
  seed?: number;
}

/** The stored tester options: a seed only when something is drawn (drawn here when none is given). */
function testerSettings(o: TesterOptions | undefined): PlaytestExport['testers'] {
  const subset = o?.subset ?? null;
  const shuffle = o?.shuffle ?? false;
  const drawn = subset !== null || shuffle;
  return { subset, shuffle, seed: drawn ? (o?.seed ?? randomInt(0, 2 ** 31)) : null };
}

export function buildPlaytestExport(
  db: Db,
  game: AnyGame,
  run: RunSpec & { name?: string },
  kind: OrderingKind,
  options: TesterOptions | undefined,
  assets: PageAssets = playtestPageAssets(),
  now: Date = new Date(),
): PlaytestExportResult {
  const blind = game.blindLevel;
  if (!blind || !game.playtest)
    throw new ApiError(
      'bad-argument',
      `${game.title} has no playtest page (its game defines no playtest rules)`,
    );
  // The same refusals as a pack export: no order yet, or levels it cannot fill.
  packFromStored(db, game, run, kind);
  const ids = loadOrdering(db, run.id, kind)!.levels.map((l) => l.candidateId!);
  const levels = candidateLevels(db, game, ids);
  const title = `${game.title} playtest · run ${run.id}`;
  const pack: PlaytestPack = {
    format: PLAYTEST_PACK_FORMAT,
    version: 1,
    game: game.id,
    title,
    rules: run.rules,
    levels: levels.map((l) => blind.strip(l)),
  };
  const packText = JSON.stringify(pack);
  const testers = testerSettings(options);
  if (testers.subset !== null && testers.subset > ids.length)
    throw new ApiError(
      'bad-argument',
      `testers.subset: each tester cannot play ${testers.subset} levels; the order has ${ids.length}`,
    );
  const record: PlaytestExport = {
    id: randomUUID(),
    runId: run.id,
    order: kind,
    packChecksum: sha256Hex(packText),
    candidateIds: ids,
    testers,
    createdAt: now.toISOString(),
  };
  const html = playtestPageHtml(
    assets,
    {
      format: PLAYTEST_PAGE_FORMAT,
      version: 1,
      exportId: record.id,
      packChecksum: record.packChecksum,
      testers,
      pack: packText,
    },
    title,
  );
  recordPlaytestExport(db, record);
  return {
    fileName: `${game.id}-seed${run.seed}-run${run.id}-playtest${kind === 'automatic' ? '' : `-${kind}`}.html`,
    html,
    bytes: Buffer.byteLength(html),
    exportId: record.id,
    levels: ids.length,
  };
}
