/**
 * The quality figures of a shipped Carillon pack (issue 10's quality bench and the CLI summary):
 * level 1, level 30 and hardest bits, the largest jump between neighbours and the closest pair.
 */
import { stepStats } from '../../ordering/curve';
import type { CarillonPack } from './pack';
import { packLevels } from './pack';
import { closestPair } from './near-duplicates';

export interface CarillonQuality {
  levels: number;
  /** Bits of level 1 and level 30 (null when the pack is shorter). */
  level1: number | null;
  level30: number | null;
  hardest: number;
  hardestLevel: number;
  /** Largest rise between neighbours, and the level it lands on. */
  largestJump: number;
  largestJumpLevel: number;
  /** The closest pair: its best same-picture share (0..1), whether it is a near-duplicate, and its levels (1-based). */
  closestShare: number;
  /** The near-duplicate rule the closest pair breaks, or null. */
  closestRule: string | null;
  closestTransform: string;
  closestLevels: [number, number] | null;
}

export function carillonQuality(pack: CarillonPack): CarillonQuality {
  const bits = pack.levels.map((l) => l.bits);
  let h = 0;
  bits.forEach((b, i) => {
    if (b > bits[h]!) h = i;
  });
  const s = stepStats(bits);
  const close = closestPair(packLevels(pack), pack.rules);
  return {
    levels: bits.length,
    level1: bits[0] ?? null,
    level30: bits[29] ?? null,
    hardest: bits[h] ?? 0,
    hardestLevel: bits.length ? h + 1 : 0,
    largestJump: bits.length > 1 ? s.largestStep : 0,
    largestJumpLevel: bits.length > 1 ? s.largestStepAt : 0,
    closestShare: close?.share ?? 0,
    closestRule: close?.duplicate?.rule ?? null,
    closestTransform: close?.transform ?? '',
    closestLevels: close ? [close.a + 1, close.b + 1] : null,
  };
}
