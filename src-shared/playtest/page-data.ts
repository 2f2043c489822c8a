/**
 * What an exported playtest page holds (docs/playtests.md): the export's id, how testers get
 * their levels, and the pack text: the game, its rules and the levels stripped of solutions,
 * metrics and hints (Game.blindLevel). `packChecksum` is sha256 of that text exactly as written,
 * so a results file names the pack it was played on. The studio writes it; the page reads it.
 */
import type { PlaytestExport } from './types';

export const PLAYTEST_PAGE_FORMAT = 'studio-playtest-page';
export const PLAYTEST_PACK_FORMAT = 'studio-playtest-pack';

export interface PlaytestPageData {
  format: typeof PLAYTEST_PAGE_FORMAT;
  version: 1;
  exportId: string;
  packChecksum: string;
  testers: PlaytestExport['testers'];
  /** The pack text (JSON of a PlaytestPack). */
  pack: string;
}

export interface PlaytestPack {
  format: typeof PLAYTEST_PACK_FORMAT;
  version: 1;
  /** The game's id. */
  game: string;
  /** The pack's title as the tester sees it. */
  title: string;
  rules: unknown;
  /** Each level as the game's blindLevel.strip leaves it, in the pack's order. */
  levels: unknown[];
}

/** The data as JSON safe inside a `<script type="application/json">` (no `<` to close it early). */
export function pageDataText(data: PlaytestPageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The page's data and its pack read back; throws an Error saying what is missing. */
export function readPageData(text: string): { data: PlaytestPageData; pack: PlaytestPack } {
  const data = JSON.parse(text) as Partial<PlaytestPageData> | null;
  if (!data || data.format !== PLAYTEST_PAGE_FORMAT || typeof data.pack !== 'string' || !data.exportId)
    throw new Error('this page holds no playtest (its data is missing or damaged)');
  const pack = JSON.parse(data.pack) as Partial<PlaytestPack> | null;
  if (
    !pack ||
    pack.format !== PLAYTEST_PACK_FORMAT ||
    !Array.isArray(pack.levels) ||
    typeof pack.game !== 'string'
  )
    throw new Error('this page’s pack is missing or damaged');
  return { data: data as PlaytestPageData, pack: pack as PlaytestPack };
}
