/** Figures for the CLI summary of a pack (read off `carillonQuality`). */
import type { PackSummaryLine } from '../../game';
import type { CarillonPack } from './pack';
import { carillonQuality } from './quality';

export function summarizePack(pack: CarillonPack): PackSummaryLine[] {
  const q = carillonQuality(pack);
  const lines: PackSummaryLine[] = [{ label: 'Levels', value: String(q.levels) }];
  const bitsText = (b: number | null): string => (b === null ? '—' : `${b.toFixed(2)} bits`);
  lines.push({ label: 'Level 1', value: bitsText(q.level1) });
  lines.push({ label: 'Level 30', value: bitsText(q.level30) });
  if (q.levels) {
    lines.push({ label: 'Hardest', value: `${q.hardest.toFixed(2)} bits (level ${q.hardestLevel})` });
    lines.push({ label: 'Largest jump', value: q.levels > 1 ? `${q.largestJump.toFixed(2)} bits (into level ${q.largestJumpLevel})` : '—' });
  }
  const pair = q.closestLevels;
  lines.push({
    label: 'Closest pair',
    value: pair
      ? `levels ${pair[0]} & ${pair[1]}: ${q.closestRule ? `NEAR-DUPLICATE (${q.closestRule})` : `picture share ${q.closestShare.toFixed(2)}`} under ${q.closestTransform}`
      : '—',
  });
  return lines;
}
