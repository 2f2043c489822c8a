/**
 * Which levels a tester plays, and in what order: every level in the pack's order, or (when
 * the export asks) a subset and/or a shuffled order drawn from the export's seed and the
 * tester's name. Pure and deterministic, so the page draws it and the studio can redraw it
 * from the stored export (`PlaytestExport.testers`).
 */
import { streamFor } from '../random/prng';
import { sha256Hex } from './checksum';
import type { PlaytestExport } from './types';

/** The tester's name as the draw reads it: spaces around it dropped, inner runs made one. */
function testerKey(name: string): number {
  const text = name.trim().replace(/\s+/g, ' ');
  return parseInt(sha256Hex(text).slice(0, 8), 16);
}

/** The 1-based pack levels `tester` plays, in play order, out of `count` levels. */
export function testerLevels(count: number, testers: PlaytestExport['testers'], tester: string): number[] {
  const all = Array.from({ length: count }, (_, i) => i + 1);
  const subset = testers.subset !== null && testers.subset < count ? Math.max(1, testers.subset) : null;
  if (subset === null && !testers.shuffle) return all;
  const rng = streamFor(testers.seed ?? 0, testerKey(tester));
  const drawn = rng.shuffled(all);
  const chosen = subset === null ? drawn : drawn.slice(0, subset);
  return testers.shuffle ? chosen : chosen.sort((a, b) => a - b);
}
