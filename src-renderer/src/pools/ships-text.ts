/**
 * What a pool's heading says ships from it: the candidates the order that ships now puts at
 * a level ("c2 → level 1"), named by that order, and the approved ones it does not ship (a
 * verdict changes what ships only after a recompute). Plain functions, unit-tested.
 */
import type { OrderingKind, Verdict } from '../../../src-shared/api';
import { ORDER_WORDS } from '../../../src-shared/ordering/ships-now';

export interface HeadRow {
  id: number;
  index: number;
  verdict: Verdict;
  shippedAs: { automatic: number | null; approved: number | null };
}

/** The order that ships now and where each of its candidates ships. */
export interface ShipsNowMap {
  kind: OrderingKind;
  levelOf: ReadonlyMap<number, number>;
}

/** "ships c2 → level 1 (approved first) · c5 approved, not shipping", or '' when nothing is to say. */
export function poolShipsText(rows: readonly HeadRow[], now: ShipsNowMap | null): string {
  const ships: string[] = [];
  const waiting: string[] = [];
  for (const r of rows) {
    const at = now ? (now.levelOf.get(r.id) ?? null) : r.shippedAs.automatic;
    if (at !== null) ships.push(`c${r.index + 1} → level ${at}`);
    else if (r.verdict === 'approved') waiting.push(`c${r.index + 1}`);
  }
  const parts: string[] = [];
  if (ships.length)
    parts.push(
      `ships ${ships.join(' · ')}${now && now.kind !== 'automatic' ? ` (${ORDER_WORDS[now.kind]})` : ''}`,
    );
  if (waiting.length) parts.push(`${waiting.join(', ')} approved, not shipping${now ? '' : ' yet'}`);
  return parts.join(' · ');
}

/** The Pools notice: a verdict changes what ships only after a recompute, and what ships now. */
export function recomputeLine(now: ShipsNowMap | null, stale: boolean): string {
  const base = 'A verdict changes what ships only after a recompute.';
  const where = now ? ` Ships now: the ${ORDER_WORDS[now.kind]} order.` : '';
  return `${base}${where}${stale ? ' Verdicts changed since it was computed.' : ''}`;
}
