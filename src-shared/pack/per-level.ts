/**
 * The per-level layout of a pack, friendlier to version control: `index.json` (the pack
 * without its levels, plus `levelFiles`, the level file names in order) and one
 * `level-NNN.json` per level, each serialised with the shared `stringifyPack`. The one
 * definition used by the server's export (src-main/runs/packs.ts) and by the browser's
 * zip of it (src-renderer/src/export/per-level.ts).
 */
import { stringifyPack } from './pack-io';

export interface PackFile {
  name: string;
  text: string;
}

/** The files of the per-level layout, index.json first. */
export function perLevelFiles(pack: unknown): PackFile[] {
  if (typeof pack !== 'object' || pack === null || !Array.isArray((pack as { levels?: unknown }).levels))
    throw new Error('the pack has no list of levels');
  const { levels, ...head } = pack as { levels: { level: number }[] } & Record<string, unknown>;
  const width = String(levels.length).length;
  const names = levels.map((l) => `level-${String(l.level).padStart(Math.max(3, width), '0')}.json`);
  return [
    { name: 'index.json', text: stringifyPack({ ...head, levelFiles: names }) },
    ...levels.map((l, i) => ({ name: names[i]!, text: stringifyPack(l) })),
  ];
}
