/** Figures for the summary of a pack (read off `carillonQuality`): the CLI's generate and verify, and Compare's rows. */
import type { PackSummaryLine } from '../../game';
import type { CarillonPack } from './pack';
import { carillonQuality } from './quality';

export function summarizePack(pack: CarillonPack): PackSummaryLine[] {
  const q = carillonQuality(pack);
  const lines: PackSummaryLine[] = [{ label: 'Levels', value: String(q.levels) }];
  const bitsText = (b: number | null): string => (b === null ? '—' : `${b.toFixed(2)} bits`);
  lines.push({ label: 'Level 1', value: bitsText(q.level1) });
  // Level 30 is where the spec's curve is checked; a pack that stops short of it has no such line.
  if (q.levels >= 30) lines.push({ label: 'Level 30', value: bitsText(q.level30) });
  if (q.levels) {
    lines.push({ label: 'Hardest', value: `${q.hardest.toFixed(2)} bits (level ${q.hardestLevel})` });
    // Worded as the run report words it (src-shared/run-report.ts), so the CLI summary says it once.
    lines.push({
      label: 'Largest step',
      value:
        q.levels > 1
          ? `${q.largestJump.toFixed(2)} bits, level ${q.largestJumpLevel - 1} → ${q.largestJumpLevel}`
          : '—',
    });
  }
  const pair = q.closestLevels;
  lines.push({
    label: 'Closest pair',
    value: pair
      ? `levels ${pair[0]} & ${pair[1]}: ${q.closestRule ? `NEAR-DUPLICATE (${q.closestRule})` : `${Math.round(q.closestShare * 100)} % of dots shared`} under ${q.closestTransform}`
      : '—',
  });
  return lines;
}
