/** Figures for the CLI summary of a pack. */
import type { PackSummaryLine } from '../../game';
import { stepStats } from '../../ordering/curve';
import type { CarillonPack } from './pack';
import { packLevels } from './pack';
import { closestPairs } from './near-duplicates';

export function summarizePack(pack: CarillonPack): PackSummaryLine[] {
  const bits = pack.levels.map((l) => l.bits);
  const lines: PackSummaryLine[] = [{ label: 'Levels', value: String(pack.levels.length) }];
  const at = (L: number): string => (bits[L - 1] === undefined ? '—' : `${bits[L - 1]!.toFixed(2)} bits`);
  lines.push({ label: 'Level 1', value: at(1) });
  lines.push({ label: 'Level 30', value: at(30) });
  if (bits.length) {
    let h = 0;
    bits.forEach((b, i) => { if (b > bits[h]!) h = i; });
    lines.push({ label: 'Hardest', value: `${bits[h]!.toFixed(2)} bits (level ${h + 1})` });
    const s = stepStats(bits);
    lines.push({ label: 'Largest jump', value: bits.length > 1 ? `${s.largestStep.toFixed(2)} bits (into level ${s.largestStepAt})` : '—' });
  }
  const close = closestPairs(packLevels(pack), pack.rules, 1)[0];
  lines.push({
    label: 'Closest pair',
    value: close
      ? `levels ${close.a + 1} & ${close.b + 1}: ${close.duplicate ? `NEAR-DUPLICATE (${close.duplicate.rule})` : `picture share ${close.share.toFixed(2)}`} under ${close.transform}`
      : '—',
  });
  return lines;
}
